package main

import (
	"net/http"
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
