package loto_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/report"
)

// The tests of the day read through its read models (internal/report),
// which the package's own tests cannot import: the helpers are the
// package's, exported to them by export_test.go.

// TestDashboard_QuartersSpanTheDayWithItsGaps: sales are bucketed by
// quarter hour of the event's zone, every quarter from the first to the
// last listed (a quiet one as zeros), with their cards and takings; the
// stages of the programme not awarded are to play.
func TestDashboard_QuartersSpanTheDayWithItsGaps(t *testing.T) {
	d, store := loto.EntranceDay(t, "caisse-1")
	loc := d.Event().Location()
	store.SetClock(time.Date(2025, 3, 16, 10, 1, 0, 0, loc))
	loto.Sell(t, d, "caisse-1", 1200, loto.Serials(t, d, "A", 1, 2, 3)...)
	store.SetClock(time.Date(2025, 3, 16, 10, 14, 0, 0, loc))
	loto.Sell(t, d, "caisse-1", 500, loto.Serials(t, d, "A", 4)...)
	store.SetClock(time.Date(2025, 3, 16, 10, 40, 0, 0, loc))
	loto.Sell(t, d, "caisse-1", 500, loto.Serials(t, d, "A", 5)...)

	db, err := report.DashboardOf(context.Background(), d)
	loto.Ok(t, err)
	want := []struct {
		start        string
		sales, cards int
		cents        loto.Cents
	}{{"10:00", 2, 4, 1700}, {"10:15", 0, 0, 0}, {"10:30", 1, 1, 500}}
	if len(db.Quarters) != len(want) {
		t.Fatalf("%d quarters %+v, want %d", len(db.Quarters), db.Quarters, len(want))
	}
	for i, w := range want {
		q := db.Quarters[i]
		if got := q.Start.In(loc).Format("15:04"); got != w.start || q.Sales != w.sales || q.Cards != w.cards || q.Cents != w.cents {
			t.Errorf("quarter %d: %s %+v, want %+v", i, got, q, w)
		}
	}
	if db.Totals.Cards != 5 || db.Totals.NetCents != 2200 || db.Games.Programme != 1 || db.Games.Played != 0 {
		t.Errorf("totals %+v games %+v", db.Totals, db.Games)
	}
	if len(db.ToPlay) != 1 || db.ToPlay[0].Stage != "quine" || len(db.Awarded) != 0 {
		t.Errorf("to play %+v, awarded %+v", db.ToPlay, db.Awarded)
	}
}

// TestR27_ActsAnswerWithTheirAnchor: a sale, a door admission, a desk
// close (Z), an award and the day report answer with the anchor of the
// journal right after the act: the sequence and hash of its last event,
// which the caller prints for the organiser to keep. A retried sale
// answers with the first sale's anchor.
func TestR27_ActsAnswerWithTheirAnchor(t *testing.T) {
	ctx := context.Background()
	d, store := loto.EntranceDay(t, "caisse-1")
	kctx := loto.WithKey(ctx, "vente-1")
	s, err := d.Sell(kctx, loto.Org("caissier"), loto.SaleRequest{Desk: "caisse-1", Cards: loto.CardCodes(t, loto.Serials(t, d, "A", 1)), Payments: loto.PayCash(500)})
	loto.Ok(t, err)
	if want := loto.HeadAnchor(t, store); s.Anchor != want {
		t.Fatalf("sale anchor %v, want the head %v", s.Anchor, want)
	}
	loto.Sell(t, d, "caisse-1", 500, loto.Serials(t, d, "A", 2)...)
	again, err := d.Sell(kctx, loto.Org("caissier"), loto.SaleRequest{Desk: "caisse-1", Cards: loto.CardCodes(t, loto.Serials(t, d, "A", 1)), Payments: loto.PayCash(500)})
	loto.Ok(t, err)
	if again.Anchor != s.Anchor {
		t.Fatalf("retried sale anchor %v, want the first sale's %v", again.Anchor, s.Anchor)
	}

	r, err := d.AddReservation(ctx, loto.Org("org"), loto.ReservationSpec{Name: "Marie", Tickets: 1})
	loto.Ok(t, err)
	in, err := d.Admit(ctx, loto.Org("portier"), "porte-1", loto.TicketOf(t, r.Tickets[0].Code), loto.SerialIn(t, loto.SerialOf(t, d, "A", 7)))
	loto.Ok(t, err)
	if want := loto.HeadAnchor(t, store); in.Anchor != want {
		t.Fatalf("admission anchor %v, want the head %v", in.Anchor, want)
	}

	z, err := d.CloseDesk(ctx, loto.Org("caissier"), loto.CloseRequest{Desk: "caisse-1", Count: []loto.Denomination{{Cents: 500, Count: 32}}})
	loto.Ok(t, err)
	if want := loto.HeadAnchor(t, store); z.Anchor == nil || *z.Anchor != want {
		t.Fatalf("Z anchor %v, want the head %v", z.Anchor, want)
	}
	rep, err := report.OfDay(ctx, d)
	loto.Ok(t, err)
	if want := loto.HeadAnchor(t, store); rep.Anchor != want || len(rep.Sessions) != 1 || *rep.Sessions[0].Anchor != *z.Anchor {
		t.Fatalf("report anchor %v (session %v), want the head %v and the Z's", rep.Anchor, rep.Sessions[0].Anchor, want)
	}
}

