package web

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"loto/internal/access"
	"loto/internal/loto"
)

// labelsOf reads the domain's words a game page carries for its script.
func labelsOf(t *testing.T, body string) labels {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="labels">(.*?)</script>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no labels in the page:\n%s", body)
	}
	var l labels
	if err := json.Unmarshal([]byte(m[1]), &l); err != nil {
		t.Fatalf("labels are not JSON: %v\n%s", err, m[1])
	}
	return l
}

// TestPages_HostAndControllerRender: the host's page opens for the host
// and the organiser, the controllers' for a controller; each says the
// day's draw mode, loads its own script module (no inline script: the
// CSP), and carries the domain's French words for the verdicts, the
// phases and the ties; the start page links them.
func TestPages_HostAndControllerRender(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	for _, c := range []struct {
		path, script string
		as           option
	}{
		{"/meneur", "host", f.as(loto.RoleOrganiser)},
		{"/meneur", "host", f.bearerOf(loto.RoleHost)},
		{"/controle", "controller", f.bearerOf(loto.RoleController)},
	} {
		w := f.do("GET", c.path, "", c.as)
		b := w.Body.String()
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.path, w.Code, b)
		}
		if !strings.Contains(b, `<script type="module" src="`+staticPath(c.script+".js")+`">`) {
			t.Errorf("%s does not load %s.js", c.path, c.script)
		}
		if regexp.MustCompile(`<script>|<style|\sstyle=|\son[a-z]+="`).MatchString(b) {
			t.Errorf("%s has inline script or style, which the CSP refuses", c.path)
		}
		l := labelsOf(t, b)
		// The controllers read the rules in words only; the host, their ids.
		said := func(s string) string { return s }
		if c.script == "controller" {
			said = plainText
		}
		if l.Verdicts[loto.VerdictWin] != said(loto.VerdictWin.French()) || l.Phases[loto.PhaseCalled] != said(loto.PhaseCalled.French()) ||
			l.Ties[loto.TieTokensShare] != said(loto.TieTokensShare.French()) || len(l.Verdicts) != 11 {
			t.Errorf("%s labels: %+v", c.path, l)
		}
		if c.path == "/meneur" && !strings.Contains(b, `data-mode="rng"`) {
			t.Errorf("the host page does not say the day draws by the software")
		}
	}
	home := f.do("GET", "/", "").Body.String()
	for _, p := range []string{"/meneur", "/controle"} {
		if !strings.Contains(home, `<a href="`+p+`">`) {
			t.Errorf("the start page does not link %s", p)
		}
	}
}

// TestPages_RefusedWithAPageInFrench: an anonymous browser and a role
// that may not open a game page get a 403 page (not JSON) saying why and
// where to log in or pair, and nothing of the page itself.
func TestPages_RefusedWithAPageInFrench(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	revoked := f.revokedDevice(loto.RoleHost)
	for _, c := range []struct {
		path string
		as   []option
		want string
		next string // the big link: the page that sets it right
	}{
		{"/meneur", nil, "cet appareil n'est pas appairé : demander un code d'appairage à l'organisateur", `href="/appairer">Appairer cet appareil`},
		{"/organisateur", nil, "connexion requise : l'organisateur se connecte avec son mot de passe", `href="/connexion">Se connecter`},
		{"/meneur", []option{withCookie(&http.Cookie{Name: sessionCookie, Value: "fini"})}, "connexion requise : l'organisateur se connecte", `href="/connexion">Se connecter`},
		{"/meneur", []option{withHeader("Authorization", "Bearer "+revoked)}, "a été révoqué", `href="/appairer">Appairer cet appareil`},
		{"/meneur", []option{f.bearerOf(loto.RoleController)}, loto.ErrorMessage(loto.Authorize(f.devices[loto.RoleController], loto.CmdStartGame, "")), `href="/connexion"`},
		{"/controle", []option{f.bearerOf(loto.RoleHost)}, loto.ErrorMessage(loto.Authorize(f.devices[loto.RoleHost], loto.CmdClaim, "")), `href="/appairer"`},
	} {
		w := f.do("GET", c.path, "", c.as...)
		b := w.Body.String()
		if w.Code != http.StatusForbidden || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %s", c.path, w.Code, w.Header().Get("Content-Type"))
		}
		if !strings.Contains(b, html.EscapeString(c.want)) || !strings.Contains(b, c.next) || strings.Contains(b, "labels") {
			t.Errorf("%s refused with\n%s\nwant %q and the link %s", c.path, b, c.want, c.next)
		}
		// Words for volunteers: no header names, no command to type.
		for _, jargon := range []string{"Authorization", "Bearer", "jeton", "loto device", "clore la journée"} {
			if strings.Contains(b, jargon) {
				t.Errorf("%s refused with the jargon %q:\n%s", c.path, jargon, b)
			}
		}
	}
}

// revokedDevice pairs a device of role and revokes it; it returns its token.
func (f *fixture) revokedDevice(role loto.Role) string {
	f.t.Helper()
	ctx := context.Background()
	p, err := f.auth.AddDevice(ctx, access.OrganiserActor, "tablette perdue", role, "")
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.auth.RevokeDevice(ctx, access.OrganiserActor, p.Device.ID, "perdue"); err != nil {
		f.t.Fatal(err)
	}
	return p.Token
}
