package web

import (
	"context"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// The login limits, per client (its IP address): a guesser gets a few
// tries a minute, and is locked out for a while after repeated failures.
// They are counted in the store (journal.Counter), where every instance
// on it counts alike: N instances behind a proxy give no more tries than
// one.
const (
	attemptsPerMinute = 10
	maxFailures       = 5
	lockout           = 15 * time.Minute
)

// limiter counts the login attempts of each client.
type limiter struct {
	counts journal.Counter
}

// outcome is what became of an allowed attempt.
type outcome int

const (
	failed   outcome = iota // the password or link was wrong
	passed                  // it was right
	unjudged                // it could not be checked (an internal error)
)

// The keys of a client's counts: its attempts of the minute, and its
// failures in a row, which count the attempts in flight.
func triesKey(client string) string    { return "connexion:essais:" + client }
func failuresKey(client string) string { return "connexion:echecs:" + client }

// allow counts an attempt by client, or refuses it in French when the
// client is locked out or over its rate. An allowed attempt counts as a
// failure until record says otherwise, in one count of the store: attempts
// sent in parallel to any instances, none yet checked, get no more checks
// than the same ones sent one by one. The failure that makes maxFailures
// locks the client out for a whole lockout from then. A store that cannot
// count refuses the attempt with its error (the journal unavailable).
func (l *limiter) allow(ctx context.Context, client string) error {
	tries, err := l.counts.Count(ctx, triesKey(client), 1, attemptsPerMinute, time.Minute)
	if err != nil {
		return err
	}
	if tries.Count > attemptsPerMinute {
		// A locked-out client hears of its lockout, the longer wait.
		if f, err := l.counts.Count(ctx, failuresKey(client), 0, maxFailures, lockout); err == nil && f.Count >= maxFailures {
			return lockedOut(f.Left)
		}
		return loto.Errorf(eTooMany, "trop de tentatives de connexion : réessayer dans une minute")
	}
	f, err := l.counts.Count(ctx, failuresKey(client), 1, maxFailures, lockout)
	if err != nil {
		return err
	}
	if f.Count > maxFailures {
		return lockedOut(f.Left)
	}
	return nil
}

// lockedOut refuses a client locked out for left more.
func lockedOut(left time.Duration) error {
	return loto.Errorf(eTooMany, "connexion bloquée après %d échecs : réessayer dans %d minutes", maxFailures, minutesLeft(left))
}

// record notes the outcome of an allowed attempt: a success clears the
// failures and so any lockout, an attempt that could not be checked is
// given back, a failure stays counted. A count the store could not make is
// only logged: the attempt is answered already.
func (s *Server) record(ctx context.Context, client string, o outcome) {
	var err error
	switch o {
	case passed:
		_, err = s.limiter.counts.Forget(ctx, failuresKey(client))
	case unjudged:
		_, err = s.limiter.counts.Count(ctx, failuresKey(client), -1, maxFailures, lockout)
	}
	if err != nil {
		s.log.Warn("tentative de connexion non comptée", "err", err)
	}
}

// minutesLeft rounds a wait up to whole minutes.
func minutesLeft(d time.Duration) int { return int((d + time.Minute - 1) / time.Minute) }
