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
	"loto/internal/eventfile"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// stubAuth stands for the day's devices and organiser password, which the
// domain keeps once devices are paired there: tokens map to actors.
type stubAuth struct {
	mu       sync.Mutex
	devices  map[string]loto.Actor
	password string
}

func (a *stubAuth) DeviceByToken(token string) (loto.Actor, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if d, ok := a.devices[token]; ok {
		return d, nil
	}
	return loto.Actor{}, loto.Errorf(loto.ENotFound, "appareil inconnu")
}

func (a *stubAuth) HasOrganiserPassword() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.password != ""
}

func (a *stubAuth) CheckOrganiserPassword(pw string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.password == "" || pw != a.password {
		return loto.Errorf(loto.EForbidden, "mot de passe incorrect")
	}
	return nil
}

func (a *stubAuth) SetOrganiserPassword(_ context.Context, actor loto.Actor, pw string) error {
	if actor.Role != loto.RoleOrganiser {
		return loto.Errorf(loto.EForbidden, "refusé")
	}
	if len(pw) < 8 {
		return loto.Errorf(loto.EInvalid, "mot de passe trop court")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.password = pw
	return nil
}

// testPassword is the organiser's password in the fixtures.
const testPassword = "mot-de-passe-du-test"

// tokens are the fixture's devices, one per role but the organiser's,
// which logs in with the password.
var tokens = map[loto.Role]string{
	loto.RoleHost:       "jeton-meneur",
	loto.RoleController: "jeton-controleur",
	loto.RoleCashier:    "jeton-caisse-1",
	loto.RoleDoor:       "jeton-entree",
	loto.RoleBoard:      "jeton-tableau",
	loto.RoleSystem:     "jeton-systeme",
}

// fixture is a server of the example day on a real SQLite file.
type fixture struct {
	t     *testing.T
	store journal.Store
	day   *loto.Day
	auth  *stubAuth
	srv   *Server
	now   time.Time
	mu    sync.Mutex
	// session is the organiser's cookie, opened once: logins are limited.
	session *http.Cookie
}

// newFixture records the example day in a new SQLite file and serves it;
// cfg's Day, Auth and Now are the fixture's.
func newFixture(t *testing.T, cfg Config) *fixture {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "loto.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	day, err := loto.Open(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	org := loto.Actor{Name: "test", Role: loto.RoleOrganiser}
	if _, err := day.CreateEvent(ctx, org, spec); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, store: store, day: day, now: time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)}
	f.auth = &stubAuth{password: testPassword, devices: map[string]loto.Actor{}}
	for r, tok := range tokens {
		a := loto.Actor{Name: "appareil " + r.Label(), Role: r}
		if r == loto.RoleCashier {
			a.Desk = "caisse-1"
		}
		f.auth.devices[tok] = a
	}
	cfg.Day, cfg.Now = day, f.clock
	if cfg.Auth == nil {
		cfg.Auth = f.auth
	}
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
func bearerOf(role loto.Role) option {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+tokens[role]) }
}

// withCookie sends a session cookie.
func withCookie(c *http.Cookie) option { return func(r *http.Request) { r.AddCookie(c) } }

// withHeader sets a header.
func withHeader(k, v string) option { return func(r *http.Request) { r.Header.Set(k, v) } }

// do serves one request and returns its answer.
func (f *fixture) do(method, path, body string, opts ...option) *httptest.ResponseRecorder {
	f.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(r)
	}
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
	return bearerOf(role)
}

// errorOf decodes an error answer, failing unless it has the shape of one.
func errorOf(t *testing.T, w *httptest.ResponseRecorder) errorBody {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
		t.Fatalf("error answer %d is not JSON: %v: %s", w.Code, err, w.Body)
	}
	var e errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || len(raw) != 3 || e.Code == "" || e.Message == "" || e.Details == nil {
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
