package web

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// requestOf makes a request line from a route's pattern: its method and a
// path with each wildcard filled in.
func requestOf(t *testing.T, pattern string) (method, path string) {
	t.Helper()
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		return "", ""
	}
	path = strings.TrimSuffix(path, "{$}")
	path = strings.NewReplacer("{file...}", strings.TrimPrefix(staticPath("vendor/jsqr.js"), "/static/"), "{desk}", "caisse-1", "{id}", "1", "{code}", "A", "{serial}", "A-000001-22",
		"{voice}", "42.ogg", "{logo}", strings.Repeat("0", 64)).Replace(path)
	if strings.Contains(path, "{") {
		t.Fatalf("route %q: a wildcard the matrix cannot fill", pattern)
	}
	return method, path
}

// TestRoleMatrix_EveryRouteByEveryRole calls every route of the table as
// every role and anonymously: a route with a command lets through exactly
// the roles the domain's table allows (the answer may be another refusal,
// never a 403), and refuses the others with a 403 and the domain's French
// message, recording nothing; a public read is open to all.
func TestRoleMatrix_EveryRouteByEveryRole(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	f.as(loto.RoleOrganiser) // logs in once, before the subtests
	// The system is the software itself, never a device: no request acts as it.
	callers := append([]loto.Role{"", loto.RoleOrganiser}, deviceRoles...)
	for _, rt := range routes {
		method, path := requestOf(t, rt.pattern)
		if method == "" {
			continue // a fallback without a method: no actor ever reaches a command through it
		}
		for _, role := range callers {
			name := string(role)
			if name == "" {
				name = "anonymous"
			}
			t.Run(rt.pattern+"/"+name, func(t *testing.T) {
				var opts []option
				if role != "" {
					opts = append(opts, f.as(role))
				}
				body := ""
				if method == "POST" {
					body = "{}"
					opts = append(opts, withHeader("Idempotency-Key", fmt.Sprintf("matrix-%s-%s", rt.pattern, name)))
				}
				if strings.HasSuffix(path, "/stream") {
					opts = append(opts, ended) // a stream that lets the caller in ends at once
				}
				if rt.cmd == public {
					if method != "GET" || strings.HasPrefix(path, "/connexion/initialiser") {
						return // the login and the set-up link: their own tests
					}
					if w := f.do(method, path, body, opts...); w.Code == http.StatusForbidden {
						t.Fatalf("public %s as %s: 403 %s", rt.pattern, name, w.Body)
					}
					return
				}
				before := f.head()
				w := f.do(method, path, body, opts...)
				actor := f.devices[role]
				if role == loto.RoleOrganiser {
					actor = organiser
				}
				allowed := role != "" && loto.Authorize(actor, rt.cmd, actor.Desk) == nil
				// The gate decides alone, before the domain checks again.
				r, _ := http.NewRequest(method, path, nil)
				for _, o := range opts {
					o(r)
				}
				if _, err := f.srv.admit(r, rt); (err == nil) != allowed || (err != nil && loto.ErrorCode(err) != loto.EForbidden) {
					t.Fatalf("the gate of %s for %s: %v, allowed %v", rt.pattern, name, err, allowed)
				}
				if allowed {
					if w.Code == http.StatusForbidden {
						t.Fatalf("%s may %s, got 403 %s", name, rt.cmd, w.Body)
					}
					return
				}
				if w.Code != http.StatusForbidden {
					t.Fatalf("%s may not %s, got %d %s", name, rt.cmd, w.Code, w.Body)
				}
				want := loto.ErrorMessage(loginRequired(r, rt))
				if role != "" {
					want = loto.ErrorMessage(loto.Authorize(actor, rt.cmd, actor.Desk))
				}
				if isPage(rt.pattern) {
					// A page is refused with a page, saying the same.
					b := w.Body.String()
					if !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") || !strings.Contains(b, html.EscapeString(want)) || strings.Contains(b, `id="labels"`) {
						t.Fatalf("%s refused page %s with %s, want a page saying %q", name, rt.pattern, b, want)
					}
					return
				}
				e := errorOf(t, w)
				if e.Code != loto.EForbidden || !strings.HasPrefix(e.Message, want) {
					t.Fatalf("%s refused %s with %+v, want the message %q", name, rt.cmd, e, want)
				}
				if role == "" && e.Next != loginPath && e.Next != pairPath {
					t.Fatalf("anonymous refused %s without the page to log in or pair: %+v", rt.cmd, e)
				}
				if after := f.head(); after != before {
					t.Fatalf("a refusal recorded events: head %d -> %d", before, after)
				}
			})
		}
	}
}

// ended gives a request a context already done, so a stream's handler
// answers its first message and returns.
func ended(r *http.Request) {
	ctx, cancel := context.WithCancel(r.Context())
	cancel()
	*r = *r.WithContext(ctx)
}

// credentialRoutes write the journal for a caller who proves itself with
// what it sends: the one-time link's token, a pairing code.
var credentialRoutes = map[string]bool{"POST /connexion/initialiser": true, "POST /appairer": true}

// TestRoutes_EveryWriteHasACommand: a route that writes the journal names
// the command the role table checks, but the one-time set-up link and the
// pairing, which their code guards; a POST with a command writes, and
// only a POST writes.
func TestRoutes_EveryWriteHasACommand(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, rt := range routes {
		if seen[rt.pattern] {
			t.Errorf("route %q twice", rt.pattern)
		}
		seen[rt.pattern] = true
		method, _, _ := strings.Cut(rt.pattern, " ")
		switch {
		case rt.cmd != public && method == "POST" && !rt.writes:
			t.Errorf("route %q runs %s but is not marked as writing", rt.pattern, rt.cmd)
		case rt.writes && method != "POST":
			t.Errorf("route %q writes with %s", rt.pattern, method)
		case rt.writes && rt.cmd == public && !credentialRoutes[rt.pattern]:
			t.Errorf("route %q writes with no command to check", rt.pattern)
		}
		if rt.cmd != public && loto.Command(rt.cmd).Act() == string(rt.cmd) {
			t.Errorf("route %q: command %q is not in the role table", rt.pattern, rt.cmd)
		}
	}
}
