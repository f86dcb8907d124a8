package web

import (
	"net/http"
	"net/netip"
	"testing"
)

// TestProxy_ClientsBehindItAreCountedApart: behind a reverse proxy every
// request comes from the proxy's address. With the proxy named
// (Config.Proxies), a guesser locked out after repeated failed logins is
// the client X-Forwarded-For names, and the organiser behind the same
// proxy still logs in; the header from any other peer is ignored, so a
// guesser cannot escape the lockout by sending it. Without the proxy
// named, the guesser locks everyone behind it out.
func TestProxy_ClientsBehindItAreCountedApart(t *testing.T) {
	proxy := func(fwd string) option {
		return func(r *http.Request) {
			r.RemoteAddr = "192.0.2.10:40000"
			r.Header.Set("X-Forwarded-For", fwd)
		}
	}
	guess := func(f *fixture, as option) {
		t.Helper()
		for range maxFailures {
			if w := f.do("POST", "/connexion", `{"password":"faux"}`, as); w.Code != http.StatusForbidden {
				t.Fatalf("failure: %d %s", w.Code, w.Body)
			}
		}
	}
	right := `{"password":"` + testPassword + `"}`

	f := newFixture(t, Config{Proxies: []netip.Addr{netip.MustParseAddr("192.0.2.10")}})
	guess(f, proxy("203.0.113.5"))
	if w := f.do("POST", "/connexion", right, proxy("203.0.113.5")); w.Code != http.StatusTooManyRequests {
		t.Fatalf("the guesser behind the proxy is not locked out: %d %s", w.Code, w.Body)
	}
	// The proxy appends the address it saw after what the client sent.
	if w := f.do("POST", "/connexion", right, proxy("203.0.113.5, 198.51.100.20")); w.Code != http.StatusOK {
		t.Fatalf("the organiser behind the same proxy: %d %s", w.Code, w.Body)
	}
	// A direct peer's header counts for nothing.
	direct := func(r *http.Request) {
		r.RemoteAddr = "198.51.100.99:5555"
		r.Header.Set("X-Forwarded-For", "203.0.113.77")
	}
	guess(f, direct)
	other := func(r *http.Request) {
		r.RemoteAddr = "198.51.100.99:5555"
		r.Header.Set("X-Forwarded-For", "203.0.113.78")
	}
	if w := f.do("POST", "/connexion", right, other); w.Code != http.StatusTooManyRequests {
		t.Fatalf("a direct client escaped its lockout by X-Forwarded-For: %d %s", w.Code, w.Body)
	}

	g := newFixture(t, Config{})
	guess(g, proxy("203.0.113.5"))
	if w := g.do("POST", "/connexion", right, proxy("198.51.100.20")); w.Code != http.StatusTooManyRequests {
		t.Fatalf("without the proxy named, the header was believed: %d %s", w.Code, w.Body)
	}
}

// TestParseProxies reads the --proxy list and refuses what is no address.
func TestParseProxies(t *testing.T) {
	got, err := ParseProxies(" 127.0.0.1, ::1 ,,::ffff:10.0.0.2")
	if err != nil || len(got) != 3 || got[0].String() != "127.0.0.1" || got[1].String() != "::1" || got[2].String() != "10.0.0.2" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := ParseProxies("127.0.0.1,nginx"); err == nil {
		t.Fatal("a name taken for an address")
	}
}
