package cli

import (
	"encoding/json"
	"io"
)

// WriteJSON writes a command's answer for a program to read, one line.
func WriteJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

// OrJSON returns err, or writes v as JSON when there is none.
func OrJSON(w io.Writer, v any, err error) error {
	if err != nil {
		return err
	}
	return WriteJSON(w, v)
}
