package loto

import (
	"context"
	"encoding/hex"
	"testing"
)

func TestR14_DayCutShortRevealsTheSeedOfTheGameInPlay(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30)+quineGame("regular", voucher30))
	ctx := context.Background()
	stampEach(t, d, 12)
	start(t, d)
	for range 5 {
		_, err := d.Draw(ctx, org("host"), 0)
		ok(t, err)
	}
	before := store.count()
	_, err := d.EndDay(ctx, org("org"), "")
	wantCode(t, err, EInvalid) // the reason goes in the journal
	nothingWritten(t, store, before)

	// A fire alarm: the day ends during game 1, whose seed is revealed.
	r, err := d.EndDay(ctx, org("org"), "alerte incendie")
	ok(t, err)
	st, _ := d.Status()
	if r.CutShort != 1 || r.Seed != st.Seed || !st.DayOver || st.Phase != PhaseOver || sha256Hex(mustHex(t, r.Seed)) != st.SeedSHA256 {
		t.Fatalf("end %+v, status after it: %+v", r, st)
	}
	a, err := AuditDraws(store.all())
	ok(t, err)
	if !a.OK() || a.Draws != 5 || a.Unrevealed != 0 || !a.Games[0].Revealed {
		t.Fatalf("audit of a game cut short: %+v", a)
	}
	before = store.count()
	_, err = d.Draw(ctx, org("host"), 0)
	wantCode(t, err, EConflict) // the seed is public: no draw may use it again
	_, err = d.StartGame(ctx, org("host"))
	wantCode(t, err, EConflict)
	_, err = d.EndDay(ctx, org("org"), "encore")
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
	compareStates(t, d, reopen(t, store))
}

func TestR14_DayEndedBetweenGames(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30)+quineGame("regular", voucher30))
	ctx := context.Background()
	serials := stampEach(t, d, 12)
	start(t, d)
	playQuine(t, d, serials)
	r, err := d.EndDay(ctx, org("org"), "coupure de courant")
	ok(t, err)
	if st, _ := d.Status(); r.CutShort != 0 || !st.DayOver || st.Seed == "" {
		t.Fatalf("end %+v, status %+v: game 1 revealed at its award, nothing cut short", r, st)
	}
	a, err := AuditDraws(store.all())
	ok(t, err)
	if !a.OK() || len(a.Games) != 1 || !a.Games[0].Revealed {
		t.Fatalf("audit of a day ended between games: %+v", a)
	}
	_, err = d.StartGame(ctx, org("host"))
	wantCode(t, err, EConflict)
}

// playQuine draws until a card can call out, claims every card, runs the
// control, breaks a tie with tokens and awards the game's only stage.
func playQuine(t *testing.T, d *Day, serials []string) {
	t.Helper()
	ctx := context.Background()
	for callable(t, d) == 0 {
		_, err := d.Draw(ctx, org("host"), 0)
		ok(t, err)
	}
	for _, s := range serials {
		_, err := d.Claim(ctx, org("controleur"), serialIn(t, s))
		ok(t, err)
	}
	r, err := d.StartControl(ctx, org("host"))
	ok(t, err)
	if r.Tie {
		_, err := d.DrawTokens(ctx, org("controleur"), nil)
		ok(t, err)
	}
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if !a.GameOver {
		t.Fatalf("award %+v: the one-stage game should be over", a)
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	ok(t, err)
	return b
}
