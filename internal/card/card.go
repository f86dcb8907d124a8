// Package card owns 90-ball loto cards: the card, the strip (plate of 6),
// the deterministic generator of a series and the serial codec. It is pure:
// no I/O.
package card

import (
	"fmt"
	"strconv"
)

// Number is a loto number, 1..90.
type Number uint8

// Valid reports whether n is within 1..90.
func (n Number) Valid() bool { return n >= 1 && n <= 90 }

// Column is the column (0..8) that holds n on a card: 1-9, 10-19, ..., 80-90.
func (n Number) Column() int {
	if n == 90 {
		return 8
	}
	return int(n) / 10
}

// Card is a 3x9 grid; 0 is a blank cell. A valid card has 5 numbers per row,
// 15 in all, 1 to 3 per column, each in its column and ascending downwards.
type Card [3][9]Number

// Strip is a plate of 6 cards holding every number 1..90 exactly once.
type Strip [6]Card

// Numbers returns the 15 numbers of the card, row by row.
func (c *Card) Numbers() []Number {
	out := make([]Number, 0, 15)
	for r := range 3 {
		for col := range 9 {
			if n := c[r][col]; n != 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// Row returns the 5 numbers of row r (0..2), left to right.
func (c *Card) Row(r int) []Number {
	row := make([]Number, 0, 5)
	for _, n := range c[r] {
		if n != 0 {
			row = append(row, n)
		}
	}
	return row
}

// Validate reports the first way in which c is not a valid card.
func (c *Card) Validate() error {
	colCount := [9]int{}
	for r := range 3 {
		perRow := 0
		for col := range 9 {
			n := c[r][col]
			if n == 0 {
				continue
			}
			if !n.Valid() || n.Column() != col {
				return fmt.Errorf("row %d column %d: %d is not in that column", r, col, n)
			}
			perRow++
			colCount[col]++
		}
		if perRow != 5 {
			return fmt.Errorf("row %d holds %d numbers, want 5", r, perRow)
		}
	}
	for col := range 9 {
		if colCount[col] < 1 || colCount[col] > 3 {
			return fmt.Errorf("column %d holds %d numbers, want 1 to 3", col, colCount[col])
		}
		last := Number(0)
		for r := range 3 {
			if n := c[r][col]; n != 0 {
				if n <= last {
					return fmt.Errorf("column %d is not ascending", col)
				}
				last = n
			}
		}
	}
	return nil
}

// Validate reports the first way in which s is not a valid strip.
func (s *Strip) Validate() error {
	var seen [91]bool
	for i := range s {
		if err := s[i].Validate(); err != nil {
			return fmt.Errorf("card %d: %w", i+1, err)
		}
		for _, n := range s[i].Numbers() {
			if seen[n] {
				return fmt.Errorf("number %d appears twice", n)
			}
			seen[n] = true
		}
	}
	return nil
}

// MarshalJSON writes n as a JSON number. Without it encoding/json would
// write a []Number, whose elements are bytes, as a base64 string.
func (n Number) MarshalJSON() ([]byte, error) { return strconv.AppendUint(nil, uint64(n), 10), nil }

// UnmarshalJSON reads a JSON number 0..90 (0 is a blank cell of a grid).
func (n *Number) UnmarshalJSON(b []byte) error {
	v, err := strconv.ParseUint(string(b), 10, 8)
	if err != nil || v > 90 {
		return fmt.Errorf("card: %s is not a number 0..90", b)
	}
	*n = Number(v)
	return nil
}

// MarshalJSON writes the grid as three arrays of nine numbers, 0 for a
// blank, in one pass: exporting a million cards calls it a million times.
func (c Card) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 96)
	b = append(b, '[')
	for r := range 3 {
		if r > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for col := range 9 {
			if col > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, uint64(c[r][col]), 10)
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}
