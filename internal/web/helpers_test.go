package web

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"loto/examples"
	"loto/internal/access"
	"loto/internal/eventfile"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// testPassword is the organiser's password in the fixtures.
const testPassword = "mot-de-passe-du-test"

// deviceRoles are the roles a device may be paired with; the organiser
// logs in with the password, and the system is no device.
var deviceRoles = []loto.Role{loto.RoleHost, loto.RoleController, loto.RoleCashier, loto.RoleDoor, loto.RoleBoard}

// fixture is a server of the example day on a real SQLite file.
type fixture struct {
	t     testing.TB
	store journal.Store
	path  string // the SQLite file of store, if it is one
	day   *loto.Day
	auth  *access.Book // the day's devices and sessions
	srv   *Server
	// tokens are the bearer tokens of the fixture's devices, one per role
	// of deviceRoles, named "appareil ROLE" (the cashier's at caisse-1).
	tokens  map[loto.Role]string
	devices map[loto.Role]loto.Actor
	now     time.Time
	mu      sync.Mutex
	// session is the organiser's cookie, opened once: logins are limited.
	session *http.Cookie
}

// newFixture records the example day in a new SQLite file, pairs a device
// per role, sets the organiser's password and serves the day; cfg's Day,
// Auth and Now are the fixture's.
func newFixture(t testing.TB, cfg Config) *fixture { return setUp(t, cfg, true) }

// setUp is newFixture, with the organiser's password set or not.
func setUp(t testing.TB, cfg Config, password bool) *fixture {
	t.Helper()
	return setUpEvent(t, cfg, password, examples.MegaLoto)
}

// setUpEvent is setUp of the day the event file eventYAML describes; nil
// leaves the day bare, without event nor devices, for its set-up.
func setUpEvent(t testing.TB, cfg Config, password bool, eventYAML []byte) *fixture {
	t.Helper()
	return setUpSpec(t, cfg, password, parseEvent(t, eventYAML))
}

// parseEvent is the event spec of the event file eventYAML; nil for nil.
func parseEvent(t testing.TB, eventYAML []byte) *loto.EventSpec {
	t.Helper()
	if eventYAML == nil {
		return nil
	}
	spec, _, err := eventfile.Parse(eventYAML)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// setUpSpec is setUp of the day of an event spec; nil leaves the day bare.
func setUpSpec(t testing.TB, cfg Config, password bool, spec *loto.EventSpec) *fixture {
	t.Helper()
	return setUpAt(t, cfg, password, spec, filepath.Join(t.TempDir(), "loto.db"))
}

// setUpAt is setUpSpec on the SQLite file at path (on a disk of the test's).
func setUpAt(t testing.TB, cfg Config, password bool, spec *loto.EventSpec, path string) *fixture {
	t.Helper()
	store, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	f := setUpOn(t, cfg, password, spec, store)
	f.path = path
	return f
}

// setUpOn is setUpSpec on a store of the test's.
func setUpOn(t testing.TB, cfg Config, password bool, spec *loto.EventSpec, store journal.Store) *fixture {
	t.Helper()
	ctx := context.Background()
	day, auth, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, store: store, day: day, auth: auth, now: time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)}
	f.tokens, f.devices = map[loto.Role]string{}, map[loto.Role]loto.Actor{}
	if spec != nil {
		if _, err := day.CreateEvent(ctx, org, spec); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range deviceRoles {
		if spec == nil {
			break
		}
		desk := ""
		if r == loto.RoleCashier {
			desk = "caisse-1"
		}
		p, err := auth.AddDevice(ctx, org, "appareil "+r.Label(), r, desk)
		if err != nil {
			t.Fatal(err)
		}
		f.tokens[r], f.devices[r] = p.Token, p.Device.Actor()
	}
	if password {
		if err := auth.SetOrganiserPassword(ctx, org, testPassword); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Day, cfg.Auth, cfg.Now = day, auth, f.clock
	f.srv = New(cfg)
	return f
}

// clock is the fixture's time, moved by advance.
func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// head is the journal's head sequence.
func (f *fixture) head() int64 {
	f.t.Helper()
	h, err := f.store.Head(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return h.Seq
}

// option changes a request before it is served.
type option func(*http.Request)

// bearerOf authenticates a request as the device of role.
func (f *fixture) bearerOf(role loto.Role) option {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+f.tokens[role]) }
}

// withCookie sends a session cookie.
func withCookie(c *http.Cookie) option { return func(r *http.Request) { r.AddCookie(c) } }

// withHeader sets a header.
func withHeader(k, v string) option { return func(r *http.Request) { r.Header.Set(k, v) } }

// newRequest is a request to the server, its body JSON when there is one,
// changed by opts.
func newRequest(method, path, body string, opts ...option) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// do serves one request and returns its answer.
func (f *fixture) do(method, path, body string, opts ...option) *httptest.ResponseRecorder {
	f.t.Helper()
	r := newRequest(method, path, body, opts...)
	w := httptest.NewRecorder()
	f.srv.ServeHTTP(w, r)
	return w
}

// login opens an organiser session and returns its cookie.
func (f *fixture) login() *http.Cookie {
	f.t.Helper()
	w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`)
	if w.Code != http.StatusOK {
		f.t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	for _, c := range w.Result().Cookies() {
		if c.Name == sessionCookie {
			return c
		}
	}
	f.t.Fatal("login: no session cookie")
	return nil
}

// as authenticates a request in role: the organiser by a session, the
// others by their device's token.
func (f *fixture) as(role loto.Role) option {
	if role == loto.RoleOrganiser {
		if f.session == nil {
			f.session = f.login()
		}
		return withCookie(f.session)
	}
	return f.bearerOf(role)
}

// errorOf decodes an error answer, failing unless it has the shape of one.
func errorOf(t *testing.T, w *httptest.ResponseRecorder) errorBody {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
		t.Fatalf("error answer %d is not JSON: %v: %s", w.Code, err, w.Body)
	}
	var e errorBody
	// mistakes (an event file's) and next (the page that sets a refusal
	// right) come only when they say something.
	optional := 0
	for _, k := range []string{"mistakes", "next"} {
		if _, ok := raw[k]; ok {
			optional++
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || len(raw)-optional != 3 || e.Code == "" || e.Message == "" || e.Details == nil {
		t.Fatalf("error answer %d has not the shape {code, message, details}: %s", w.Code, w.Body)
	}
	if got := w.Header().Get("Content-Type"); !strings.HasPrefix(got, "application/json") {
		t.Fatalf("error answer's Content-Type %q", got)
	}
	return e
}

// decode decodes a JSON answer.
func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("answer %d: %v: %s", w.Code, err, w.Body)
	}
	return v
}

var errTest = errors.New("cause secrète du test")

// tlsState marks a request as come over TLS.
var tlsState = tls.ConnectionState{}