func TestR28_ExclusionReachesEveryTicketSaleAndCardOfThePerson(t *testing.T) {
	d, store := loto.EntranceDay(t, "caisse-1", "caisse-2")
	ctx := context.Background()
	r, err := d.AddReservation(ctx, loto.Org("org"), loto.ReservationSpec{Name: "Marie", Tickets: 2})
	loto.Ok(t, err)
	free := loto.SerialOf(t, d, "A", 10)
	_, err = d.Admit(ctx, loto.Org("jean"), "porte-1", loto.TicketOf(t, r.Tickets[0].Code), loto.SerialIn(t, free))
	loto.Ok(t, err)
	otherFree := loto.SerialOf(t, d, "A", 11) // a friend's ticket of the same reservation
	_, err = d.Admit(ctx, loto.Org("jean"), "porte-1", loto.TicketOf(t, r.Tickets[1].Code), loto.SerialIn(t, otherFree))
	loto.Ok(t, err)
	named, err := d.Sell(loto.Keyed(), loto.Org("caissier"), loto.SaleRequest{Desk: "caisse-1", Cards: loto.CardCodes(t, loto.Serials(t, d, "A", 1, 2, 3)), Payments: loto.PayCash(1200), Ticket: loto.TicketRef(t, r.Tickets[0].Code)})
	loto.Ok(t, err)
	second, err := d.Sell(loto.Keyed(), loto.Org("caissier"), loto.SaleRequest{Desk: "caisse-2", Cards: loto.CardCodes(t, loto.Serials(t, d, "A", 4)), Payments: loto.PayCash(500), Ticket: loto.TicketRef(t, r.Tickets[0].Code)})
	loto.Ok(t, err)
	walkIn := loto.Sell(t, d, "caisse-1", 500, loto.SerialOf(t, d, "A", 5))
	kept := loto.Sell(t, d, "caisse-1", 500, loto.SerialOf(t, d, "A", 6))

	// One card of the first sale is named: its sale, that sale's ticket,
	// the ticket's free card and the other sale naming it are reached; the
	// walk-in sale is named by number. All is paid back at caisse-2.
	x, err := d.Exclude(ctx, loto.Org("org"), loto.ExclusionRequest{Why: "perturbe le jeu", Cards: loto.SerialsIn(t, named.Cards[1:2]), Sales: []int{walkIn.ID}, Desk: "caisse-2"})
	loto.Ok(t, err)
	if !slices.Equal(x.Sales, []int{named.ID, second.ID, walkIn.ID}) || !slices.Equal(x.Tickets, []int{1}) || x.Cents != 2200 ||
		len(x.Refunds) != 3 || x.Desk != "caisse-2" || x.Why != "perturbe le jeu" || x.By != "org" {
		t.Fatalf("exclusion %+v", x)
	}
	d.View(func(st *loto.State) {
		for c, want := range map[string]bool{free: true, otherFree: false, named.Cards[0]: true, second.Cards[0]: true, walkIn.Cards[0]: true, kept.Cards[0]: false} {
			if ref, _ := loto.RefOf(c); st.Voided(ref) != want {
				t.Errorf("card %s voided = %v, want %v", c, !want, want)
			}
		}
	})
	// The refunds are recorded with the exclusion, paid at caisse-2.
	refunds := d.Refunds()
	for _, r := range refunds {
		if r.Reason != loto.RefundExclusion || r.Desk != "caisse-2" || r.Note != "perturbe le jeu" {
			t.Fatalf("refund %+v", r)
		}
	}
	for _, z := range d.Sessions() {
		want := map[string]loto.Cents{"caisse-1": 15000 + 2200, "caisse-2": 15000 + 500 - 2200}[z.Desk]
		if z.Methods[0].Expected != want {
			t.Fatalf("%s expects %s cash, want %s", z.Desk, z.Methods[0].Expected, want)
		}
	}
	if s, _ := d.CardStatus(loto.SerialIn(t, free)); s.State != loto.CardVoided || !strings.Contains(s.Text, "exclusion") {
		t.Fatalf("free card status %+v", s)
	}
	rep, err := report.OfDay(ctx, d)
	loto.Ok(t, err)
	if len(rep.Exclusions) != 1 || !loto.SameSet(rep.Exclusions[0].Cards, x.Cards) || rep.Totals.RefundedCents != 2200 {
		t.Fatalf("report: exclusions %+v, refunded %s", rep.Exclusions, rep.Totals.RefundedCents)
	}
	loto.CompareStates(t, d, loto.Reopen(t, store))
}

