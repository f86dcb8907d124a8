package web

import (
	"sync"
	"time"

	"loto/internal/loto"
)

// The login limits, per client (its IP address): a guesser gets a few
// tries a minute, and is locked out for a while after repeated failures.
const (
	attemptsPerMinute = 10
	maxFailures       = 5
	lockout           = 15 * time.Minute
	maxClients        = 10000 // clients remembered; the quiet ones are forgotten first
)

// limiter counts the login attempts of each client.
type limiter struct {
	mu      sync.Mutex
	now     func() time.Time
	clients map[string]*attempts
}

// attempts is a client's recent login attempts.
type attempts struct {
	minute   time.Time // start of the current minute's count
	count    int       // attempts since minute
	failures int       // failures in a row, counting the attempts in flight
	// lockedUntil is set by the attempt that makes the failures too many,
	// before its password is checked.
	lockedUntil time.Time
	last        time.Time
}

// outcome is what became of an allowed attempt.
type outcome int

const (
	failed   outcome = iota // the password or link was wrong
	passed                  // it was right
	unjudged                // it could not be checked (an internal error)
)

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, clients: map[string]*attempts{}}
}

// allow counts an attempt by client, or refuses it in French when the
// client is locked out or over its rate. An allowed attempt counts as a
// failure until record says otherwise: attempts sent in parallel, none
// yet checked, get no more checks than the same ones sent one by one.
func (l *limiter) allow(client string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	a := l.clients[client]
	if a == nil {
		l.forget(now)
		a = &attempts{minute: now}
		l.clients[client] = a
	}
	a.last = now
	if now.Before(a.lockedUntil) {
		return loto.Errorf(eTooMany, "connexion bloquée après %d échecs : réessayer dans %d minutes", maxFailures, minutesLeft(a.lockedUntil.Sub(now)))
	}
	if !a.lockedUntil.IsZero() {
		a.failures, a.lockedUntil = 0, time.Time{} // the lockout is over
	}
	if now.Sub(a.minute) >= time.Minute {
		a.minute, a.count = now, 0
	}
	a.count++
	if a.count > attemptsPerMinute {
		return loto.Errorf(eTooMany, "trop de tentatives de connexion : réessayer dans une minute")
	}
	a.failures++
	if a.failures >= maxFailures {
		a.lockedUntil = now.Add(lockout)
	}
	return nil
}

// record notes the outcome of an allowed attempt: a success clears the
// failures and any lockout, an attempt that could not be checked is given
// back, a failure stays counted.
func (l *limiter) record(client string, o outcome) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := l.clients[client]
	if a == nil {
		return
	}
	switch o {
	case passed:
		a.failures, a.lockedUntil = 0, time.Time{}
	case unjudged:
		if a.failures > 0 {
			a.failures--
		}
		if a.failures < maxFailures {
			a.lockedUntil = time.Time{}
		}
	}
}

// forget drops the clients idle for longer than a lockout when the map is
// full, then, if it still is, any one: the map stays bounded.
func (l *limiter) forget(now time.Time) {
	if len(l.clients) < maxClients {
		return
	}
	for c, a := range l.clients {
		if now.Sub(a.last) > lockout && now.After(a.lockedUntil) {
			delete(l.clients, c)
		}
	}
	for c := range l.clients {
		if len(l.clients) < maxClients {
			break
		}
		delete(l.clients, c)
	}
}

// minutesLeft rounds a wait up to whole minutes.
func minutesLeft(d time.Duration) int { return int((d + time.Minute - 1) / time.Minute) }
