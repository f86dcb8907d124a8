package main

import (
	"strconv"
	"time"
)

// hhmm writes the time of day of a journal time in the zone it carries:
// the Day gives every time in the event's zone (R1), never the machine's.
func hhmm(t time.Time) string { return t.Format("15:04") }

// plural writes a count with its noun, singular for 0 and 1 as French
// writes them: "1 carte", "0 carte", "2 cartes".
func plural(n int, one, many string) string {
	if n >= 2 {
		return strconv.Itoa(n) + " " + many
	}
	return strconv.Itoa(n) + " " + one
}
