package journaltest

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"loto/internal/journal"
)

// testAnchors is the audit's attack on the tail (R27): two statements delete
// the last events and move the head back, and a rewrite rehashes the chain
// from an edited event on. The chain verifies after both; an anchor kept
// from before does not.
func testAnchors(t *testing.T, b Backend) {
	ctx := context.Background()
	setup := func(t *testing.T) (journal.Store, journal.Anchor) {
		s := b.Open(t)
		for i := range int64(6) {
			mustAppend(t, s, i, Draft("e", i))
		}
		h, err := s.Head(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return s, journal.AnchorOf(h)
	}
	t.Run("TailCutAndHeadMovedBack", func(t *testing.T) {
		s, last := setup(t)
		b.Exec(t, s, `DELETE FROM events WHERE seq > 4`)
		b.Exec(t, s, `UPDATE head SET seq = 4, hash = (SELECT hash FROM events WHERE seq = 4) WHERE id = 1`)
		if _, err := journal.Verify(ctx, s); err != nil {
			t.Fatalf("the chain alone should not see the cut (that is why anchors exist): %v", err)
		}
		_, err := journal.VerifyAnchored(ctx, s, []journal.Anchor{last})
		var ae *journal.AnchorError
		if !errors.As(err, &ae) || ae.Anchor != last || ae.Found != "" || ae.Head.Seq != 4 {
			t.Fatalf("verify with anchor %s after a cut: %v, want an AnchorError naming it", last, err)
		}
		short, _ := journal.ParseAnchor(last.Short())
		if _, err := journal.VerifyAnchored(ctx, s, []journal.Anchor{short}); !errors.As(err, &ae) {
			t.Fatalf("a short anchor %s after a cut: %v, want an AnchorError", short, err)
		}
	})
	t.Run("Rehashed", func(t *testing.T) {
		s, last := setup(t)
		evs := All(t, s)
		kept := journal.AnchorOf(journal.Head{Seq: evs[1].Seq, Hash: evs[1].Hash})
		prev := evs[1].Hash
		for _, e := range evs[2:] {
			if e.Seq == 3 {
				e.Actor = "mallory"
				b.Exec(t, s, `UPDATE events SET actor = 'mallory' WHERE seq = 3`)
			}
			e.Hash = journal.Chain(prev, e)
			b.Exec(t, s, fmt.Sprintf(`UPDATE events SET hash = '%s' WHERE seq = %d`, e.Hash, e.Seq))
			prev = e.Hash
		}
		b.Exec(t, s, fmt.Sprintf(`UPDATE head SET hash = '%s' WHERE id = 1`, prev))
		if _, err := journal.Verify(ctx, s); err != nil {
			t.Fatalf("a rehashed chain verifies (anyone can recompute SHA-256): %v", err)
		}
		if _, err := journal.VerifyAnchored(ctx, s, []journal.Anchor{kept}); err != nil {
			t.Fatalf("the anchor of event 2, before the rewrite, still holds: %v", err)
		}
		short, _ := journal.ParseAnchor(last.Short())
		_, err := journal.VerifyAnchored(ctx, s, []journal.Anchor{kept, short})
		var ae *journal.AnchorError
		if !errors.As(err, &ae) || ae.Anchor != short || ae.Found != prev {
			t.Fatalf("verify with anchor %s after a rewrite: %v, want an AnchorError naming it", short, err)
		}
	})
}

// testVerifyWhileAppending: verify during the day, while a writer appends,
// never reports a sound journal as broken (the head, read after the
// events, may be past them).
func testVerifyWhileAppending(t *testing.T, b Backend) {
	ctx := context.Background()
	s := b.Open(t)
	done := make(chan struct{})
	errs := make(chan error, 1)
	go func() {
		defer close(errs)
		for i := int64(0); ; i++ {
			select {
			case <-done:
				return
			default:
			}
			if _, err := s.Append(ctx, i, Draft("e", i)); err != nil {
				errs <- err
				return
			}
		}
	}()
	for i := range 40 {
		if _, err := journal.Verify(ctx, s); err != nil {
			close(done)
			t.Fatalf("verify %d during appends: %v", i, err)
		}
	}
	close(done)
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
}