// TestP1_DayReportNamesNobody: the day's report is an export (P1): its
// free cards give the ticket's and the reservation's numbers, not the
// holder's name, and the sales to refund of a postponed loto (R29) their
// number and cards, not the cheque payer's identity; what the report is
// for is still there.
func TestP1_DayReportNamesNobody(t *testing.T) {
	d, _, secret := loto.PersonalDay(t)
	ctx := context.Background()
	_, err := d.Postpone(ctx, loto.Org("org"), "trop peu de joueurs")
	loto.Ok(t, err)
	r, err := report.OfDay(ctx, d)
	loto.Ok(t, err)
	b, err := json.Marshal(r)
	loto.Ok(t, err)
	for _, s := range secret {
		if len(s) >= 6 && strings.Contains(string(b), s) {
			t.Errorf("the day's report holds %q: %s", s, b)
		}
	}
	serial := loto.SerialOf(t, d, "A", 1)
	if len(r.Free) != 1 || r.Free[0].Ticket != 1 || r.Free[0].Reservation != 1 || r.Free[0].Card != serial || r.Totals.FreeCards != 1 {
		t.Fatalf("free cards %+v, want ticket 1 of reservation 1 with %s", r.Free, serial)
	}
	if r.Postponed == nil || len(r.Postponed.ToRefund) != 2 || r.Postponed.ToRefund[0].ID != 1 || r.Postponed.ToRefund[0].Total != 500 {
		t.Fatalf("sales to refund %+v", r.Postponed)
	}
	// The organiser's own list still has them while they are kept.
	if s := d.Sales()[0]; s.Identity == nil || s.Cheque != "7654321" || d.Reservations()[0].Name != "Hélène Lefèvre" {
		t.Fatalf("the day lost its personal data: %+v", s)
	}
}

