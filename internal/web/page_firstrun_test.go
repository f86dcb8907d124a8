package web

import (
	"context"
	"html"
	"net/http"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/loto"
)

// The pages of a day not set up yet: who does what first, said in French
// where each person looks.

// TestFirstRun_StartPageSaysTheOrganiserPrepares: on a day without event
// the start page says that the organiser prepares it and links to the
// organiser's page, pointing to the one-time link while no password is
// set and to the login once one is; a day with its event says none of it.
func TestFirstRun_StartPageSaysTheOrganiserPrepares(t *testing.T) {
	t.Parallel()
	bare := setUpEvent(t, Config{}, false, nil).do("GET", "/", "").Body.String()
	for _, want := range []string{"La journée se prépare", `href="/organisateur"`, "lien de première connexion"} {
		if !strings.Contains(bare, want) {
			t.Errorf("the start page of an empty day lacks %q", want)
		}
	}
	withPassword := setUpEvent(t, Config{}, true, nil).do("GET", "/", "").Body.String()
	if !strings.Contains(withPassword, "La journée se prépare") || strings.Contains(withPassword, "lien de première connexion") ||
		!strings.Contains(withPassword, `page <a href="/connexion">Connexion</a>`) {
		t.Errorf("the start page of an empty day with a password:\n%s", withPassword)
	}
	if day := newFixture(t, Config{}).do("GET", "/", "").Body.String(); strings.Contains(day, "La journée se prépare") {
		t.Error("the start page of a day set up still says it is prepared")
	}
}

// TestFirstRun_LoginPagePointsToTheOneTimeLink: while no password is set,
// the login page says where the way in is; once one is, it does not.
func TestFirstRun_LoginPagePointsToTheOneTimeLink(t *testing.T) {
	t.Parallel()
	if got := setUpEvent(t, Config{}, false, nil).do("GET", "/connexion", "").Body.String(); !strings.Contains(got, "Aucun mot de passe encore") || !strings.Contains(got, "lien de première connexion") {
		t.Errorf("the login page without a password:\n%s", got)
	}
	if got := newFixture(t, Config{}).do("GET", "/connexion", "").Body.String(); strings.Contains(got, "Aucun mot de passe encore") {
		t.Error("the login page says no password is set when one is")
	}
}

// TestFirstRun_SetupPageSaysTheLinkServesOnce: the one-time link's page
// says it serves once and how long the password must be.
func TestFirstRun_SetupPageSaysTheLinkServesOnce(t *testing.T) {
	t.Parallel()
	f := setUpEvent(t, Config{}, false, nil)
	got := f.do("GET", f.srv.SetupPath(), "").Body.String()
	if !strings.Contains(got, "Ce lien ne sert qu'une fois") || !strings.Contains(got, "10 caractères au moins") {
		t.Errorf("the set-up page:\n%s", got)
	}
}

// TestFirstRun_EventPageOffersTheExample: before the event is recorded,
// the event's page carries the rulebook's example file, whole, for its
// button; once it is recorded, the page shows the event and no example.
func TestFirstRun_EventPageOffersTheExample(t *testing.T) {
	t.Parallel()
	f := setUpEvent(t, Config{}, true, nil)
	got := f.do("GET", "/organisateur/evenement", "", f.as(loto.RoleOrganiser)).Body.String()
	start := strings.Index(got, `<template id="examplefile">`)
	end := -1
	if start >= 0 {
		end = start + strings.Index(got[start:], "</template>")
	}
	if !strings.Contains(got, `id="example"`) || start < 0 || end < start {
		t.Fatalf("the event's page of an empty day offers no example:\n%s", got)
	}
	if file := html.UnescapeString(got[start+len(`<template id="examplefile">`) : end]); file != string(examples.MegaLoto) {
		t.Errorf("the example carried is not examples/mega-loto.yaml byte for byte (%d bytes, want %d)", len(file), len(examples.MegaLoto))
	}
	day := newFixture(t, Config{})
	if got := day.do("GET", "/organisateur/evenement", "", day.as(loto.RoleOrganiser)).Body.String(); strings.Contains(got, "examplefile") {
		t.Error("the page of a recorded event still offers the example")
	}
}

// TestFirstRun_PasswordSetElsewhereEndsTheOneTimeLink: a password set by
// another way while the server runs (the command line on the same base)
// ends the one-time link: it neither shows its form nor replaces the
// password, and nothing is recorded.
func TestFirstRun_PasswordSetElsewhereEndsTheOneTimeLink(t *testing.T) {
	t.Parallel()
	f := setUpEvent(t, Config{}, false, nil)
	link := f.srv.SetupPath()
	if err := f.auth.SetOrganiserPassword(context.Background(), org, testPassword); err != nil {
		t.Fatal(err)
	}
	if w := f.do("GET", link, ""); w.Code != http.StatusForbidden || strings.Contains(w.Body.String(), `name="password"`) {
		t.Fatalf("the link's page after a password was set: %d %s", w.Code, w.Body)
	}
	token := strings.TrimPrefix(link, "/connexion/initialiser?jeton=")
	before := f.head()
	if w := f.do("POST", "/connexion/initialiser", `{"token":"`+token+`","password":"un autre mot de passe","confirm":"un autre mot de passe"}`); w.Code != http.StatusForbidden {
		t.Fatalf("the link used after a password was set: %d %s", w.Code, w.Body)
	}
	if f.head() != before || f.auth.CheckOrganiserPassword(testPassword) != nil {
		t.Fatal("the one-time link replaced the password set meanwhile")
	}
}
