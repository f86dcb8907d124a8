package loto

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"testing"

	"loto/internal/card"
)

// smallDay is the event file of eventYAML, the one lototest.EventYAML fills in.
//
//go:embed lototest/small_day.yaml.fmt
var smallDay string

// eventYAML is a small day: series A (regular, 600 cards) and V (special, 60
// cards), the given draw mode and programme (a YAML list, indented by 2).
func eventYAML(draw, programme string) []byte {
	return fmt.Appendf(nil, smallDay, draw, programme)
}

// quineGame is one game of one quine stage with the given prize (a YAML flow map).
func quineGame(kinds, prize string) string {
	return fmt.Sprintf("  - {title: Partie, kinds: [%s], stages: [{stage: quine, prize: %s}]}\n", kinds, prize)
}

const (
	voucher30 = "{label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}"
	voucher20 = "{label: Bon de 20 €, kind: voucher, cents: 2000, consolation: cidre}"
	robot     = "{label: Robot tondeuse, kind: object, consolation: panier}"
)

// gameDay creates a day with that programme; its first game is not
// started, so that the cards stamped before start plays it (R14).
func gameDay(t *testing.T, draw, programme string) (*Day, *memStore) {
	t.Helper()
	d, store := newDay(t)
	_, err := d.CreateEvent(context.Background(), org("org"), eventSpec(t, eventYAML(draw, programme)))
	ok(t, err)
	return d, store
}

// start starts the next game: the cards stamped so far play it.
func start(t *testing.T, d *Day) StartResult {
	t.Helper()
	r, err := d.StartGame(context.Background(), org("host"))
	ok(t, err)
	return r
}

// serialOf returns the serial of a card.
func serialOf(t *testing.T, d *Day, code string, n int) string {
	t.Helper()
	s, _, err := d.CardAt(card.SeriesCode(code), n)
	ok(t, err)
	return s
}

// gridOf returns the grid of a card.
func gridOf(t *testing.T, d *Day, code string, n int) card.Card {
	t.Helper()
	_, c, err := d.CardAt(card.SeriesCode(code), n)
	ok(t, err)
	return c
}

// rowOf returns the numbers of a row of a card.
func rowOf(c card.Card, r int) []card.Number {
	var out []card.Number
	for _, n := range c[r] {
		if n != 0 {
			out = append(out, n)
		}
	}
	return out
}

// stamp stamps cards of a series by number.
func stamp(t *testing.T, d *Day, code string, numbers ...int) []string {
	t.Helper()
	var serials []string
	for _, n := range numbers {
		serials = append(serials, serialOf(t, d, code, n))
	}
	_, err := d.Stamp(context.Background(), org("caisse-1"), serialsIn(t, serials))
	ok(t, err)
	return serials
}

// stampEach stamps cards 1 to n of series A one at a time, an event each,
// and returns their serials.
func stampEach(t *testing.T, d *Day, n int) []string {
	t.Helper()
	var serials []string
	for i := 1; i <= n; i++ {
		serials = append(serials, stamp(t, d, "A", i)...)
	}
	return serials
}

// firstRowDrawn stamps cards 1 to 6 of series A, starts the game and
// types the numbers of the first row of card A-1, which may then call a
// quine; it returns the serials stamped.
func firstRowDrawn(t *testing.T, d *Day) []string {
	t.Helper()
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 0)...)
	return cards
}

// typeNumbers draws the numbers in manual mode.
func typeNumbers(t *testing.T, d *Day, nums ...card.Number) {
	t.Helper()
	for _, n := range nums {
		_, err := d.Draw(context.Background(), org("host"), n)
		ok(t, err)
	}
}

// callable returns the host's count (R16).
func callable(t *testing.T, d *Day) int {
	t.Helper()
	n, err := d.Callable()
	ok(t, err)
	return n
}

// tie finds k cards of series code, numbered from 1 up, that complete a row
// on the same number last, and no other row before: typing the others of
// their rows, then last, makes a k-way tie on a quine. It returns the card
// numbers and the numbers to type, last at the end.
func tie(t *testing.T, d *Day, code string, k int) ([]int, []card.Number) {
	t.Helper()
	grids := map[int]card.Card{}
	for n := 1; n <= 120; n++ {
		grids[n] = gridOf(t, d, code, n)
	}
	for last := card.Number(1); last <= 90; last++ {
		var cards []int
		var rows [][]card.Number
		for n := 1; n <= 120 && len(cards) < k; n++ {
			for r := range 3 {
				row := rowOf(grids[n], r)
				if slices.Contains(row, last) {
					cards, rows = append(cards, n), append(rows, row)
				}
			}
		}
		if len(cards) < k {
			continue
		}
		var typed []card.Number
		seen := map[card.Number]bool{last: true}
		for _, row := range rows {
			for _, n := range row {
				if !seen[n] {
					seen[n] = true
					typed = append(typed, n)
				}
			}
		}
		if earlyRow(grids, cards, typed) {
			continue
		}
		return cards, append(typed, last)
	}
	t.Fatalf("no %d-way tie found in series %s", k, code)
	return nil, nil
}

// earlyRow reports whether a row of one of the cards is complete with typed alone.
func earlyRow(grids map[int]card.Card, cards []int, typed []card.Number) bool {
	for _, n := range cards {
		for r := range 3 {
			all := true
			for _, x := range rowOf(grids[n], r) {
				all = all && slices.Contains(typed, x)
			}
			if all {
				return true
			}
		}
	}
	return false
}

// claimAll registers claims and starts the control.
func claimAll(t *testing.T, d *Day, serials ...string) ControlResult {
	t.Helper()
	ctx := context.Background()
	for _, s := range serials {
		_, err := d.Claim(ctx, org("controleur"), serialIn(t, s))
		ok(t, err)
	}
	r, err := d.StartControl(ctx, org("controleur"))
	ok(t, err)
	return r
}
