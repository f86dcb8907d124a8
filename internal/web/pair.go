package web

import (
	"net/http"
	"time"

	"loto/internal/loto"
)

// deviceCookie holds a paired browser's token: the device's own, got by
// its pairing code, checked at every request like a bearer token.
const deviceCookie = "loto_appareil"

// deviceCookieTTL is how long a paired browser keeps its token: until the
// organiser revokes the device, within a season of loto days.
const deviceCookieTTL = 90 * 24 * time.Hour

// rolePages are the pages a paired device of each role opens, where the
// pairing leads it: the volunteer sees their page at once.
var rolePages = map[loto.Role]string{
	loto.RoleHost:       "/meneur",
	loto.RoleController: "/controle",
	loto.RoleBoard:      "/tableau",
	loto.RoleCashier:    "/caisse",
	loto.RoleDoor:       "/entree",
}

// rolePage is the page of a role, the start page for a role with none.
func rolePage(r loto.Role) string {
	if p, ok := rolePages[r]; ok {
		return p
	}
	return "/"
}

// pairBody is the JSON of POST /appairer.
type pairBody struct {
	Code string `json:"code"`
}

// pairAnswer is the JSON answer of a pairing: the device and its token,
// shown this once to the device itself, as `loto device add` shows it.
type pairAnswer struct {
	Name  string    `json:"name"`
	Role  loto.Role `json:"role"`
	Desk  string    `json:"desk,omitempty"`
	Token string    `json:"token"`
}

// pairPage is what the pairing page shows.
type pairPage struct {
	Code     string
	Error    string
	ReadOnly string
	Cert     *certView // nil unless served over TLS
}

// pagePair shows the pairing form, filled with the code of the link (the
// QR code of the organiser's page opens /appairer?code=...): a GET never
// uses the code, the device's person confirms.
func pagePair(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "pair.html", pairPage{Code: r.URL.Query().Get("code"), ReadOnly: s.readOnly, Cert: s.certOf()})
}

// pair exchanges a pairing code for the device's token, kept by a browser
// in its cookie, or told to an API client. Attempts count with the logins'
// (limiter): a short code must not be guessed.
func pair(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	form := isForm(r)
	var body pairBody
	fail := func(err error) error {
		if form {
			return s.render(w, statusOf(loto.ErrorCode(err)), "pair.html", pairPage{Code: body.Code, Error: loto.ErrorMessage(err), Cert: s.certOf()})
		}
		return err
	}
	if form {
		if err := parseForm(r); err != nil {
			return fail(err)
		}
		body.Code = r.PostForm.Get("code")
	} else if err := decodeJSON(r, &body); err != nil {
		return fail(err)
	}
	if s.auth == nil {
		return fail(errNoAuth)
	}
	client := s.clientOf(r)
	if err := s.limiter.allow(r.Context(), client); err != nil {
		return fail(err)
	}
	dev, token, err := s.auth.PairDevice(r.Context(), body.Code)
	s.record(r.Context(), client, outcomeOf(err))
	if err != nil {
		return fail(err)
	}
	// One browser, one identity: the organiser's session gives way.
	s.endSessions(w, r)
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(r, deviceCookie), Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: s.overTLS(r), MaxAge: int(deviceCookieTTL / time.Second)})
	if form {
		http.Redirect(w, r, rolePage(dev.Role), http.StatusSeeOther)
		return nil
	}
	writeJSON(w, http.StatusOK, pairAnswer{Name: dev.Name, Role: dev.Role, Desk: dev.Desk, Token: token})
	return nil
}
