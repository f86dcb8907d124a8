package loto

import (
	"strings"
	"testing"
)

func TestActorJournalFormReadsBackItsName(t *testing.T) {
	for _, tc := range []struct {
		actor Actor
		form  string
	}{
		{Actor{Name: "Marie", Role: RoleCashier, Desk: "caisse-1"}, "cashier:caisse-1/Marie"},
		{Actor{Name: "Paul", Role: RoleHost}, "host/Paul"},
		// A name may hold the separators: the first "/" ends the role.
		{Actor{Name: "Jean/Luc : bénévole", Role: RoleController}, "controller/Jean/Luc : bénévole"},
		{Actor{Name: "A:B", Role: RoleCashier, Desk: "pmr:1"}, "cashier:pmr:1/A:B"},
	} {
		if got := tc.actor.String(); got != tc.form {
			t.Errorf("%+v.String() = %q, want %q", tc.actor, got, tc.form)
		}
		ok(t, tc.actor.Check())
		if got := actorName(tc.form); got != tc.actor.Name {
			t.Errorf("actorName(%q) = %q, want %q", tc.form, got, tc.actor.Name)
		}
	}
}

func TestActorRefusedWhenAmbiguousOrInvalid(t *testing.T) {
	for _, tc := range []struct {
		name  string
		actor Actor
	}{
		{"unknown role", Actor{Name: "Marie", Role: "chef"}},
		{"no role", Actor{Name: "Marie"}},
		{"cashier without desk", Actor{Name: "Marie", Role: RoleCashier}},
		{"desk of a host", Actor{Name: "Paul", Role: RoleHost, Desk: "caisse-1"}},
		{"desk with a slash", Actor{Name: "Marie", Role: RoleCashier, Desk: "caisse/1"}},
		{"empty name", Actor{Name: " ", Role: RoleHost}},
		{"control character", Actor{Name: "Paul\x1b[2J", Role: RoleHost}},
		{"bidi override", Actor{Name: "Paul\u202e", Role: RoleHost}},
		{"name too long", Actor{Name: strings.Repeat("a", maxActorName+1), Role: RoleHost}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantCode(t, tc.actor.Check(), EInvalid)
		})
	}
}

func TestActorRefusedAppendsNothing(t *testing.T) {
	d, store := entranceDay(t)
	before := store.count()
	_, err := d.OpenDesk(keyed(), Actor{Name: "Marie", Role: RoleCashier}, "caisse-1", 0)
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
}

func TestActorNameOfAnOlderEvent(t *testing.T) {
	// Events signed before actors had roles keep their signature as the name.
	if got := actorName("caisse-1"); got != "caisse-1" {
		t.Fatalf("actorName = %q", got)
	}
	if got := actorName("door/Jean"); got != "Jean" {
		t.Fatalf("actorName = %q", got)
	}
	// A signature whose head is no role is a name too.
	for _, s := range []string{"", "cli", "host", "chef/Marie"} {
		if got := actorName(s); got != s {
			t.Errorf("actorName(%q) = %q", s, got)
		}
	}
}

func TestRoleLabels(t *testing.T) {
	want := map[Role]string{RoleOrganiser: "organisateur", RoleHost: "meneur de jeu", RoleController: "contrôleur",
		RoleCashier: "caissier", RoleDoor: "entrée", RoleBoard: "tableau", RoleSystem: "système"}
	for _, r := range Roles {
		if r.Label() != want[r] || r.subject() == "" {
			t.Errorf("role %s: label %q, subject %q", r, r.Label(), r.subject())
		}
	}
}
