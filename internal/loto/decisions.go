package loto

import (
	"context"
	"encoding/json"
	"time"

	"loto/internal/journal"
)

// Decision is one of the organiser's or the host's decisions as the
// journal records it: when, by whom, what and why. The reason is the
// event's own text, never personal data (P1 keeps that beside the journal).
type Decision struct {
	Seq    int64     `json:"seq"`
	Time   time.Time `json:"time"`
	By     string    `json:"by"`
	Type   string    `json:"type"`
	Act    string    `json:"act"`    // in French
	Reason string    `json:"reason"` // the reason recorded
	What   string    `json:"what,omitempty"`
}

// decisionText is the part of a decision's payload that says what and why.
type decisionText struct {
	Why    string `json:"why"`
	Reason string `json:"reason"`
	Note   string `json:"note"`
	What   string `json:"what"`
}

// Decisions reads the journal as stored and returns its decisions, the
// latest first, at most limit of them.
func (d *Day) Decisions(ctx context.Context, limit int) ([]Decision, error) {
	var out []Decision
	loc := time.UTC
	if ev := d.Event(); ev != nil {
		loc = ev.Location()
	}
	err := d.store.Read(ctx, 1, func(e journal.Event) error {
		et, known := eventTypes[e.Type]
		if !known || et.decision == "" {
			return nil
		}
		act := et.decision
		var t decisionText
		if err := json.Unmarshal(e.Payload, &t); err != nil {
			return internalf(err, "événement %d illisible", e.Seq)
		}
		why := t.Why
		for _, s := range []string{t.Reason, t.Note} {
			if why == "" {
				why = s
			}
		}
		if e.Type == TypeSaleRefunded && t.Reason != "" {
			act += " : " + refundReasonFrench(t.Reason)
			why = t.Note
		}
		out = append(out, Decision{Seq: e.Seq, Time: e.Time.In(loc), By: actorName(e.Actor), Type: e.Type, Act: act, Reason: why, What: t.What})
		return nil
	})
	if err != nil {
		return nil, internalf(err, "lecture du journal")
	}
	// The latest first, as the organiser looks for the act just made.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}
