package game

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"loto/internal/card"
)

// newIndex is BuildIndex for cards the tests build valid; it panics on an
// invalid card.
func newIndex(grids []card.Card) *Index {
	ix, err := BuildIndex(grids)
	if err != nil {
		panic("game: newIndex: " + err.Error())
	}
	return ix
}

// bruteRows counts, by scanning the grid, the complete rows of c given the
// drawn numbers, and which row holds n (-1 when n is not on c).
func bruteRows(c *card.Card, drawn *[91]bool, n card.Number) (done int, doneRow [3]bool, rowOf int) {
	rowOf = -1
	for row := range 3 {
		marked := 0
		for _, x := range c[row] {
			if x != 0 && drawn[x] {
				marked++
			}
			if x == n && n != 0 {
				rowOf = row
			}
		}
		if marked == 5 {
			done++
			doneRow[row] = true
		}
	}
	return done, doneRow, rowOf
}

// bruteWinners is the reference for Index.Winners: every card, every cell.
func bruteWinners(cards []card.Card, drawn *[91]bool, lines int, last card.Number) []int32 {
	var out []int32
	for i := range cards {
		done, doneRow, rowOf := bruteRows(&cards[i], drawn, last)
		if rowOf >= 0 && doneRow[rowOf] && done >= lines {
			out = append(out, int32(i))
		}
	}
	return out
}

// bruteOneAway is the reference for Index.OneAway: the cards with lines-1
// complete rows and another row short of one number.
func bruteOneAway(cards []card.Card, drawn *[91]bool, lines int) int {
	n := 0
	for i := range cards {
		done, four := 0, false
		for row := range 3 {
			marked := 0
			for _, x := range cards[i][row] {
				if x != 0 && drawn[x] {
					marked++
				}
			}
			done += marked / 5
			four = four || marked == 4
		}
		if done == lines-1 && four {
			n++
		}
	}
	return n
}

// cardSets are the shapes of sets of cards in play the index must handle.
func cardSets(t *testing.T, r *rand.Rand) map[string][]card.Card {
	whole := randomCards(t, r, 8)
	partial := slices.Clone(whole)
	partial = slices.DeleteFunc(partial, func(card.Card) bool { return r.IntN(3) == 0 })
	shuffled := slices.Clone(whole)
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	return map[string][]card.Card{
		"whole strips":   whole,
		"partial plates": partial,
		"shuffled cards": shuffled,
		"one card":       whole[:1],
		"same card 3x":   {whole[0], whole[0], whole[0]},
		"none":           nil,
	}
}

func TestIndexAgreesWithBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	games := 400
	if testing.Short() {
		games = 30
	}
	for name, cards := range cardSets(t, r) {
		t.Run(name, func(t *testing.T) { agreeWithBruteForce(t, r, cards, games) })
	}
}

// agreeWithBruteForce plays games random games over cards and compares, after
// every draw and for every stage, the index with a scan of every grid.
func agreeWithBruteForce(t *testing.T, r *rand.Rand, cards []card.Card, games int) {
	t.Helper()
	ix := newIndex(cards)
	if ix.Len() != len(cards) {
		t.Fatalf("Len = %d, want %d", ix.Len(), len(cards))
	}
	for game := range games {
		ix.Reset()
		var drawn [91]bool
		for _, p := range r.Perm(90) {
			n := card.Number(p + 1)
			drawn[n] = true
			ix.Mark(n)
			for lines := 1; lines <= 3; lines++ {
				want := bruteWinners(cards, &drawn, lines, n)
				got := ix.Winners(lines, n)
				if !slices.Equal(got, want) {
					t.Fatalf("game %d, draw %d, lines %d: Winners = %v, brute force %v", game, n, lines, got, want)
				}
				if c := ix.Count(lines, n); c != len(want) {
					t.Fatalf("game %d, draw %d, lines %d: Count = %d, want %d", game, n, lines, c, len(want))
				}
				if c, want := ix.OneAway(lines), bruteOneAway(cards, &drawn, lines); c != want {
					t.Fatalf("game %d, draw %d, lines %d: OneAway = %d, brute force %d", game, n, lines, c, want)
				}
				if len(cards) == 0 {
					continue
				}
				id := int32(r.IntN(len(cards)))
				win, read := ix.Check(id, lines, n)
				if want := slices.Contains(want, id); win != want {
					t.Fatalf("game %d, draw %d, lines %d: Check(%d) = %v, want %v", game, n, lines, id, win, want)
				}
				if win {
					checkReadOut(t, &cards[id], &drawn, lines, n, read)
				}
			}
		}
	}
}

