package loto

import (
	"context"
	"slices"
	"testing"
)

// loser stamps a card of series A that does not win the tie of cards 1..120
// (tie looks no further): its claim is a third, unrelated one.
func loser(t *testing.T) func(d *Day) []string {
	return func(d *Day) []string { return stamp(t, d, "A", 590) }
}

// Toggling the verdict of a third claim that has nothing to do with the tie
// must not buy a new draw of the tokens: the tied cards keep theirs.
func TestR17_RulingOnAThirdClaimKeepsTheTokensDrawn(t *testing.T) {
	d, _, serials, r := tieDayWith(t, robot, 2, []int{0, 1}, loser(t))
	third := r.Verdicts[2]
	if third.Verdict != VerdictNotWinner {
		t.Fatalf("third claim %+v, want not_winner", third)
	}
	ctx := context.Background()
	drawn, err := d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	rule := func(v Verdict) {
		t.Helper()
		_, err := d.Rule(ctx, org("org"), Ruling{Claim: third.Claim, Verdict: v, What: "verdict revu", Why: "litige"})
		ok(t, err)
	}
	rule(VerdictWin)
	s, err := d.Status()
	ok(t, err)
	if len(s.Winners) != 3 || len(s.Tokens) != 0 || s.WinnersNote == "" {
		t.Fatalf("status after a third winner: %+v, want 3 winners, tokens to draw and why", s)
	}
	// Tokens drawn for the three, then the ruling taken back: the two keep
	// the tokens first drawn for them, not a pick of either draw.
	_, err = d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	rule(VerdictNotWinner)
	_, err = d.DrawTokens(ctx, org("controleur"), nil)
	wantCode(t, err, EConflict)
	s, err = d.Status()
	ok(t, err)
	if !sameTokensBySerial(s.Tokens, drawn) {
		t.Fatalf("tokens after the ruling %+v, want those first drawn %+v", s.Tokens, drawn)
	}
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	for _, w := range a.Winners {
		want := tokenOf(drawn, w.Serial)
		if w.Token == nil || *w.Token != want || !slices.Contains(serials, w.Serial) {
			t.Fatalf("award %+v, want the tokens first drawn %+v", a.Winners, drawn)
		}
	}
	verified(t, d)
}

// A ruling that leaves the winners as they were keeps the tokens and the
// refusal to share: the voucher then goes whole to the highest token.
func TestR18_RulingThatKeepsTheWinnersKeepsTheRefusal(t *testing.T) {
	// The first card claimed twice: the second claim is a duplicate.
	d, _, _, r := tieDayWith(t, voucher30, 2, []int{0, 1, 0}, nil)
	dup := r.Verdicts[2]
	if dup.Verdict != VerdictDuplicate {
		t.Fatalf("third claim %+v, want a duplicate", dup)
	}
	ctx := context.Background()
	ok(t, d.DeclineShare(ctx, org("host")))
	drawn, err := d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	// The duplicate ruled not a winner: nobody else wins.
	_, err = d.Rule(ctx, org("org"), Ruling{Claim: dup.Claim, Verdict: VerdictNotWinner, What: "doublon écarté", Why: "même carte"})
	ok(t, err)
	s, err := d.Status()
	ok(t, err)
	if !s.Declined || !sameTokensBySerial(s.Tokens, drawn) {
		t.Fatalf("status %+v, want the refusal and the tokens kept", s)
	}
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	wholeVoucherToHighest(t, a)
}

// The same with a verdict toggled on a third claim: the winners come back
// to the two who refused to share, and their refusal holds.
func TestR18_RulingOnAThirdClaimKeepsTheRefusal(t *testing.T) {
	d, _, _, r := tieDayWith(t, voucher30, 2, []int{0, 1}, loser(t))
	ctx := context.Background()
	third := r.Verdicts[2]
	ok(t, d.DeclineShare(ctx, org("host")))
	for _, v := range []Verdict{VerdictWin, VerdictNotWinner} {
		_, err := d.Rule(ctx, org("org"), Ruling{Claim: third.Claim, Verdict: v, What: "verdict revu", Why: "litige"})
		ok(t, err)
	}
	s, err := d.Status()
	ok(t, err)
	if !s.Declined || s.Tie != TieDeclined {
		t.Fatalf("status %+v, want the refusal to share kept", s)
	}
	_, err = d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	wholeVoucherToHighest(t, a)
	verified(t, d) // the replay judges the tokens and the award alike
}

