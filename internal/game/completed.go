package game

import (
	"slices"

	"loto/internal/card"
)

// CompletedAt returns the position in drawn (0 for the first number) of the
// number with which the card first had lines complete rows, and false when it
// has not got them. A card that completed before the last number and did not
// call has missed its turn (R20); this says since when.
func CompletedAt(c card.Card, drawn []card.Number, lines int) (int, bool) {
	var pos [91]int // position of each drawn number, plus one; 0 when not drawn
	for i, n := range drawn {
		if n.Valid() {
			pos[n] = i + 1
		}
	}
	var done []int
	for _, row := range c {
		at, full := -1, true
		for _, n := range row {
			if n == 0 {
				continue
			}
			if !n.Valid() || pos[n] == 0 {
				full = false
				break
			}
			at = max(at, pos[n]-1)
		}
		if full && at >= 0 {
			done = append(done, at)
		}
	}
	if lines < 1 || len(done) < lines {
		return 0, false
	}
	slices.Sort(done)
	return done[lines-1], true
}
