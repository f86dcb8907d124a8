package game

import (
	"testing"

	"loto/internal/card"
)

func TestR20_CompletedAtSaysWhenTheCardHadItsLines(t *testing.T) {
	var c card.Card
	c[0] = [9]card.Number{1, 0, 20, 0, 40, 0, 60, 0, 80}
	c[1] = [9]card.Number{0, 11, 0, 31, 0, 51, 0, 71, 90}
	c[2] = [9]card.Number{2, 12, 0, 32, 0, 52, 62, 0, 0}
	drawn := []card.Number{5, 1, 20, 11, 40, 31, 60, 51, 80, 71, 90, 2, 12, 32, 52, 62}
	for _, tc := range []struct {
		name  string
		drawn []card.Number
		lines int
		at    int
		ok    bool
	}{
		{"one line, completed by 80", drawn, 1, 8, true},
		{"two lines, the second by 90", drawn, 2, 10, true},
		{"full card by 62", drawn, 3, 15, true},
		{"no line yet", drawn[:8], 1, 0, false},
		{"one line only", drawn[:10], 2, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at, ok := CompletedAt(c, tc.drawn, tc.lines)
			if at != tc.at || ok != tc.ok {
				t.Fatalf("CompletedAt = %d, %v; want %d, %v", at, ok, tc.at, tc.ok)
			}
		})
	}
}
