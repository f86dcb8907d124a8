package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
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
	t.Parallel()
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
	t.Parallel()
	got, err := ParseProxies(" 127.0.0.1, ::1 ,,::ffff:10.0.0.2")
	if err != nil || len(got) != 3 || got[0].String() != "127.0.0.1" || got[1].String() != "::1" || got[2].String() != "10.0.0.2" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := ParseProxies("127.0.0.1,nginx"); err == nil {
		t.Fatal("a name taken for an address")
	}
}

// TestProxy_SecureCookiesBehindATLSProxy: behind a reverse proxy that ends
// TLS (docs/deploy.md), the organiser's session cookie, the device cookie
// of a pairing and the cookies that clear them are Secure, and the pairing
// link is https, when the request comes from the proxy named by --proxy
// with X-Forwarded-Proto: https. The same header from any other peer, or
// the proxy saying http, leaves them as over plain HTTP: a client cannot
// make the server believe its plain connection is HTTPS.
func TestProxy_SecureCookiesBehindATLSProxy(t *testing.T) {
	t.Parallel()
	from := func(addr, proto string) option {
		return func(r *http.Request) {
			r.RemoteAddr = addr + ":40000"
			r.Header.Set("X-Forwarded-For", "203.0.113.5")
			r.Header.Set("X-Forwarded-Proto", proto)
		}
	}
	f := newFixture(t, Config{Proxies: []netip.Addr{netip.MustParseAddr("192.0.2.10")}})
	right := `{"password":"` + testPassword + `"}`
	cookie := func(w *httptest.ResponseRecorder, name string) *http.Cookie {
		t.Helper()
		for _, c := range w.Result().Cookies() {
			if c.Name == name {
				return c
			}
		}
		t.Fatalf("no cookie %s in %d %v", name, w.Code, w.Header())
		return nil
	}
	tests := []struct {
		name   string
		peer   option
		secure bool
	}{
		{"the trusted proxy over https", from("192.0.2.10", "https"), true},
		{"the trusted proxy, upper case", from("192.0.2.10", "HTTPS"), true},
		{"the trusted proxy over http", from("192.0.2.10", "http"), false},
		{"the trusted proxy without the header", func(r *http.Request) { r.RemoteAddr = "192.0.2.10:40000" }, false},
		{"another peer saying https", from("198.51.100.99", "https"), false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := f.do("POST", "/connexion", right, tt.peer)
			if w.Code != http.StatusOK {
				t.Fatalf("login: %d %s", w.Code, w.Body)
			}
			// A cookie set over https is named for it: the browser then
			// takes one of the same name over plain http too.
			prefix := map[bool]string{true: securePrefix}[tt.secure]
			session := cookie(w, prefix+sessionCookie)
			if session.Secure != tt.secure || !session.HttpOnly {
				t.Errorf("session cookie %+v: Secure %v, want %v", session, session.Secure, tt.secure)
			}
			added := f.do("POST", "/api/v1/devices", fmt.Sprintf(`{"name":"tablette %d","role":"cashier","desk":"caisse-1"}`, i),
				withCookie(session), withHeader("Idempotency-Key", fmt.Sprintf("appareil-%d", i)), tt.peer)
			if added.Code != http.StatusOK {
				t.Fatalf("device: %d %s", added.Code, added.Body)
			}
			p := decode[pairingAnswer](t, added)
			if wantScheme := map[bool]string{true: "https://", false: "http://"}[tt.secure]; !strings.HasPrefix(p.PairURL, wantScheme) {
				t.Errorf("pairing link %q, want %s", p.PairURL, wantScheme)
			}
			paired := f.do("POST", "/appairer", `{"code":"`+p.Code+`"}`, withCookie(session), tt.peer)
			if paired.Code != http.StatusOK {
				t.Fatalf("pairing: %d %s", paired.Code, paired.Body)
			}
			if c := cookie(paired, prefix+deviceCookie); c.Secure != tt.secure || c.MaxAge <= 0 {
				t.Errorf("device cookie %+v: Secure %v, want %v", c, c.Secure, tt.secure)
			}
			if c := cookie(paired, prefix+sessionCookie); c.Secure != tt.secure || c.MaxAge >= 0 {
				t.Errorf("the session's clearing cookie %+v: Secure %v, want %v", c, c.Secure, tt.secure)
			}
			out := f.do("POST", "/deconnexion", "", withCookie(session), tt.peer)
			if c := cookie(out, prefix+sessionCookie); c.Secure != tt.secure {
				t.Errorf("logout's cookie %+v: Secure %v, want %v", c, c.Secure, tt.secure)
			}
		})
	}
}
