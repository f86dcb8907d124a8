package journal

import (
	"context"
	"sync"
	"time"
)

// Counter counts the uses of keys (a login try of a client address, a
// card lookup) within windows of time, for every process on the store
// alike: a limit counted per process would give N processes N times the
// tries. The counts live beside the journal, never in it: they are
// short-lived, hold client addresses, and are never exported.
type Counter interface {
	// Count adds n to key's count (n < 0 gives uses back; a count never
	// goes below 0) and returns the new count, atomically: of parallel
	// counts each sees its own. A window opens at a key's first count
	// and lasts window; the count that brings key to limit or past opens
	// it again from then, so a key at its limit stays so a whole window;
	// a count after the window's end starts again from 0.
	Count(ctx context.Context, key string, n, limit int, window time.Duration) (Tally, error)
	// Forget deletes key's count, and says whether it had one in its window.
	Forget(ctx context.Context, key string) (bool, error)
}

// Tally is a key's count and what its window has left.
type Tally struct {
	Count int
	Left  time.Duration
}

// pruneEvery is how many counts a store makes between two deletions of
// the ended windows: the table holds only the keys of the last windows.
const pruneEvery = 256

// Pruning says, counted once per Count, when a store deletes the ended windows.
type Pruning struct {
	mu sync.Mutex
	n  int
}

// Due is true once every pruneEvery calls.
func (p *Pruning) Due() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	return p.n%pruneEvery == 0
}

// MemoryCounter is a Counter of one process, for a server that cannot
// write to its store (a read-only one) and for tests that move the clock.
type MemoryCounter struct {
	mu   sync.Mutex
	now  func() time.Time
	keys map[string]*memoryCount
	p    Pruning
}

type memoryCount struct {
	count int
	until time.Time
}

// NewMemoryCounter counts in memory by the clock now (time.Now when nil).
func NewMemoryCounter(now func() time.Time) *MemoryCounter {
	if now == nil {
		now = time.Now
	}
	return &MemoryCounter{now: now, keys: map[string]*memoryCount{}}
}

// Count is Counter.Count.
func (m *MemoryCounter) Count(_ context.Context, key string, n, limit int, window time.Duration) (Tally, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if m.p.Due() {
		for k, c := range m.keys {
			if !now.Before(c.until) {
				delete(m.keys, k)
			}
		}
	}
	c := m.keys[key]
	switch {
	case c == nil || !now.Before(c.until):
		c = &memoryCount{count: max(0, n), until: now.Add(window)}
		m.keys[key] = c
	default:
		if c.count < limit && c.count+n >= limit {
			c.until = now.Add(window)
		}
		c.count = max(0, c.count+n)
	}
	return Tally{Count: c.count, Left: c.until.Sub(now)}, nil
}

// Forget is Counter.Forget.
func (m *MemoryCounter) Forget(_ context.Context, key string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.keys[key]
	delete(m.keys, key)
	return ok && m.now().Before(c.until), nil
}

// SetupLinks keeps the one-time links that let the organiser choose a
// first password, by the SHA-256 of their token only: every process on the
// store takes a link that any of them printed, and a copy of the store (a
// backup) holds nothing that opens one.
type SetupLinks interface {
	// AddSetupLink stores a link's hash; one stored already stays as it is.
	AddSetupLink(ctx context.Context, hash [32]byte) error
	// HasSetupLink says whether a link's hash is stored.
	HasSetupLink(ctx context.Context, hash [32]byte) (bool, error)
	// UseSetupLink deletes every link if hash is one of them, and says
	// whether it was, atomically: of parallel uses, one only is told so.
	UseSetupLink(ctx context.Context, hash [32]byte) (bool, error)
}

// MemorySetupLinks are SetupLinks of one process, for a server without a
// store to share them in.
type MemorySetupLinks struct {
	mu    sync.Mutex
	links map[[32]byte]bool
}

// AddSetupLink is SetupLinks.AddSetupLink.
func (m *MemorySetupLinks) AddSetupLink(_ context.Context, hash [32]byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.links == nil {
		m.links = map[[32]byte]bool{}
	}
	m.links[hash] = true
	return nil
}

// HasSetupLink is SetupLinks.HasSetupLink.
func (m *MemorySetupLinks) HasSetupLink(_ context.Context, hash [32]byte) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.links[hash], nil
}

// UseSetupLink is SetupLinks.UseSetupLink.
func (m *MemorySetupLinks) UseSetupLink(_ context.Context, hash [32]byte) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.links[hash] {
		return false, nil
	}
	clear(m.links)
	return true, nil
}
