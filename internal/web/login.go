package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"loto/internal/access"
	"loto/internal/loto"
)

// maxPassword bounds a password as typed, so that hashing cannot be made slow.
const maxPassword = 256

// loginBody is the JSON of POST /connexion.
type loginBody struct {
	Password string `json:"password"`
}

// loginPage is what the login and set-up pages show.
type loginPage struct {
	Error    string
	Token    string // the set-up link's token
	ReadOnly string
	// NoPassword: none is set yet, so the login page points to the
	// one-time link instead.
	NoPassword bool
}

// MinPassword is the shortest password the domain accepts, for the set-up page's hint.
func (loginPage) MinPassword() int { return access.MinPassword }

func pageLogin(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "login.html", loginPage{ReadOnly: s.readOnly, NoPassword: s.auth != nil && !s.auth.HasOrganiserPassword()})
}

// login opens an organiser session for the right password. Attempts are
// rate-limited and locked out per client (limiter). A form gets a page
// back, JSON gets JSON.
func login(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	form := isForm(r)
	fail := func(err error) error {
		if form {
			return s.render(w, statusOf(loto.ErrorCode(err)), "login.html", loginPage{Error: loto.ErrorMessage(err)})
		}
		return err
	}
	var body loginBody
	if err := readLogin(r, form, &body); err != nil {
		return fail(err)
	}
	client := s.clientOf(r)
	if err := s.limiter.allow(r.Context(), client); err != nil {
		return fail(err)
	}
	token, err := s.openSession(r, body.Password)
	s.record(r.Context(), client, outcomeOf(err))
	if err != nil {
		return fail(err)
	}
	s.loggedIn(w, r, token, form)
	return nil
}

// loggedIn starts the organiser's session of token and answers the login:
// a form by the organiser's desk, where the organiser works, as a paired
// device lands on its role's page; JSON by the session's actor.
func (s *Server) loggedIn(w http.ResponseWriter, r *http.Request, token string, form bool) {
	s.startSession(w, r, token)
	if form {
		http.Redirect(w, r, "/organisateur", http.StatusSeeOther)
		return
	}
	writeJSON(w, http.StatusOK, sessionAnswer{Role: organiser.Role, Name: organiser.Name})
}

// sessionAnswer is the JSON answer of a login.
type sessionAnswer struct {
	Role loto.Role `json:"role"`
	Name string    `json:"name"`
}

// openSession asks the day to check the organiser's password and record
// a session, whose token it returns.
func (s *Server) openSession(r *http.Request, password string) (string, error) {
	if s.auth == nil {
		return "", errNoAuth
	}
	if len(password) > maxPassword {
		return "", errWrongPassword
	}
	// The domain's refusals are French and say no more than "wrong" or
	// "none set yet".
	if s.memory != nil {
		if err := s.auth.CheckOrganiserPassword(password); err != nil {
			return "", err
		}
		return s.memory.open(), nil
	}
	return s.auth.OpenOrganiserSession(r.Context(), password)
}

// outcomeOf is what a password check's error says of the attempt: an
// internal error judged nothing.
func outcomeOf(err error) outcome {
	switch {
	case err == nil:
		return passed
	case loto.ErrorCode(err) == loto.EInternal:
		return unjudged
	}
	return failed
}

// errWrongPassword says the same for every refused password.
var errWrongPassword = loto.Errorf(loto.EForbidden, "mot de passe incorrect")

// startSession sets the cookie of the session of token, recorded by the
// day, and ends the session the browser had.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, token string) {
	s.endSessions(w, r) // a new token at each login: no fixation
	http.SetCookie(w, s.sessionCookieFor(r, token))
	// One browser, one identity: a paired device's cookie gives way, or
	// it would take precedence over the session.
	s.clearCookie(w, r, deviceCookie)
}

// endSessions ends the sessions of the session cookies the browser sent,
// and clears those cookies.
func (s *Server) endSessions(w http.ResponseWriter, r *http.Request) {
	for _, c := range r.Cookies() {
		if c.Name == sessionCookie || c.Name == securePrefix+sessionCookie {
			s.closeSession(r, c.Value)
		}
	}
	s.clearCookie(w, r, sessionCookie)
}

// closeSession ends a session on every instance; a failure to record it
// is logged, the cookie going anyway.
func (s *Server) closeSession(r *http.Request, token string) {
	if s.memory != nil {
		s.memory.close(token)
		return
	}
	if s.auth == nil {
		return
	}
	if err := s.auth.CloseSession(r.Context(), token); err != nil {
		s.log.Warn("fin de session non enregistrée", "err", err)
	}
}

