package web

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"loto/internal/loto"
)

// The players' card lookups, per client address: a token bucket that a
// phone adding its dozen cards never empties, and that makes guessing a
// check code (961 values, R10) take hours. A refused lookup costs more
// than a found one: a mistyped serial now and then is fine, a guesser's
// stream of wrong codes is not.
const (
	lookupBurst   = 30              // lookups a client may make at once
	lookupRefill  = 2 * time.Second // one more lookup allowed per refill
	lookupMissing = 5               // what a refused lookup costs, in lookups
)

// The door's searches of the holders by name, per device: a volunteer
// looking up the few holders who come without their ticket never runs
// out, while listing the hall's names ten at a time takes hours.
const (
	doorFindBurst  = 20              // searches a device may make at once
	doorFindRefill = 3 * time.Second // one more search allowed per refill
)

// buckets holds the allowance of each client (an address, a device).
type buckets struct {
	mu      sync.Mutex
	now     func() time.Time
	burst   float64       // a client's allowance when full
	refill  time.Duration // the time one more use takes to come back
	refusal string        // what is refused, in French: "trop de ... depuis cet appareil"
	clients map[string]*bucket
}

// bucket is a client's allowance: tokens as of at.
type bucket struct {
	tokens float64
	at     time.Time
}

// newBuckets holds allowances of burst uses, one more each refill; refusal
// names the uses in a refusal ("cartes cherchées").
func newBuckets(now func() time.Time, burst int, refill time.Duration, refusal string) *buckets {
	return &buckets{now: now, burst: float64(burst), refill: refill, refusal: refusal, clients: map[string]*bucket{}}
}

// allow refuses a use in French while the client's allowance is spent,
// saying how long to wait; otherwise the use may go ahead, and charge
// then says what it cost.
func (b *buckets) allow(client string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refilled(client)
	if k.tokens >= 1 {
		return nil
	}
	wait := time.Duration((1 - k.tokens) * float64(b.refill))
	secs := int((wait + time.Second - 1) / time.Second)
	return &retryAfter{seconds: secs, err: loto.Errorf(eTooMany,
		"trop de %s depuis cet appareil : réessayer dans %d secondes", b.refusal, secs)}
}

// charge takes the cost of a use from the client's allowance.
func (b *buckets) charge(client string, cost float64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refilled(client).tokens -= cost
}

// refilled returns the client's bucket with the tokens earned since it was
// last seen; a client seen first, or full again, starts full. Full buckets
// are forgotten when the map grows: the map stays bounded.
func (b *buckets) refilled(client string) *bucket {
	now := b.now()
	k := b.clients[client]
	if k == nil {
		if len(b.clients) >= maxClients {
			b.forget(now)
		}
		k = &bucket{tokens: b.burst, at: now}
		b.clients[client] = k
	}
	k.tokens = min(b.burst, k.tokens+float64(now.Sub(k.at))/float64(b.refill))
	k.at = now
	return k
}

// forget drops the clients whose bucket is full again, then any one.
func (b *buckets) forget(now time.Time) {
	for c, k := range b.clients {
		if k.tokens+float64(now.Sub(k.at))/float64(b.refill) >= b.burst {
			delete(b.clients, c)
		}
	}
	for c := range b.clients {
		if len(b.clients) < maxClients {
			break
		}
		delete(b.clients, c)
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
