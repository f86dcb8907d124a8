package loto

import (
	"strings"
	"testing"
)

// The fuzz targets of the actor's two parsers: a role as typed on the
// command line (`--role caissier`, `--as meneur`) or sent by the devices'
// page, and an actor in its journal form ("cashier:caisse-1/Marie"). Each
// input either parses into a value that writes back to itself, or is
// refused fairly (see refusedFairly) with no partial value.

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

func FuzzParseActor(f *testing.F) {
	for _, s := range []string{"cashier:caisse-1/Marie", "host/Paul", "controller/Jean/Luc : bénévole", "cashier:pmr:1/A:B", "host:/Paul",
		"cli", "", "host", "chef/Marie", "cashier/Marie", "host:caisse-1/Paul", "cashier:caisse/1/Marie", "host/ ", "host/Paul\x1b[2J",
		"door/\u202eJean", "organiser/" + strings.Repeat("a", 81), "système/auto"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseActor(s)
		if err != nil {
			refusedFairly(t, s, err, 1)
			if a != (Actor{}) {
				t.Fatalf("%q refused, yet reads as %+v", s, a)
			}
			return
		}
		if err := a.Check(); err != nil {
			t.Fatalf("%q reads as %+v, which cannot sign an event: %v", s, a, err)
		}
		if back, err := ParseActor(a.String()); err != nil || back != a {
			t.Fatalf("%q reads as %+v, written %q, read back as %+v, %v", s, a, a.String(), back, err)
		}
		// The fold reads the same name out of the event's actor.
		if name := actorName(s); name != a.Name {
			t.Fatalf("%q reads as the name %q, the fold's actorName as %q", s, a.Name, name)
		}
	})
}
