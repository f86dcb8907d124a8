package web

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
)

// The abuse cases that need the whole routes table or a
// real listener: a body over the limit and a cross-site write on every
// route that writes, a header over the limit and a client that never ends
// its request. The login's and the pairing's brute force are in
// login_test.go and pair_test.go, the route × role matrix in routes_test.go.

// writingRoutes are the table's POST routes, each with its path filled in.
func writingRoutes(t *testing.T) (patterns, paths []string) {
	t.Helper()
	for _, rt := range routes {
		if method, path := requestOf(t, rt.pattern); method == "POST" {
			patterns, paths = append(patterns, rt.pattern), append(paths, path)
		}
	}
	if len(patterns) < 30 {
		t.Fatalf("only %d POST routes in the table", len(patterns))
	}
	return patterns, paths
}

// TestAbuse_EveryWriteRefusesABodyOverTheLimit: on every POST route, a body
// a byte over maxBody is refused with a 413 (the error JSON on the API, a
// page for the forms) by the organiser, who may run every command, and
// records nothing; the body is not read further than the limit.
func TestAbuse_EveryWriteRefusesABodyOverTheLimit(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	patterns, paths := writingRoutes(t)
	for i, path := range paths {
		t.Run(patterns[i], func(t *testing.T) {
			// JSON routes read a JSON string, the forms a field, the files
			// their bytes: each is over the limit whatever it reads.
			body := `{"password":"` + strings.Repeat("a", maxBody) + `"}`
			ctype := "application/json"
			if path == "/connexion" || path == "/appairer" || path == "/connexion/initialiser" || path == "/deconnexion" {
				body, ctype = "code="+strings.Repeat("a", maxBody), "application/x-www-form-urlencoded"
			}
			org := f.as(loto.RoleOrganiser) // a login is an event: before the head is read
			before := f.head()
			w := f.send("POST", path, []byte(body), ctype, org, withHeader("Idempotency-Key", "gros-"+patterns[i]))
			if path == "/deconnexion" {
				// The logout reads no body: it ends the session and goes home.
				if w.Code != http.StatusSeeOther && w.Code != http.StatusOK {
					t.Fatalf("logout with a huge body: %d %s", w.Code, w.Body)
				}
				f.session = nil
				return
			}
			if w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("a body of %d bytes: %d %.300s", len(body), w.Code, w.Body)
			}
			if strings.HasPrefix(path, "/api/") {
				if e := errorOf(t, w); e.Code != eTooLarge || !strings.Contains(e.Message, "trop gros") {
					t.Fatalf("a body of %d bytes refused with %+v", len(body), e)
				}
			} else if !strings.Contains(w.Body.String(), "trop gros") {
				t.Fatalf("a form of %d bytes refused with the page %.500s", len(body), w.Body)
			}
			if f.head() != before {
				t.Fatal("a body over the limit was recorded")
			}
		})
	}
}

// TestCSRF_EveryWriteRefusedFromAnotherSite: every POST route, sent by a
// page of another site in a browser that holds the organiser's session or
// a paired device's cookie (the browser sends them along), is refused with
// the French 403 of the CSRF protection and records nothing, the login
// and the pairing included (a forged login would put the volunteer's
// browser in the attacker's session).
func TestCSRF_EveryWriteRefusedFromAnotherSite(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	session := f.as(loto.RoleOrganiser)
	device := withCookie(&http.Cookie{Name: deviceCookie, Value: f.tokens[loto.RoleHost]})
	patterns, paths := writingRoutes(t)
	for i, path := range paths {
		for _, who := range []struct {
			name string
			as   option
		}{{"organiser", session}, {"device", device}, {"anonymous", func(*http.Request) {}}} {
			for _, site := range []option{
				withHeader("Sec-Fetch-Site", "cross-site"),
				// An older browser says only where the page comes from.
				withHeader("Origin", "http://mechant.example"),
			} {
				before := f.head()
				w := f.do("POST", path, "{}", who.as, site, withHeader("Idempotency-Key", fmt.Sprintf("csrf-%d", i)))
				if w.Code != http.StatusForbidden {
					t.Fatalf("%s from another site with the %s's cookie: %d %s", patterns[i], who.name, w.Code, w.Body)
				}
				if e := errorOf(t, w); e.Message != errCrossOrigin.Message {
					t.Fatalf("%s from another site refused with %q", patterns[i], e.Message)
				}
				if f.head() != before {
					t.Fatalf("%s from another site was recorded", patterns[i])
				}
			}
		}
	}
	// The session is still the organiser's: nothing above logged it out.
	if w := f.do("GET", "/api/v1/session", "", session); !strings.Contains(w.Body.String(), `"organiser"`) {
		t.Fatalf("after the cross-site writes the session is %s", w.Body)
	}
}

