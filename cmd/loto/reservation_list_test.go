package main

import (
	"encoding/json"
	"strings"
	"testing"

	"loto/internal/loto"
)

// listJSON runs `loto reservation list --json` with args and decodes it.
func listJSON(t *testing.T, db string, args ...string) []loto.Reservation {
	t.Helper()
	var list []loto.Reservation
	out := mustRun(t, append([]string{"reservation", "list", "--json", "--db", db}, args...)...)
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("reservation list --json: %v in %q", err, out)
	}
	return list
}

func TestCLI_R5_ReservationListSaysWhichTicketsAreCrossed(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	if out := mustRun(t, "reservation", "list", "--db", db); !strings.Contains(out, "aucune réservation") {
		t.Fatalf("list of none: %q", out)
	}
	if list := listJSON(t, db); list == nil || len(list) != 0 {
		t.Fatalf("JSON list of none: %#v, want []", list)
	}
	marie := strings.Fields(mustRun(t, "reservation", "add", "Marie", "Dupont", "--contact", "marie@example.fr", "--tickets", "2", "--db", db))
	helene := strings.Fields(mustRun(t, "reservation", "add", "Hélène Lefèvre", "--db", db))
	mustRun(t, "reservation", "add", "Paul", "--contact", "06 12 34 56 78", "--db", db)
	a := serialsOf(t, db, "A", 1)
	mustRun(t, "door", "--door", "porte-1", marie[0], a[0], "--db", db)

	all := listJSON(t, db)
	if len(all) != 3 || all[0].Name != "Marie Dupont" || all[0].Contact != "marie@example.fr" || len(all[0].Tickets) != 2 {
		t.Fatalf("list: %+v", all)
	}
	if c := all[0].Tickets[0].Crossed; c == nil || c.Door != "porte-1" || c.Card != a[0] || c.Time.IsZero() {
		t.Fatalf("crossed ticket %+v", all[0].Tickets[0])
	}
	if all[0].Tickets[1].Crossed != nil || all[1].Tickets[0].Crossed != nil {
		t.Fatalf("tickets not scanned are listed as crossed: %+v", all)
	}

	out := mustRun(t, "reservation", "list", "--db", db)
	lines := strings.Split(out, "\n")
	for _, want := range []struct{ code, say string }{{marie[0], "porte-1"}, {marie[0], a[0]}, {marie[1], "non"}, {helene[0], "non"}} {
		found := false
		for _, l := range lines {
			found = found || strings.Contains(l, want.code) && strings.Contains(l, want.say)
		}
		if !found {
			t.Fatalf("no line with %s saying %q:\n%s", want.code, want.say, out)
		}
	}
	if !strings.Contains(out, "3 réservations, 4 billets dont 1 barré\n") {
		t.Fatalf("counts: %q", out)
	}

	tests := []struct {
		name, text string
		want       []string // names listed
	}{
		{"without accents in lower case", "lefevre", []string{"Hélène Lefèvre"}},
		{"in capitals", "DUPONT", []string{"Marie Dupont"}},
		{"a part shared by two", "e", []string{"Marie Dupont", "Hélène Lefèvre"}},
		{"nobody", "Durand", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range listJSON(t, db, "--name", tt.text) {
				got = append(got, r.Name)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("--name %q lists %q, want %q", tt.text, got, tt.want)
			}
		})
	}
	if out := mustRun(t, "reservation", "list", "--name", "lefevre", "--db", db); !strings.Contains(out, helene[0]) || strings.Contains(out, "Marie") ||
		!strings.Contains(out, "1 réservation, 1 billet dont 0 barré") {
		t.Fatalf("--name lefevre: %q", out)
	}
	if out := mustRun(t, "reservation", "list", "--name", "Durand", "--db", db); !strings.Contains(out, "aucune réservation au nom de « Durand »") {
		t.Fatalf("--name of nobody: %q", out)
	}
	misused(t, db, "--name TEXTE", "reservation", "list", "Dupont", "--db", db)
}
