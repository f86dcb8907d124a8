package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"loto/internal/loto"
)

func TestCLI_R28_ExcludeVoidsEveryCardOfThePerson(t *testing.T) {
	t.Parallel()
	db, a := deskDay(t, 4)
	ticket := strings.TrimSpace(mustRun(t, "reservation", "add", "Dupont", "--db", db))
	mustRun(t, "door", "--door", "porte-1", "--db", db, ticket, a[0])
	s := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:10", a[1], a[2]) // no ticket named
	misused(t, db, "--why est requis", "exclude", "--ticket", ticket, "--db", db)
	misused(t, db, "nommer au moins", "exclude", "--why", "bruit", "--db", db)
	misused(t, db, "--sale deux", "exclude", "--why", "bruit", "--sale", "deux", "--db", db)
	var x loto.Exclusion
	out := mustRun(t, "exclude", "--why", "perturbe le jeu", "--ticket", ticket, "--sale", itoa(s.Sale), "--json", "--db", db)
	if err := json.Unmarshal([]byte(out), &x); err != nil || x.Cents != 1000 || len(x.Cards) != 3 || len(x.Refunds) != 1 {
		t.Fatalf("exclusion %+v %v", x, err)
	}
	for _, c := range a[:3] {
		if out := mustRun(t, "card", "check", "--db", db, c); !strings.Contains(out, "carte annulée (exclusion") {
			t.Fatalf("card %s after the exclusion:\n%s", c, out)
		}
	}
	if out := mustRun(t, "card", "check", "--db", db, a[3]); strings.Contains(out, "annulée") {
		t.Fatalf("another card voided:\n%s", out)
	}
}

// A winner excluded between the control and the award takes no prize: with
// nobody left the game goes on, and the host's status says why (R28).
func TestR28_ExcludedWinnerIsLeftOutOfTheAward(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	for _, n := range cards[0].Grid.Row(0) {
		mustRun(t, "game", "draw", strconv.Itoa(int(n)), "--db", db)
	}
	mustRun(t, "game", "claim", cards[0].Serial, "--db", db)
	mustRun(t, "game", "control", "--db", db)
	mustRun(t, "exclude", "--why", "perturbe le jeu", "--card", cards[0].Serial, "--db", db)
	out := mustRun(t, "game", "status", "--db", db)
	if !strings.Contains(out, "gagnants changés : la carte "+cards[0].Serial) || !strings.Contains(out, "la partie reprend") {
		t.Fatalf("status after the winner's exclusion:\n%s", out)
	}
	if code, _, errs := run(t, "game", "award", "--db", db); code == 0 || !strings.Contains(errs, "aucun gagnant") {
		t.Fatalf("award with the winner excluded: exit %d %q", code, errs)
	}
}
