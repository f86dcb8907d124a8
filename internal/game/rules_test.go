package game

import (
	"math/rand/v2"
	"slices"
	"testing"

	"loto/internal/card"
)

func TestR20_ReadOutStartsWithLastNumberThenLineInGridOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	cards := randomCards(t, r, 2)
	c := &cards[7] // second strip, second card
	row0, row2 := c.Row(0), c.Row(2)
	tests := []struct {
		name  string
		draws []card.Number // the last one is the number just drawn
		lines int
		want  []card.Number
	}{
		{"quine, last in the middle of the row",
			[]card.Number{row2[4], row2[0], row2[3], row2[1], row2[2]}, 1,
			[]card.Number{row2[2], row2[0], row2[1], row2[3], row2[4]}},
		{"double quine, last on the lower row",
			append(slices.Clone(row0), row2[1], row2[2], row2[3], row2[4], row2[0]), 2,
			[]card.Number{row2[0], row0[0], row0[1], row0[2], row0[3], row0[4], row2[1], row2[2], row2[3], row2[4]}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ix := newIndex(cards)
			for _, n := range tc.draws {
				ix.Mark(n)
			}
			last := tc.draws[len(tc.draws)-1]
			win, read := ix.Check(7, tc.lines, last)
			if !win || !slices.Equal(read, tc.want) {
				t.Errorf("Check = %v, %v; want true, %v", win, read, tc.want)
			}
			if got := ix.Winners(tc.lines, last); !slices.Equal(got, []int32{7}) {
				t.Errorf("Winners = %v, want [7]", got)
			}
		})
	}
}

func TestR20_CardCompletedEarlierMissesItsTurn(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	cards := randomCards(t, r, 1)
	c := &cards[0]
	ix := newIndex(cards)
	for _, n := range c.Row(0) {
		ix.Mark(n) // row 0 complete: card 0 could have called out
	}
	later := c.Row(1)[0] // on card 0, but on an incomplete row
	ix.Mark(later)
	if win, _ := ix.Check(0, 1, later); win {
		t.Error("card 0 wins a quine with a number that completes none of its rows")
	}
	if got := ix.Winners(1, later); slices.Contains(got, 0) {
		t.Errorf("Winners(1, %d) = %v, holds card 0", later, got)
	}
	other := cards[1].Numbers()[0] // not on card 0
	ix.Mark(other)
	if win, _ := ix.Check(0, 1, other); win {
		t.Error("card 0 wins a quine with a number that is not on it")
	}
}

func TestR20_DoubleQuineNeedsTwoLines(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	cards := randomCards(t, r, 1)
	ix := newIndex(cards)
	row1 := cards[3].Row(1)
	for _, n := range row1 {
		ix.Mark(n)
	}
	last := row1[4]
	tests := []struct {
		stage Stage
		win   bool
	}{
		{Quine, true},
		{DoubleQuine, false},
		{FullCard, false},
	}
	for _, tc := range tests {
		t.Run(tc.stage.Name, func(t *testing.T) {
			if win, _ := ix.Check(3, tc.stage.Lines, last); win != tc.win {
				t.Errorf("one complete line: Check(%s) = %v, want %v", tc.stage.Name, win, tc.win)
			}
			if n := ix.Count(tc.stage.Lines, last); (n == 1) != tc.win {
				t.Errorf("Count(%s) = %d", tc.stage.Name, n)
			}
		})
	}
}

func TestR16_CountSeesEveryWinner(t *testing.T) {
	// Two cards in play with the same grid (e.g. from two series) win together: the host must see a tie.
	r := rand.New(rand.NewPCG(27, 28))
	cards := randomCards(t, r, 1)
	cards = append(cards, cards[4])
	ix := newIndex(cards)
	row := cards[4].Row(2)
	for _, n := range row {
		ix.Mark(n)
	}
	if got := ix.Winners(1, row[4]); !slices.Equal(got, []int32{4, 6}) {
		t.Errorf("Winners = %v, want [4 6]", got)
	}
	if n := ix.Count(1, row[4]); n != 2 {
		t.Errorf("Count = %d, want 2", n)
	}
}
