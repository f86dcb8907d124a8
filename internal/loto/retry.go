package loto

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"loto/internal/journal"
)

// What a command does when another writer appended first (several
// instances on one journal): it catches up and tries again. The first
// retries are immediate, so that a single lost race costs nothing more.
// Then it pauses a random time before each try, without the Day's lock:
// without the pauses the writers of several instances that rush at once
// (their queued requests, right after the database came back) retry in
// step; without the lock released, the instance's other commands (a sale
// at another desk, a claim) would wait behind the pauses. A command that
// still loses takes the journal's exclusive turn (journal.Exclusive), with
// which its next try cannot lose, however many writers never stop.
const (
	immediateRetries = 2
	firstPause       = time.Millisecond
	// longestPause bounds each pause: the bound doubles from firstPause.
	longestPause = 8 * time.Millisecond
	// turnAfterLosses is how many lost appends make a command take the
	// exclusive turn: one pause of 1 ms at most comes before. The turn
	// keeps every other writer waiting for the holder's catching up too,
	// hence not at the first loss.
	turnAfterLosses = immediateRetries + 2
)

// errLost is a try that another writer beat: nothing was recorded.
var errLost = errors.New("loto: another writer appended first")

// pause waits before the try that follows a command's lost-th lost append:
// not at all for the first ones, nor before a try in an exclusive turn,
// which waits for the others by itself; else for a random time below a
// bound that doubles from firstPause up to longestPause. The Day's lock is
// released meanwhile: the next try catches up with the commands that ran
// as with the other writers'. It returns the context's error if the
// context ends first. The jitter comes from math/rand, never from the
// Day's source of seeds and keys.
func (d *Day) pause(ctx context.Context, lost int) error {
	if _, turns := d.store.(journal.Exclusive); lost <= immediateRetries || turns && lost >= turnAfterLosses {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	bound := firstPause
	for n := immediateRetries + 1; n < lost && bound < longestPause; n++ {
		bound *= 2
	}
	d.mu.Unlock()
	defer d.mu.Lock()
	timer := time.NewTimer(1 + rand.N(min(bound, longestPause)))
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// turnAfter returns the exclusive turn for the try that follows a
// command's lost-th lost append, from the turnAfterLosses-th on; nil
// before, or for a store without turns (a test's), whose commands keep
// trying up to maxRetries times.
func (d *Day) turnAfter(ctx context.Context, lost int) (journal.Turn, error) {
	ex, ok := d.store.(journal.Exclusive)
	if !ok || lost < turnAfterLosses {
		return nil, nil
	}
	turn, err := ex.Exclude(ctx)
	if err != nil {
		return nil, internalf(err, "écriture dans le journal")
	}
	return turn, nil
}
