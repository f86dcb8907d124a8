package web

import (
	"regexp"
	"strings"
	"testing"

	"loto/internal/loto"
)

// idAttr is an id attribute as html/template writes it, always in double
// quotes: a quote in a text or a script is escaped, so the pattern finds
// attributes only.
var idAttr = regexp.MustCompile(`\sid="([^"]*)"`)

// duplicateIDs lists the ids an HTML page gives more than one element.
func duplicateIDs(page string) []string {
	seen := map[string]int{}
	var dup []string
	for _, m := range idAttr.FindAllStringSubmatch(page, -1) {
		if seen[m[1]]++; seen[m[1]] == 2 {
			dup = append(dup, m[1])
		}
	}
	return dup
}

// TestPages_NoDuplicateID renders every page of the routes table as every
// role and anonymously, on a day without event and on the example day:
// no page gives one id to two elements (a script's getElementById finds
// the first only, and a label or an aria reference the wrong one).
func TestPages_NoDuplicateID(t *testing.T) {
	t.Parallel()
	days := map[string]*fixture{"sans événement": setUpEvent(t, Config{}, true, nil), "exemple": newFixture(t, Config{})}
	callers := append([]loto.Role{"", loto.RoleOrganiser}, deviceRoles...)
	pages := map[string]bool{}
	for name, f := range days {
		for _, rt := range routes {
			method, path := requestOf(t, rt.pattern)
			if !isPage(rt.pattern) || method != "GET" {
				continue
			}
			for _, role := range callers {
				var opts []option
				if role == loto.RoleOrganiser || (role != "" && f.tokens[role] != "") {
					opts = append(opts, f.as(role))
				}
				w := f.do(method, path, "", opts...)
				if !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
					continue
				}
				pages[rt.pattern] = true
				if dup := duplicateIDs(w.Body.String()); len(dup) > 0 {
					t.Errorf("%s, %s as %q (%d): the ids %q are given twice", name, rt.pattern, role, w.Code, dup)
				}
			}
		}
	}
	t.Logf("%d pages rendered", len(pages))
	if len(pages) < 20 || !pages["GET /organisateur/evenement"] {
		t.Fatalf("only %d pages rendered: %v", len(pages), pages)
	}
}
