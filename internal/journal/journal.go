// Package journal is the append-only, hash-chained record of a loto day.
// Every act is an event; the state of the day is a fold of the events.
// It knows events only as data: a type and a JSON payload.
package journal

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Draft is an event to append: the journal gives it its sequence, time and hash.
type Draft struct {
	Actor   string          // who acted, in the form of its domain (loto: "cashier:caisse-1/Marie")
	Type    string          // e.g. "series.created"
	Payload json.RawMessage // JSON object; stored byte for byte
	Key     string          // optional idempotency key, unique across the journal
	// Secrets are stored apart from the event (never exported) in the same
	// transaction, by name. A name already present is a conflict.
	Secrets map[string][]byte
	// Personal are records of personal data (a holder's name and contact, a
	// cheque payer's identity document) stored apart from the event in the
	// same transaction, by reference, so that they can be erased while the
	// chain still verifies; the event holds the reference and a keyed hash.
	// A reference already present is a conflict.
	Personal map[string][]byte
	// Erase names personal records deleted for good in the same transaction.
	Erase []string
}

// Event is an appended, durable event.
type Event struct {
	Seq     int64           `json:"seq"`
	Time    time.Time       `json:"time"`
	Actor   string          `json:"actor"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
	Key     string          `json:"key,omitempty"`
	Hash    string          `json:"hash"` // hex SHA-256 over the previous hash and this event
}

// Head is the last event's sequence and hash; Seq 0 and Hash Genesis for an empty journal.
type Head struct {
	Seq  int64
	Hash string
}

// Genesis is the "previous hash" of the first event.
var Genesis = hex.EncodeToString(make([]byte, sha256.Size))

// Errors the stores return; wrap-checked with errors.Is.
var (
	ErrConflict       = errors.New("journal: expected sequence is stale")
	ErrDuplicateKey   = errors.New("journal: idempotency key already used")
	ErrNotFound       = errors.New("journal: not found")
	ErrSecretExists   = errors.New("journal: secret already stored")
	ErrPersonalExists = errors.New("journal: personal record already stored")
	// ErrFull is an append that found no space left where the journal is
	// stored: the append wrote nothing, and the same append succeeds once
	// space returns.
	ErrFull = errors.New("journal: no space left on the journal's storage")
	// ErrUnavailable wraps a failure to reach the store's server (a
	// PostgreSQL restarting, a cut connection): the act may be retried,
	// with its idempotency key since a commit cut short may have happened.
	ErrUnavailable = errors.New("journal: store unreachable")
)

// Store is a journal backend. Implementations: sqlite and postgres.
type Store interface {
	// Append writes drafts atomically after the event numbered expected
	// (0 for an empty journal). If the head is not expected, it returns
	// ErrConflict and writes nothing.
	Append(ctx context.Context, expected int64, drafts ...Draft) ([]Event, error)
	// Read calls fn for every event with Seq >= from, in order, streaming.
	Read(ctx context.Context, from int64, fn func(Event) error) error
	// Head returns the last sequence and hash.
	Head(ctx context.Context) (Head, error)
	// ByKey returns the event appended with that idempotency key, or ErrNotFound.
	ByKey(ctx context.Context, key string) (Event, error)
	// Secret returns a secret stored by Append, or ErrNotFound.
	Secret(ctx context.Context, name string) ([]byte, error)
	// PersonalStore keeps the personal records of Draft.Personal.
	PersonalStore
	// Wait blocks until the head is past seq, or ctx ends.
	Wait(ctx context.Context, seq int64) error
	// Close releases the store's connections.
	Close() error
}

// Clock gives the time of new events; tests inject a fixed one.
type Clock func() time.Time

// Chain computes the hash of e given the previous event's hash. The
// canonical encoding is length-prefixed fields, so no two events encode alike:
// seq, time (RFC 3339 nanoseconds, UTC), actor, type, payload, key.
func Chain(prev string, e Event) string {
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	field([]byte(prev))
	var seq [8]byte
	binary.BigEndian.PutUint64(seq[:], uint64(e.Seq))
	field(seq[:])
	field([]byte(e.Time.UTC().Format(time.RFC3339Nano)))
	field([]byte(e.Actor))
	field([]byte(e.Type))
	field(e.Payload)
	field([]byte(e.Key))
	return hex.EncodeToString(h.Sum(nil))
}

// BrokenError says where the chain first fails to verify. It is shown to
// people as it is, so it speaks French.
type BrokenError struct {
	Seq    int64  // the first bad sequence
	Reason string // why, in French
}

// Error names the first bad sequence and says why.
func (e *BrokenError) Error() string {
	return fmt.Sprintf("journal corrompu à l'événement n° %d : %s", e.Seq, e.Reason)
}

// Verify reads the whole journal and recomputes the chain. It returns the
// head on success, or a *BrokenError naming the first bad sequence (an edited
// event, a gap from a deletion or insertion, or a head that disagrees).
// The chain proves only that the events in hand follow each other; see
// VerifyAnchored for what anchors add.
func Verify(ctx context.Context, s Store) (Head, error) {
	return verify(ctx, s, func(Event) {})
}

// verify is Verify calling seen with each event once it is checked.
func verify(ctx context.Context, s Store, seen func(Event)) (Head, error) {
	prev := Head{Seq: 0, Hash: Genesis}
	check := func(e Event) error {
		if err := Follows(prev, e); err != nil {
			return err
		}
		seen(e)
		prev = Head{Seq: e.Seq, Hash: e.Hash}
		return nil
	}
	// The head is read after the events: a writer that appended in
	// between (a verify during the day) moved it past the last event read,
	// so the events after are read too, until the head is the last event.
	// A head past events that a new read does not find, or behind the
	// last event, is a mismatch.
	for from := int64(1); ; from = prev.Seq + 1 {
		if err := s.Read(ctx, from, check); err != nil {
			return Head{}, err
		}
		head, err := s.Head(ctx)
		if err != nil {
			return Head{}, err
		}
		if head == prev {
			return prev, nil
		}
		if head.Seq <= prev.Seq || (from > 1 && prev.Seq < from) {
			return Head{}, ErrHeadMismatch(prev)
		}
	}
}

// Follows checks that e comes right after prev in the chain: the next
// sequence, and a hash that matches its content and prev's hash.
func Follows(prev Head, e Event) error {
	if e.Seq != prev.Seq+1 {
		return &BrokenError{Seq: prev.Seq + 1, Reason: fmt.Sprintf("absent (l'événement suivant présent est le n° %d)", e.Seq)}
	}
	if got := Chain(prev.Hash, e); got != e.Hash {
		return &BrokenError{Seq: e.Seq, Reason: "son empreinte ne correspond pas à son contenu"}
	}
	return nil
}

// ErrHeadMismatch says that the stored head disagrees with the last event
// read (last): events were deleted from the tail, or the head was edited.
func ErrHeadMismatch(last Head) error {
	return &BrokenError{Seq: last.Seq + 1, Reason: "la tête du journal ne correspond pas au dernier événement"}
}

// Truncate brings an event time to UTC microseconds, the precision both
// stores keep, so an event read back hashes as it did when appended.
func Truncate(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }
