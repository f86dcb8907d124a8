package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestPair_BrowserGetsItsDeviceCookie: a browser opening the pairing link
// confirms the code and gets the device's token in an HttpOnly,
// SameSite=Strict cookie, with which it acts in the device's role; the code
// works once; once the organiser revokes the device, the cookie and the
// token stop working at once.
func TestPair_BrowserGetsItsDeviceCookie(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	ctx := context.Background()
	p, err := f.auth.AddDevice(ctx, org, "portable du meneur", loto.RoleHost, "")
	if err != nil {
		t.Fatal(err)
	}
	page := f.do("GET", "/appairer?code="+url.QueryEscape(p.Code), "")
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `value="`+p.Code+`"`) {
		t.Fatalf("pairing page: %d %s", page.Code, page.Body)
	}
	if f.auth.Devices()[len(f.auth.Devices())-1].CodeUsed {
		t.Fatal("opening the link used the code")
	}
	form := withHeader("Content-Type", "application/x-www-form-urlencoded")
	w := f.do("POST", "/appairer", "code="+url.QueryEscape(p.Code), form)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("pairing: %d %s", w.Code, w.Body)
	}
	var cookie *http.Cookie
	for _, c := range w.Result().Cookies() {
		if c.Name == deviceCookie {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Value == p.Token {
		t.Fatalf("device cookie %+v: want HttpOnly, SameSite=Strict, a token of its own", cookie)
	}
	if w := f.do("POST", "/api/v1/game/start", "{}", withCookie(cookie)); w.Code != http.StatusOK {
		t.Fatalf("host's write with its cookie: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/claims", `{"serial":"`+f.serial(1)+`"}`, withCookie(cookie)); w.Code != http.StatusForbidden {
		t.Fatalf("a host's cookie registering a claim: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/appairer", `{"code":"`+p.Code+`"}`); w.Code != http.StatusForbidden {
		t.Fatalf("the code used twice: %d %s", w.Code, w.Body)
	}
	if _, err := f.auth.RevokeDevice(ctx, org, p.Device.ID, "portable perdu"); err != nil {
		t.Fatal(err)
	}
	for name, o := range map[string]option{"cookie": withCookie(cookie), "token": withHeader("Authorization", "Bearer "+p.Token)} {
		w := f.do("POST", "/api/v1/game/draws", "{}", o)
		if w.Code != http.StatusForbidden || !strings.Contains(errorOf(t, w).Message, "révoqué") {
			t.Fatalf("revoked device's %s: %d %s", name, w.Code, w.Body)
		}
	}
}

// TestPair_JSONAndWrongCodes: an API client gets its token in the answer;
// wrong codes are refused in French, count as failed attempts and lock the
// client out like wrong passwords.
func TestPair_JSONAndWrongCodes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	p, err := f.auth.AddDevice(context.Background(), org, "téléphone contrôle 2", loto.RoleController, "")
	if err != nil {
		t.Fatal(err)
	}
	a := decode[pairAnswer](t, f.do("POST", "/appairer", `{"code":"`+strings.ToLower(p.Code)+`"}`))
	if a.Role != loto.RoleController || a.Name != "téléphone contrôle 2" || a.Token == "" {
		t.Fatalf("pairing answer %+v", a)
	}
	if w := f.do("POST", "/api/v1/claims", `{"serial":"`+f.serial(1)+`"}`, withHeader("Authorization", "Bearer "+a.Token)); w.Code == http.StatusForbidden {
		t.Fatalf("the paired token refused: %s", w.Body)
	}
	if w := f.do("POST", "/appairer", `{"code":"pas un code"}`); w.Code != 422 || !strings.Contains(errorOf(t, w).Message, "code d'appairage invalide") {
		t.Fatalf("unreadable code: %d %s", w.Code, w.Body)
	}
	for range maxFailures - 1 {
		f.do("POST", "/appairer", `{"code":"ZZZZ2222"}`)
	}
	if w := f.do("POST", "/appairer", `{"code":"`+p.Code+`"}`); w.Code != http.StatusTooManyRequests {
		t.Fatalf("after %d wrong codes: %d %s", maxFailures, w.Code, w.Body)
	}
}

// TestPair_DeviceLandsOnItsRolesPage: a browser paired by its code lands
// on the page of its role (the host's, the controllers', the board, the
// desk, the door), not on the start page where the volunteer would look
// for it. (Every browser test's openAs pairs this way and waits for it.)
func TestPair_DeviceLandsOnItsRolesPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	want := map[loto.Role]string{loto.RoleHost: "/meneur", loto.RoleController: "/controle", loto.RoleBoard: "/tableau",
		loto.RoleCashier: "/caisse", loto.RoleDoor: "/entree"}
	for _, role := range deviceRoles {
		desk := ""
		if role == loto.RoleCashier {
			desk = "caisse-1"
		}
		p, err := f.auth.AddDevice(context.Background(), org, "nouvel appareil "+role.Label(), role, desk)
		if err != nil {
			t.Fatal(err)
		}
		w := f.do("POST", "/appairer", "code="+url.QueryEscape(p.Code), withHeader("Content-Type", "application/x-www-form-urlencoded"))
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != want[role] {
			t.Errorf("%s paired: %d to %q, want %s", role, w.Code, w.Header().Get("Location"), want[role])
		}
	}
}
