package loto_test

import (
	"loto/internal/eventfile"
	"loto/internal/loto"
)

// The event files of loto's tests are read by the real parser.
func init() { loto.SetEventParser(eventfile.Parse) }
