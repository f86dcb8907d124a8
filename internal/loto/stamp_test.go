package loto

import (
	"context"
	"testing"
)

func TestR9_R10_R28_StampAndVoid(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "B", Cards: 6})
	ok(t, err)
	a1 := "A-000001-22"
	_, err = d.Stamp(ctx, org("caisse-1"), serialsIn(t, []string{a1}))
	wantCode(t, err, EInvalid) // no event yet
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, eventYAML("rng", quineGame("regular", voucher30))))
	ok(t, err)
	a1, a2 := serialOf(t, d, "A", 1), serialOf(t, d, "A", 2)
	r, err := d.Stamp(ctx, org("caisse-1"), serialsIn(t, []string{a1, "a 000002 " + a2[9:]}))
	ok(t, err)
	if len(r.Cards) != 2 || r.Cards[1] != a2 {
		t.Fatalf("stamped %v, want canonical serials", r.Cards)
	}
	before := store.count()
	for _, tc := range []struct {
		name    string
		serials []string
		code    string
	}{
		{"none", nil, EInvalid},
		{"already stamped", []string{a1}, EConflict},
		{"twice in one sale", []string{serialOf(t, d, "A", 3), serialOf(t, d, "A", 3)}, EInvalid},
		{"unreadable", []string{"nimporte"}, EInvalid},
		{"forged check (R10)", []string{forgeCheck(serialOf(t, d, "A", 4))}, EInvalid},
		{"series not on sale (R10)", []string{serialOf(t, d, "B", 1)}, EInvalid},
		{"unknown series (R10)", []string{"Q-000001-22"}, ENotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cards, err := ParseSerials(tc.serials) // the edge's reading
			if err == nil {
				_, err = d.Stamp(ctx, org("caisse-1"), cards)
			}
			wantCode(t, err, tc.code)
			nothingWritten(t, store, before)
		})
	}
	for _, tc := range []struct {
		name    string
		serials []string
		reason  string
		code    string
	}{
		{"no reason", []string{a1}, " ", EInvalid},
		{"not sold", []string{serialOf(t, d, "A", 5)}, "perturbe le jeu", EInvalid},
	} {
		t.Run("exclusion "+tc.name, func(t *testing.T) {
			_, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: tc.reason, Cards: serialsIn(t, tc.serials)})
			wantCode(t, err, tc.code)
			nothingWritten(t, store, before)
		})
	}
	_, err = d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Cards: serialsIn(t, []string{a1})})
	ok(t, err)
	_, err = d.Exclude(ctx, org("org"), ExclusionRequest{Why: "encore", Cards: serialsIn(t, []string{a1})})
	wantCode(t, err, EConflict)
	d.View(func(st *State) {
		ref := CardRef{Series: "A", Number: 1}
		if !st.Stamped(ref) || !st.Voided(ref) || st.StampedCount() != 2 {
			t.Fatalf("stamped %v voided %v", st.Stamped(ref), st.Voided(ref))
		}
	})
}

func TestR29_PostponedDayStampsNoCard(t *testing.T) {
	wantRefusedWhenPostponed(t, func(ctx context.Context, d *Day) error {
		return errOf(d.Stamp(ctx, org("caisse-1"), serialsIn(t, serials(t, d, "A", 1))))
	})
}
