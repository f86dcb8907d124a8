package loto

import (
	"context"
	"testing"
)

// cutBefore takes the journal back to just before its first event of type
// typ, as the day stood then, and opens a Day on it.
func cutBefore(t *testing.T, store *memStore, typ string) *Day {
	t.Helper()
	store.mu.Lock()
	for i, e := range store.events {
		if e.Type == typ {
			store.events = store.events[:i]
			break
		}
	}
	for k, i := range store.keys {
		if i >= len(store.events) {
			delete(store.keys, k)
		}
	}
	store.mu.Unlock()
	return reopen(t, store)
}

func TestR14_RNGDayRefusesTypedTokens(t *testing.T) {
	store := playedStore(t)
	d := cutBefore(t, store, TypeTieTokens) // an rng day, tied winners awaiting their tokens
	var typed []int
	d.View(func(st *State) {
		for i := range st.Current().Winners() {
			typed = append(typed, i+1)
		}
	})
	if len(typed) < 2 {
		t.Fatalf("%d winners: want a tie", len(typed))
	}
	ctx := context.Background()
	before := store.count()
	_, err := d.DrawTokens(ctx, org("controleur"), typed)
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
	tokens, err := d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	if len(tokens) != len(typed) {
		t.Fatalf("tokens %+v for %d winners", tokens, len(typed))
	}
}

func TestR14_EachGameDrawsItsOwnSeedAtItsStartAndRevealsItAtItsEnd(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30)+quineGame("regular", voucher30))
	ctx := context.Background()
	serials := stampEach(t, d, 12)
	for name := range store.secrets {
		if name != seriesSeedSecret("A") && name != seriesKeySecret("A") && name != seriesSeedSecret("V") && name != seriesKeySecret("V") {
			t.Fatalf("secret %q before the first game: only the series' secrets exist", name)
		}
	}
	var commitments []string
	for g := 1; g <= 2; g++ {
		r := start(t, d)
		seed, err := store.Secret(ctx, gameSeedSecret(g))
		ok(t, err)
		if r.SeedSHA256 != sha256Hex(seed) {
			t.Fatalf("game %d: commitment %s is not the SHA-256 of its seed", g, r.SeedSHA256)
		}
		commitments = append(commitments, r.SeedSHA256)
		playQuine(t, d, serials)
		st, _ := d.Status()
		if st.Seed == "" || sha256Hex(mustHex(t, st.Seed)) != r.SeedSHA256 {
			t.Fatalf("game %d over: status %+v, want its seed revealed", g, st)
		}
	}
	if commitments[0] == commitments[1] {
		t.Fatal("two games with one seed")
	}
	if st, _ := d.Status(); !st.DayOver {
		t.Fatalf("after the last award: %+v", st)
	}
	a, err := AuditDraws(store.all())
	ok(t, err)
	if !a.OK() || len(a.Games) != 2 || !a.Games[0].Revealed || !a.Games[1].Revealed {
		t.Fatalf("audit %+v", a)
	}
}

// The journal refuses a game whose stored seed is not the one its start
// committed to: someone who swapped the secret would change the draws.
func TestR14_SwappedGameSeedStopsTheDay(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	start(t, d)
	store.mu.Lock()
	store.secrets[gameSeedSecret(1)] = []byte("another seed")
	store.mu.Unlock()
	_, err := Open(context.Background(), store)
	wantCode(t, err, EInternal)
}
