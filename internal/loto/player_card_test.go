package loto

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"loto/internal/card"
)

// playerYAML is a day of three games: the first for regular cards, the
// second for the special card only (R31), the third for both (R32).
const playerYAML = `name: Loto des joueurs
date: 2025-03-16
venue: Salle des fêtes
schedule: {doors: "08:00", start: "11:00"}
series:
  - {code: A, kind: regular, cards: 60, color: jaune, title: Loto du club}
  - {code: V, kind: special, cards: 12, color: rose, title: La voiture}
prices:
  regular: [{cards: 1, cents: 500}]
  special: [{cards: 1, cents: 600}]
desks: [{name: caisse-1}, {name: pmr, pmr: true}, {name: voiture, special: true}]
draw: rng
programme:
  - {title: Partie 1, kinds: [regular], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000}}]}
  - {title: La voiture, kinds: [special], stages: [{stage: carton_plein, prize: {label: Voiture, kind: object}}]}
  - {title: Partie 3, kinds: [regular, special], stages: [{stage: quine, prize: {label: Bon de 50 €, kind: voucher, cents: 5000}}]}
`

// TestR9_R10_R14_R31_PlayerCardSaysWhichGamesItPlays: a player's phone
// gets the grid of a card of a series on sale and the games it plays, from
// its kind (R31, R32) and when it was stamped (R14); an unsold or voided
// card plays none (R9, R28); the answer never says the sale, the desk or
// the ticket.
func TestR9_R10_R14_R31_PlayerCardSaysWhichGamesItPlays(t *testing.T) {
	d, _ := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "B", Cards: 12})
	ok(t, err)
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, []byte(playerYAML)))
	ok(t, err)
	for _, dk := range []string{"caisse-1", "voiture"} {
		_, err := d.OpenDesk(ctx, org("caissier"), dk, 10000)
		ok(t, err)
	}
	early := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	car := sell(t, d, "voiture", 600, serialOf(t, d, "V", 1))
	refunded := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	_, err = d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Sales: []int{refunded.ID}})
	ok(t, err)
	start(t, d)
	late := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 7))

	for _, tc := range []struct {
		name   string
		serial string
		state  PlayerCardState
		games  []int
		from   int
		says   string
	}{
		{"stamped before the start", early.Cards[0], PlayerStamped, []int{1, 3}, 1, "elle joue les parties 1 et 3"},
		{"special card", car.Cards[0], PlayerStamped, []int{2, 3}, 2, "elle joue les parties 2 et 3"},
		{"sold after the start", late.Cards[0], PlayerStamped, []int{3}, 3, "elle joue la partie 3"},
		{"voided", refunded.Cards[0], PlayerVoided, []int{}, 0, "annulée"},
		{"not sold", serialOf(t, d, "A", 3), PlayerUnsold, []int{}, 0, "pas vendue"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pc, err := viaEdge(strings.ToLower(tc.serial), d.PlayerCard)
			ok(t, err)
			if pc.Serial != tc.serial || pc.State != tc.state || pc.FromGame != tc.from || !slices.Equal(pc.Games, tc.games) {
				t.Fatalf("card %+v, want %s games %v from %d", pc, tc.state, tc.games, tc.from)
			}
			if !strings.Contains(pc.Text, tc.says) {
				t.Fatalf("text %q does not say %q", pc.Text, tc.says)
			}
			grid, err := d.Card(serialIn(t, tc.serial))
			ok(t, err)
			if pc.Grid != grid || pc.Grid.Validate() != nil {
				t.Fatalf("grid %v, the card's is %v", pc.Grid, grid)
			}
			js, err := json.Marshal(pc)
			ok(t, err)
			for _, secret := range []string{`"sale"`, `"desk"`, `"ticket"`, "caisse", "vente n°"} {
				if strings.Contains(string(js), secret) {
					t.Fatalf("a player's card tells %s: %s", secret, js)
				}
			}
		})
	}
	pc, err := d.PlayerCard(serialIn(t, car.Cards[0]))
	ok(t, err)
	if !pc.Special || pc.Color != "rose" || pc.Title != "La voiture" || pc.Series != "V" || pc.Plate != 1 {
		t.Fatalf("special card %+v", pc)
	}

	for _, tc := range []struct{ name, text, code, says string }{
		{"malformed", "bonjour", EInvalid, "illisible"},
		{"bad check code", forgeCheck(early.Cards[0]), EInvalid, "code de contrôle faux"},
		{"series not on sale", serialOf(t, d, "B", 1), ENotFound, "pas en vente aujourd'hui"},
		{"unknown series", "Q-000001-22", ENotFound, "pas en vente aujourd'hui"},
		{"beyond the series", "A-000061-22", ENotFound, "hors de la série"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pc, err := viaEdge(tc.text, d.PlayerCard)
			wantCode(t, err, tc.code)
			if !strings.Contains(ErrorMessage(err), tc.says) {
				t.Fatalf("message %q does not say %q", ErrorMessage(err), tc.says)
			}
			if pc.Grid != (card.Card{}) || pc.Serial != "" {
				t.Fatalf("a refused lookup answered %+v", pc)
			}
		})
	}
}
