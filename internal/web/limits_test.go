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
	a := newFixture(t, Config{})
	a.sharedCounts()
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
	f := newFixture(t, Config{Counts: downCounts{}})
	for path, body := range map[string]string{"/connexion": `{"password":"` + testPassword + `"}`, "/appairer": `{"code":"ABCD-EFGH"}`} {
		w := f.do("POST", path, body)
		if w.Code != http.StatusServiceUnavailable || errorOf(t, w).Code != loto.EUnavailable || w.Header().Get("Retry-After") == "" {
			t.Errorf("%s with the counts unavailable: %d %s, want 503", path, w.Code, w.Body)
		}
	}
}
