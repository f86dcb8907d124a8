package main

import (
	"strings"
	"testing"
)

// TestCLI_ActsInTheRoleOfAs checks --as: the CLI acts as the organiser by
// default, in the role --as names otherwise (English ids or French words),
// and the domain's role table refuses what that role may not do.
func TestCLI_ActsInTheRoleOfAs(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	a := serialsOf(t, db, "A", 2)
	for _, tc := range []struct{ name, say, as string }{
		{"unknown role", "--as « chef » : rôle « chef » inconnu : organisateur, meneur", "chef"},
		{"cashier without desk", "un caissier agit à une caisse : --as caissier:CAISSE", "caissier"},
		{"cashier with an empty desk", "un caissier agit à une caisse", "cashier: "},
		{"desk of another role", "seul un caissier agit à une caisse : --as meneur de jeu, sans caisse", "host:caisse-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			misused(t, db, tc.say, "desk", "open", "caisse-1", "--float", "0", "--as", tc.as, "--db", db)
		})
	}
	fails(t, db, "un caissier de pmr ne peut pas ouvrir caisse-1", "desk", "open", "caisse-1", "--float", "0", "--as", "cashier:pmr", "--db", db)
	fails(t, db, "le tableau ne peut rien enregistrer", "desk", "open", "caisse-1", "--float", "0", "--as", "tableau", "--db", db)
	fails(t, db, "le meneur de jeu ne peut pas ouvrir une caisse", "desk", "open", "caisse-1", "--float", "0", "--as", "meneur", "--db", db)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--as", "Caissière:caisse-1", "--by", "Marie", "--db", db)
	fails(t, db, "un caissier de caisse-1 ne peut pas vendre à pmr", "sell", "--desk", "pmr", "--pay", "cash:5", a[0], "--as", "caissier:caisse-1", "--db", db)
	mustRun(t, "sell", "--pay", "cash:5", a[0], "--as", "caissier:caisse-1", "--by", "Marie", "--db", db) // at its own desk
	fails(t, db, "un caissier ne peut pas exclure une personne : c'est le rôle de l'organisateur", "exclude", "--sale", "1", "--why", "x", "--as", "caissier:caisse-1", "--db", db)
	fails(t, db, "un caissier ne peut pas rembourser une vente : c'est le rôle de l'organisateur", "refund", "--sale", "1", "--reason", "postponement", "--as", "caissier:caisse-1", "--db", db)
	mustRun(t, "sell", "--desk", "caisse-1", "--pay", "cash:5", a[1], "--db", db) // the organiser, by default
	fails(t, db, "un contrôleur ne peut pas lancer une partie", "game", "start", "--as", "controller", "--db", db)
	mustRun(t, "game", "start", "--as", "meneur de jeu", "--by", "Paul", "--db", db)
	if help := mustRun(t, "help"); !strings.Contains(help, "--as RÔLE[:CAISSE]") {
		t.Errorf("loto help does not say --as:\n%s", help)
	}
	export := mustRun(t, "journal", "export", "--db", db)
	for _, want := range []string{`"actor":"cashier:caisse-1/Marie","type":"desk.opened"`, `"actor":"cashier:caisse-1/Marie","type":"sale.recorded"`,
		`"actor":"organiser/cli","type":"sale.recorded"`, `"actor":"host/Paul","type":"game.started"`} {
		if !strings.Contains(export, want) {
			t.Errorf("journal export lacks %s:\n%s", want, export)
		}
	}
}

// TestCLI_R27_HostRulesOnlyInItsOwnName: acting as the host, a ruling in
// the organiser's name is refused; the host's own is recorded.
func TestCLI_R27_HostRulesOnlyInItsOwnName(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	mustRun(t, "game", "start", "--db", db)
	fails(t, db, "le meneur de jeu ne peut pas enregistrer une décision au nom d'un autre rôle", "game", "rule", "--as", "host", "--role", "organisateur", "--what", "x", "--why", "y", "--db", db)
	fails(t, db, "l'entrée ne peut pas trancher un litige : c'est le rôle du meneur de jeu ou de l'organisateur", "game", "rule", "--as", "door", "--role", "meneur", "--what", "x", "--why", "y", "--db", db)
	if out := mustRun(t, "game", "rule", "--as", "host", "--role", "meneur", "--what", "joueur averti", "--why", "bruit", "--db", db); !strings.Contains(out, "par le meneur de jeu") {
		t.Fatalf("ruling: %s", out)
	}
}

// TestCLI_R27_RoleDefaultsToTheActingRole: --as says who decides, so
// --role is not needed; without --as the CLI acts, and decides, as the
// organiser. A role that cannot decide is still refused, recording nothing.
func TestCLI_R27_RoleDefaultsToTheActingRole(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	mustRun(t, "game", "start", "--db", db)
	for _, tc := range []struct {
		as  []string
		who string
	}{{[]string{"--as", "host"}, "par le meneur de jeu"}, {[]string{"--as", "organisateur"}, "par l'organisateur"}, {nil, "par l'organisateur"}} {
		args := append([]string{"game", "rule", "--what", "joueur averti", "--why", "bruit", "--db", db}, tc.as...)
		if out := mustRun(t, args...); !strings.Contains(out, tc.who) {
			t.Fatalf("ruling %v: %s, want %q", tc.as, out, tc.who)
		}
	}
	fails(t, db, "l'entrée ne peut pas trancher un litige", "game", "rule", "--as", "door", "--what", "x", "--why", "y", "--db", db)
}

// An unknown role is refused with the whole list of the
// roles, however long the value typed: only the value is cut, never the
// reason that follows it.
func TestCLI_UnknownRoleListsEveryRole(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	for _, typed := range []string{"pirate", "\x1b[2J" + strings.Repeat("x", 5000)} {
		code, _, errs := run(t, "game", "start", "--as", typed, "--db", db)
		if code != 2 || !strings.Contains(errs, "door, board, system)") ||
			strings.Contains(errs, "\x1b") || strings.Contains(errs, strings.Repeat("x", 200)) {
			t.Fatalf("--as %.20q: exit %d, stderr %q", typed, code, errs)
		}
	}
}
