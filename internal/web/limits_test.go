package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// TestInstances_LimitsCountedOnBothServers: two servers on one base count
// a client's login tries, card lookups and door searches together: the
// tries and uses spread over both get no more than one server gives.
// Counted in each server's memory, every refusal here was an answer.
func TestInstances_LimitsCountedOnBothServers(t *testing.T) {
	t.Parallel()
	a := newFixture(t, Config{})
	a.shared()
	b := a.twin()
	on := []*fixture{a, b}

	for i := range maxFailures {
		if w := on[i%2].do("POST", "/connexion", `{"password":"faux"}`); w.Code != http.StatusForbidden {
			t.Fatalf("wrong password %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	for name, f := range map[string]*fixture{"A": a, "B": b} {
		if w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`); w.Code != http.StatusTooManyRequests {
			t.Errorf("the right password after %d failures over both, on %s: %d %s", maxFailures, name, w.Code, w.Body)
		}
	}

	guesser := fromAddr("192.0.2.7")
	for i := range lookupLimit / lookupMissing {
		if w := on[i%2].do("GET", "/api/v1/cards/"+forgedCheck(a.serial(i+1)), "", guesser); w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("guess %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	for name, f := range map[string]*fixture{"A": a, "B": b} {
		if w := f.do("GET", "/api/v1/cards/"+a.serial(1), "", guesser); w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" {
			t.Errorf("a lookup after %d wrong codes over both, on %s: %d %s", lookupLimit/lookupMissing, name, w.Code, w.Body)
		}
	}

	if _, err := a.day.AddReservation(context.Background(), org, loto.ReservationSpec{Name: "Hélène Lefèvre", Tickets: 1}); err != nil {
		t.Fatal(err)
	}
	if err := b.day.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	door := a.bearerOf(loto.RoleDoor)
	for i := range doorFindLimit {
		if w := on[i%2].do("GET", "/api/v1/door/reservations?q="+url.QueryEscape("lefevre"), "", door); w.Code != http.StatusOK {
			t.Fatalf("search %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	for name, f := range map[string]*fixture{"A": a, "B": b} {
		if w := f.do("GET", "/api/v1/door/reservations?q=lefevre", "", door); w.Code != http.StatusTooManyRequests {
			t.Errorf("search %d over both, on %s: %d %s", doorFindLimit+1, name, w.Code, w.Body)
		}
	}
}

// downCounts is a store that cannot count: its server is gone.
type downCounts struct{}

func (downCounts) Count(context.Context, string, int, int, time.Duration) (journal.Tally, error) {
	return journal.Tally{}, fmt.Errorf("%w: count: connection refused", journal.ErrUnavailable)
}

func (downCounts) Forget(context.Context, string) (bool, error) {
	return false, fmt.Errorf("%w: forget: connection refused", journal.ErrUnavailable)
}

// TestLogin_RefusedWhileCountsUnavailable: a try that the store cannot
// count is refused with the journal's 503, the password unchecked, since
// counted nowhere it would escape the lockout; so is a pairing.
func TestLogin_RefusedWhileCountsUnavailable(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{Counts: downCounts{}})
	for path, body := range map[string]string{"/connexion": `{"password":"` + testPassword + `"}`, "/appairer": `{"code":"ABCD-EFGH"}`} {
		w := f.do("POST", path, body)
		if w.Code != http.StatusServiceUnavailable || errorOf(t, w).Code != loto.EUnavailable || w.Header().Get("Retry-After") == "" {
			t.Errorf("%s with the counts unavailable: %d %s, want 503", path, w.Code, w.Body)
		}
	}
}

// TestInstances_SetupLinkOfOneServerWorksOnTheOther: without an organiser
// password each of two servers on one base prints a set-up link; the link
// of A sets the password through B, once, and then neither link works on
// either. Kept in A's memory, B refused A's link.
func TestInstances_SetupLinkOfOneServerWorksOnTheOther(t *testing.T) {
	t.Parallel()
	a := setUp(t, Config{}, false)
	a.shared()
	b := a.twin()
	pathA, pathB := a.srv.SetupPath(), b.srv.SetupPath()
	if pathA == "" || pathB == "" || pathA == pathB {
		t.Fatalf("set-up links %q and %q, want one each", pathA, pathB)
	}
	tokenOf := func(path string) string {
		u, err := url.Parse(path)
		if err != nil {
			t.Fatal(err)
		}
		return u.Query().Get("jeton")
	}
	body := func(token string) string {
		return `{"token":"` + token + `","password":"mot de passe choisi","confirm":"mot de passe choisi"}`
	}
	if w := b.do("GET", pathA, ""); w.Code != http.StatusOK {
		t.Fatalf("A's link's page on B: %d", w.Code)
	}
	if w := b.do("POST", "/connexion/initialiser", body(tokenOf(pathA))); w.Code != http.StatusOK {
		t.Fatalf("A's link used on B: %d %s", w.Code, w.Body)
	}
	for name, try := range map[string]struct {
		on   *fixture
		path string
	}{"A's link on A": {a, pathA}, "A's link on B": {b, pathA}, "B's link on A": {a, pathB}, "B's link on B": {b, pathB}} {
		if w := try.on.do("POST", "/connexion/initialiser", body(tokenOf(try.path))); w.Code != http.StatusForbidden {
			t.Errorf("%s once the password is set: %d %s", name, w.Code, w.Body)
		}
	}
}
