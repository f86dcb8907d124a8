package loto

import (
	"context"
	"strings"
	"testing"
)

// twoGames is the entrance day's event file with a second game, where the
// regular cards play and the special ones do not.
func twoGames(t *testing.T) string {
	t.Helper()
	const game = "  - {title: Partie, kinds: [regular, special], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}]}\n"
	if !strings.Contains(entranceYAML, game) {
		t.Fatal("the entrance day's game is not as the test knows it")
	}
	return strings.Replace(entranceYAML, game, game+strings.Replace(game, "kinds: [regular, special]", "kinds: [regular]", 1), 1)
}

// startedDay is the entrance day of two games with card A-1 sold and game 1
// started, no number out yet: the game's seed is drawn, its numbers fixed.
func startedDay(t *testing.T) *Day {
	t.Helper()
	d, _ := entranceDayOf(t, twoGames(t), "caisse-1")
	sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	start(t, d)
	return d
}

func TestR14_SaleAfterTheStartWarnsTheCashier(t *testing.T) {
	d := startedDay(t)
	s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	want := "la partie n° 1 a commencé : ces cartes jouent à partir de la partie suivante (R14)"
	if len(s.Warnings) != 1 || s.Warnings[0] != want {
		t.Fatalf("warnings %q, want %q", s.Warnings, want)
	}
	// Before the start, a sale plays the game: no warning.
	d2, _ := entranceDay(t, "caisse-1")
	if s := sell(t, d2, "caisse-1", 500, serialOf(t, d2, "A", 2)); len(s.Warnings) != 0 {
		t.Fatalf("sale before the start warns %q", s.Warnings)
	}
}

// A card sold between the start and the first number plays from the next
// game (R14, R9), and a claim on it in this game says why.
func TestR14_R9_CardSoldBetweenStartAndFirstNumberPlaysFromTheNextGame(t *testing.T) {
	d := startedDay(t)
	late := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	ctx := context.Background()
	d.View(func(st *State) {
		g := st.running()
		for _, ref := range st.inPlayRefs(g) {
			if ref == (CardRef{Series: "A", Number: 2}) {
				t.Fatal("the card sold after the start is in play")
			}
		}
	})
	_, err := d.Draw(ctx, org("host"), 0)
	ok(t, err)
	ok(t, d.Call(ctx, org("host")))
	r := claimAll(t, d, late.Cards[0], serialOf(t, d, "A", 3), serialOf(t, d, "A", 1))
	want := "carte vendue après le début de la partie n° 1 (vente n° 2) : elle joue à partir de la partie suivante (R14)"
	if v := r.Verdicts[0]; v.Verdict != VerdictNextGame || v.Reason != want || !strings.Contains(v.Verdict.French(), "vendue ou remise après le début de la partie") {
		t.Fatalf("verdict %+v, want next_game because %q, said so (not \"non tamponnée\", which is false)", v, want)
	}
	// An unsold card is not stamped, with no reason to add; a card that plays has none either.
	if v := r.Verdicts[1]; v.Verdict != VerdictNotStamped || v.Reason != "" {
		t.Fatalf("unsold card: %+v", v)
	}
	if v := r.Verdicts[2]; v.Reason != "" {
		t.Fatalf("card in play: %+v", v)
	}
}

func TestR14_FreeCardAfterTheStartWarnsTheDoor(t *testing.T) {
	want := "la partie n° 1 a commencé : cette carte joue à partir de la partie suivante (R14)"
	last := "la partie n° 1 a commencé et c'est la dernière : cette carte ne joue plus aujourd'hui (R14)"
	tests := []struct {
		name    string
		event   string
		started bool // game 1 has started when the ticket is scanned
		drawn   bool // and a number of it is out
		want    []string
	}{
		{"numbers out: the free card plays from the next game", twoGames(t), true, true, []string{want}},
		{"game started, no number out: it plays from the next game too", twoGames(t), true, false, []string{want}},
		{"before the start: it plays the game", twoGames(t), false, false, nil},
		{"the last game started: the card plays no more", entranceYAML, true, true, []string{last}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := entranceDayOf(t, tt.event, "caisse-1")
			ctx := WithKey(context.Background(), Key("door-"+tt.name))
			r, err := d.AddReservation(context.Background(), org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
			ok(t, err)
			if tt.started {
				start(t, d)
			}
			if tt.drawn {
				_, err = d.Draw(context.Background(), org("host"), 0)
				ok(t, err)
			}
			free := serialOf(t, d, "A", 2)
			a, err := d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, free))
			ok(t, err)
			if strings.Join(a.Warnings, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("warnings %q, want %q", a.Warnings, tt.want)
			}
			// A retried scan answers as the first one did.
			again, err := d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, free))
			ok(t, err)
			if again.Seq != a.Seq || strings.Join(again.Warnings, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("retried scan %+v, want %+v", again, a)
			}
		})
	}
}

