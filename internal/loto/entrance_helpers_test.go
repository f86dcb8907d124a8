package loto

import (
	"context"
	"fmt"
	"testing"

	"loto/internal/card"
)

// entranceYAML is a day with the rulebook's prices (R7, R30): series A (600
// regular cards, 100 plates) and V (60 special cards) on sale, four desks,
// two scheduled breaks and one game where both kinds play.
const entranceYAML = `name: Loto de l'entrée
date: 2025-03-16
venue: Salle des fêtes
schedule:
  doors: "08:00"
  start: "11:00"
  breaks:
    - {label: pause repas, at: "12:30", minutes: 75}
    - {label: entracte, at: "15:30", minutes: 30}
series:
  - {code: A, kind: regular, cards: 600, color: jaune}
  - {code: V, kind: special, cards: 60, color: rose}
prices:
  regular: [{cards: 1, cents: 500}, {cards: 3, cents: 1200}, {cards: 6, cents: 2000}]
  special: [{cards: 1, cents: 600}]
desks: [{name: caisse-1}, {name: caisse-2}, {name: pmr, pmr: true}, {name: voiture, special: true}]
draw: rng
programme:
  - {title: Partie, kinds: [regular, special], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}]}
`

// entranceDay creates that day on a fresh in-memory journal, with series B
// (regular, not on sale) in the journal, and opens the desks named.
func entranceDay(t *testing.T, desks ...string) (*Day, *memStore) {
	t.Helper()
	return entranceDayOf(t, entranceYAML, desks...)
}

// entranceDayOf is entranceDay of the event file eventYAML.
func entranceDayOf(t *testing.T, eventYAML string, desks ...string) (*Day, *memStore) {
	t.Helper()
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "B", Cards: 12})
	ok(t, err)
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, []byte(eventYAML)))
	ok(t, err)
	for _, dk := range desks {
		_, err := d.OpenDesk(ctx, org("caissier"), dk, 15000)
		ok(t, err)
	}
	return d, store
}

// keyN makes distinct idempotency keys.
var keyN int

// keyed returns a context with a new idempotency key.
func keyed() context.Context {
	keyN++
	return WithKey(context.Background(), Key(fmt.Sprintf("test-key-%d", keyN)))
}

// serials returns the serials of cards of a series by number.
func serials(t *testing.T, d *Day, code string, numbers ...int) []string {
	t.Helper()
	var out []string
	for _, n := range numbers {
		out = append(out, serialOf(t, d, code, n))
	}
	return out
}

// cash pays c in cash.
func cash(c Cents) []Payment { return []Payment{{Method: Cash, Cents: c}} }

// sell sells cards at a desk, paid exactly in cash, and fails the test on a refusal.
func sell(t *testing.T, d *Day, desk string, total Cents, cards ...string) Sale {
	t.Helper()
	s, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: desk, Cards: cardCodes(t, cards), Payments: cash(total)})
	ok(t, err)
	return s
}

// cardCodes reads serials or plate codes as the edge does.
func cardCodes(t testing.TB, texts []string) []CardCode {
	t.Helper()
	return parsed(t, ParseCardCodes, texts)
}

// ticketOf reads a ticket code as the edge does.
func ticketOf(t testing.TB, text string) TicketCode {
	t.Helper()
	return parsed(t, ParseTicketCode, text)
}

// ticketRef is ticketOf for the ticket a sale may name.
func ticketRef(t testing.TB, text string) *TicketCode {
	t.Helper()
	tc := ticketOf(t, text)
	return &tc
}

// ticketCodes reads ticket codes as the edge does.
func ticketCodes(t testing.TB, texts []string) []TicketCode {
	t.Helper()
	return parsed(t, ParseTickets, texts)
}

// seriesIn reads a series code as the edge does.
func seriesIn(t testing.TB, text string) card.SeriesCode {
	t.Helper()
	return parsed(t, ParseSeriesCode, text)
}

// serialIn reads a serial as the edge does.
func serialIn(t testing.TB, text string) card.Serial {
	t.Helper()
	return parsed(t, ParseSerial, text)
}

// serialsIn reads serials as the edge does.
func serialsIn(t testing.TB, texts []string) []card.Serial {
	t.Helper()
	return parsed(t, ParseSerials, texts)
}

// viaEdge reads text as the edge does and hands the serial to call; a
// refusal of the reading is the answer, as the edge gives it.
func viaEdge[T any](text string, call func(card.Serial) (T, error)) (T, error) {
	s, err := ParseSerial(text)
	if err != nil {
		var zero T
		return zero, err
	}
	return call(s)
}

// parsed is what parse reads of in, as the edge reads it; it fails the
// test on a refusal.
func parsed[In, Out any](t testing.TB, parse func(In) (Out, error), in In) Out {
	t.Helper()
	out, err := parse(in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