// serveReal serves f's server on a loopback port with its http.Server
// (the timeouts and limits of server.go) until the test ends.
func serveReal(t *testing.T, f *fixture) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := f.srv.HTTPServer(ln.Addr().String())
	done := make(chan struct{})
	go func() { defer close(done); hs.Serve(ln) }()
	t.Cleanup(func() { hs.Close(); <-done })
	return ln.Addr().String()
}

// TestAbuse_HeadersOverTheLimitRefused: a request whose headers pass
// maxHeaderBytes is refused by the server (431) before any handler runs.
func TestAbuse_HeadersOverTheLimitRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	addr := serveReal(t, f)
	req, _ := http.NewRequest("GET", "http://"+addr+"/api/v1/status", nil)
	req.Header.Set("X-Remplissage", strings.Repeat("a", 2*maxHeaderBytes))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("headers of %d bytes: %d", 2*maxHeaderBytes, resp.StatusCode)
	}
	resp, err = http.Get("http://" + addr + "/api/v1/status")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("a plain request after: %v %v", resp, err)
	}
	resp.Body.Close()
}

// TestAbuse_SlowlorisHeaderHeldOpenIsCut: a client that sends the start of
// a request and then nothing (slowloris) is cut off once readHeaderTimeout
// has passed, and while it holds its connection the others are served.
func TestAbuse_SlowlorisHeaderHeldOpenIsCut(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	addr := serveReal(t, f)
	var conns []net.Conn
	for range 20 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := io.WriteString(c, "GET /api/v1/status HTTP/1.1\r\nHost: loto\r\nX-Lent: "); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	start := time.Now()
	resp, err := http.Get("http://" + addr + "/api/v1/status")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("a plain request beside 20 held ones: %v %v", resp, err)
	}
	resp.Body.Close()
	if d := time.Since(start); d > readHeaderTimeout {
		t.Fatalf("a plain request beside 20 held ones took %v", d)
	}
	for i, c := range conns {
		c.SetReadDeadline(time.Now().Add(readHeaderTimeout + 10*time.Second))
		// The server closes the connection (it may first answer 408): a
		// read ends with EOF or a reset, never with our deadline.
		_, err := io.ReadAll(bufio.NewReader(c))
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("connection %d held open for %v: the server did not cut it", i, time.Since(start))
		}
	}
	if d := time.Since(start); d < readHeaderTimeout-time.Second {
		t.Fatalf("the held connections were cut after %v, before readHeaderTimeout %v", d, readHeaderTimeout)
	}
	// A slow body is cut too, by readTimeout: too long to wait for here
	// (30 s), its bound is checked on the server itself.
	hs := f.srv.HTTPServer("")
	if hs.ReadTimeout <= 0 || hs.ReadHeaderTimeout <= 0 || hs.WriteTimeout <= 0 || hs.IdleTimeout <= 0 || hs.MaxHeaderBytes <= 0 {
		t.Fatalf("a bound is missing on the server: %+v", hs)
	}
}
