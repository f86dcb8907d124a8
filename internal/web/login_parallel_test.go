package web

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// heldAuth holds every password check until release is closed, counting
// the checks made: parallel logins are then all in flight at once.
type heldAuth struct {
	Auth
	checks  atomic.Int32
	release chan struct{}
}

func (h *heldAuth) OpenOrganiserSession(ctx context.Context, password string) (string, error) {
	h.checks.Add(1)
	<-h.release
	return h.Auth.OpenOrganiserSession(ctx, password)
}

// TestLogin_ParallelGuessesCountedBeforeTheCheck: wrong passwords sent
// all at once from several addresses get no more checks than the same
// ones sent one after the other, maxFailures per address; the others are
// refused with a 429 without their password being looked at.
func TestLogin_ParallelGuessesCountedBeforeTheCheck(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	held := &heldAuth{Auth: f.auth, release: make(chan struct{})}
	f.srv.auth = held
	const addresses, perAddress = 3, attemptsPerMinute
	var refused atomic.Int32
	codes := make(chan int, addresses*perAddress)
	var wg sync.WaitGroup
	for a := range addresses {
		for range perAddress {
			wg.Go(func() {
				w := f.do("POST", "/connexion", `{"password":"faux"}`, func(r *http.Request) {
					r.RemoteAddr = fmt.Sprintf("198.51.100.%d:4444", a+1)
				})
				if w.Code == http.StatusTooManyRequests {
					refused.Add(1)
				}
				codes <- w.Code
			})
		}
	}
	// Every request is either refused or held in its check before any
	// check ends.
	deadline := time.Now().Add(10 * time.Second)
	for int(held.checks.Load()+refused.Load()) < addresses*perAddress {
		if time.Now().After(deadline) {
			t.Fatalf("%d checks and %d refusals of %d requests", held.checks.Load(), refused.Load(), addresses*perAddress)
		}
		time.Sleep(time.Millisecond)
	}
	close(held.release)
	wg.Wait()
	close(codes)
	if got := held.checks.Load(); got != addresses*maxFailures {
		t.Errorf("%d passwords checked of %d sent at once from %d addresses, want %d", got, addresses*perAddress, addresses, addresses*maxFailures)
	}
	for c := range codes {
		if c != http.StatusForbidden && c != http.StatusTooManyRequests {
			t.Errorf("answer %d, want 403 or 429", c)
		}
	}
	// The right password is locked out too, as after failures one by one.
	w := f.do("POST", "/connexion", `{"password":"`+testPassword+`"}`, func(r *http.Request) { r.RemoteAddr = "198.51.100.1:4444" })
	if w.Code != http.StatusTooManyRequests {
		t.Errorf("right password after the burst: %d %s", w.Code, w.Body)
	}
}
