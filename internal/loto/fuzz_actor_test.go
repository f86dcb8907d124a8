package loto

import (
	"strings"
	"testing"
)

// The fuzz targets of what makes an actor: a role as typed on the command
// line (`--role caissier`, `--as meneur`) or sent by the devices' page,
// and an actor's role, desk and name, checked before they sign an event
// and written in the journal's form ("cashier:caisse-1/Marie"), from which
// the fold reads the name. Each input either makes a value that reads
// back, or is refused fairly (see refusedFairly) with no partial value.

func FuzzParseRole(f *testing.F) {
	for _, s := range []string{"cashier", "caissier", "Caissière", " MENEUR DE JEU ", "meneuse de jeu", "entrée", "ENTRÉE", "entree", "accueil",
		"système", "board", "chef", "", " ", "host/", "\u202ehost", "organiser\x00", "meneur  de jeu", "ſystem"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseRole(text)
		if err != nil {
			refusedFairly(t, text, err, 1)
			if r != "" {
				t.Fatalf("%q refused, yet reads as the role %q", text, r)
			}
			return
		}
		if !r.Valid() {
			t.Fatalf("%q reads as %q, not a role", text, r)
		}
		// The role's id and its French name both read back as the role,
		// and so does the text typed with spaces around it.
		for _, again := range []string{string(r), r.Label(), " " + text + "\t"} {
			if back, err := ParseRole(again); err != nil || back != r {
				t.Fatalf("%q reads as %q, but %q reads as %q, %v", text, r, again, back, err)
			}
		}
	})
}

func FuzzActor(f *testing.F) {
	for _, a := range []Actor{{"Marie", RoleCashier, "caisse-1"}, {"Paul", RoleHost, ""}, {"Jean/Luc : bénévole", RoleController, ""},
		{"A:B", RoleCashier, "pmr:1"}, {"cli", "", ""}, {"\x00", "", ""}, {"Marie", "chef", ""}, {"Marie", RoleCashier, ""},
		{"Paul", RoleHost, "caisse-1"}, {"Marie", RoleCashier, "caisse/1"}, {" ", RoleHost, ""}, {"Paul\x1b[2J", RoleHost, ""},
		{"\u202eJean", RoleDoor, ""}, {strings.Repeat("a", 81), RoleOrganiser, ""}, {"auto", "système", ""}, {"Paul", "host:", ""}} {
		f.Add(string(a.Role), a.Desk, a.Name)
	}
	f.Fuzz(func(t *testing.T, role, desk, name string) {
		a := Actor{Name: name, Role: Role(role), Desk: desk}
		form := a.String()
		if err := a.Check(); err != nil {
			refusedFairly(t, form, err, 1)
			return
		}
		// The fold reads the same name out of the event's actor.
		if got := actorName(form); got != name {
			t.Fatalf("an actor named %q signs %q, from which the fold's actorName reads the name %q", name, form, got)
		}
	})
}
