package loto

import (
	"encoding/json"
	"strings"
	"testing"

	"loto/internal/journal"
)

// playedStore plays a whole day (playDay) and returns its journal.
func playedStore(t *testing.T) *memStore {
	t.Helper()
	_, store := playDay(t)
	return store
}

// playedDay is the events of playedStore.
func playedDay(t *testing.T) []journal.Event {
	t.Helper()
	return playedStore(t).all()
}

func TestR14_AuditRecomputesEveryDraw(t *testing.T) {
	events := playedDay(t)
	r, err := AuditDraws(events)
	ok(t, err)
	if !r.OK() || len(r.Games) != 11 || r.Unrevealed != 0 || r.Draws < 11*15 || r.Tokens == 0 || r.Mode != DrawRNG {
		t.Fatalf("audit %+v", r)
	}
	seeds := map[string]bool{}
	for _, g := range r.Games {
		if !g.Revealed || g.Draws < 15 || seeds[g.Seed] {
			t.Fatalf("game %+v: want its own seed, revealed and checked", g)
		}
		seeds[g.Seed] = true
	}
	// Each game's seed is revealed once, right after its last award, in
	// the same batch: never while the game is played.
	over := map[int]bool{}
	for i, e := range events {
		switch e.Type {
		case TypePrizeAwarded:
			var p prizeAwarded
			ok(t, json.Unmarshal(e.Payload, &p))
			if p.GameOver != (events[i+1].Type == TypeSeedRevealed) {
				t.Fatalf("award %d (game over %v) followed by %s", e.Seq, p.GameOver, events[i+1].Type)
			}
			over[p.Game] = over[p.Game] || p.GameOver
		case TypeSeedRevealed:
			var p seedRevealed
			ok(t, json.Unmarshal(e.Payload, &p))
			if !over[p.Game] || events[i-1].Type != TypePrizeAwarded {
				t.Fatalf("seed of game %d revealed at %d, before its end", p.Game, e.Seq)
			}
		}
	}
}

// rewrite edits the payload of the first event of type typ for which edit
// returns true, and returns its sequence.
func rewrite(t *testing.T, events []journal.Event, typ string, edit func(p map[string]any) bool) int64 {
	t.Helper()
	for i, e := range events {
		if e.Type != typ {
			continue
		}
		var p map[string]any
		ok(t, json.Unmarshal(e.Payload, &p))
		if !edit(p) {
			continue
		}
		events[i].Payload, _ = json.Marshal(p)
		return e.Seq
	}
	t.Fatalf("no %s event to rewrite", typ)
	return 0
}

// wantFailure checks that the audit fails at seq for the reason what.
func wantFailure(t *testing.T, events []journal.Event, seq int64, what string) {
	t.Helper()
	r, err := AuditDraws(events)
	ok(t, err)
	for _, f := range r.Failures {
		if f.Seq == seq && f.What == what && f.Text != "" {
			return
		}
	}
	t.Fatalf("audit %+v, want a %s failure at %d", r.Failures, what, seq)
}

func TestR14_AuditFindsAChangedNumberOrToken(t *testing.T) {
	events := playedDay(t)
	seq := rewrite(t, events, TypeNumberDrawn, func(p map[string]any) bool {
		p["number"] = 91 - p["number"].(float64)
		return true
	})
	wantFailure(t, events, seq, "number")
	events = playedDay(t)
	seq = rewrite(t, events, TypeTieTokens, func(p map[string]any) bool {
		tok := p["tokens"].([]any)[0].(map[string]any)
		tok["token"] = 91 - tok["token"].(float64)
		return true
	})
	wantFailure(t, events, seq, "token")
}

// In an rng day every number and token is the software's: one marked as
// typed is a rewritten journal escaping the check, and fails the audit
// even when its value is the one the seed gives.
func TestR14_AuditFailsATypedDrawOrTokenInAnRNGDay(t *testing.T) {
	events := playedDay(t)
	seq := rewrite(t, events, TypeNumberDrawn, func(p map[string]any) bool {
		p["rng"] = false
		return true
	})
	wantFailure(t, events, seq, "typed_number")
	events = playedDay(t)
	seq = rewrite(t, events, TypeTieTokens, func(p map[string]any) bool {
		p["rng"] = false
		return true
	})
	wantFailure(t, events, seq, "typed_token")
}

func TestR14_AuditFailsASeedThatDoesNotMatchItsCommitment(t *testing.T) {
	events := playedDay(t)
	forged := strings.Repeat("5a", 32) // a seed of the right length, not the one committed
	seq := rewrite(t, events, TypeSeedRevealed, func(p map[string]any) bool {
		p["seed"] = forged
		return true
	})
	wantFailure(t, events, seq, "seed")
	// A commitment rewritten to fit another seed fails too: the draws do
	// not come from it.
	events = playedDay(t)
	rewrite(t, events, TypeGameStarted, func(p map[string]any) bool {
		p["seed_sha256"] = sha256Hex(mustHex(t, forged))
		return true
	})
	seq = rewrite(t, events, TypeSeedRevealed, func(p map[string]any) bool {
		p["seed"] = forged
		return true
	})
	r, err := AuditDraws(events)
	ok(t, err)
	if r.OK() || r.Games[0].Revealed != true || r.Failures[0].What != "number" {
		t.Fatalf("audit of a seed swapped with its commitment (reveal at %d): %+v", seq, r)
	}
}

func TestR14_AuditReportsAGameNotYetRevealed(t *testing.T) {
	events := playedDay(t)
	// Cut the journal in the middle of the last game: its seed is still
	// secret, which is no failure.
	last := 0
	for i, e := range events {
		if e.Type == TypeGameStarted {
			last = i
		}
	}
	r, err := AuditDraws(events[:last+20])
	ok(t, err)
	if !r.OK() || r.Unrevealed != 1 || len(r.Games) != 11 || r.Games[10].Revealed || r.Games[10].SeedSHA256 == "" || !r.Games[9].Revealed {
		t.Fatalf("audit in the middle of the last game: %+v", r)
	}
	// A game over whose reveal was taken out of the journal fails.
	var cut []journal.Event
	for _, e := range events {
		if e.Type != TypeSeedRevealed || e.Seq > events[last].Seq {
			cut = append(cut, e)
		}
	}
	r, err = AuditDraws(cut)
	ok(t, err)
	if r.OK() || r.Failures[0].What != "no_reveal" {
		t.Fatalf("audit without the reveals: %+v", r)
	}
	_, err = AuditDraws(nil)
	wantCode(t, err, ENotFound)
}
