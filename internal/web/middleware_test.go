package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestSecurityHeaders_OnEveryAnswer: pages, API answers and errors carry a
// CSP without inline script and with frame denial, nosniff and no referrer.
func TestSecurityHeaders_OnEveryAnswer(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/", ""},
		{"GET", "/connexion", ""},
		{"GET", "/api/v1/status", ""},
		{"GET", "/api/v1/nulle-part", ""},
		{"POST", "/api/v1/game/start", "{}"},
		{"GET", staticPath("loto.css"), ""},
	} {
		w := f.do(c.method, c.path, c.body)
		h := w.Header()
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "default-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s %s: CSP %q lacks %q", c.method, c.path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s %s: CSP allows inline code: %q", c.method, c.path, csp)
		}
		for k, v := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"} {
			if h.Get(k) != v {
				t.Errorf("%s %s: %s = %q, want %q", c.method, c.path, k, h.Get(k), v)
			}
		}
	}
}

// handlerAttr finds an inline event handler such as onclick=.
var handlerAttr = regexp.MustCompile(`\son[a-z]+\s*=`)

// TestPages_NoInlineScript: the CSP forbids inline scripts, so no page has one.
func TestPages_NoInlineScript(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	for _, p := range []string{"/", "/connexion", "/connexion/initialiser?jeton=x", "/appairer", "/tableau"} {
		body := f.do("GET", p, "").Body.String()
		for _, tag := range strings.Split(body, "<script")[1:] {
			if !strings.HasPrefix(tag, " src=") {
				t.Errorf("%s has an inline script: <script%.40s", p, tag)
			}
		}
		if m := handlerAttr.FindString(body); m != "" {
			t.Errorf("%s has an inline event handler: %s", p, m)
		}
		if !strings.Contains(body, `lang="fr"`) {
			t.Errorf("%s is not a French page", p)
		}
	}
}

// TestCSRF_CrossOriginWriteRefused: a write a page of another site makes
// in the organiser's browser (its cookie goes with it) is refused with a
// French 403 and records nothing; the same from the server's own pages,
// and from an API client with no browser headers, goes through.
func TestCSRF_CrossOriginWriteRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	session := f.as(loto.RoleOrganiser)
	before := f.head()
	w := f.do("POST", "/api/v1/game/start", "{}", session, withHeader("Sec-Fetch-Site", "cross-site"), withHeader("Origin", "http://mechant.example"))
	if w.Code != http.StatusForbidden {
		t.Fatalf("cross-origin write: %d %s", w.Code, w.Body)
	}
	if e := errorOf(t, w); e.Message != errCrossOrigin.Message {
		t.Fatalf("cross-origin write refused with %q", e.Message)
	}
	if f.head() != before {
		t.Fatal("a cross-origin write was recorded")
	}
	// Without Sec-Fetch-Site, an Origin other than the host is refused too.
	if w := f.do("POST", "/api/v1/game/start", "{}", session, withHeader("Origin", "http://mechant.example")); w.Code != http.StatusForbidden {
		t.Fatalf("write with a foreign Origin: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/game/start", "{}", session, withHeader("Sec-Fetch-Site", "same-origin")); w.Code != http.StatusOK {
		t.Fatalf("same-origin write: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/game/draws", "{}", f.bearerOf(loto.RoleHost)); w.Code != http.StatusOK {
		t.Fatalf("API client's write: %d %s", w.Code, w.Body)
	}
}

// TestBodyLimit_TooLargeRefused: a body over the limit is refused with a
// French 413 before anything is recorded.
func TestBodyLimit_TooLargeRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	big := `{"cards":["` + strings.Repeat("A", maxBody) + `"]}`
	before := f.head()
	w := f.do("POST", "/api/v1/sales", big, f.bearerOf(loto.RoleCashier), withHeader("Idempotency-Key", "gros"))
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("huge body: %d %s", w.Code, w.Body)
	}
	if e := errorOf(t, w); e.Code != eTooLarge || !strings.Contains(e.Message, "trop grosse") {
		t.Fatalf("huge body: %+v", e)
	}
	if f.head() != before {
		t.Fatal("a huge body was recorded")
	}
}

// TestPages_UnknownPathInFrench: a path that is no page gets a French 404
// page linking the start page; one under /api/ gets the error JSON.
func TestPages_UnknownPathInFrench(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	w := f.do("GET", "/tableau-noir", "")
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "Page introuvable") || !strings.Contains(w.Body.String(), `href="/"`) {
		t.Fatalf("unknown page: %d %s", w.Code, w.Body)
	}
	if w := f.do("GET", "/api/v1/tableau", ""); w.Code != http.StatusNotFound || errorOf(t, w).Code != loto.ENotFound {
		t.Fatalf("unknown API path: %d %s", w.Code, w.Body)
	}
}
