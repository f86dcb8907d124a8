package eventfile

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"loto/internal/loto"
)

// Mistake is one mistake of an event file, for a page that shows each at
// its line: the line (0 when the file gives none), the place in the file
// ("series[1].cards", empty for the whole file) and what is wrong, in French.
type Mistake struct {
	Line    int    `json:"line"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// String is the mistake as a refusal lists it: "ligne N, path : message".
func (m Mistake) String() string {
	where := m.Path
	if where == "" {
		where = "(document)"
	}
	if m.Line > 0 {
		return fmt.Sprintf("ligne %d, %s : %s", m.Line, where, m.Message)
	}
	return where + " : " + m.Message
}

// fileError is the refusal of an event file: the domain's invalid error,
// whose message lists the mistakes, with the mistakes one by one.
type fileError struct {
	err      *loto.Error
	mistakes []Mistake
}

func (e *fileError) Error() string { return e.err.Error() }
func (e *fileError) Unwrap() error { return e.err }

// Mistakes returns the mistakes of a refused event file one by one, each
// with its line; nil for an error that is not an event file's refusal.
func Mistakes(err error) []Mistake {
	var fe *fileError
	if errors.As(err, &fe) {
		return fe.mistakes
	}
	return nil
}

// refusal is the refusal of a file with one mistake at line (0: none).
func refusal(line int, path, format string, args ...any) error {
	e := loto.Errorf(loto.EInvalid, format, args...)
	return &fileError{err: e, mistakes: []Mistake{{Line: line, Path: path, Message: e.Message}}}
}

// checkEncoding refuses a file that is not UTF-8, at the line of its first
// bad byte: a file saved in Latin-1 or Windows-1252 would otherwise read as
// other letters, or as a YAML error in English.
func checkEncoding(data []byte) error {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return refusal(1, "", "le fichier de l'événement est en UTF-16 : l'enregistrer en UTF-8")
	}
	if utf8.Valid(data) {
		return nil
	}
	line := 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return refusal(line, "", "ligne %d : le fichier de l'événement n'est pas en UTF-8 (octet 0x%02X, enregistré en Latin-1 ou Windows-1252 ?) : l'enregistrer en UTF-8", line, data[i])
		}
		if r == '\n' {
			line++
		}
		i += n
	}
	return nil
}
