package main

import (
	"strings"
	"testing"
)

func TestCLI_R9_R10_R28_CardCheckSaysWhatTheCardIsToday(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "B", "--cards", "6")
	a := serialsOf(t, db, "A", 4)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:5", a[0])
	sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:5", a[1])
	mustRun(t, "exclude", "--sale", "2", "--why", "perturbe le jeu", "--db", db)
	ticket := strings.TrimSpace(mustRun(t, "reservation", "add", "Dupont", "--db", db))
	mustRun(t, "door", "--door", "porte-1", "--db", db, ticket, a[2])
	for _, tc := range []struct {
		name, serial string
		says         []string
	}{
		{"sold", a[0], []string{"carte vendue : vente n° 1, caisse « caisse-1 »"}},
		{"voided", a[1], []string{"carte annulée (exclusion, remboursement n° 1)", "R28"}},
		{"free card", a[2], []string{"carte gratuite : billet n° 1,", "entrée « porte-1 »"}},
		{"not sold", a[3], []string{"pas vendue aujourd'hui", "nulle (R9)"}},
		{"series not on sale", serialsOf(t, db, "B", 1)[0], []string{"série B n'est pas en vente aujourd'hui", "R10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, "card", "check", "--db", db, tc.serial)
			if code != 0 || !strings.Contains(out, tc.serial) || strings.Count(out, "|") != 30 {
				t.Fatalf("card check %s: exit %d %q %q", tc.serial, code, out, errs)
			}
			// The status comes after the grid: the controller reads it last.
			last := out[strings.LastIndex(strings.TrimRight(out, "\n"), "\n")+1:]
			if strings.Contains(out, ticket) { // a bearer right to a free card, and the controller is not the door
				t.Fatalf("card check tells the ticket's code: %q", out)
			}
			for _, say := range tc.says {
				if !strings.Contains(last, say) {
					t.Fatalf("last line %q does not say %q", last, say)
				}
			}
		})
	}
}
