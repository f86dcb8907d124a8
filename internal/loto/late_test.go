package loto

import (
	"context"
	"fmt"
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
	c, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[0]))
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

// TestR23_NextStageTakesClaimsAtTheNumberThatEndedTheLast: card Y has one
// line and all of its second but n; n also completes a line of card X.
// At n, X wins the quine; once it is awarded the double quine opens at the
// same number, the host is told so, and Y, whose second line n completed,
// calls and wins it: it is not late (R21 counts within a stage) and the
// number it won with is the last drawn (R20). A second claim after that
// control, still at n, is late again.
func TestR23_NextStageTakesClaimsAtTheNumberThatEndedTheLast(t *testing.T) {
	d, _ := gameDay(t, "manual", "  - {title: Partie, stages: [{stage: quine, prize: "+voucher30+"}, {stage: double_quine, prize: "+robot+"}]}\n")
	ctx := context.Background()
	// Cards 1 to 6 are one strip, each number once: X is of the next strip.
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	start(t, d)
	y := gridOf(t, d, "A", 2)
	second := rowOf(y, 1)
	n := second[len(second)-1]
	x, xRow := 0, []card.Number(nil)
	for c := 7; c <= 12; c++ {
		for r := range 3 {
			if row := rowOf(gridOf(t, d, "A", c), r); slices.Contains(row, n) {
				x, xRow = c, row
			}
		}
		if x != 0 {
			break
		}
	}
	if x == 0 {
		t.Fatal("no card of the next strip holds the number that completes card 2's second line")
	}
	var before []card.Number
	for _, m := range append(append(rowOf(y, 0), second[:len(second)-1]...), xRow...) {
		if m != n && !slices.Contains(before, m) {
			before = append(before, m)
		}
	}
	typeNumbers(t, d, before...)
	if third := rowOf(y, 2); !slices.ContainsFunc(third, func(m card.Number) bool { return !slices.Contains(before, m) }) {
		t.Fatal("card 2 has two lines before the number")
	}
	typeNumbers(t, d, n)
	if r := claimAll(t, d, cards[x-1]); r.Winners != 1 {
		t.Fatalf("the quine's control at n° %d: %+v, want card %d winning", n, r, x)
	}
	_, err := d.Award(ctx, org("host"))
	ok(t, err)
	st, err := d.Status()
	ok(t, err)
	if want := fmt.Sprintf("annonces ouvertes pour la double quine sur le n° %d", n); st.Stage != DoubleQuine || st.Opened != want {
		t.Fatalf("after the award: stage %s, host told %q; want %q", st.Stage, st.Opened, want)
	}
	c, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[1]))
	ok(t, err)
	if c.Verdict != "" {
		t.Fatalf("the double quine's claim at the number that ended the quine: %+v, want a call", c)
	}
	r := claimAll(t, d)
	if r.Winners != 1 || r.Verdicts[0].Serial != cards[1] || r.Verdicts[0].Verdict != VerdictWin || !slices.Contains(r.Verdicts[0].ReadOut, n) {
		t.Fatalf("the double quine's control: %+v, want card 2 winning with n° %d", r, n)
	}
	if st, _ := d.Status(); st.Opened != "" {
		t.Fatalf("the host is still told %q once the stage was controlled", st.Opened)
	}
	late, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[x-1]))
	ok(t, err)
	if late.Verdict != VerdictLate {
		t.Fatalf("a claim at the same number after the double quine's control: %+v, want late (R21)", late)
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

// TestR15_ClaimOfACardAlreadyCalledIsWarnedAtOnce: the same card claimed
// twice in one call is registered (the control judges the second a
// duplicate), and the controller is told so as it is registered, with the
// first claim's number; a claim of another card is not.
func TestR15_ClaimOfACardAlreadyCalledIsWarnedAtOnce(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	first, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[0]))
	ok(t, err)
	other, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[1]))
	ok(t, err)
	again, err := d.Claim(ctx, org("controleur"), serialIn(t, strings.ToLower(cards[0])))
	ok(t, err)
	want := fmt.Sprintf("attention : la carte %s est déjà annoncée (annonce %d) ; au contrôle elle ne compte qu'une fois", cards[0], first.Claim)
	if first.Warning != "" || other.Warning != "" || again.Warning != want {
		t.Fatalf("warnings %q, %q, %q; want none, none, %q", first.Warning, other.Warning, again.Warning, want)
	}
	r := claimAll(t, d)
	if r.Verdicts[2].Verdict != VerdictDuplicate {
		t.Fatalf("the second claim of the card at the control: %+v, want duplicate", r.Verdicts[2])
	}
}