func TestUnmarkRestoresExactly(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cards := randomCards(t, r, 20)
	ix := newIndex(cards)
	for range 200 {
		ix.Reset()
		order := r.Perm(90)
		k := r.IntN(90)
		for _, p := range order[:k] {
			ix.Mark(card.Number(p + 1))
		}
		before := slices.Clone(ix.count)
		slip := card.Number(order[k] + 1)
		ix.Mark(slip)
		ix.Mark(slip) // a second Mark must not count twice
		ix.Unmark(slip)
		if !slices.Equal(ix.count, before) || ix.Marked(slip) {
			t.Fatalf("Mark then Unmark of %d after %d draws did not restore the counters", slip, k)
		}
		ix.Unmark(slip) // not marked: ignored
		if !slices.Equal(ix.count, before) {
			t.Fatalf("Unmark of an unmarked number changed the counters")
		}
	}
}

func TestIndexGroupsWholeStrips(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	cards := randomCards(t, r, 10)
	ix := newIndex(cards)
	if ix.groups != 10 {
		t.Errorf("10 strips in plate order made %d groups, want 10", ix.groups)
	}
	if per := float64(ix.Bytes()) / float64(ix.Len()); per >= 24 {
		t.Errorf("%.1f bytes per card, want under 24", per)
	}
}

func TestIndexHeapUnder24BytesPerCard(t *testing.T) {
	cards := randomCards(t, rand.New(rand.NewPCG(13, 14)), 10000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix := newIndex(cards)
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(cards))
	runtime.KeepAlive(ix)
	runtime.KeepAlive(cards) // else freed by the second GC, and the delta goes negative
	if per >= 24 {
		t.Errorf("the index of %d cards holds %.1f heap bytes per card, want under 24", len(cards), per)
	}
	t.Logf("%.2f heap bytes per card (Bytes says %.2f)", per, float64(ix.Bytes())/float64(len(cards)))
}

func TestBuildIndexRefusesInvalidCard(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	cards := randomCards(t, r, 1)
	bad := cards[2]
	for col := range 9 {
		if bad[0][col] != 0 {
			bad[0][col] = 0 // row 0 now holds 4 numbers
			break
		}
	}
	cards[2] = bad
	if _, err := BuildIndex(cards); err == nil {
		t.Fatal("BuildIndex accepted a card with a row of 4 numbers")
	}
}

func TestCheckUnknownCardOrStage(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	cards := randomCards(t, r, 1)
	ix := newIndex(cards)
	for n := card.Number(1); n <= 90; n++ {
		ix.Mark(n)
	}
	last := cards[0][0][0]
	if last == 0 {
		last = cards[0].Numbers()[0]
	}
	tests := []struct {
		name  string
		id    int32
		lines int
	}{
		{"negative id", -1, 1},
		{"id past the end", 6, 1},
		{"zero lines", 0, 0},
		{"four lines", 0, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if win, read := ix.Check(tc.id, tc.lines, last); win || read != nil {
				t.Errorf("Check = %v, %v; want false, nil", win, read)
			}
		})
	}
	if win, _ := ix.Check(0, 3, last); !win {
		t.Error("a full card with every number drawn does not win carton plein")
	}
}

// checkReadOut asserts that read proves the claim: last first, then the rest
// of lines complete rows of c, one of them holding last, in grid order.
func checkReadOut(t *testing.T, c *card.Card, drawn *[91]bool, lines int, last card.Number, read []card.Number) {
	t.Helper()
	if len(read) != 5*lines || read[0] != last {
		t.Fatalf("read-out %v for %d lines with last %d", read, lines, last)
	}
	_, doneRow, rowOf := bruteRows(c, drawn, last)
	// The rows to read: last's row, then the first other complete rows.
	var chosen [3]bool
	chosen[rowOf] = true
	for row, need := 0, lines-1; row < 3; row++ {
		if need > 0 && doneRow[row] && row != rowOf {
			chosen[row], need = true, need-1
		}
	}
	var want []card.Number
	for row := range 3 {
		for _, x := range c[row] {
			if chosen[row] && x != 0 {
				want = append(want, x)
			}
		}
	}
	got := slices.Clone(read[1:])
	want = slices.DeleteFunc(want, func(x card.Number) bool { return x == last })
	if !slices.Equal(got, want) {
		t.Fatalf("read-out %v, want %d then %v", read, last, want)
	}
}