func TestP1_EraseOnRequestLeavesEffaceAndAVerifiableJournal(t *testing.T) {
	d, store, _ := loto.PersonalDay(t)
	ctx := context.Background()
	other := loto.Reopen(t, store) // another process on the same journal
	er, err := d.Erase(ctx, loto.Org("org"), loto.EraseRequest{Reservation: 1, Why: "demande par courriel du 17 mars"})
	loto.Ok(t, err)
	if strings.Join(er.Refs, " ") != "reservation/1 sale/1" || er.Reservations != 1 || er.Sales != 1 {
		t.Fatalf("erasure %+v: want the holder and the cheque of the sale naming her ticket", er)
	}
	if store.HasPersonal("reservation/1") {
		t.Fatal("the record is still in the store")
	}
	if store.HasPersonal("sale/1") {
		t.Fatal("the cheque record is still in the store")
	}
	if !store.HasPersonal("reservation/2") {
		t.Fatal("the other holder's record was erased too")
	}
	loto.Ok(t, other.Refresh(ctx))
	for _, day := range []*loto.Day{d, other, loto.Reopen(t, store)} {
		rs := day.Reservations()
		if rs[0].Name != "effacé" || rs[0].Contact != "" || rs[0].Personal != loto.PersonalErased || rs[1].Name != "Paul Martin" {
			t.Fatalf("reservations after the erasure: %+v", rs)
		}
		if rs[0].NameContains("lefevre") || rs[0].NameContains("effacé") {
			t.Fatal("an erased holder is still found by name")
		}
		if s := day.Sales()[0]; s.Identity != nil || s.Cheque != "" || s.Personal != loto.PersonalErased {
			t.Fatalf("cheque sale after the erasure: %+v", s)
		}
		r, err := report.OfDay(ctx, day)
		loto.Ok(t, err)
		if len(r.Free) != 1 || r.Free[0].Reservation != 1 || r.Free[0].Ticket != 1 {
			t.Fatalf("report's free cards after the erasure: %+v", r.Free)
		}
	}
	loto.CompareStates(t, d, loto.Reopen(t, store))
	// The door still admits her other ticket: it is no personal data.
	in, err := d.Admit(ctx, loto.Org("porte"), "porte-1", loto.TicketOf(t, d.Reservations()[0].Tickets[1].Code), loto.SerialIn(t, loto.SerialOf(t, d, "A", 4)))
	loto.Ok(t, err)
	if in.Name != "effacé" {
		t.Fatalf("the door shows %q for an erased holder", in.Name)
	}
	if _, err := journal.Verify(ctx, store); err != nil {
		t.Fatalf("verify after the erasure: %v", err)
	}
	if p := loto.PersonalProblems(t, store); len(p) > 0 {
		t.Fatalf("an erasure is no problem: %q", p)
	}
	// The erasure event says which records, by whom and why; nothing else.
	e := store.All()[er.Seq-1]
	if e.Type != loto.TypePersonalErased || !strings.Contains(string(e.Payload), "demande par courriel") || strings.Contains(string(e.Payload), "Lef") {
		t.Fatalf("erasure event %s %s", e.Type, e.Payload)
	}
	before := store.Count()
	loto.WantCode(t, loto.ErrOf(d.Erase(ctx, loto.Org("org"), loto.EraseRequest{Reservation: 1, Why: "encore"})), loto.EConflict)
	loto.WantCode(t, loto.ErrOf(d.Erase(ctx, loto.Org("org"), loto.EraseRequest{Sale: 1, Why: "encore"})), loto.EConflict)
	loto.NothingWritten(t, store, before)
}

