// Package web serves a loto day over HTTP: the JSON API under /api/v1, the
// pages, the organiser's login and the devices' tokens. Every route is a
// line of one table (routes.go) naming the domain command it runs; the
// role table of the domain decides who may call it.
package web

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"net/netip"
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

// serve wraps a route's handler: the gate admits the actor, the handler
// runs, and any error is answered by writeError.
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