func logout(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	s.endSessions(w, r)
	if isForm(r) {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return nil
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// setupBody is the JSON of POST /connexion/initialiser.
type setupBody struct {
	Token    string `json:"token"`
	Password string `json:"password"`
	Confirm  string `json:"confirm"`
}

func pageSetup(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	token := r.URL.Query().Get("jeton")
	valid, err := s.setupValid(r.Context(), token)
	if err != nil {
		return err
	}
	if !valid {
		return s.render(w, http.StatusForbidden, "setup.html", loginPage{Error: loto.ErrorMessage(errSetupLink)})
	}
	return s.render(w, http.StatusOK, "setup.html", loginPage{Token: token})
}

// setup sets the organiser's first password through a one-time link
// printed on an instance's console, whichever instance takes it, then
// opens the organiser's session. A link works once, and its use ends the
// other instances' links; a wrong token counts as a failed login.
func setup(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	form := isForm(r)
	var body setupBody
	fail := func(err error) error {
		if form {
			return s.render(w, statusOf(loto.ErrorCode(err)), "setup.html", loginPage{Error: loto.ErrorMessage(err), Token: body.Token})
		}
		return err
	}
	if err := readSetup(r, form, &body); err != nil {
		return fail(err)
	}
	client := s.clientOf(r)
	if err := s.limiter.allow(r.Context(), client); err != nil {
		return fail(err)
	}
	valid, err := s.setupValid(r.Context(), body.Token)
	switch {
	case err != nil:
		s.record(r.Context(), client, unjudged)
		return fail(err)
	case valid:
		s.record(r.Context(), client, passed)
	}
	switch {
	case !valid:
		return fail(errSetupLink)
	case body.Password != body.Confirm:
		return fail(loto.Errorf(loto.EInvalid, "les deux mots de passe diffèrent"))
	case len(body.Password) > maxPassword:
		return fail(loto.Errorf(loto.EInvalid, "mot de passe trop long : %d octets au plus", maxPassword))
	}
	// A password the domain refuses leaves the link as it was.
	if err := access.CheckPasswordStrength(body.Password); err != nil {
		return fail(err)
	}
	hash := setupHash(body.Token)
	used, err := s.links.UseSetupLink(r.Context(), hash)
	switch {
	case err != nil:
		return fail(err)
	case !used: // another use, on any instance, came first
		return fail(errSetupLink)
	}
	if err := s.auth.SetOrganiserPassword(r.Context(), organiser, body.Password); err != nil {
		// The password the link was used for is not set: the link is
		// given back, so that the organiser tries again.
		if err := s.links.AddSetupLink(context.WithoutCancel(r.Context()), hash); err != nil {
			s.log.Warn("lien de première connexion perdu : choisir le mot de passe par « loto organiser password »", "err", err)
		}
		return fail(err)
	}
	s.setupMu.Lock()
	s.setupToken = ""
	s.setupMu.Unlock()
	token, err := s.auth.OpenOrganiserSession(r.Context(), body.Password)
	if err != nil {
		return fail(err)
	}
	s.loggedIn(w, r, token, form)
	return nil
}

// errSetupLink refuses a set-up link that is not the one printed.
var errSetupLink = loto.Errorf(loto.EForbidden, "lien de première connexion invalide ou déjà utilisé : le mot de passe se change par « loto organiser password »")

// setupValid says whether token is a one-time link's, printed by any
// instance on the store: the store compares hashes, so the time it takes
// says nothing of the token. A password set meanwhile by another way (the
// command line, another instance), which the server catches up with
// first, ends every link: it never replaces one.
func (s *Server) setupValid(ctx context.Context, token string) (bool, error) {
	if s.auth == nil || s.readOnly != "" || token == "" {
		return false, nil
	}
	if _, err := s.auth.CatchUpIfBehind(ctx); err != nil {
		return false, err
	}
	if s.auth.HasOrganiserPassword() {
		return false, nil
	}
	return s.links.HasSetupLink(ctx, setupHash(token))
}

// isForm says whether the request carries an HTML form.
func isForm(r *http.Request) bool {
	mt, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	return strings.EqualFold(strings.TrimSpace(mt), "application/x-www-form-urlencoded")
}

// readLogin reads the password from a form or JSON.
func readLogin(r *http.Request, form bool, b *loginBody) error {
	if !form {
		return decodeJSON(r, b)
	}
	if err := parseForm(r); err != nil {
		return err
	}
	b.Password = r.PostForm.Get("password")
	return nil
}

// readSetup reads the set-up form or JSON.
func readSetup(r *http.Request, form bool, b *setupBody) error {
	if !form {
		return decodeJSON(r, b)
	}
	if err := parseForm(r); err != nil {
		return err
	}
	b.Token, b.Password, b.Confirm = r.PostForm.Get("token"), r.PostForm.Get("password"), r.PostForm.Get("confirm")
	return nil
}

// parseForm parses a form body, its errors in French.
func parseForm(r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return loto.Errorf(eTooLarge, "requête trop grosse : %d octets au plus", tooBig.Limit)
		}
		return loto.Errorf(eMalformed, "formulaire illisible")
	}
	return nil
}
