package main

import (
	"encoding/json"
	"io"
)

// writeJSON writes a command's answer for a program to read, one line.
func writeJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

// orJSON returns err, or writes v as JSON when there is none.
func orJSON(w io.Writer, v any, err error) error {
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}
