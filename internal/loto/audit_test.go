package loto

import (
	"encoding/json"
	"testing"

	"loto/internal/journal"
)

// playedDay plays a whole day (playDay) and returns its journal.
func playedDay(t *testing.T) []journal.Event {
	t.Helper()
	_, store := playDay(t)
	return store.all()
}

func TestR14_AuditRecomputesEveryDraw(t *testing.T) {
	events := playedDay(t)
	r, err := AuditDraws(events)
	ok(t, err)
	if !r.OK() || r.Games != 11 || r.Draws < 11*15 || r.Tokens == 0 || r.Mode != DrawRNG {
		t.Fatalf("audit %+v", r)
	}
	// The seed is revealed once, after the last award, in the same batch.
	last := events[len(events)-1]
	if last.Type != TypeSeedRevealed || events[len(events)-2].Type != TypePrizeAwarded {
		t.Fatalf("last events %s, %s", events[len(events)-2].Type, last.Type)
	}
	for _, e := range events[:len(events)-1] {
		if e.Type == TypeSeedRevealed {
			t.Fatalf("seed revealed early at %d", e.Seq)
		}
	}
}

func TestR14_AuditFindsAChangedNumberOrToken(t *testing.T) {
	for _, typ := range []string{TypeNumberDrawn, TypeTieTokens} {
		t.Run(typ, func(t *testing.T) {
			events := playedDay(t)
			for i, e := range events {
				if e.Type != typ {
					continue
				}
				var p map[string]any
				ok(t, json.Unmarshal(e.Payload, &p))
				if typ == TypeNumberDrawn {
					p["number"] = 91 - p["number"].(float64)
				} else {
					tok := p["tokens"].([]any)[0].(map[string]any)
					tok["token"] = 91 - tok["token"].(float64)
				}
				events[i].Payload, _ = json.Marshal(p)
				r, err := AuditDraws(events)
				ok(t, err)
				if r.OK() || r.Mismatches[0].Seq != e.Seq || r.Mismatches[0].What == "" {
					t.Fatalf("audit %+v, want a mismatch at %d", r, e.Seq)
				}
				return
			}
			t.Fatalf("no %s event", typ)
		})
	}
}

func TestR14_AuditNeedsTheRevealedSeed(t *testing.T) {
	events := playedDay(t)
	_, err := AuditDraws(events[:len(events)-1])
	wantCode(t, err, EConflict)
	forged := append([]journal.Event(nil), events...)
	forged[len(forged)-1].Payload = []byte(`{"seed":"00"}`)
	_, err = AuditDraws(forged)
	wantCode(t, err, EInvalid)
	_, err = AuditDraws(nil)
	wantCode(t, err, ENotFound)
}
