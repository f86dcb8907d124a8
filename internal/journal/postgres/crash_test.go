package postgres

import (
	"context"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestMain makes this test binary a crash child when journaltest.CrashEnv
// holds a database URL (see journaltest.Main).
func TestMain(m *testing.M) { journaltest.Main(m, openStore) }

func openStore(ctx context.Context, url string) (journal.Store, error) { return Open(ctx, url, nil) }

// TestCrashKeepsEveryAcknowledgedEvent kills a child process appending to
// PostgreSQL with SIGKILL at random moments; after each kill every
// acknowledged event must be there and the chain must verify.
func TestCrashKeepsEveryAcknowledgedEvent(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("crash test skipped in -short mode")
	}
	journaltest.Crash(t, testURL(t), 20, openStore)
}
