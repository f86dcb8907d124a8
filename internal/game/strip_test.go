package game

import (
	"math/rand/v2"
	"slices"
	"testing"

	"loto/internal/card"
)

// randomStrip builds a random valid strip (test-only; the real generator
// lives in internal/card): column counts per card, then numbers, then rows.
func randomStrip(t testing.TB, r *rand.Rand) card.Strip {
	t.Helper()
	for {
		if s, ok := tryStrip(r); ok {
			if err := s.Validate(); err != nil {
				t.Fatalf("test strip builder made an invalid strip: %v", err)
			}
			return s
		}
	}
}

// colSize is how many numbers column c holds: 9, 10 x 7, 11.
func colSize(c int) int {
	switch c {
	case 0:
		return 9
	case 8:
		return 11
	}
	return 10
}

func tryStrip(r *rand.Rand) (card.Strip, bool) {
	// Every card gets one number per column, then 6 more spread at random
	// over its columns, at most 3 per column, each column exactly full.
	var cnt [6][9]int
	var need [6]int
	for k := range 6 {
		need[k] = 6
		for c := range 9 {
			cnt[k][c] = 1
		}
	}
	for _, c := range r.Perm(9) {
		for extra := colSize(c) - 6; extra > 0; extra-- {
			var ok []int
			for k := range 6 {
				if need[k] > 0 && cnt[k][c] < 3 {
					ok = append(ok, k)
				}
			}
			if len(ok) == 0 {
				return card.Strip{}, false
			}
			k := ok[r.IntN(len(ok))]
			cnt[k][c]++
			need[k]--
		}
	}
	var s card.Strip
	for c := range 9 {
		nums := make([]card.Number, 0, 11)
		for n := card.Number(1); n <= 90; n++ {
			if n.Column() == c {
				nums = append(nums, n)
			}
		}
		r.Shuffle(len(nums), func(i, j int) { nums[i], nums[j] = nums[j], nums[i] })
		for k := range 6 {
			mine := nums[:cnt[k][c]]
			nums = nums[cnt[k][c]:]
			slices.Sort(mine)
			for i, n := range mine {
				s[k][i][c] = n
			}
		}
	}
	for k := range 6 {
		if !arrangeRows(r, &s[k]) {
			return card.Strip{}, false
		}
	}
	return s, true
}

// arrangeRows moves each column's numbers (stacked from the top) onto rows so
// that every row holds 5: columns by decreasing count, each onto the rows with
// the most room left (random tie-break), which always succeeds.
func arrangeRows(r *rand.Rand, c *card.Card) bool {
	var room = [3]int{5, 5, 5}
	cols := r.Perm(9)
	height := func(col int) int {
		h := 0
		for h < 3 && c[h][col] != 0 {
			h++
		}
		return h
	}
	slices.SortStableFunc(cols, func(a, b int) int { return height(b) - height(a) })
	var out card.Card
	for _, col := range cols {
		h := height(col)
		rows := r.Perm(3)
		slices.SortStableFunc(rows, func(a, b int) int { return room[b] - room[a] })
		chosen := rows[:h]
		slices.Sort(chosen)
		for i, row := range chosen {
			if room[row] == 0 {
				return false
			}
			out[row][col] = c[i][col]
			room[row]--
		}
	}
	*c = out
	return true
}

// randomCards returns the cards of strips strips, in plate order.
func randomCards(t testing.TB, r *rand.Rand, strips int) []card.Card {
	t.Helper()
	out := make([]card.Card, 0, 6*strips)
	for range strips {
		s := randomStrip(t, r)
		out = append(out, s[:]...)
	}
	return out
}

func TestRandomStripIsValid(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		randomStrip(t, r) // fails the test on an invalid strip
	}
}
