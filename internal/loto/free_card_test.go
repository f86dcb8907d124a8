package loto

import (
	"context"
	"testing"
)

// A free card issued at the door before a game starts is in play in that
// game beside the sold cards (R4, R9): the winner index counts it.
func TestR4_FreeCardPlaysTheNextGame(t *testing.T) {
	d, _ := entranceDay(t, "caisse-1")
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	_, err = d.Admit(ctx, org("portier"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 10)))
	ok(t, err)
	sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	start(t, d)
	d.View(func(st *State) {
		refs := st.inPlayRefs(st.running())
		if len(refs) != 2 || refs[0] != (CardRef{Series: "A", Number: 1}) || refs[1] != (CardRef{Series: "A", Number: 10}) {
			t.Fatalf("in play %v, want the sold card A-1 and the free card A-10", refs)
		}
	})
}
