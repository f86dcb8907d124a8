package web

import (
	"context"
	"net/http"
	"testing"

	"loto/internal/access"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// twin is a second server on the fixture's SQLite file, with its own store
// and Day, as a second instance behind a round-robin proxy is: it follows
// nothing by itself, so what it knows of the other's acts it reads from
// the journal; it counts its limits and keeps its set-up link in its
// store, as the fixture's server does once given to shared.
func (f *fixture) twin() *fixture {
	f.t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, f.path, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { store.Close() })
	day, auth, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		f.t.Fatal(err)
	}
	g := &fixture{t: f.t, store: store, path: f.path, day: day, auth: auth, now: f.now, tokens: f.tokens, devices: f.devices}
	g.srv = New(Config{Day: day, Auth: auth, Now: g.clock, Counts: store, SetupLinks: store})
	return g
}

// TestInstances_OrganiserLoggedInOnOneWorksOnTheOther: behind a
// round-robin proxy the organiser logs in on instance A and its very next
// request reaches B, which has not followed the journal yet: B knows the
// session all the same, for reads and writes; a logout on B ends it on A.
// A device paired by its code on B works at once on A. With sessions in
// each server's memory, B refused the organiser.
func TestInstances_OrganiserLoggedInOnOneWorksOnTheOther(t *testing.T) {
	t.Parallel()
	a := newFixture(t, Config{})
	b := a.twin()
	c := a.login()
	if got := decode[whoAnswer](t, b.do("GET", "/api/v1/session", "", withCookie(c))); !got.Known || got.Role != loto.RoleOrganiser {
		t.Fatalf("B does not know A's organiser: %+v", got)
	}
	if w := b.do("POST", "/api/v1/game/start", "{}", withCookie(c)); w.Code != http.StatusOK {
		t.Fatalf("the organiser's write on B: %d %s", w.Code, w.Body)
	}

	// A device added on A, paired on B by its code, acts on A at once.
	w := a.do("POST", "/api/v1/devices", `{"name":"tablette meneur 2","role":"meneur"}`, withCookie(c))
	if w.Code != http.StatusOK {
		t.Fatalf("add device on A: %d %s", w.Code, w.Body)
	}
	code := decode[pairingAnswer](t, w).Code
	w = b.do("POST", "/appairer", `{"code":"`+code+`"}`)
	if w.Code != http.StatusOK {
		t.Fatalf("pairing on B with A's code: %d %s", w.Code, w.Body)
	}
	token := decode[pairAnswer](t, w).Token
	if w := a.do("POST", "/api/v1/game/draws", "{}", withHeader("Authorization", "Bearer "+token)); w.Code != http.StatusOK {
		t.Fatalf("the device paired on B drawing on A: %d %s", w.Code, w.Body)
	}

	// Logged out on B, the session is refused on A once A has followed
	// the journal (the server's follower does it within a moment).
	if w := b.do("POST", "/deconnexion", "", withCookie(c)); w.Code != http.StatusNoContent {
		t.Fatalf("logout on B: %d", w.Code)
	}
	if err := a.day.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if w := a.do("POST", "/api/v1/game/draws", "{}", withCookie(c)); w.Code != http.StatusForbidden {
		t.Fatalf("A still takes the session closed on B: %d %s", w.Code, w.Body)
	}
}

// shared makes f's server count its limits and keep its set-up link in
// its store, where a twin does too, as every instance on one base does.
func (f *fixture) shared() {
	f.t.Helper()
	f.srv = New(Config{Day: f.day, Auth: f.auth, Now: f.clock, Counts: f.store.(journal.Counter), SetupLinks: f.store.(journal.SetupLinks)})
}