func TestR29_PostponeStopsSalesAndListsRefunds(t *testing.T) {
	d, store := loto.EntranceDay(t, "caisse-1", "voiture")
	ctx := context.Background()
	a := loto.Sell(t, d, "caisse-1", 2000, loto.Serials(t, d, "A", 1, 2, 3, 4, 5, 6)...)
	v := loto.Sell(t, d, "voiture", 600, loto.SerialOf(t, d, "V", 1))
	r, err := d.AddReservation(ctx, loto.Org("org"), loto.ReservationSpec{Name: "Marie", Tickets: 1})
	loto.Ok(t, err)
	pp, err := d.Postpone(ctx, loto.Org("organisateur"), "")
	loto.Ok(t, err)
	if pp.Reason != "manque de joueurs" || len(pp.ToRefund) != 2 || pp.ToRefund[0].ID != a.ID || pp.ToRefund[1].ID != v.ID {
		t.Fatalf("postponement %+v", pp)
	}
	before := store.Count()
	_, err = d.Sell(loto.Keyed(), loto.Org("caissier"), loto.SaleRequest{Desk: "caisse-1", Cards: loto.CardCodes(t, loto.Serials(t, d, "A", 7)), Payments: loto.PayCash(500)})
	loto.WantCode(t, err, loto.EConflict)
	if !strings.Contains(loto.ErrorMessage(err), "R29") {
		t.Fatalf("sale after postponement: %q", loto.ErrorMessage(err))
	}
	_, err = d.Admit(ctx, loto.Org("jean"), "porte-1", loto.TicketOf(t, r.Tickets[0].Code), loto.SerialIn(t, loto.SerialOf(t, d, "A", 8)))
	loto.WantCode(t, err, loto.EConflict)
	_, err = d.Postpone(ctx, loto.Org("organisateur"), "encore")
	loto.WantCode(t, err, loto.EConflict)
	loto.NothingWritten(t, store, before)
	_, err = d.RefundSale(ctx, loto.Org("organisateur"), loto.RefundRequest{Sale: a.ID, Reason: loto.RefundPostponement})
	loto.Ok(t, err)
	rep, err := report.OfDay(ctx, d)
	loto.Ok(t, err)
	if rep.Postponed == nil || len(rep.Postponed.ToRefund) != 1 || rep.Postponed.ToRefund[0].ID != v.ID || rep.Totals.NetCents != 600 {
		t.Fatalf("report after one refund: %+v, net %s", rep.Postponed, rep.Totals.NetCents)
	}
	// Once a game has started the loto cannot be postponed.
	d2, _ := loto.EntranceDay(t)
	_, err = d2.StartGame(ctx, loto.Org("host"))
	loto.Ok(t, err)
	_, err = d2.Postpone(ctx, loto.Org("organisateur"), "")
	loto.WantCode(t, err, loto.EConflict)
}

func TestR18_R19_ShareSaysOfHowManyAndWhichVoucher(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prize   string
		k       int
		tokens  []int
		decline bool
		want    []string // what each winner receives, in claim order
	}{
		{"shared equally", loto.Voucher30, 2, nil, false, []string{"15,00 € (part de 2 sur le bon de 30 €)", "15,00 € (part de 2 sur le bon de 30 €)"}},
		{"shared by the highest tokens", loto.Voucher20, 3, []int{40, 9, 71}, false, []string{"10,00 € (part de 2 sur le bon de 20 €)", "", "10,00 € (part de 2 sur le bon de 20 €)"}},
		{"declined", loto.Voucher30, 2, []int{3, 80}, true, []string{"", "30,00 € (bon entier : partage refusé, R18)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, _ := loto.TieDay(t, tc.prize, tc.k)
			ctx := context.Background()
			if tc.decline {
				loto.Ok(t, d.DeclineShare(ctx, loto.Org("host")))
			}
			if tc.tokens != nil {
				_, err := d.DrawTokens(ctx, loto.Org("controleur"), tc.tokens)
				loto.Ok(t, err)
			}
			a, err := d.Award(ctx, loto.Org("host"))
			loto.Ok(t, err)
			if a.Declined != tc.decline {
				t.Fatalf("award declined = %v, want %v", a.Declined, tc.decline)
			}
			for i, w := range a.Winners {
				if got := loto.ShareFrench(w, a.Winners, a.Declined); got != tc.want[i] {
					t.Fatalf("winner %d %+v: %q, want %q", i, w, got, tc.want[i])
				}
			}
			rep, err := report.OfDay(ctx, d)
			loto.Ok(t, err)
			for i, p := range rep.Prizes {
				if p.Share != tc.want[i] || p.Declined != tc.decline {
					t.Fatalf("report line %d %+v: share %q declined %v", i, p, tc.want[i], tc.decline)
				}
			}
			if s := d.Results()[0].Stages[0]; s.Declined != tc.decline {
				t.Fatalf("results stage declined = %v, want %v", s.Declined, tc.decline)
			}
		})
	}
}
