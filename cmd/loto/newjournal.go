package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"slices"
	"sync"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/sqlite"
)

// newJournal is the journal of a SQLite file that does not exist yet, for
// the commands that may begin a day. It reads as an empty journal and
// creates the file with its first append, so that a command refused before
// it writes leaves no file behind, and no command ever deletes one: between
// a check and a removal another command may have created the file and
// recorded its events there. A file that appears meanwhile (made by another
// command) is opened and read as it is.
type newJournal struct {
	path string

	mu    sync.Mutex
	store journal.Store // nil until the file exists
	// Before the file exists: the limits' counts, and the set-up links,
	// which the file gets when it is opened.
	counts *journal.MemoryCounter
	links  [][32]byte
}

var _ journal.Store = (*newJournal)(nil)

// open returns the store of the file, opening it if it exists or if create
// is set; nil when it does not exist and create is not set.
func (n *newJournal) open(ctx context.Context, create bool) (journal.Store, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.store != nil {
		return n.store, nil
	}
	if !create {
		if _, err := os.Stat(n.path); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	}
	s, err := sqlite.Open(ctx, n.path, nil)
	if err != nil {
		return nil, sqliteError(n.path, err)
	}
	for _, h := range n.links {
		if err := s.AddSetupLink(ctx, h); err != nil {
			s.Close()
			return nil, err
		}
	}
	n.links = nil
	n.store = s
	return s, nil
}

// Append creates the file if needed, then appends.
func (n *newJournal) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	s, err := n.open(ctx, true)
	if err != nil {
		return nil, err
	}
	return s.Append(ctx, expected, drafts...)
}

// Read reads the file's events; none while there is no file.
func (n *newJournal) Read(ctx context.Context, from int64, fn func(journal.Event) error) error {
	s, err := n.open(ctx, false)
	if s == nil {
		return err
	}
	return s.Read(ctx, from, fn)
}

// Head is the file's head; that of an empty journal while there is no file.
func (n *newJournal) Head(ctx context.Context) (journal.Head, error) {
	s, err := n.open(ctx, false)
	if s == nil {
		return journal.Head{Seq: 0, Hash: journal.Genesis}, err
	}
	return s.Head(ctx)
}

// ByKey finds nothing while there is no file.
func (n *newJournal) ByKey(ctx context.Context, key string) (journal.Event, error) {
	s, err := n.open(ctx, false)
	if s == nil {
		if err == nil {
			err = journal.ErrNotFound
		}
		return journal.Event{}, err
	}
	return s.ByKey(ctx, key)
}

// Secret finds nothing while there is no file.
func (n *newJournal) Secret(ctx context.Context, name string) ([]byte, error) {
	s, err := n.open(ctx, false)
	if s == nil {
		if err == nil {
			err = journal.ErrNotFound
		}
		return nil, err
	}
	return s.Secret(ctx, name)
}

// Personal finds nothing while there is no file.
func (n *newJournal) Personal(ctx context.Context, from, to int64) (map[string][]byte, error) {
	s, err := n.open(ctx, false)
	if s == nil {
		return map[string][]byte{}, err
	}
	return s.Personal(ctx, from, to)
}

// Scrub has nothing to scrub while there is no file.
func (n *newJournal) Scrub(ctx context.Context) error {
	s, err := n.open(ctx, false)
	if s == nil {
		return err
	}
	return s.Scrub(ctx)
}

// Wait waits for the file to appear, then for its head to pass seq.
func (n *newJournal) Wait(ctx context.Context, seq int64) error {
	for {
		s, err := n.open(ctx, false)
		if err != nil {
			return err
		}
		if s != nil {
			return s.Wait(ctx, seq)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Close closes the file's store, if it was opened.
func (n *newJournal) Close() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.store == nil {
		return nil
	}
	return n.store.Close()
}

var (
	_ journal.Counter    = (*newJournal)(nil)
	_ journal.SetupLinks = (*newJournal)(nil)
)

// Count counts in memory while there is no file, a try being no reason to
// make one; the file's table once it exists.
func (n *newJournal) Count(ctx context.Context, key string, by, limit int, window time.Duration) (journal.Tally, error) {
	s, err := n.open(ctx, false)
	if err != nil {
		return journal.Tally{}, err
	}
	if s == nil {
		return n.earlyCounts().Count(ctx, key, by, limit, window)
	}
	return s.(journal.Counter).Count(ctx, key, by, limit, window)
}

// Forget forgets in memory while there is no file.
func (n *newJournal) Forget(ctx context.Context, key string) (bool, error) {
	s, err := n.open(ctx, false)
	if err != nil {
		return false, err
	}
	if s == nil {
		return n.earlyCounts().Forget(ctx, key)
	}
	return s.(journal.Counter).Forget(ctx, key)
}

// earlyCounts are the counts made before the file exists.
func (n *newJournal) earlyCounts() *journal.MemoryCounter {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.counts == nil {
		n.counts = journal.NewMemoryCounter(nil)
	}
	return n.counts
}

// AddSetupLink keeps the link in memory while there is no file: the file
// gets it when it is opened.
func (n *newJournal) AddSetupLink(ctx context.Context, hash [32]byte) error {
	s, err := n.open(ctx, false)
	if err != nil {
		return err
	}
	if s == nil {
		n.mu.Lock()
		if n.store == nil { // still none: open will store it
			n.links = append(n.links, hash)
			n.mu.Unlock()
			return nil
		}
		s = n.store
		n.mu.Unlock()
	}
	return s.(journal.SetupLinks).AddSetupLink(ctx, hash)
}

// HasSetupLink looks in memory while there is no file.
func (n *newJournal) HasSetupLink(ctx context.Context, hash [32]byte) (bool, error) {
	s, err := n.open(ctx, false)
	if err != nil {
		return false, err
	}
	if s == nil {
		n.mu.Lock()
		defer n.mu.Unlock()
		return slices.Contains(n.links, hash), nil
	}
	return s.(journal.SetupLinks).HasSetupLink(ctx, hash)
}

// UseSetupLink creates the file, since the use goes on to record the
// password there, and uses the link in it.
func (n *newJournal) UseSetupLink(ctx context.Context, hash [32]byte) (bool, error) {
	s, err := n.open(ctx, true)
	if err != nil {
		return false, err
	}
	return s.(journal.SetupLinks).UseSetupLink(ctx, hash)
}
