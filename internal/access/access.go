// Package access keeps who may act on the day: the devices paired with a
// role and their tokens, the organiser's password and sessions. Its
// events are in the day's journal and catalogue (loto.TypeDevicePaired
// and the others); a Book folds them as a neighbour of the Day
// (loto.Neighbour), under the Day's lock, and runs its commands through
// the Day's run loop, so that every server sharing the journal knows a
// device paired or a session opened on any of them.
package access

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// Book is the day's access control: the devices and the organiser's
// password and sessions, as the journal records them. Its state is
// guarded by the Day's lock: the Day folds it, the commands' plans read it
// under that lock and the look-ups through Day.View.
type Book struct {
	day      *loto.Day
	devices  deviceBook
	password passwordState
	sessions map[string]time.Time // token hash → expiry
}

// New returns a book that has folded nothing and runs no command: the
// neighbour a replay judging the journal attaches (JudgeJournal).
func New() *Book {
	return &Book{devices: deviceBook{byToken: map[string]int{}}, sessions: map[string]time.Time{}}
}

// Open opens the day of store, as loto.OpenWith does, with its book.
func Open(ctx context.Context, store journal.Store, opt loto.Options) (*loto.Day, *Book, error) {
	b := New()
	opt.Neighbours = append(opt.Neighbours[:len(opt.Neighbours):len(opt.Neighbours)], b)
	d, err := loto.OpenWith(ctx, store, opt)
	if err != nil {
		return nil, nil, err
	}
	b.day = d
	return d, b, nil
}

// JudgeJournal is loto.JudgeJournal with a book folding the journal too,
// so that the devices' and sessions' events are judged with the others.
func JudgeJournal(ctx context.Context, store journal.Store) error {
	return loto.JudgeJournal(ctx, store, New())
}

// AuditStore is loto.AuditStore with a book folding the journal too.
func AuditStore(ctx context.Context, store journal.Store) (loto.AuditReport, error) {
	return loto.AuditStore(ctx, store, New())
}

// Empty is a book that has folded nothing (loto.Neighbour).
func (b *Book) Empty() loto.Neighbour { return New() }

// Fold folds one event of the journal into the book (loto.Neighbour):
// the events of the others packages pass by.
func (b *Book) Fold(st *loto.State, e journal.Event) error {
	switch e.Type {
	case loto.TypeDevicePaired:
		return fold(st, e, b.devicePaired)
	case loto.TypeDeviceCodeUsed:
		return fold(st, e, b.deviceCodeUsed)
	case loto.TypeDeviceRevoked:
		return fold(st, e, b.deviceRevoked)
	case loto.TypeOrganiserPasswordSet:
		return fold(st, e, b.passwordSet)
	case loto.TypeSessionOpened:
		return fold(st, e, b.sessionOpened)
	case loto.TypeSessionClosed:
		return fold(st, e, b.sessionClosed)
	}
	return nil
}

// fold decodes an event's payload and folds it with apply.
func fold[P any](st *loto.State, e journal.Event, apply func(*loto.State, journal.Event, P) error) error {
	p, err := loto.Decode[P](e)
	if err != nil {
		return err
	}
	return apply(st, e, p)
}

// broken is a fold's refusal of an event that cannot follow those before:
// a corrupt journal, said as the day's own folds say it.
func broken(e journal.Event, format string, args ...any) error {
	return loto.Errorf(loto.EInternal, "événement %d : %s", e.Seq, fmt.Sprintf(format, args...))
}

// sha256Hex is the hex SHA-256 of b, as the journal keeps tokens' hashes.
func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// maxTokenLen bounds a token presented, so a huge header is never hashed.
const maxTokenLen = 128
