package main

import (
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"loto/internal/journal/journaltest"
)

// tryLogin sends the organiser's login with password to base (an
// instance's or nginx's address) and returns the answer's status; a
// forwarded address, when given, is the client's as a proxy in front
// says it (the instances believe 127.0.0.1, their --proxy).
func tryLogin(t *testing.T, client *http.Client, base, password, forwarded string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"connexion", strings.NewReader(`{"password":"`+password+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", strings.TrimSuffix(base, "/"))
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestInstances_BehindNginxLoginLimitsShared: two real instances behind
// the documented nginx count a client's login tries together. A burst of
// wrong passwords sent at once through nginx, spread over both, gets
// exactly 5 of them checked (403), the others refused (429); the next
// try, and the right password, are refused whichever instance takes it.
// A client whose wrong tries alternate between the instances is locked
// out after 5 as well. Counted per instance, the burst had 10 checked
// and the alternating client 3 more on each instance.
func TestInstances_BehindNginxLoginLimitsShared(t *testing.T) {
	t.Parallel()
	url := journaltest.PostgresURL(t)
	instancesDay(t, url)
	a := startBinary(t, url, "--proxy", "127.0.0.1")
	b := startBinary(t, url, "--proxy", "127.0.0.1")
	trim := func(u string) string { return strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/") }
	base := startNginx(t, trim(a.url), trim(b.url))
	client := &http.Client{Timeout: 10 * time.Second}

	const burst = 20
	codes := make(chan int, burst)
	var wg sync.WaitGroup
	for range burst {
		wg.Go(func() { codes <- tryLogin(t, client, base, "pas le bon", "") })
	}
	wg.Wait()
	close(codes)
	got := map[int]int{}
	for c := range codes {
		got[c]++
	}
	if got[http.StatusForbidden] != maxFailuresOfLogin || got[http.StatusTooManyRequests] != burst-maxFailuresOfLogin {
		t.Fatalf("%d wrong passwords at once through nginx: %v by status, want %d checked (403) and the others refused (429)", burst, got, maxFailuresOfLogin)
	}
	// nginx's own address is the client of what it forwards; straight to
	// an instance, without a forwarded address, so is 127.0.0.1.
	for name, p := range map[string]*process{"A": a, "B": b} {
		if c := tryLogin(t, client, p.url, "pas le bon", ""); c != http.StatusTooManyRequests {
			t.Errorf("a try after the burst on instance %s: %d, want 429", name, c)
		}
		if c := tryLogin(t, client, p.url, "mot de passe des instances", ""); c != http.StatusTooManyRequests {
			t.Errorf("the right password, locked out, on instance %s: %d, want 429", name, c)
		}
	}

	// Another client, its tries one by one on A, B, A...
	on := []*process{a, b}
	for i := range maxFailuresOfLogin {
		if c := tryLogin(t, client, on[i%2].url, "pas le bon", "192.0.2.7"); c != http.StatusForbidden {
			t.Fatalf("wrong password %d of 192.0.2.7: %d, want 403", i+1, c)
		}
	}
	for name, p := range map[string]*process{"A": a, "B": b} {
		if c := tryLogin(t, client, p.url, "mot de passe des instances", "192.0.2.7"); c != http.StatusTooManyRequests {
			t.Errorf("try %d of 192.0.2.7, on instance %s: %d, want 429", maxFailuresOfLogin+1, name, c)
		}
	}
	// A third client is not locked out by the others.
	if c := tryLogin(t, client, b.url, "mot de passe des instances", "192.0.2.8"); c != http.StatusOK {
		t.Errorf("the right password of another client: %d, want 200", c)
	}
}

// maxFailuresOfLogin is the server's lockout threshold (web's maxFailures).
const maxFailuresOfLogin = 5

// setupLink is the token of the one-time set-up link an instance printed.
var setupLink = regexp.MustCompile(`connexion/initialiser\?jeton=([A-Z2-7]+)`)

// trySetup sends the set-up form's JSON with token to base and returns
// the answer's status.
func trySetup(t *testing.T, client *http.Client, base, token, password string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"connexion/initialiser",
		strings.NewReader(`{"token":"`+token+`","password":"`+password+`","confirm":"`+password+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", strings.TrimSuffix(base, "/"))
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestInstances_BehindNginxSetupLinkWorksOnEither: on a base without an
// organiser password, the
// one-time set-up link that instance A printed sets the organiser's
// password through instance B, once: A's link again, on either, and the
// link B printed are refused after; the password then logs in through
// nginx. Kept in the memory of the instance that printed it, B refused
// A's link.
func TestInstances_BehindNginxSetupLinkWorksOnEither(t *testing.T) {
	t.Parallel()
	url := journaltest.PostgresURL(t)
	mustRun(t, "event", "create", "--db", url, "--from", "../../examples/mega-loto.yaml")
	a := startBinary(t, url, "--proxy", "127.0.0.1")
	b := startBinary(t, url, "--proxy", "127.0.0.1")
	trim := func(u string) string { return strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/") }
	base := startNginx(t, trim(a.url), trim(b.url))
	client := &http.Client{Timeout: 10 * time.Second}
	links := map[*process]string{}
	for _, p := range []*process{a, b} {
		m := setupLink.FindStringSubmatch(p.stdout.String())
		if m == nil {
			t.Fatalf("no set-up link printed without a password:\n%s", p.stdout)
		}
		links[p] = m[1]
	}

	const password = "mot de passe choisi par le lien"
	if c := trySetup(t, client, b.url, links[a], password); c != http.StatusOK {
		t.Fatalf("A's set-up link through B: %d, want 200", c)
	}
	for name, try := range map[string]struct {
		on    *process
		token string
	}{"A's link again on A": {a, links[a]}, "A's link again on B": {b, links[a]}, "B's link on A": {a, links[b]}} {
		if c := trySetup(t, client, try.on.url, try.token, "un autre mot de passe long"); c != http.StatusForbidden {
			t.Errorf("%s, once the password is set: %d, want 403", name, c)
		}
	}
	for i := range 2 {
		if c := tryLogin(t, client, base, password, ""); c != http.StatusOK {
			t.Fatalf("login %d through nginx with the password the link set: %d", i+1, c)
		}
	}
}