// TestR14_NoSaleOfCardsThatNoGameLeftPlays: once the last game that a kind
// of card plays has started, a card of that kind sold now would play
// nothing: the desk is refused with the reason, and nothing is recorded.
// A kind that a later game still plays sells, with the warning.
func TestR14_NoSaleOfCardsThatNoGameLeftPlays(t *testing.T) {
	d, store := entranceDayOf(t, twoGames(t), "caisse-1", "voiture")
	ctx := context.Background()
	start(t, d) // game 1; game 2 plays regular cards only
	before := store.count()
	_, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "voiture", Cards: cardCodes(t, serials(t, d, "V", 1)), Payments: cash(600)})
	wantCode(t, err, EConflict)
	wantSays(t, err, []string{"plus aucune partie ne reste pour les cartes spéciales : la partie n° 1 a commencé"})
	nothingWritten(t, store, before)
	if s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2)); len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "partie suivante") {
		t.Fatalf("a regular card for game 2: warnings %q", s.Warnings)
	}

	// The day of one game, started: no card of any kind sells.
	d2, store2 := entranceDay(t, "caisse-1")
	start(t, d2)
	before = store2.count()
	_, err = d2.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{serialOf(t, d2, "A", 3)}), Payments: cash(500)})
	wantCode(t, err, EConflict)
	wantSays(t, err, []string{"plus aucune partie ne reste pour les cartes ordinaires : la partie n° 1 a commencé et aucune partie après elle ne les fait jouer"})
	nothingWritten(t, store2, before)
	_, err = d2.Quote(ctx, org("caissier"), "caisse-1", cardCodes(t, []string{serialOf(t, d2, "A", 3)}))
	wantCode(t, err, EConflict)
}

// TestR14_SaleSaysTheGameItsCardsPlayFrom: a quote and a sale say the
// game the cards play from, the next one not started: the first before
// the start; after it, the second, which a desk that took the sale while
// cut off, before the start, learns from the sale's answer only.
func TestR14_SaleSaysTheGameItsCardsPlayFrom(t *testing.T) {
	d, store := entranceDayOf(t, twoGames(t), "caisse-1")
	org := Actor{Name: "caisse", Role: RoleOrganiser}
	codes, err := ParseCardCodes([]string{serialOf(t, d, "A", 2)})
	ok(t, err)
	q, err := d.Quote(context.Background(), org, "caisse-1", codes)
	ok(t, err)
	if q.PlaysFrom != 1 || d.PlaysFrom() != 1 {
		t.Fatalf("before the start: the quote says game %d, the day %d, want 1", q.PlaysFrom, d.PlaysFrom())
	}
	if s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1)); s.PlaysFrom() != 1 {
		t.Fatalf("a sale before the start plays from game %d, want 1", s.PlaysFrom())
	}
	start(t, d)
	q, err = d.Quote(context.Background(), org, "caisse-1", codes)
	ok(t, err)
	if s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2)); q.PlaysFrom != 2 || s.PlaysFrom() != 2 {
		t.Fatalf("after the start: the quote says game %d, the sale %d, want 2", q.PlaysFrom, s.PlaysFrom())
	}
	if got := reopen(t, store).Sales()[1].PlaysFrom(); got != 2 {
		t.Fatalf("replayed, the sale plays from game %d, want 2", got)
	}
}
