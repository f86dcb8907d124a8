// Package examples holds event files, embedded so the binary can set up a
// demo day with no file at hand.
package examples

import _ "embed"

// MegaLoto is mega-loto.yaml: the day of the Rotary Saint-Brieuc rulebook.
// Its comments are in French: the organiser starts from it in the event
// page's editor and reads them to adapt it.
//
//go:embed mega-loto.yaml
var MegaLoto []byte
