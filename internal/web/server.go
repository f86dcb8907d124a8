// Package web serves a loto day over HTTP: the JSON API under /api/v1, the
// pages, the organiser's login and the devices' tokens. Every route is a
// line of one table (routes.go) naming the domain command it runs; the
// role table of the domain decides who may call it. This file holds the
// frame every request passes: serve, the gate that finds its actor
// (admit), and for a write of the API, act, the steps of every write.
package web

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"loto/internal/access"
	"loto/internal/hallcert"
	"loto/internal/journal"
	"loto/internal/loto"
)

// Auth is what the server asks the day's access control (an
// *access.Book) about who is who: the paired devices and their tokens, the
// organiser's password and sessions.
type Auth interface {
	// DeviceByToken returns the device holding a bearer token; an error
	// for an unknown or revoked one.
	DeviceByToken(token string) (access.Device, error)
	// PairDevice exchanges a pairing code for the device's new token.
	PairDevice(ctx context.Context, code string) (access.Device, string, error)
	// Devices lists the devices paired today, revoked ones included.
	Devices() []access.Device
	// AddDevice pairs a device with a role, as actor.
	AddDevice(ctx context.Context, actor loto.Actor, name string, role loto.Role, desk string) (access.Pairing, error)
	// RevokeDevice revokes device id, as actor, saying why.
	RevokeDevice(ctx context.Context, actor loto.Actor, id int, reason string) (access.Device, error)
	// HasOrganiserPassword says whether the organiser's password is set.
	HasOrganiserPassword() bool
	// CheckOrganiserPassword returns nil when password is the organiser's.
	CheckOrganiserPassword(password string) error
	// SetOrganiserPassword sets the organiser's password, as actor.
	SetOrganiserPassword(ctx context.Context, actor loto.Actor, password string) error
	// OpenOrganiserSession checks the password and records a session,
	// returning its token.
	OpenOrganiserSession(ctx context.Context, password string) (string, error)
	// SessionActor is the actor of a live session's token; an error otherwise.
	SessionActor(token string) (loto.Actor, error)
	// CloseSession ends the session of a token.
	CloseSession(ctx context.Context, token string) error
	// CatchUpIfBehind applies what other processes appended since, if any:
	// a token recorded by another instance a moment ago is then known.
	CatchUpIfBehind(ctx context.Context) (bool, error)
}

// Config is what a Server serves and how.
type Config struct {
	Day  *loto.Day
	Auth Auth // nil: nobody logs in, so every write is refused
	// ReadOnly, when set, says in French why the server only reads (the
	// journal is broken, or --read-only was given): every write is refused.
	ReadOnly string
	// Stream serves GET /api/v1/stream when set (live updates).
	Stream http.Handler
	// Heartbeat is the interval of the door's and the dashboard's streams
	// when idle, 15 s when 0; the public stream's is its broker's.
	Heartbeat time.Duration
	// Cert, when the server is served over TLS (ServeTLS), is its
	// certificate: the pairing pages show its fingerprint, and its hall's
	// authority is offered for installing on the devices.
	Cert *hallcert.Cert
	Log  *slog.Logger     // slog.Default() when nil
	Now  func() time.Time // time.Now when nil; tests move the clock
	// Proxies are the addresses of the reverse proxies in front of the
	// server: a request from one of them is counted, by the login and
	// lookup limits, as the client its X-Forwarded-For names.
	Proxies []netip.Addr
	// Counts is where the login, pairing and lookup limits count, shared
	// by every instance on it (the store); nil counts in this server's
	// memory by Now, as a server that cannot write to its store must.
	Counts journal.Counter
	// SetupLinks is where the one-time set-up link is kept (the store), so
	// that every instance on it takes it; nil keeps it in this server's
	// memory.
	SetupLinks journal.SetupLinks
}

// Server is the HTTP side of one loto day.
type Server struct {
	day      *loto.Day
	auth     Auth
	readOnly string
	stream   http.Handler
	beat     time.Duration // the door's and the dashboard's heartbeat
	now      func() time.Time
	cert     *hallcert.Cert
	log      *slog.Logger
	limiter  *limiter
	contacts *contacts  // each device's last request
	lookups  *allowance // the players' card lookups, per client
	finds    *allowance // the door's searches of the holders, per device
	proxies  []netip.Addr
	memory   *memorySessions // a read-only server's sessions; nil otherwise
	handler  http.Handler
	// stopping is closed when the HTTP server's Shutdown begins, which
	// waits for every request: the organiser's dashboard stream ends then.
	stopping     chan struct{}
	stoppingOnce sync.Once

	links      journal.SetupLinks // the set-up links of every instance, by hash
	setupMu    sync.Mutex
	setupToken string // this server's set-up link's token, to print; empty once used or when a password is set
}

