package journal

import (
	"context"
	"errors"
)

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

// ErrNothing is an append of no draft.
var ErrNothing = errors.New("journal: nothing to append")

// NewTurn returns the Turn of a store's exclusive transaction. Its Append
// calls commit, which appends the drafts (never none) in the transaction
// and commits it; Append, or Release before it, then calls release once,
// which rolls back what is still open and frees what held the turn.
func NewTurn(commit func(ctx context.Context, expected int64, drafts []Draft) ([]Event, error), release func()) Turn {
	return &turn{commit: commit, release: release}
}

// turn is the Turn NewTurn returns; over once it appended or was released.
type turn struct {
	commit  func(ctx context.Context, expected int64, drafts []Draft) ([]Event, error)
	release func()
	over    bool
}

func (t *turn) Append(ctx context.Context, expected int64, drafts ...Draft) ([]Event, error) {
	if t.over {
		return nil, errors.New("journal: the exclusive turn is over")
	}
	defer t.Release()
	if len(drafts) == 0 {
		return nil, ErrNothing
	}
	return t.commit(ctx, expected, drafts)
}

func (t *turn) Release() {
	if !t.over {
		t.over = true
		t.release()
	}
}
