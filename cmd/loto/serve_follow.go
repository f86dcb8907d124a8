package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// followEvery bounds how long an append by another process (the command
// line on the same file) waits before the server applies it: the SQLite
// store's own poll is slower than the second the hall expects.
const followEvery = 250 * time.Millisecond

// follow applies to day, until ctx ends, the events other processes append
// to the journal. A broken journal met on the way is logged: the Day then
// refuses every command, and reads show the state before the break.
func follow(ctx context.Context, s journal.Store, day *loto.Day, log *slog.Logger) {
	for ctx.Err() == nil {
		wctx, cancel := context.WithTimeout(ctx, followEvery)
		err := s.Wait(wctx, day.Head())
		cancel()
		switch {
		case ctx.Err() != nil:
			return
		case errors.Is(err, context.DeadlineExceeded):
			continue
		case err != nil:
			log.Error("suivi du journal", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		if err := day.Refresh(ctx); err != nil && ctx.Err() == nil {
			log.Error("suivi du journal : les événements ajoutés ne s'appliquent pas", "err", err)
			sleep(ctx, time.Second)
		}
	}
}

// sleep waits for d or the end of ctx.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// before returns the journal s cut before event bad: its events up to
// bad-1, the head of that part, and nothing appended.
func before(ctx context.Context, s journal.Store, bad int64) (journal.Store, error) {
	head := journal.Head{Seq: 0, Hash: journal.Genesis}
	if bad > 1 {
		err := s.Read(ctx, bad-1, func(e journal.Event) error {
			head = journal.Head{Seq: e.Seq, Hash: e.Hash}
			return errStop
		})
		if err != nil && !errors.Is(err, errStop) {
			return nil, err
		}
		if head.Seq != bad-1 {
			return nil, &journal.BrokenError{Seq: bad - 1, Reason: "absent"}
		}
	}
	return &prefix{Store: s, head: head}, nil
}

var errStop = errors.New("stop")

// prefix is a journal read up to its head only: a read-only server serves
// the sound events of a broken journal with it.
type prefix struct {
	journal.Store
	head journal.Head
}

// Read reads the events up to the head.
func (p *prefix) Read(ctx context.Context, from int64, fn func(journal.Event) error) error {
	err := p.Store.Read(ctx, from, func(e journal.Event) error {
		if e.Seq > p.head.Seq {
			return errStop
		}
		return fn(e)
	})
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// Head is the last sound event.
func (p *prefix) Head(context.Context) (journal.Head, error) { return p.head, nil }

// Append refuses: the part before a break is only read.
func (p *prefix) Append(context.Context, int64, ...journal.Draft) ([]journal.Event, error) {
	return nil, loto.Errorf(loto.EForbidden, "journal corrompu : lecture seule")
}

// Wait waits for ctx to end: nothing follows the part before a break.
func (p *prefix) Wait(ctx context.Context, _ int64) error {
	<-ctx.Done()
	return ctx.Err()
}
