package loto

import (
	"context"
	"encoding/hex"
	"testing"
)

func TestR14_DayCutShortRevealsItsSeedForTheAudit(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30)+quineGame("regular", voucher30))
	ctx := context.Background()
	var serials []string
	for n := 1; n <= 12; n++ {
		serials = append(serials, stamp(t, d, "A", n)...)
	}
	for range 5 {
		_, err := d.Draw(ctx, org("host"), 0)
		ok(t, err)
	}
	before := store.count()
	_, err := d.EndDay(ctx, org("org"), "coupure de courant")
	wantCode(t, err, EConflict) // the game in play must be over first
	nothingWritten(t, store, before)

	// Play the first game to its award, then end the day before the second.
	playQuine(t, d, serials)
	_, err = d.EndDay(ctx, org("org"), "")
	wantCode(t, err, EInvalid) // the reason goes in the journal
	seed, err := d.EndDay(ctx, org("org"), "coupure de courant")
	ok(t, err)
	if st, _ := d.Status(); st.Seed != seed || !st.DayOver || sha256Hex(mustHex(t, seed)) != st.SeedSHA256 {
		t.Fatalf("status after the end: %+v, seed %s", st, seed)
	}
	r, err := AuditDraws(store.all())
	ok(t, err)
	if !r.OK() || r.Draws < 5 {
		t.Fatalf("audit of a day cut short: %+v", r)
	}
	before = store.count()
	_, err = d.StartGame(ctx, org("host"))
	wantCode(t, err, EConflict) // the seed is public: no draw may use it again
	_, err = d.EndDay(ctx, org("org"), "encore")
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
	if got := reopen(t, store); got.Head() != d.Head() {
		t.Fatal("replay differs")
	}
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
		_, err := d.Claim(ctx, org("controleur"), s)
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
