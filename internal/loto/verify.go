package loto

import (
	"context"
	"errors"

	"loto/internal/journal"
)

// Verification is the journal's check as the organiser reads it: the
// chain recomputed from the first event, each kept anchor compared, the
// secrets checked against their commitments, and every event replayed as
// the day's opening replays it, each control, draw of tokens and award
// judged again (JudgeJournal). A journal that fails is
// an answer, not an error: OK is false, BadSeq names the first bad event
// when the chain or an anchor says which, and Problem says why in French.
type Verification struct {
	OK      bool             `json:"ok"`
	Head    *journal.Anchor  `json:"head,omitempty"` // the last event verified
	Events  int64            `json:"events"`
	Secrets int              `json:"secrets"`
	Anchors []journal.Anchor `json:"anchors"` // the kept anchors checked
	BadSeq  int64            `json:"bad_seq,omitempty"`
	Problem string           `json:"problem,omitempty"`
}

// VerifyJournal reads the whole journal from its store and verifies it,
// with the anchors kept outside it (journal.VerifyAnchored), then the
// secrets' commitments (CheckSecrets), then the replay (JudgeJournal), as
// `loto journal verify` does. It
// reads the store, not the Day's state: an event edited in the database
// behind the server's back is found.
func (d *Day) VerifyJournal(ctx context.Context, anchors []journal.Anchor) (Verification, error) {
	v := Verification{Anchors: append([]journal.Anchor{}, anchors...)}
	head, err := journal.VerifyAnchored(ctx, d.store, anchors)
	var broken *journal.BrokenError
	var anchor *journal.AnchorError
	switch {
	case errors.As(err, &broken):
		v.BadSeq, v.Problem = broken.Seq, broken.Error()
		return v, nil
	case errors.As(err, &anchor):
		v.BadSeq, v.Problem = anchor.Anchor.Seq, anchor.Error()
		return v, nil
	case err != nil:
		return Verification{}, internalf(err, "lecture du journal")
	}
	a := journal.AnchorOf(head)
	v.Head, v.Events = &a, head.Seq
	n, err := CheckSecrets(ctx, d.store)
	switch {
	case errors.As(err, &broken):
		v.BadSeq, v.Problem = broken.Seq, broken.Error()
		return v, nil
	case err != nil && ErrorCode(err) != EInternal:
		v.Problem = ErrorMessage(err) // an event type this version does not know
		return v, nil
	case err != nil:
		return Verification{}, err
	}
	v.Secrets = n
	// The chain holds; whether each event follows from those before it is
	// the replay's to say, as when the day opens, with every control,
	// draw of tokens and award judged again (R27).
	switch err := JudgeJournal(ctx, d.store, empties(d.st.neighbours)...); {
	case errors.As(err, &broken):
		v.BadSeq, v.Problem = broken.Seq, broken.Error()
		return v, nil
	case err != nil && ErrorCode(err) != EInternal:
		v.Problem = ErrorMessage(err)
		return v, nil
	case err != nil:
		return Verification{}, err
	}
	v.OK = true
	return v, nil
}

// HeadAnchor is the anchor of the last event the Day applied (R27).
func (d *Day) HeadAnchor() journal.Anchor {
	d.mu.Lock()
	defer d.mu.Unlock()
	return journal.Anchor{Seq: d.st.head, Hash: d.st.headHash}
}
