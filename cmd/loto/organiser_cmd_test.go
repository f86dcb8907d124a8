package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLI_OrganiserPasswordOnAnEmptyBase: the organiser's password may be
// the first thing recorded, before any event: a refused one leaves no file;
// the server then asks for no one-time link and the password logs in; the
// event file still comes after, and no export holds the password's hash.
func TestCLI_OrganiserPasswordOnAnEmptyBase(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	if code, _, errs := runWith(t, "court\n", "organiser", "password", "--db", db); code != 1 || !strings.Contains(errs, "mot de passe trop faible") {
		t.Fatalf("weak: %d %s", code, errs)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("a refused password left a file: %v", err)
	}
	if code, out, errs := runWith(t, "cheval batterie agrafe\n", "organiser", "password", "--db", db); code != 0 || !strings.Contains(out, "mot de passe de l'organisateur enregistré") {
		t.Fatalf("on an empty base: %d %s %s", code, out, errs)
	}
	if err := replayDay(t, db).CheckOrganiserPassword("cheval batterie agrafe"); err != nil {
		t.Fatalf("the password recorded on an empty base: %v", err)
	}

	s := startServe(t, "--db", db)
	if out := s.stdout.String(); strings.Contains(out, "initialiser?jeton=") || !strings.Contains(out, "avec son mot de passe") {
		t.Fatalf("the banner of a base with a password and no event:\n%s", out)
	}
	resp, err := http.Post(s.url+"connexion", "application/json", strings.NewReader(`{"password":"cheval batterie agrafe"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(resp.Cookies()) == 0 {
		t.Fatalf("login with the password set on an empty base: %d", resp.StatusCode)
	}

	if code, out, errs := run(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml"); code != 0 || !strings.Contains(errs, "événement « Méga Loto du Rotary Saint-Brieuc » enregistré") {
		t.Fatalf("event create after the password: %d %s %s", code, out, errs)
	}
	if out := mustRun(t, "journal", "export", "--db", db); strings.Contains(out, "cheval") || strings.Contains(out, "argon2") {
		t.Fatalf("the export holds the password or its hash:\n%s", out)
	}
}
