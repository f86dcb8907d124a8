package loto

import (
	"context"
	"sync"
	"time"

	"loto/internal/journal"
)

// memStore is a journal.Store in memory, for the tests of this package: the
// same contract as the SQLite and PostgreSQL stores (expected sequence, atomic
// batches, unique keys and secrets, hash chain).
type memStore struct {
	mu      sync.Mutex
	events  []journal.Event
	keys    map[string]int
	secrets map[string][]byte
	// personal holds the personal records by reference, with the sequence
	// of the event that stored them.
	personal map[string]memRecord
	changed  chan struct{}
	clock    time.Time
	appends  int // successful appends, to prove that bad input writes nothing
}

func newMemStore() *memStore {
	return &memStore{keys: map[string]int{}, secrets: map[string][]byte{}, personal: map[string]memRecord{}, changed: make(chan struct{}),
		clock: time.Date(2025, 3, 16, 8, 0, 0, 0, time.UTC)}
}

func (m *memStore) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if expected != int64(len(m.events)) {
		return nil, journal.ErrConflict
	}
	seenKey := map[string]bool{}
	seenSecret := map[string]bool{}
	for _, d := range drafts {
		if d.Key != "" {
			if _, ok := m.keys[d.Key]; ok || seenKey[d.Key] {
				return nil, journal.ErrDuplicateKey
			}
			seenKey[d.Key] = true
		}
		for name := range d.Secrets {
			if _, ok := m.secrets[name]; ok || seenSecret[name] {
				return nil, journal.ErrSecretExists
			}
			seenSecret[name] = true
		}
		for ref := range d.Personal {
			if _, ok := m.personal[ref]; ok || seenSecret["personal:"+ref] {
				return nil, journal.ErrPersonalExists
			}
			seenSecret["personal:"+ref] = true
		}
	}
	prev := journal.Genesis
	if n := len(m.events); n > 0 {
		prev = m.events[n-1].Hash
	}
	out := make([]journal.Event, 0, len(drafts))
	for _, d := range drafts {
		m.clock = m.clock.Add(time.Second)
		e := journal.Event{Seq: int64(len(m.events)) + 1, Time: m.clock, Actor: d.Actor, Type: d.Type,
			Payload: append([]byte(nil), d.Payload...), Key: d.Key}
		e.Hash = journal.Chain(prev, e)
		prev = e.Hash
		m.events = append(m.events, e)
		if d.Key != "" {
			m.keys[d.Key] = len(m.events) - 1
		}
		for name, v := range d.Secrets {
			m.secrets[name] = append([]byte(nil), v...)
		}
		for _, ref := range d.Erase {
			delete(m.personal, ref)
		}
		for ref, v := range d.Personal {
			m.personal[ref] = memRecord{seq: e.Seq, record: append([]byte(nil), v...)}
		}
		out = append(out, e)
	}
	m.appends++
	close(m.changed)
	m.changed = make(chan struct{})
	return out, nil
}

func (m *memStore) Read(ctx context.Context, from int64, fn func(journal.Event) error) error {
	m.mu.Lock()
	evs := m.events
	m.mu.Unlock()
	for _, e := range evs {
		if e.Seq < from {
			continue
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

func (m *memStore) Head(ctx context.Context) (journal.Head, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.events) == 0 {
		return journal.Head{Seq: 0, Hash: journal.Genesis}, nil
	}
	e := m.events[len(m.events)-1]
	return journal.Head{Seq: e.Seq, Hash: e.Hash}, nil
}

func (m *memStore) ByKey(ctx context.Context, key string) (journal.Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i, ok := m.keys[key]
	if !ok {
		return journal.Event{}, journal.ErrNotFound
	}
	return m.events[i], nil
}

func (m *memStore) Secret(ctx context.Context, name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.secrets[name]
	if !ok {
		return nil, journal.ErrNotFound
	}
	return append([]byte(nil), v...), nil
}

// memRecord is a personal record with the sequence of its event.
type memRecord struct {
	seq    int64
	record []byte
}

func (m *memStore) Personal(ctx context.Context, from, to int64) (map[string][]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string][]byte{}
	for ref, r := range m.personal {
		if r.seq >= from && r.seq <= to {
			out[ref] = append([]byte(nil), r.record...)
		}
	}
	return out, nil
}

func (m *memStore) Scrub(ctx context.Context) error { return nil }

func (m *memStore) Wait(ctx context.Context, seq int64) error {
	for {
		m.mu.Lock()
		n, ch := int64(len(m.events)), m.changed
		m.mu.Unlock()
		if n > seq {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (m *memStore) Close() error { return nil }

// all returns every event.
func (m *memStore) all() []journal.Event {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]journal.Event(nil), m.events...)
}

// count is the number of successful appends.
func (m *memStore) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.appends
}

// hookStore is a journal.Store whose next Append or ByKey first lets
// another process act (once), so a test can place a write of another
// instance between a command's check and its append.
type hookStore struct {
	journal.Store
	beforeAppend func() // run once, before the next Append
	afterByKey   func() // run once, after the next ByKey that finds nothing
}

func (h *hookStore) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	if f := h.beforeAppend; f != nil {
		h.beforeAppend = nil
		f()
	}
	return h.Store.Append(ctx, expected, drafts...)
}

func (h *hookStore) ByKey(ctx context.Context, key string) (journal.Event, error) {
	e, err := h.Store.ByKey(ctx, key)
	if f := h.afterByKey; f != nil && err != nil {
		h.afterByKey = nil
		f()
	}
	return e, err
}
