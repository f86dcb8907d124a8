package journal

import "context"

// Exclusive is a Store whose writers, of every process on the journal, can
// be kept out for one append: a writer that keeps losing its append to
// others takes a turn, catches up while nobody else can append, and is
// then sure to win. Appends stay optimistic otherwise, since a turn makes
// every other writer wait for the holder's reads as well as its append.
type Exclusive interface {
	// Exclude waits until no other writer is appending and returns a turn
	// that keeps every other append waiting until the turn's Append or
	// Release. The store's reads go on during the turn, so its holder
	// reads the head and the events as usual.
	Exclude(ctx context.Context) (Turn, error)
}

// Turn is a writer's exclusive turn at appending: the head stays where it
// was when the turn began, until the turn's own append.
type Turn interface {
	// Append is Store.Append made within the turn, which it ends.
	Append(ctx context.Context, expected int64, drafts ...Draft) ([]Event, error)
	// Release ends the turn without appending; after Append it does nothing.
	Release()
}
