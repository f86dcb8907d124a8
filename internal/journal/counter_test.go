package journal_test

import (
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

func TestContract_MemoryCounter(t *testing.T) {
	t.Parallel()
	journaltest.RunCounter(t, func(*testing.T) journal.Counter { return journal.NewMemoryCounter(nil) })
}

func TestContract_MemorySetupLinks(t *testing.T) {
	t.Parallel()
	journaltest.RunSetupLinks(t, func(*testing.T) journal.SetupLinks { return &journal.MemorySetupLinks{} })
}
