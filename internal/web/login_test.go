package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
)

// TestLogin_SessionCookie: the right password opens an organiser session in
// an HttpOnly, SameSite=Strict cookie (Secure over TLS only) that the
// organiser's writes then carry; a wrong one is refused in French.
func TestLogin_SessionCookie(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	if w := f.do("POST", "/connexion", `{"password":"faux"}`); w.Code != http.StatusForbidden || errorOf(t, w).Message != "mot de passe incorrect" {
		t.Fatalf("wrong password: %d %s", w.Code, w.Body)
	}
	c := f.login()
	if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Secure || c.Path != "/" {
		t.Fatalf("session cookie %+v: want HttpOnly, SameSite=Strict, not Secure over plain HTTP", c)
	}
	if w := f.do("POST", "/api/v1/game/start", "{}", withCookie(c)); w.Code != http.StatusOK {
		t.Fatalf("organiser's write: %d %s", w.Code, w.Body)
	}
	// Over TLS the cookie is Secure.
	r, _ := http.NewRequest("POST", "https://loto.example/connexion", nil)
	r.TLS = &tlsState
	if !f.srv.sessionCookieFor(r, "x").Secure {
		t.Fatal("session cookie over TLS is not Secure")
	}
	// Logging out ends the session.
	if w := f.do("POST", "/deconnexion", "", withCookie(c)); w.Code != http.StatusNoContent {
		t.Fatalf("logout: %d", w.Code)
	}
	if w := f.do("POST", "/api/v1/game/draws", "{}", withCookie(c)); w.Code != http.StatusForbidden {
		t.Fatalf("write after logout: %d %s", w.Code, w.Body)
	}
}

// TestLogin_Form: the login page's form logs in and lands on the
// organiser's desk, /organisateur; the start page says who is logged in; a
// wrong password shows the page again with the French message.
func TestLogin_Form(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	form := withHeader("Content-Type", "application/x-www-form-urlencoded")
	w := f.do("POST", "/connexion", "password="+url.QueryEscape("faux"), form)
	if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "mot de passe incorrect") || !strings.Contains(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("wrong password by form: %d %s", w.Code, w.Body)
	}
	w = f.do("POST", "/connexion", "password="+url.QueryEscape(testPassword), form)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/organisateur" || len(w.Result().Cookies()) == 0 {
		t.Fatalf("login by form: %d %v", w.Code, w.Header())
	}
	home := f.do("GET", "/", "", withCookie(w.Result().Cookies()[0]))
	if !strings.Contains(home.Body.String(), "Connecté : organisateur") {
		t.Fatalf("the start page does not say who is logged in: %s", home.Body)
	}
}

