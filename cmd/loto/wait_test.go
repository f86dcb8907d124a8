package main

import (
	"testing"
	"time"
)

// waitUntil checks cond every 20 ms until it holds; when it still does not
// after d, the test fails with the message of format and args (a
// *syncBuffer among them prints what it holds by then).
func waitUntil(t *testing.T, d time.Duration, cond func() bool, format string, args ...any) {
	t.Helper()
	for deadline := time.Now().Add(d); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf(format, args...)
		}
	}
}

// stopCleanly stops the in-process server s and fails the test unless it
// exits with 0.
func stopCleanly(t *testing.T, s *served) {
	t.Helper()
	if code := stopServe(t, s); code != 0 {
		t.Fatalf("serve exited %d: %s", code, s.stderr)
	}
}
