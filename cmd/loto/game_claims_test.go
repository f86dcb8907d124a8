package main

import (
	"fmt"
	"strings"
	"testing"

	"loto/internal/card"
	"loto/internal/loto"
)

func TestR21_GameCLI_LateAfterAnEmptyControl(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	var drawn []card.Number
	draw(t, db, cards, &drawn, cards[0].Grid.Row(0)...)
	// A wrong call (card 2 shares no number with card 1, same plate) and its empty control.
	mustRun(t, "game", "claim", cards[1].Serial, "--db", db)
	if out := mustRun(t, "game", "control", "--db", db); !strings.Contains(out, "aucun gagnant") {
		t.Fatalf("control of a wrong claim:\n%s", out)
	}
	// Card 1 completed at this number and calls once that control has begun.
	out := mustRun(t, "game", "claim", cards[0].Serial, "--db", db)
	if !strings.Contains(out, "annonce 2 — "+cards[0].Serial+" : annonce après le début du contrôle : non retenue (R21)") || strings.Contains(out, "le tirage est arrêté") {
		t.Fatalf("late claim after an empty control:\n%s", out)
	}
	fails(t, db, "aucun appel à contrôler", "game", "control", "--db", db)
	if text := mustRun(t, "game", "status", "--db", db); !strings.Contains(text, "annonce 2 — "+cards[0].Serial+" : annonce après le début du contrôle") {
		t.Fatalf("status does not show the late claim:\n%s", text)
	}
	// The empty control's verdict stays on show until the next number, then the late claim.
	if st := status(t, db); st.Phase != loto.PhaseDrawing || len(st.Claims) != 2 || st.Claims[0].Verdict != loto.VerdictNotWinner || st.Claims[1].Verdict != loto.VerdictLate {
		t.Fatalf("status as JSON: %+v", st)
	}
}

func TestR20_GameCLI_CardThatCompletedEarlierIsToldWhy(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	row := cards[0].Grid.Row(0)
	var drawn []card.Number
	draw(t, db, cards, &drawn, row...)
	draw(t, db, cards, &drawn, cards[1].Grid.Row(0)[0])
	mustRun(t, "game", "claim", cards[0].Serial, "--db", db)
	out := mustRun(t, "game", "control", "--db", db)
	want := fmt.Sprintf("annonce 1 — %s : pas gagnant — ligne complète depuis le n° %d (5e numéro) : annonce trop tardive (R20)", cards[0].Serial, row[4])
	if !strings.Contains(out, want) || strings.Contains(out, "erreur du joueur") {
		t.Fatalf("control does not say %q:\n%s", want, out)
	}
}

func TestR27_GameCLI_RulingForADuplicateWarns(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	var drawn []card.Number
	draw(t, db, cards, &drawn, cards[0].Grid.Row(0)...)
	mustRun(t, "game", "claim", cards[0].Serial, cards[0].Serial, "--db", db)
	mustRun(t, "game", "control", "--db", db)
	out := mustRun(t, "game", "rule", "--role", "meneur", "--claim", "2", "--verdict", "win", "--why", "le joueur insiste", "--db", db)
	warn := "attention : la carte " + cards[0].Serial + " gagne déjà par l'annonce 1 ; cette décision lui donne une part de plus"
	if !strings.Contains(out, warn) {
		t.Fatalf("ruling does not warn %q:\n%s", warn, out)
	}
	if text := mustRun(t, "game", "status", "--db", db); !strings.Contains(text, "annonce 2 — "+cards[0].Serial+" : carton gagnant — "+warn) {
		t.Fatalf("status does not carry the warning in the verdict:\n%s", text)
	}
}

// reportCSV returns the day's report as CSV.
func reportCSV(t *testing.T, db string) string {
	t.Helper()
	return mustRun(t, "report", "day", "--format", "csv", "--db", db)
}

func TestR18_GameCLI_SharedVoucherSaysThePart(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	other, _ := drawTie(t, db, cards)
	mustRun(t, "game", "claim", cards[0].Serial, other.Serial, "--db", db)
	mustRun(t, "game", "control", "--db", db)
	out := mustRun(t, "game", "award", "--db", db)
	part := "15,00 € (part de 2 sur le bon de 30 €)"
	for _, c := range []string{cards[0].Serial, other.Serial} {
		if !strings.Contains(out, c+" : Bon de 30 €, montant "+part) {
			t.Fatalf("award does not say %s gets %q:\n%s", c, part, out)
		}
	}
	if csv := reportCSV(t, db); strings.Count(csv, part) != 2 {
		t.Fatalf("the report does not say the part twice:\n%s", csv)
	}
}

func TestR18_GameCLI_DeclinedShareShownInStatusAndReport(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	other, _ := drawTie(t, db, cards)
	mustRun(t, "game", "claim", cards[0].Serial, other.Serial, "--db", db)
	mustRun(t, "game", "control", "--db", db)
	if text := mustRun(t, "game", "status", "--db", db); !strings.Contains(text, "égalité entre 2 gagnants (R17) : le bon se partage à parts égales (R18)") {
		t.Fatalf("status of a tie:\n%s", text)
	}
	mustRun(t, "game", "decline", "--db", db)
	if text := mustRun(t, "game", "status", "--db", db); !strings.Contains(text, "égalité entre 2 gagnants (R17) : partage refusé (R18)") {
		t.Fatalf("status does not say the share was declined:\n%s", text)
	}
	if st := status(t, db); !st.Declined || st.Tie != loto.TieDeclined {
		t.Fatalf("status as JSON: declined %v, tie %q", st.Declined, st.Tie)
	}
	mustRun(t, "game", "tokens", "12", "57", "--db", db)
	if text := mustRun(t, "game", "status", "--db", db); !strings.Contains(text, "pions tirés (R17) : "+cards[0].Serial+" 12, "+other.Serial+" 57 ; remettre le lot") {
		t.Fatalf("status once the tokens are drawn:\n%s", text)
	}
	whole := "30,00 € (bon entier : partage refusé, R18)"
	if out := mustRun(t, "game", "award", "--db", db); !strings.Contains(out, other.Serial+" (pion 57) : Bon de 30 €, montant "+whole) {
		t.Fatalf("award does not say %q:\n%s", whole, out)
	}
	if csv := reportCSV(t, db); !strings.Contains(csv, whole) {
		t.Fatalf("the report does not say the share was declined:\n%s", csv)
	}
}
