package loto

import (
	"context"
	"strings"
	"testing"
)

func TestR27_RulingOverturnsAVerdictAsANewEvent(t *testing.T) {
	d, store, cards := notWinningDay(t)
	ctx := context.Background()
	r := claimAll(t, d, cards[0])
	if r.Verdicts[0].Verdict != VerdictNotWinner {
		t.Fatalf("control %+v", r)
	}
	before := store.count()
	for _, tc := range []struct {
		name string
		r    Ruling
		code string
	}{
		{"a player does not decide", Ruling{By: "player", Claim: 1, Verdict: VerdictWin, What: "gagnant", Why: "parce que"}, EForbidden},
		{"why is required", Ruling{By: RoleHost, Claim: 1, Verdict: VerdictWin, What: "gagnant"}, EInvalid},
		{"unknown claim", Ruling{By: RoleHost, Claim: 9, Verdict: VerdictWin, What: "gagnant", Why: "x"}, ENotFound},
		{"only win or not_winner", Ruling{By: RoleHost, Claim: 1, Verdict: VerdictLate, What: "x", Why: "x"}, EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Rule(ctx, org("meneur"), tc.r)
			wantCode(t, err, tc.code)
			nothingWritten(t, store, before)
		})
	}
	rul, err := d.Rule(ctx, org("meneur"), Ruling{By: RoleOrganiser, Claim: 1, Verdict: VerdictWin,
		What: "la carte A-000001 est déclarée gagnante", Why: "le tableau électronique a affiché un faux numéro"})
	ok(t, err)
	if rul.Game != 1 || rul.Stage != 0 {
		t.Fatalf("ruling %+v", rul)
	}
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if len(a.Winners) != 1 || a.Winners[0].Serial != cards[0] {
		t.Fatalf("award after the ruling: %+v", a)
	}
	// Nothing is edited: the control's verdict and the ruling are both in the journal.
	var control, ruling bool
	for _, e := range store.all() {
		switch e.Type {
		case TypeControlStarted:
			var p controlStarted
			ok(t, decode(e, &p))
			control = p.Verdicts[0].Verdict == VerdictNotWinner
		case TypeRulingRecorded:
			ruling = true
		}
	}
	if !control || !ruling {
		t.Fatalf("journal keeps the control (%v) and the ruling (%v)", control, ruling)
	}
	// Once awarded, a ruling is a note only.
	_, err = d.Rule(ctx, org("meneur"), Ruling{Game: 1, Stage: 0, By: RoleHost, Claim: 1, Verdict: VerdictNotWinner, What: "x", Why: "y"})
	wantCode(t, err, EConflict)
	_, err = d.Rule(ctx, org("meneur"), Ruling{Game: 1, Stage: 0, By: RoleHost, What: "réclamation d'un joueur", Why: "rejetée : annonce tardive"})
	ok(t, err)
}

func TestR27_RulingCannotReopenAControlOnceTheDrawResumed(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	typeNumbers(t, d, 1)
	claimAll(t, d, cards[0])
	typeNumbers(t, d, 2)
	_, err := d.Rule(ctx, org("meneur"), Ruling{By: RoleHost, Claim: 1, Verdict: VerdictWin, What: "x", Why: "y"})
	wantCode(t, err, EConflict)
}

func TestR27_RulingAgainstAWinnerResumesTheGame(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	claimAll(t, d, cards[0])
	_, err := d.Rule(ctx, org("meneur"), Ruling{By: RoleOrganiser, Claim: 1, Verdict: VerdictNotWinner, What: "carte refusée", Why: "tampon illisible"})
	ok(t, err)
	st, _ := d.Status()
	if st.Phase != PhaseDrawing {
		t.Fatalf("phase %s, want the draw to resume", st.Phase)
	}
	_, err = d.Award(ctx, org("host"))
	wantCode(t, err, EConflict)
}

// twoStages is one game of a quine then a double quine.
const twoStages = "  - {title: Partie, kinds: [regular], stages: [{stage: quine, prize: " + voucher30 + "}, {stage: double_quine, prize: " + robot + "}]}\n"

func TestR27_RulingOnTheGameInPlayIsResolvedWhenRecorded(t *testing.T) {
	d, store := gameDay(t, "manual", twoStages)
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	claimAll(t, d, cards[0])
	// The controller's device notes a ruling on the stage in play while the
	// host's awards the quine: the note lands after the award, so on the
	// double quine, the stage in play when it is recorded.
	hs := &hookStore{Store: store}
	controller, err := Open(ctx, hs)
	ok(t, err)
	hs.beforeAppend = func() {
		_, err := d.Award(ctx, org("host"))
		ok(t, err)
	}
	r, err := controller.Rule(ctx, org("controleur"), Ruling{By: RoleHost, What: "réclamation d'un joueur", Why: "rejetée"})
	ok(t, err)
	if r.Game != 1 || r.Stage != 1 {
		t.Fatalf("ruling recorded on game %d stage %d, want the stage in play (1)", r.Game, r.Stage)
	}
}

func TestR27_RulingOnAnAwardedStageSaysHowToNoteIt(t *testing.T) {
	d, store := gameDay(t, "manual", twoStages)
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	claimAll(t, d, cards[0])
	_, err := d.Award(ctx, org("host"))
	ok(t, err)
	before := store.count()
	_, err = d.Rule(ctx, org("meneur"), Ruling{Game: 1, Stage: 0, By: RoleHost, Claim: 1, Verdict: VerdictNotWinner, What: "x", Why: "y"})
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
	// Nothing was recorded: the refusal must not say the ruling was, and says how to record it.
	if msg := ErrorMessage(err); strings.Contains(msg, "est notée") || !strings.Contains(msg, "sans verdict") {
		t.Fatalf("refusal %q", msg)
	}
}

// TestR27_StatusShowsTheGamesRulings: the host's status lists the
// decisions on the game in play, who decided, what and why, with the
// verdict a ruling changed, so that the host reads them out and keeps
// them in view.
func TestR27_StatusShowsTheGamesRulings(t *testing.T) {
	d, _, cards := notWinningDay(t)
	ctx := context.Background()
	claimAll(t, d, cards[0])
	st, err := d.Status()
	ok(t, err)
	if len(st.Rulings) != 0 {
		t.Fatalf("rulings before any: %+v", st.Rulings)
	}
	_, err = d.Rule(ctx, org("meneur"), Ruling{What: "réclamation notée", Why: "le joueur dit avoir mal entendu le 12"})
	ok(t, err)
	_, err = d.Rule(ctx, org("meneur"), Ruling{Claim: 1, Verdict: VerdictWin, What: "carte déclarée gagnante", Why: "faux numéro affiché"})
	ok(t, err)
	st, err = d.Status()
	ok(t, err)
	if len(st.Rulings) != 2 || st.Rulings[0].What != "réclamation notée" || st.Rulings[0].By != RoleOrganiser ||
		st.Rulings[1].Claim != 1 || st.Rulings[1].Verdict != VerdictWin || st.Rulings[1].Why != "faux numéro affiché" {
		t.Fatalf("status rulings %+v", st.Rulings)
	}
	if st.Claims[0].Verdict != VerdictWin {
		t.Fatalf("status claims after the ruling %+v", st.Claims)
	}
}

// notWinningDay is a game of the plate A-1..A-6 in which two numbers of
// A-2's first row are drawn: too few for any card to win, so that a claim
// is judged not a winner.
func notWinningDay(t *testing.T) (*Day, *memStore, []string) {
	t.Helper()
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 2), 0)[:2]...)
	return d, store, cards
}
