package loto

import (
	"context"
	"strings"
	"testing"
)

func TestCheckPublicURL(t *testing.T) {
	good := []struct{ in, want string }{
		{"", ""},
		{"  ", ""},
		{"http://192.168.1.10:8080", "http://192.168.1.10:8080"},
		{"https://Loto.Rotary-SaintBrieuc.fr/", "https://loto.rotary-saintbrieuc.fr"},
		{" https://loto.example.org ", "https://loto.example.org"},
		{"http://[fe80::1]:8080", "http://[fe80::1]:8080"},
	}
	for _, tc := range good {
		got, err := CheckPublicURL(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("CheckPublicURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	bad := []struct{ in, want string }{
		{"loto.example.org", "commence par http:// ou https://"},
		{"ftp://loto.example.org", "commence par http:// ou https://"},
		{"https://admin:secret@loto.example.org", "sans nom d'utilisateur ni mot de passe"},
		{"https://loto.example.org/reglement", "sans chemin"},
		{"https://loto.example.org/?a=1", "sans chemin"},
		{"https://loto.example.org#x", "sans chemin"},
		{"http://", "le nom ou l'adresse du serveur manque"},
		{"http://localhost:8080", "l'ordinateur lui-même"},
		{"http://127.0.0.1:8080", "l'ordinateur lui-même"},
		{"http://[::1]:8080", "l'ordinateur lui-même"},
		{"http://0.0.0.0:8080", "l'ordinateur lui-même"},
		{"http://192.168.1.10:99999", "port « 99999 » invalide"},
		{"http://192.168.1.10:", "le port manque"},
		{"http://loto example.org", "écrire par exemple"},
		{"https://" + strings.Repeat("a", 80) + ".fr", "80 caractères au plus"},
	}
	for _, tc := range bad {
		got, err := CheckPublicURL(tc.in)
		if err == nil || !strings.Contains(ErrorMessage(err), tc.want) || got != "" {
			t.Errorf("CheckPublicURL(%q) = %q, %v; want a refusal saying %q", tc.in, got, err, tc.want)
			continue
		}
		if code := ErrorCode(err); code != EInvalid {
			t.Errorf("CheckPublicURL(%q): code %s", tc.in, code)
		}
	}
}

// R34: with the day's public address, the board's reminder and the
// players' page give it in full (a board read on a phone needs the whole
// address).
func TestR34_ReminderGivesThePublicAddress(t *testing.T) {
	spec := eventSpec(t, megaLoto(t))
	spec.PublicURL = "https://loto.example.org"
	r := spec.Reminder()
	if last := r[len(r)-1]; last != "Règlement complet : https://loto.example.org/reglement" {
		t.Errorf("board's summary ends %q", last)
	}
	if got := spec.PlayerURL(); got != "https://loto.example.org/joueur" {
		t.Errorf("PlayerURL = %q", got)
	}
}

// The domain records only an address it would print: one that did not go
// through the event file's check is refused, and nothing is written.
func TestCreateEvent_RefusesABadPublicURL(t *testing.T) {
	for _, u := range []string{"http://localhost:8080", "HTTPS://LOTO.EXAMPLE.ORG"} {
		d, store := newDay(t)
		spec := eventSpec(t, megaLoto(t))
		spec.PublicURL = u
		before := store.count()
		_, err := d.CreateEvent(context.Background(), org("org"), spec)
		wantCode(t, err, EInvalid)
		if !strings.HasPrefix(ErrorMessage(err), "public_url : ") {
			t.Errorf("%s: message %q", u, ErrorMessage(err))
		}
		nothingWritten(t, store, before)
	}
	d, store := newDay(t)
	spec := eventSpec(t, megaLoto(t))
	spec.PublicURL = "https://loto.example.org"
	_, err := d.CreateEvent(context.Background(), org("org"), spec)
	ok(t, err)
	if got := reopen(t, store).Event().PublicURL; got != spec.PublicURL {
		t.Fatalf("replayed address %q, want %q", got, spec.PublicURL)
	}
}
