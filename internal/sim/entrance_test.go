package sim

import (
	"context"
	"strings"
	"testing"

	"loto/internal/card"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/report"
)

// checkEntrance checks the entrance of a simulated day through the loto.Day's
// API: reservations for about a third of the players, some for 2 or 3;
// every ticket crossed out with a free regular card (R4, R5); the one
// second scan refused (R5); holders naming their ticket at the desk and
// walk-ins buying without one (R3); free cards in play.
func checkEntrance(t *testing.T, d *loto.Day, players int, rep Report) {
	t.Helper()
	rs := d.Reservations()
	tickets, groups := map[string]loto.Ticket{}, 0
	freeCards := map[string]bool{}
	for _, r := range rs {
		if len(r.Tickets) < 1 || len(r.Tickets) > 3 {
			t.Fatalf("reservation %d has %d tickets, want 1 to 3", r.ID, len(r.Tickets))
		}
		if len(r.Tickets) > 1 {
			groups++
		}
		for _, tk := range r.Tickets {
			if tk.Crossed == nil || tk.Crossed.Card == "" {
				t.Fatalf("ticket %s of %s not crossed out with a free card (R4)", tk.Code, r.Name)
			}
			if freeCards[tk.Crossed.Card] {
				t.Fatalf("free card %s issued twice", tk.Crossed.Card)
			}
			freeCards[tk.Crossed.Card] = true
			serial, err := loto.ParseSerial(tk.Crossed.Card)
			ok(t, err)
			st, err := d.CardStatus(serial)
			ok(t, err)
			if st.State != loto.CardFree && st.State != loto.CardVoided {
				t.Fatalf("free card %s is %s", tk.Crossed.Card, st.State)
			}
			tickets[tk.Code] = tk
		}
	}
	if len(tickets) < players/5 || len(tickets) > players/2 || groups == 0 {
		t.Fatalf("%d tickets in %d reservations (%d for a group) for %d players: want about a third, some groups",
			len(tickets), len(rs), groups, players)
	}
	if len(rep.DoorRefusals) != 1 {
		t.Fatalf("door refusals %q: want the one ticket scanned twice", rep.DoorRefusals)
	}
	code, _, _ := strings.Cut(strings.TrimPrefix(rep.DoorRefusals[0], "billet "), " ")
	if _, there := tickets[code]; !there || !strings.Contains(rep.DoorRefusals[0], "déjà barré") {
		t.Fatalf("second scan refused as %q: want a crossed ticket of the day (R5)", rep.DoorRefusals[0])
	}
	numbers := map[int]bool{}
	for _, tk := range tickets {
		numbers[tk.Number] = true
	}
	named := map[int]bool{}
	walkIns := 0
	for _, s := range d.Sales() {
		if s.Ticket == 0 {
			walkIns++
			continue
		}
		if !numbers[s.Ticket] {
			t.Fatalf("sale %d names ticket n° %d, not one of the day", s.ID, s.Ticket)
		}
		named[s.Ticket] = true
	}
	if len(named) != len(tickets) || walkIns == 0 {
		t.Fatalf("%d of %d tickets named at the desk, %d walk-in sales", len(named), len(tickets), walkIns)
	}
	r, err := report.OfDay(context.Background(), d)
	ok(t, err)
	a := r.Attendance
	if a.Reservations != len(rs) || a.Tickets != len(tickets) || a.Crossed != len(tickets) || a.NotCrossed != 0 ||
		a.WalkInSales != walkIns || r.Totals.FreeCards != len(tickets) || len(r.Free) != len(tickets) {
		t.Fatalf("report attendance %+v, %d free cards, for %d reservations and %d tickets", a, r.Totals.FreeCards, len(rs), len(tickets))
	}
	checkFreeInPlay(t, d, r, freeCards)
}

// checkFreeInPlay checks that the first game plays every regular card
// stamped and not voided since (R9, R28), the sold and the free ones: the
// simulation stamps every card before the first game starts, so each such
// card plays (R4).
func checkFreeInPlay(t *testing.T, d *loto.Day, r report.DayReport, free map[string]bool) {
	t.Helper()
	stamped := 0
	for _, s := range r.Series {
		if s.Kind == loto.Regular {
			stamped += s.Sold + s.Free - s.Voided
		}
	}
	ev := d.Event()
	d.View(func(st *loto.State) {
		g := st.Games()[0]
		if !g.Spec.Accepts(loto.Regular) || g.Spec.Accepts(loto.Special) {
			t.Fatalf("game 1 plays %v, want the regular cards only", g.Spec.Kinds)
		}
		for c := range free {
			s, err := card.ParseSerial(c)
			ok(t, err)
			if !st.Stamped(loto.CardRef{Series: s.Series, Number: s.Number}) {
				t.Fatalf("free card %s not stamped: it does not play in game 1 (R4)", c)
			}
		}
		inPlay := 0
		for _, ser := range ev.Series {
			for n := 1; ser.Kind == loto.Regular && n <= ser.Cards; n++ {
				ref := loto.CardRef{Series: ser.Code, Number: n}
				if st.Stamped(ref) && !st.Voided(ref) {
					inPlay++
				}
			}
		}
		if inPlay != stamped {
			t.Fatalf("%d cards in play in game 1, want the %d regular cards sold or free and not voided", inPlay, stamped)
		}
	})
}

// checkBreaks checks that the schedule's breaks were taken in order, each
// between two games and ended before the next game (R12).
func checkBreaks(t *testing.T, d *loto.Day, store *sqlite.Store) {
	t.Helper()
	spec := d.Event().Schedule.Breaks
	bs := d.Breaks()
	if len(bs) != len(spec) || len(spec) == 0 {
		t.Fatalf("%d breaks taken, the schedule has %d", len(bs), len(spec))
	}
	for i, b := range bs {
		if b.Scheduled != i+1 || b.Label != spec[i].Label || b.Minutes != spec[i].Minutes || b.Ended == nil {
			t.Fatalf("break %d: %+v, want %+v taken and ended", i+1, b, spec[i])
		}
	}
	r, err := report.OfDay(context.Background(), d)
	ok(t, err)
	if len(r.Breaks) != len(bs) {
		t.Fatalf("report lists %d breaks, want %d", len(r.Breaks), len(bs))
	}
	events := events(t, store)
	games, after := 0, []int{}
	for i, e := range events {
		switch e.Type {
		case loto.TypeGameStarted:
			games++
		case loto.TypeBreakStarted:
			if i+2 >= len(events) || events[i-1].Type != loto.TypeSeedRevealed || events[i+1].Type != loto.TypeBreakEnded ||
				events[i+2].Type != loto.TypeGameStarted {
				t.Fatalf("break at event %d is not between two games", e.Seq)
			}
			after = append(after, games)
		}
	}
	for i := 1; i < len(after); i++ {
		if after[i] <= after[i-1] {
			t.Fatalf("breaks after games %v: want a game between two breaks", after)
		}
	}
}
