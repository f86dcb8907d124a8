package web

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// The players' card lookups, per client address: an allowance a minute
// that a phone adding its dozen cards never spends, and that makes
// guessing a check code (961 values, R10) take hours. A refused lookup
// costs more than a found one: a mistyped serial now and then is fine, a
// guesser's stream of wrong codes is not.
const (
	lookupLimit   = 30          // lookups a client may make in a window
	lookupWindow  = time.Minute // the window, opened again by the lookup that spends the allowance
	lookupMissing = 5           // what a refused lookup costs, in lookups
)

// The door's searches of the holders by name, per device: a volunteer
// looking up the few holders who come without their ticket never runs
// out, while listing the hall's names ten at a time takes hours.
const (
	doorFindLimit  = 20          // searches a device may make in a window
	doorFindWindow = time.Minute // the window, opened again by the search that spends the allowance
)

// allowance is a limit on uses per client (an address, a device), counted
// in the store (journal.Counter) so that every instance on it counts alike.
type allowance struct {
	counts  journal.Counter
	kind    string // the counts' key prefix: "cartes"
	limit   int
	window  time.Duration
	refusal string // what is refused, in French: "trop de ... depuis cet appareil"
}

// take counts a use by client, or refuses it in French while the client's
// allowance is spent, saying how long to wait (Retry-After). Counted before
// the use is made, parallel uses on any instances get no more than the
// allowance. A store that cannot count refuses with its error.
func (a *allowance) take(ctx context.Context, client string) error {
	t, err := a.counts.Count(ctx, a.kind+":"+client, 1, a.limit, a.window)
	if err != nil {
		return err
	}
	if t.Count <= a.limit {
		return nil
	}
	secs := max(1, int((t.Left+time.Second-1)/time.Second))
	return &retryAfter{seconds: secs, err: loto.Errorf(eTooMany,
		"trop de %s depuis cet appareil : réessayer dans %d secondes", a.refusal, secs)}
}

// charge adds to the client's count what a use cost beyond the one take
// counted; a count the store could not make is only logged, the use being
// answered already.
func (s *Server) charge(ctx context.Context, a *allowance, client string, extra int) {
	if _, err := a.counts.Count(ctx, a.kind+":"+client, extra, a.limit, a.window); err != nil {
		s.log.Warn("utilisation non comptée", "kind", a.kind, "err", err)
	}
}

// retryAfter is a refusal that says when to come back (Retry-After).
type retryAfter struct {
	seconds int
	err     error
}

func (r *retryAfter) Error() string { return r.err.Error() }
func (r *retryAfter) Unwrap() error { return r.err }

// setRetryAfter writes the Retry-After header of a refusal that has one.
func setRetryAfter(w http.ResponseWriter, err error) {
	if r, ok := err.(*retryAfter); ok {
		w.Header().Set("Retry-After", strconv.Itoa(r.seconds))
	}
}
