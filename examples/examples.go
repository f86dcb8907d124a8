// Package examples holds event files, embedded so the binary can set up a
// demo day with no file at hand.
package examples

import _ "embed"

// MegaLoto is mega-loto.yaml: the day of the Rotary Saint-Brieuc rulebook.
//
//go:embed mega-loto.yaml
var MegaLoto []byte
