package web

import (
	"errors"
	"net/http"
	"strings"

	"loto/internal/access"
	"loto/internal/loto"
)

// organiser is the actor of a session opened with the organiser's password.
var organiser = access.OrganiserActor

// admit is the gate of a route: a read-only server refuses every write; a
// route with a command needs an actor the domain's role table allows to
// run it. A cashier's desk is checked by the domain, which knows the desk
// the request names. A public route gets the caller's actor when it has
// one, the zero Actor otherwise.
func (s *Server) admit(r *http.Request, rt route) (loto.Actor, error) {
	if rt.writes && s.readOnly != "" {
		return loto.Actor{}, loto.Errorf(loto.EForbidden, "%s : rien ne s'enregistre", s.readOnly)
	}
	a, known, err := s.actorOf(r)
	if rt.cmd == public {
		if err != nil {
			return loto.Actor{}, nil
		}
		return a, nil
	}
	if err != nil {
		return loto.Actor{}, err
	}
	if !known {
		return loto.Actor{}, loginRequired(r, rt)
	}
	if err := loto.Authorize(a, rt.cmd, a.Desk); err != nil {
		return loto.Actor{}, err
	}
	return a, nil
}

// actorOf is who makes the request: the device of its bearer token, else
// the actor of its session cookie; known is false for an anonymous caller.
// A token that names no paired device is refused, never taken as anonymous.
func (s *Server) actorOf(r *http.Request) (a loto.Actor, known bool, err error) {
	if h := r.Header.Get("Authorization"); h != "" {
		token, ok := bearer(h)
		if !ok {
			return loto.Actor{}, false, loto.Errorf(loto.EForbidden, "en-tête Authorization illisible : attendu « Bearer JETON »")
		}
		if s.auth == nil {
			return loto.Actor{}, false, errNoAuth
		}
		return s.device(r, token)
	}
	if c, err := s.cookie(r, deviceCookie); err == nil && s.auth != nil {
		return s.device(r, c.Value)
	}
	if c, err := s.cookie(r, sessionCookie); err == nil && s.memory != nil {
		return organiser, s.memory.live(c.Value), nil
	}
	if c, err := s.cookie(r, sessionCookie); err == nil && s.auth != nil {
		a, err := s.auth.SessionActor(c.Value)
		if err != nil && s.caughtUp(r) {
			a, err = s.auth.SessionActor(c.Value)
		}
		if err == nil {
			return a, true, nil
		}
	}
	return loto.Actor{}, false, nil
}

// caughtUp applies what other instances sharing the journal appended, and
// says whether to look again (not when the journal cannot be read): behind a round-robin
// proxy, the request after a login or a pairing on one instance may reach
// another one before it followed the journal's tail.
func (s *Server) caughtUp(r *http.Request) bool {
	// Looked again even when nothing was left to apply: the follower may
	// have applied the event between the first look and this one.
	if _, err := s.auth.CatchUpIfBehind(r.Context()); err != nil {
		s.log.Warn("suivi du journal avant un refus", "err", err)
		return false
	}
	return true
}

// device is the actor of the device holding token. An unknown or revoked
// device is refused (a 403, with the domain's French reason), checked at
// every request, so a revocation takes effect at once.
func (s *Server) device(r *http.Request, token string) (loto.Actor, bool, error) {
	d, err := s.auth.DeviceByToken(token)
	if err != nil && loto.ErrorCode(err) == loto.ENotFound && s.caughtUp(r) {
		d, err = s.auth.DeviceByToken(token)
	}
	if err != nil {
		if loto.ErrorCode(err) == loto.EInternal {
			return loto.Actor{}, false, err
		}
		return loto.Actor{}, false, goTo(loto.Errorf(loto.EForbidden, "%s : demander à l'organisateur un nouveau code d'appairage, à entrer sur la page « Appairer cet appareil »", deviceRefusal(err)), pairPath)
	}
	s.contacts.touch(d.ID)
	return d.Actor(), true, nil
}

// The pages where a refused person sets things right: the organiser logs
// in, a device of the hall pairs with a code the organiser gives.
const (
	loginPath = "/connexion"
	pairPath  = "/appairer"
)

// refusal is a refusal with the page where the person sets it right
// (errorBody.Next): a page or a stream refused then says where to go
// instead of trying again for ever.
type refusal struct {
	error
	next string
}

func (r *refusal) Unwrap() error { return r.error }

// goTo is err with the page that sets it right.
func goTo(err error, next string) error { return &refusal{error: err, next: next} }

// nextOf is the page that sets err right, "" when none does.
func nextOf(err error) string {
	var r *refusal
	if errors.As(err, &r) {
		return r.next
	}
	return ""
}

// deviceRefusal is why a device's token is refused, in words a volunteer
// reads: an unknown token is a device the day no longer knows.
func deviceRefusal(err error) string {
	if loto.ErrorCode(err) == loto.ENotFound {
		return "cet appareil n'est plus appairé à ce loto"
	}
	return loto.ErrorMessage(err)
}

// loginRequired refuses an anonymous request to a route that needs an
// actor, saying what to do: a browser whose organiser's session ended logs
// in again; a route only the organiser may use asks for the login; the
// others (the host's, the controllers', the desks', the door's) are opened
// by a paired device, or by the organiser.
func loginRequired(r *http.Request, rt route) error {
	if hasSession(r) || !devicesMay(rt.cmd) {
		return goTo(loto.Errorf(loto.EForbidden, "connexion requise : l'organisateur se connecte avec son mot de passe sur la page « Connexion »"), loginPath)
	}
	return goTo(loto.Errorf(loto.EForbidden, "cet appareil n'est pas appairé : demander un code d'appairage à l'organisateur et l'entrer sur la page « Appairer cet appareil » (l'organisateur, lui, se connecte sur la page « Connexion »)"), pairPath)
}

// hasSession says whether the browser sent a session cookie, of either
// scheme.
func hasSession(r *http.Request) bool {
	for _, c := range r.Cookies() {
		if c.Name == sessionCookie || c.Name == securePrefix+sessionCookie {
			return true
		}
	}
	return false
}

// devicesMay says whether a device of the hall (not the organiser) may run c.
func devicesMay(c loto.Command) bool {
	for _, role := range loto.Roles {
		if role != loto.RoleOrganiser && role != loto.RoleSystem && loto.Allowed(role, c) {
			return true
		}
	}
	return false
}

// errNoAuth refuses a login or a token on a server that cannot check them.
var errNoAuth = loto.Errorf(loto.EForbidden, "ce serveur ne vérifie ni mot de passe ni appareil : la connexion est impossible")

// bearer reads "Bearer TOKEN" (the scheme in any case, RFC 6750).
func bearer(h string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(h), " ")
	token = strings.TrimSpace(token)
	return token, ok && strings.EqualFold(scheme, "Bearer") && token != ""
}
