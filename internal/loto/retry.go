package loto

import (
	"context"
	"math/rand/v2"
	"time"
)

// The pauses between the tries of a command that lost its append to
// another writer. Without them the writers of several instances that rush
// at once (their queued requests, right after the database came back)
// retry in step, and a write's fifty tries pass within a few milliseconds
// of the rush, which may outlast them all; a random pause puts the writers
// out of step and spreads a write's tries beyond the rush. The first
// retries are immediate, so that a single lost race costs nothing more.
const (
	immediateRetries = 2
	firstPause       = time.Millisecond
	// longestPause bounds each pause: those of one write add up to 0.18 s
	// on average, 0.36 s at most.
	longestPause = 8 * time.Millisecond
)

// retryPause waits before the try that follows a command's lost-th lost
// append: not at all for the first ones, then for a random time below a
// bound that doubles from firstPause up to longestPause. It returns the
// context's error if the context ends first. The jitter comes from
// math/rand, never from the Day's source of seeds and keys.
func retryPause(ctx context.Context, lost int) error {
	if lost <= immediateRetries {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	bound := firstPause
	for n := immediateRetries + 1; n < lost && bound < longestPause; n++ {
		bound *= 2
	}
	timer := time.NewTimer(1 + rand.N(min(bound, longestPause)))
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
