package loto

import (
	"context"
	"slices"
	"strings"
	"testing"

	"loto/internal/card"
)

func TestR21_LateEvenAfterEmptyControl(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	if r := claimAll(t, d, cards[1]); !r.Resumed {
		t.Fatalf("wrong call: %+v, want an empty control", r)
	}
	// Card 1 completed at this number and calls once that control has begun.
	c, err := d.Claim(ctx, org("controleur"), cards[0])
	ok(t, err)
	if c.Verdict != VerdictLate {
		t.Fatalf("claim at the same number after a control: %+v, want late", c)
	}
	st, err := d.Status()
	ok(t, err)
	if st.Phase != PhaseDrawing {
		t.Fatalf("phase %s: a late claim does not stop the draw", st.Phase)
	}
	// The empty control's verdict first (R22), then the late claim.
	if len(st.Claims) != 2 || st.Claims[0].Verdict != VerdictNotWinner ||
		st.Claims[1].Serial != cards[0] || st.Claims[1].Verdict != VerdictLate || !strings.Contains(st.Claims[1].Reason, "R21") {
		t.Fatalf("status claims %+v: the host must see the late claim and why", st.Claims)
	}
	before := store.count()
	wantCode(t, d.Call(ctx, org("host")), EConflict) // a call at that number is late too
	nothingWritten(t, store, before)
	// Only a new number opens new claims.
	typeNew(t, d, rowOf(gridOf(t, d, "A", 2), 0)...)
	if st, _ := d.Status(); len(st.Claims) != 0 {
		t.Fatalf("status claims %+v at a new number: the late ones belong to the last", st.Claims)
	}
	if r := claimAll(t, d, cards[1]); r.Winners != 1 {
		t.Fatalf("claim at a new number: %+v, want a winner", r)
	}
}

func TestR21_LateAfterAnAwardAtTheSameNumber(t *testing.T) {
	d, _ := gameDay(t, "manual", "  - {title: Partie, stages: [{stage: quine, prize: "+voucher30+"}, {stage: double_quine, prize: "+robot+"}]}\n")
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	claimAll(t, d, cards[0])
	_, err := d.Award(ctx, org("host"))
	ok(t, err)
	// The quine's control began at this number: a claim there for the
	// double quine waits for the next number.
	c, err := d.Claim(ctx, org("controleur"), cards[1])
	ok(t, err)
	if c.Verdict != VerdictLate {
		t.Fatalf("claim after the award at the same number: %+v, want late", c)
	}
}

// typeNew types those of nums that are not out yet.
func typeNew(t *testing.T, d *Day, nums ...card.Number) {
	t.Helper()
	st, err := d.Status()
	ok(t, err)
	for _, n := range nums {
		if !slices.Contains(st.Drawn, n) {
			typeNumbers(t, d, n)
		}
	}
}