// New builds the server of a day. Without an organiser password it makes
// the one-time link that lets the organiser choose one (SetupPath).
func New(cfg Config) *Server {
	s := &Server{day: cfg.Day, auth: cfg.Auth, readOnly: cfg.ReadOnly, stream: cfg.Stream, cert: cfg.Cert, log: cfg.Log, proxies: cfg.Proxies, stopping: make(chan struct{})}
	if s.log == nil {
		s.log = slog.Default()
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s.now = now
	counts := cfg.Counts
	if counts == nil {
		counts = journal.NewMemoryCounter(now)
	}
	s.limiter = &limiter{counts: counts}
	s.beat = cmp.Or(cfg.Heartbeat, dashboardBeat)
	if s.readOnly != "" {
		s.memory = newMemorySessions(now)
	}
	s.contacts = newContacts(now)
	s.lookups = &allowance{counts: counts, kind: "cartes", limit: lookupLimit, window: lookupWindow, refusal: "cartes cherchées"}
	s.finds = &allowance{counts: counts, kind: "recherches", limit: doorFindLimit, window: doorFindWindow, refusal: "recherches de réservations"}
	s.links = cfg.SetupLinks
	if s.links == nil {
		s.links = &journal.MemorySetupLinks{}
	}
	if s.auth != nil && !s.auth.HasOrganiserPassword() && s.readOnly == "" {
		s.offerSetup()
	}
	mux := http.NewServeMux()
	for _, rt := range routes {
		mux.Handle(rt.pattern, s.serve(rt))
	}
	s.handler = s.secure(mux)
	return s
}

// offerSetup makes this server's one-time set-up link and stores its hash
// where every instance takes it. Each instance prints a link of its own:
// one shared link would have to be stored as it is, readable in every
// backup, for the others to print it. A link the store refuses is not
// offered: it would be refused when used.
func (s *Server) offerSetup() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	token := rand.Text()
	if err := s.links.AddSetupLink(ctx, setupHash(token)); err != nil {
		s.log.Warn("lien de première connexion non enregistré : choisir le mot de passe par « loto organiser password »", "err", err)
		return
	}
	s.setupToken = token
}

// setupHash is what the store keeps of a set-up link's token.
func setupHash(token string) [32]byte { return sha256.Sum256([]byte(token)) }

// ServeHTTP serves a request through the middleware and the routes table.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// SetupPath is the path of the one-time link that lets the organiser choose
// a password, or "" when one is set.
func (s *Server) SetupPath() string {
	s.setupMu.Lock()
	defer s.setupMu.Unlock()
	if s.setupToken == "" {
		return ""
	}
	return "/connexion/initialiser?jeton=" + s.setupToken
}

// The server's timeouts: a slow client cannot hold a connection with half
// a request, nor keep an idle one for ever. Writes are bounded per answer;
// the stream extends its own deadline per message (http.ResponseController),
// and the stop ends it (cmd/loto cancels the broker when Shutdown begins).
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 2 * time.Minute
	maxHeaderBytes    = 32 << 10
)

// HTTPServer returns an http.Server serving s at addr with the timeouts above.
func (s *Server) HTTPServer(addr string) *http.Server {
	hs := &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	hs.RegisterOnShutdown(func() { s.stoppingOnce.Do(func() { close(s.stopping) }) })
	return hs
}

// serve wraps a route's handler: the gate admits the actor (admit,
// below), the handler runs (a write through act, at the end of this
// file), and any error is answered by writeError.
func (s *Server) serve(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, err := s.admit(r, rt)
		if !citesRules(a, rt.pattern) {
			w = plainWriter{w}
		}
		if err == nil {
			err = rt.h(s, w, r, a)
		}
		switch {
		case err != nil && isPage(rt.pattern):
			s.refuse(w, r, err)
		case err != nil:
			writeError(w, r, s.log, err)
		}
	})
}

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

// deviceRefusal is why a device's token is refused, in words a volunteer
// reads: an unknown token is a device the day no longer knows.
func deviceRefusal(err error) string {
	if loto.ErrorCode(err) == loto.ENotFound {
		return "cet appareil n'est plus appairé à ce loto"
	}
	return loto.ErrorMessage(err)
}

// The pages where a refused person sets things right: the organiser logs
// in, a device of the hall pairs with a code the organiser gives.
const (
	loginPath = "/connexion"
	pairPath  = "/appairer"
)

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

// keyed is the request's context with its Idempotency-Key, if any
// (loto.WithKey): a retry with the same key gets the first answer.
func keyed(r *http.Request) (context.Context, error) {
	k, err := loto.ParseKey(r.Header.Get("Idempotency-Key"))
	if err != nil || k == "" {
		return r.Context(), err
	}
	return loto.WithKey(r.Context(), k), nil
}

// act serves a write of the API whose body is JSON, in the steps of every
// write: the body decoded into a B; the idempotency key read; do reads the
// body into the domain's typed request, with the domain's one parser of
// each value, and makes one call of the Day; the first error goes back to
// the route's handler for writeError, which maps it; the answer is written
// (answer).
func act[B any](w http.ResponseWriter, r *http.Request, do func(ctx context.Context, body B) (any, error)) error {
	var body B
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	return commit(w, r, func(ctx context.Context) (any, error) { return do(ctx, body) })
}

// commit is act for a write whose body was read already (a file sent):
// the key read, do's one call of the Day, its answer written.
func commit(w http.ResponseWriter, r *http.Request, do func(ctx context.Context) (any, error)) error {
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	ans, err := do(ctx)
	if err != nil {
		return err
	}
	answer(w, ans)
	return nil
}

// created is the answer of a write that made a resource: 201 Created.
type created struct{ v any }

// answer writes a write's answer: nil is 204 No Content, created 201 with
// its JSON, any other 200 with its JSON.
func answer(w http.ResponseWriter, ans any) {
	switch v := ans.(type) {
	case nil:
		w.WriteHeader(http.StatusNoContent)
	case created:
		writeJSON(w, http.StatusCreated, v.v)
	default:
		writeJSON(w, http.StatusOK, v)
	}
}