func wholeVoucherToHighest(t *testing.T, a AwardResult) {
	t.Helper()
	whole, cons := 0, 0
	for _, w := range a.Winners {
		switch {
		case w.Consolation:
			cons++
		case w.ShareCents != nil && *w.ShareCents == 3000:
			whole++
		}
	}
	if whole != 1 || cons != 1 || !a.Declined {
		t.Fatalf("award %+v, want the whole voucher to the highest token (refusal kept, R18)", a)
	}
}

func tokenOf(tokens []ClaimToken, serial string) int {
	for _, t := range tokens {
		if t.Serial == serial {
			return t.Token
		}
	}
	return 0
}

func sameTokensBySerial(a, b []ClaimToken) bool {
	if len(a) != len(b) {
		return false
	}
	for _, t := range a {
		if tokenOf(b, t.Serial) != t.Token {
			return false
		}
	}
	return true
}

// exclude excludes the holder of a card (R28).
func exclude(t *testing.T, d *Day, serial string) {
	t.Helper()
	_, err := d.Exclude(context.Background(), org("org"), ExclusionRequest{Why: "perturbe le jeu", Cards: serialsIn(t, []string{serial})})
	ok(t, err)
}

// A card voided between its control and the award takes no prize: the
// other tied card takes it whole, without tokens, and the host is told why.
func TestR28_CardExcludedBeforeTheAwardTakesNoPrize(t *testing.T) {
	d, store, serials, _ := tieDayWith(t, robot, 2, []int{0, 1}, nil)
	ctx := context.Background()
	exclude(t, d, serials[0])
	s, err := d.Status()
	ok(t, err)
	if len(s.Winners) != 1 || s.Winners[0].Serial != serials[1] || s.WinnersNote == "" || s.Tie != "" {
		t.Fatalf("status after the exclusion %+v, want one winner left and why", s)
	}
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if len(a.Winners) != 1 || a.Winners[0].Serial != serials[1] || a.Winners[0].Consolation || a.Winners[0].Token != nil {
		t.Fatalf("award %+v, want the robot to %s alone", a.Winners, serials[1])
	}
	// The replay reaches the same record: the void card's claim says why.
	var claims []ClaimResult
	reopen(t, store).View(func(st *State) { claims = st.Games()[0].Stages[0].Claims })
	if claims[0].Verdict != VerdictVoided || claims[0].Reason == "" || claims[1].Verdict != VerdictWin {
		t.Fatalf("claims after a replay %+v, want the first voided with why", claims)
	}
	verified(t, d)
}

// Tokens drawn before the exclusion stay with the cards left in the tie.
func TestR28_ExclusionAfterTheTokensKeepsTheOthersTokens(t *testing.T) {
	d, _, serials, _ := tieDayWith(t, robot, 3, []int{0, 1, 2}, nil)
	ctx := context.Background()
	drawn, err := d.DrawTokens(ctx, org("controleur"), nil)
	ok(t, err)
	exclude(t, d, serials[1])
	_, err = d.DrawTokens(ctx, org("controleur"), nil)
	wantCode(t, err, EConflict)
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if len(a.Winners) != 2 {
		t.Fatalf("award %+v, want the two cards left", a.Winners)
	}
	for _, w := range a.Winners {
		if w.Serial == serials[1] || w.Token == nil || *w.Token != tokenOf(drawn, w.Serial) {
			t.Fatalf("award %+v, want %s out and the others' tokens %+v", a.Winners, serials[1], drawn)
		}
	}
	verified(t, d)
}

// With every winner excluded, nobody is left to award: the game resumes.
func TestR28_EveryWinnerExcludedResumesTheGame(t *testing.T) {
	d, _, serials, _ := tieDayWith(t, robot, 1, []int{0}, nil)
	ctx := context.Background()
	exclude(t, d, serials[0])
	_, err := d.Award(ctx, org("host"))
	wantCode(t, err, EConflict)
	s, err := d.Status()
	ok(t, err)
	if s.Phase != PhaseDrawing || len(s.Winners) != 0 || s.WinnersNote == "" {
		t.Fatalf("status %+v, want the draw resumed and why", s)
	}
}
