package loto

import (
	"context"
	"slices"
	"strings"
	"testing"

	"loto/internal/game"
	"loto/internal/journal"
)

// TestR14_TheGamesStartShowsItsAnchorAndARestore: the public snapshot of a
// game carries the anchor of its start event, which stays that anchor as
// the numbers come; a restore recorded before it is in the snapshot, with
// the head of the journal it replaced, and survives a replay.
func TestR14_TheGamesStartShowsItsAnchorAndARestore(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := context.Background()
	if p := d.Public(); p.Restored != nil || p.Started != nil {
		t.Fatalf("before any restore or game: restored %+v, started %+v", p.Restored, p.Started)
	}
	replaced := journal.Anchor{Seq: 12, Hash: strings.Repeat("c4", 32)}
	_, err := d.RecordRestore(ctx, org("org"), replaced, 1)
	ok(t, err)
	start(t, d)
	events := store.all()
	startEvent := events[len(events)-1]
	if startEvent.Type != TypeGameStarted {
		t.Fatalf("last event %s", startEvent.Type)
	}
	for range 3 {
		_, err := d.Draw(ctx, org("host"), 0)
		ok(t, err)
	}
	for _, day := range []*Day{d, reopen(t, store)} {
		p := day.Public()
		if p.Started == nil || *p.Started != anchorOf(startEvent) || p.Anchor == *p.Started {
			t.Fatalf("started %v, want the start event's %v (the head is %v)", p.Started, anchorOf(startEvent), p.Anchor)
		}
		if p.Restored == nil || p.Restored.Replaced != replaced || p.Restored.Games != 1 || p.Restored.Time.IsZero() {
			t.Fatalf("restored %+v", p.Restored)
		}
	}
	_, err = d.RecordRestore(ctx, org("org"), journal.Anchor{}, 0)
	wantCode(t, err, EInvalid)
}

// TestR14_GameDrawsAreTheDrawerOfTheRevealedSeed: what the hall reads to
// check a game (its commitment, start anchor, numbers and seed) is the
// program's drawer run from the seed, and the seed shows only once the
// game is over.
func TestR14_GameDrawsAreTheDrawerOfTheRevealedSeed(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	serials := stampEach(t, d, 12)
	r := start(t, d)
	_, err := d.Draw(context.Background(), org("host"), 0)
	ok(t, err)
	gd := d.GameDraws()
	if len(gd) != 1 || gd[0].Seed != "" || gd[0].Over || !gd[0].RNG || gd[0].SeedSHA256 != r.SeedSHA256 || len(gd[0].Draws) != 1 {
		t.Fatalf("during the game: %+v", gd)
	}
	playQuine(t, d, serials)
	gd = d.GameDraws()
	if len(gd) != 1 || !gd[0].Over || gd[0].Seed == "" || gd[0].Started != *d.Public().Started {
		t.Fatalf("after the game: %+v", gd)
	}
	seed := mustHex(t, gd[0].Seed)
	if sha256Hex(seed) != gd[0].SeedSHA256 {
		t.Fatal("the seed is not the one committed")
	}
	var drawn game.Drawn
	dr := game.NewDrawer(seed, 1)
	for _, n := range gd[0].Draws {
		want, err := dr.Next(&drawn)
		ok(t, err)
		if want != n {
			t.Fatalf("drawn %v, the seed gives %d at %d", gd[0].Draws, want, drawn.Len())
		}
		ok(t, drawn.Add(n))
	}
	if !slices.Equal(reopen(t, store).GameDraws()[0].Draws, gd[0].Draws) {
		t.Fatal("a replay reads other draws")
	}
}