// TestLogin_LockedOutAfterFailures: after repeated failures a client is
// locked out, even with the right password, with a French 429; another
// client is not; after the lockout the right password works.
func TestLogin_LockedOutAfterFailures(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	for range maxFailures {
		if w := f.do("POST", "/connexion", `{"password":"faux"}`); w.Code != http.StatusForbidden {
			t.Fatalf("failure: %d %s", w.Code, w.Body)
		}
	}
	w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`)
	if w.Code != http.StatusTooManyRequests || !strings.Contains(errorOf(t, w).Message, "connexion bloquée après 5 échecs") {
		t.Fatalf("right password while locked out: %d %s", w.Code, w.Body)
	}
	other := func(r *http.Request) { r.RemoteAddr = "198.51.100.7:4444" }
	if w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`, other); w.Code != http.StatusOK {
		t.Fatalf("another client: %d %s", w.Code, w.Body)
	}
	f.advance(lockout + time.Second)
	if w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`); w.Code != http.StatusOK {
		t.Fatalf("after the lockout: %d %s", w.Code, w.Body)
	}
}

// TestLogin_RateLimited: a client gets a few attempts a minute, whatever
// their outcome.
func TestLogin_RateLimited(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	for i := range attemptsPerMinute {
		pw := testPassword
		if i%2 == 0 {
			pw = "faux" // failures interleaved with successes never lock out
		}
		if w := f.do("POST", "/connexion", `{"password":"`+pw+`"}`); w.Code == http.StatusTooManyRequests {
			t.Fatalf("attempt %d limited: %s", i+1, w.Body)
		}
	}
	w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`)
	if w.Code != http.StatusTooManyRequests || !strings.Contains(errorOf(t, w).Message, "trop de tentatives") {
		t.Fatalf("attempt over the rate: %d %s", w.Code, w.Body)
	}
	f.advance(time.Minute)
	if w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`); w.Code != http.StatusOK {
		t.Fatalf("a minute later: %d %s", w.Code, w.Body)
	}
}

// TestSetupLink_OnceOnly: with no organiser password, the one-time link
// sets it and logs the organiser in; it works once; a wrong token is refused.
func TestSetupLink_OnceOnly(t *testing.T) {
	t.Parallel()
	f := setUp(t, Config{}, false)
	link := f.srv.SetupPath()
	token, ok := strings.CutPrefix(link, "/connexion/initialiser?jeton=")
	if !ok || len(token) < 20 {
		t.Fatalf("setup path %q", link)
	}
	if w := f.do("GET", link, ""); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `name="token" value="`+token+`"`) {
		t.Fatalf("setup page: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/connexion/initialiser", `{"token":"faux","password":"nouveau-mdp-choisi","confirm":"nouveau-mdp-choisi"}`); w.Code != http.StatusForbidden {
		t.Fatalf("wrong token: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/connexion/initialiser", `{"token":"`+token+`","password":"nouveau-mdp-choisi","confirm":"autre-mdp-choisi"}`); w.Code != 422 || !strings.Contains(errorOf(t, w).Message, "diffèrent") {
		t.Fatalf("mismatched passwords: %d %s", w.Code, w.Body)
	}
	w := f.do("POST", "/connexion/initialiser", `{"token":"`+token+`","password":"nouveau-mdp-choisi","confirm":"nouveau-mdp-choisi"}`)
	if w.Code != http.StatusOK || len(w.Result().Cookies()) == 0 {
		t.Fatalf("setup: %d %s", w.Code, w.Body)
	}
	if f.auth.CheckOrganiserPassword("nouveau-mdp-choisi") != nil {
		t.Fatal("the password was not set")
	}
	if w := f.do("POST", "/connexion/initialiser", `{"token":"`+token+`","password":"encore-un-mdp-choisi","confirm":"encore-un-mdp-choisi"}`); w.Code != http.StatusForbidden {
		t.Fatalf("second use of the link: %d %s", w.Code, w.Body)
	}
	if f.srv.SetupPath() != "" {
		t.Fatal("the link is still offered once used")
	}
	// A server whose organiser has a password offers no link.
	if g := newFixture(t, Config{}); g.srv.SetupPath() != "" {
		t.Fatal("a link with a password set")
	}
}

// TestSession_SaysWhoCalls: GET /api/v1/session says who the caller is: the
// organiser's session, a device, or nobody (a revoked token is nobody).
func TestSession_SaysWhoCalls(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	cases := []struct {
		name string
		opts []option
		want whoAnswer
	}{
		{"anonymous", nil, whoAnswer{}},
		{"organiser", []option{f.as(loto.RoleOrganiser)}, whoAnswer{Known: true, Name: "organisateur", Role: loto.RoleOrganiser}},
		{"cashier", []option{f.bearerOf(loto.RoleCashier)}, whoAnswer{Known: true, Name: "appareil caissier", Role: loto.RoleCashier, Desk: "caisse-1"}},
		{"bad token", []option{withHeader("Authorization", "Bearer faux")}, whoAnswer{}},
	}
	for _, c := range cases {
		if got := decode[whoAnswer](t, f.do("GET", "/api/v1/session", "", c.opts...)); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
