package loto

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"loto/internal/journal"
)

// rechainMem recomputes every hash of a journal in memory after an edit,
// as someone with write access to the file and the source could.
func rechainMem(store *memStore) {
	store.mu.Lock()
	defer store.mu.Unlock()
	prev := journal.Genesis
	for i := range store.events {
		prev = journal.Chain(prev, store.events[i])
		store.events[i].Hash = prev
	}
}

// forge rewrites the first event of type typ that edit changes, re-chains
// the journal and returns the event's sequence. The journal verifies
// before: the replay that judges finds nothing in a day played as it was.
func forge(t *testing.T, d *Day, store *memStore, typ string, edit func(p map[string]any) bool) int64 {
	t.Helper()
	verified(t, d)
	store.mu.Lock()
	seq := rewrite(t, store.events, typ, edit)
	store.mu.Unlock()
	rechainMem(store)
	if _, err := journal.Verify(context.Background(), store); err != nil {
		t.Fatalf("the forged journal's chain should hold: %v", err)
	}
	return seq
}

// verified fails unless the day's journal verifies, its replay included.
func verified(t *testing.T, d *Day) {
	t.Helper()
	if v, err := d.VerifyJournal(context.Background(), nil); err != nil || !v.OK {
		t.Fatalf("verification of the day as played: %+v, %v", v, err)
	}
}

// wantJudged checks that the journal's verification refuses event seq,
// with a reason that says want.
func wantJudged(t *testing.T, d *Day, seq int64, want string) {
	t.Helper()
	v, err := d.VerifyJournal(context.Background(), nil)
	ok(t, err)
	if v.OK || v.BadSeq != seq || !strings.Contains(v.Problem, want) {
		t.Fatalf("verification %+v, want event %d refused with %q", v, seq, want)
	}
	// One judge: the day's opening, as loto serve and every command do it,
	// refuses the same event.
	_, err = Open(context.Background(), d.store)
	var broken *journal.BrokenError
	if refused := errors.As(err, &broken) && broken.Seq == seq || err != nil && strings.Contains(err.Error(), fmt.Sprintf("événement %d ", seq)); !refused {
		t.Fatalf("opening the forged day: %v, want event %d refused as its verification does", err, seq)
	}
}

// An award rewritten to pay another amount, re-chained, passes the chain;
// the award no longer follows from the control and the rules.
func TestR27_VerifyFindsAnAwardRewritten(t *testing.T) {
	d, store := playDay(t)
	seq := forge(t, d, store, TypePrizeAwarded, func(p map[string]any) bool {
		w := p["winners"].([]any)[0].(map[string]any)
		if w["share_cents"] == nil {
			return false
		}
		w["share_cents"] = 30000.0
		return true
	})
	wantJudged(t, d, seq, "lot remis ainsi")
}

// The same award handed to another card.
func TestR27_VerifyFindsAnAwardToAnotherCard(t *testing.T) {
	d, store := playDay(t)
	seq := forge(t, d, store, TypePrizeAwarded, func(p map[string]any) bool {
		w := p["winners"].([]any)[0].(map[string]any)
		w["serial"] = "A-000001-" + strings.Split(w["serial"].(string), "-")[2]
		return true
	})
	wantJudged(t, d, seq, "lot remis ainsi")
}

func TestR27_VerifyFindsAVerdictRewritten(t *testing.T) {
	d, store := playDay(t)
	seq := forge(t, d, store, TypeControlStarted, func(p map[string]any) bool {
		v := p["verdicts"].([]any)[0].(map[string]any)
		v["verdict"] = string(VerdictNotWinner)
		return true
	})
	wantJudged(t, d, seq, "jugée « not_winner » au journal, « win »")
}

// Tokens handed in the order of the claims are not the seed's dealing.
func TestR17_VerifyFindsTokensHandedInAnotherOrder(t *testing.T) {
	d, store := playDay(t)
	seq := forge(t, d, store, TypeTieTokens, func(p map[string]any) bool {
		tokens := p["tokens"].([]any)
		if len(tokens) < 2 {
			return false
		}
		a, b := tokens[0].(map[string]any), tokens[1].(map[string]any)
		a["token"], b["token"] = b["token"], a["token"]
		return true
	})
	wantJudged(t, d, seq, "d'après la graine")
}

// The replay refuses what `loto serve` refuses when it opens the day: two
// claims swapped and re-chained are out of sequence.
func TestR27_VerifyFoldsEveryEventAsAReplay(t *testing.T) {
	d, store := playDay(t)
	verified(t, d)
	store.mu.Lock()
	var first int = -1
	var seq int64
	for i, e := range store.events {
		if e.Type != TypeClaimRegistered {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		var a, b claimRegistered
		ok(t, json.Unmarshal(store.events[first].Payload, &a))
		ok(t, json.Unmarshal(e.Payload, &b))
		if a.Game == b.Game && a.Stage == b.Stage {
			store.events[first].Payload, store.events[i].Payload = e.Payload, store.events[first].Payload
			seq = store.events[first].Seq
			break
		}
		first = i
	}
	store.mu.Unlock()
	rechainMem(store)
	_, err := OpenWith(context.Background(), store, Options{Clock: testClock})
	if err == nil {
		t.Fatal("the replay should refuse claims out of sequence")
	}
	wantJudged(t, d, seq, "hors séquence")
}

// A number typed from the ball machine rewritten after the fact: the
// control at the end of the line no longer follows from the draws.
func TestR27_VerifyFindsATypedNumberRewritten(t *testing.T) {
	d, store, _, _ := tieDayWith(t, robot, 2, []int{0, 1}, nil)
	ctx := context.Background()
	_, err := d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	_, err = d.Award(ctx, org("host"))
	ok(t, err)
	var drawn []int
	d.View(func(st *State) {
		for _, n := range st.Games()[0].Drawn() {
			drawn = append(drawn, int(n))
		}
	})
	free := 1
	for slices.Contains(drawn, free) {
		free++
	}
	forge(t, d, store, TypeNumberDrawn, func(p map[string]any) bool {
		p["number"] = float64(free)
		return true
	})
	v, err := d.VerifyJournal(ctx, nil)
	ok(t, err)
	if v.OK || !strings.Contains(v.Problem, "d'après la carte et les numéros tirés") {
		t.Fatalf("verification of a typed number rewritten: %+v", v)
	}
}
