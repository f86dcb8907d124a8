package card

import (
	"slices"
	"testing"
)

// A card's rows are its five numbers each, left to right, and together
// the card's numbers in their order.
func TestCardRowIsItsNumbersLeftToRight(t *testing.T) {
	c := Card{
		{1, 0, 23, 0, 45, 0, 0, 78, 90},
		{0, 12, 0, 34, 0, 56, 67, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	if got := c.Row(0); !slices.Equal(got, []Number{1, 23, 45, 78, 90}) {
		t.Errorf("row 0 = %v", got)
	}
	if got := c.Row(1); !slices.Equal(got, []Number{12, 34, 56, 67}) {
		t.Errorf("row 1 = %v", got)
	}
	if got := c.Row(2); len(got) != 0 {
		t.Errorf("an empty row = %v", got)
	}
	s := generate([]byte("rows"), 1, 0)
	for i := range s {
		if got := slices.Concat(s[i].Row(0), s[i].Row(1), s[i].Row(2)); !slices.Equal(got, s[i].Numbers()) {
			t.Errorf("card %d: rows %v, numbers %v", i, got, s[i].Numbers())
		}
	}
}
