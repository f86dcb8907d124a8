package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"loto/internal/loto"
)

// maxCSVSize bounds a CSV file of reservations: 4 MiB holds some 40,000
// holders, far more than a hall seats.
const maxCSVSize = 4 << 20

// maxPathShown is how much of a path a message repeats: a whole usual
// path, never a huge one.
const maxPathShown = 200

// shownPath is a path as a message repeats it: cut when huge, its control
// characters written as U+XXXX so a file name never drives the terminal.
func shownPath(path string) string { return loto.Cut(path, maxPathShown) }

// readInput reads a file a command was given, refusing one larger than max
// bytes before reading it all: a mistaken path (a disk image, /dev/zero)
// must not fill the memory. what names the file in the messages.
func readInput(path, what string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s introuvable : %s", what, shownPath(path))
	case errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("%s illisible : lecture interdite (%s)", what, shownPath(path))
	case err != nil:
		// The system's words without its copy of the path.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s illisible (%s) : %w", what, shownPath(path), err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s illisible : %w", what, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s trop gros : plus de %d octets (%d au plus)", what, max, max)
	}
	return b, nil
}
