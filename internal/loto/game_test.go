package loto

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"loto/internal/card"
	"loto/internal/game"
	"loto/internal/journal"
)

func TestR13_StartGameAnnouncesPrize(t *testing.T) {
	d, _ := newDay(t)
	ctx := context.Background()
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, eventYAML("manual",
		"  - {title: La voiture, kinds: [special], stages: [{stage: carton_plein, prize: {label: Voiture Ami, kind: object, notes: frais d'immatriculation à la charge du gagnant}}]}\n")))
	ok(t, err)
	r, err := d.StartGame(ctx, org("host"))
	ok(t, err)
	if r.Game != 1 || !strings.Contains(r.Announce, "Voiture Ami") || !strings.Contains(r.Announce, "immatriculation") {
		t.Fatalf("start = %+v, want the car and its registration note announced (R13, R33)", r)
	}
	st, err := d.Status()
	ok(t, err)
	if st.Prize == nil || st.Prize.Label != "Voiture Ami" || st.Stage != FullCard || st.Phase != PhaseDrawing {
		t.Fatalf("status = %+v", st)
	}
	_, err = d.StartGame(ctx, org("host"))
	wantCode(t, err, EConflict) // the game is not over
}

func TestR14_RNGDrawsAreDistinctAndFromTheGameSeed(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := context.Background()
	if _, err := store.Secret(ctx, gameSeedSecret(1)); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("seed of game 1 before its start: %v", err) // nothing of it exists yet
	}
	r := start(t, d)
	seed, err := store.Secret(ctx, gameSeedSecret(1))
	ok(t, err)
	if st, _ := d.Status(); r.SeedSHA256 != sha256Hex(seed) || st.SeedSHA256 != r.SeedSHA256 || st.Seed != "" {
		t.Fatalf("start %+v, status %+v: want the seed committed, not revealed", r, st)
	}
	var drawn game.Drawn
	drawer := game.NewDrawer(seed, 1)
	for i := range 90 {
		want, err := drawer.Next(&drawn)
		ok(t, err)
		r, err := d.Draw(ctx, org("host"), 0)
		ok(t, err)
		if r.Number != want || !r.RNG {
			t.Fatalf("draw %d = %d, want %d from the game seed", i+1, r.Number, want)
		}
		ok(t, drawn.Add(r.Number))
	}
	_, err = d.Draw(ctx, org("host"), 0)
	wantCode(t, err, EConflict) // all 90 out: never twice
	_, err = d.Draw(ctx, org("host"), 12)
	wantCode(t, err, EConflict)
}

func TestR14_ManualDraws(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	start(t, d)
	typeNumbers(t, d, 17)
	before := store.count()
	for _, tc := range []struct {
		name string
		n    card.Number
		code string
	}{
		{"already drawn in this game", 17, EConflict},
		{"zero", 0, EInvalid},
		{"above 90", 91, EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Draw(ctx, org("host"), tc.n)
			wantCode(t, err, tc.code)
			nothingWritten(t, store, before)
		})
	}
}

func TestR14_RNGModeRefusesTypedNumbers(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	start(t, d)
	before := store.count()
	_, err := d.Draw(context.Background(), org("host"), 5)
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
}

func TestR14_UndoTypingSlipOnlySinceTheLastControl(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	typeNumbers(t, d, 10, 20)
	r, err := d.Undo(ctx, org("host"), "")
	ok(t, err)
	if r.Number != 20 {
		t.Fatalf("undo took back %d, want 20", r.Number)
	}
	st, _ := d.Status()
	if !slices.Equal(st.Drawn, []card.Number{10}) {
		t.Fatalf("drawn after undo = %v", st.Drawn)
	}
	typeNumbers(t, d, 20) // the slip's number may come out for real later
	ok(t, d.Call(ctx, org("host")))
	before := store.count()
	_, err = d.Undo(ctx, org("host"), "")
	wantCode(t, err, EConflict) // a call is pending
	nothingWritten(t, store, before)
	// After the control (a wrong call), the numbers it relied on stay.
	claimAll(t, d, serialOf(t, d, "A", 1))
	_, err = d.Undo(ctx, org("host"), "")
	wantCode(t, err, EConflict)
}

func TestR14_UndoRefusedInRNGMode(t *testing.T) {
	d, _ := gameDay(t, "rng", quineGame("regular", voucher30))
	start(t, d)
	_, err := d.Draw(context.Background(), org("host"), 0)
	ok(t, err)
	_, err = d.Undo(context.Background(), org("host"), "")
	wantCode(t, err, EInvalid)
}

func TestR15_CallStopsTheDraw(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	_, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[0]))
	wantCode(t, err, EConflict) // nothing drawn yet
	typeNumbers(t, d, 1)
	c, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[0])) // the claim is the call
	ok(t, err)
	if c.Claim != 1 || c.Verdict != "" {
		t.Fatalf("claim = %+v", c)
	}
	before := store.count()
	_, err = d.Draw(ctx, org("host"), 2)
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
	st, _ := d.Status()
	if st.Phase != PhaseCalled || len(st.Claims) != 1 {
		t.Fatalf("status = %+v", st)
	}
}

func TestR16_HostSeesHowManyCardsCouldCall(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	cards, typed := tie(t, d, "A", 3)
	stamp(t, d, "A", cards...)
	start(t, d)
	for i, n := range typed {
		if got := callable(t, d); got != 0 {
			t.Fatalf("after %d numbers %d cards could call, want 0", i, got)
		}
		typeNumbers(t, d, n)
		if i == len(typed)-2 {
			// One number short: the three cards wait for the last one.
			if st, _ := d.Status(); st.OneAway != 3 {
				t.Fatalf("one number short of the quine: status one_away = %d, want 3", st.OneAway)
			}
		}
	}
	if got := callable(t, d); got != 3 {
		t.Fatalf("callable = %d, want 3", got)
	}
	st, _ := d.Status()
	if st.Callable != 3 || st.OneAway != 0 {
		t.Fatalf("status callable = %d, one_away = %d, want 3 and 0", st.Callable, st.OneAway)
	}
}

// The board's suspense: the public snapshot carries the host's count of the
// cards one number short, and nothing about which they are; it is gone once
// the draw stops.
func TestR16_BoardShowsHowManyCardsWaitForOneNumber(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	cards, typed := tie(t, d, "A", 3)
	stamp(t, d, "A", cards...)
	start(t, d)
	for i, n := range typed[:len(typed)-1] {
		typeNumbers(t, d, n)
		st, _ := d.Status()
		if p := d.Public(); p.OneAway != st.OneAway {
			t.Fatalf("after %d numbers the board shows %d cards one number short, the host %d", i+1, p.OneAway, st.OneAway)
		}
	}
	if p := d.Public(); p.OneAway != 3 {
		t.Fatalf("one number short of the quine: public one_away = %d, want 3", p.OneAway)
	}
	_, err := d.Claim(context.Background(), org("controleur"), serialIn(t, serialOf(t, d, "A", cards[0])))
	ok(t, err)
	if p := d.Public(); p.OneAway != 0 || !p.Checking {
		t.Fatalf("during a call the board shows one_away = %d (checking %v), want none", p.OneAway, p.Checking)
	}
}

func TestR20_WinReadsOutLastNumberFirst(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	row := rowOf(gridOf(t, d, "A", 1), 1)
	typed := []card.Number{row[3], row[0], row[4], row[2], row[1]}
	start(t, d)
	typeNumbers(t, d, typed...)
	r := claimAll(t, d, cards[0])
	v := r.Verdicts[0]
	if v.Verdict != VerdictWin || r.Winners != 1 || r.Tie {
		t.Fatalf("control = %+v", r)
	}
	want := []card.Number{row[1], row[0], row[2], row[3], row[4]}
	if !slices.Equal(v.ReadOut, want) {
		t.Fatalf("read out %v, want %v: last number first, then the line", v.ReadOut, want)
	}
}

func TestR20_CardThatCompletedEarlierIsToldWhy(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	row := rowOf(gridOf(t, d, "A", 1), 0)
	typeNumbers(t, d, row...)
	other := rowOf(gridOf(t, d, "A", 2), 0)[0] // on another card
	typeNumbers(t, d, other)
	r := claimAll(t, d, cards[0])
	want := fmt.Sprintf("ligne complète depuis le n° %d (5e numéro) : annonce trop tardive (R20)", row[4])
	if v := r.Verdicts[0]; v.Verdict != VerdictMissedTurn || v.Reason != want || !r.Resumed {
		t.Fatalf("late completed card: %+v, want missed_turn saying %q", r, want)
	}
	// The journal says it too: the control's payload is the record.
	events := store.all()
	var p controlStarted
	ok(t, decode(events[len(events)-1], &p))
	if p.Verdicts[0].Verdict != VerdictMissedTurn || p.Verdicts[0].Reason != want {
		t.Fatalf("journal's control %+v", p)
	}
}

func TestR21_ClaimAfterControlStartIsLate(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6, 7)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 0)...)
	claimAll(t, d, cards[0])
	late, err := d.Claim(ctx, org("controleur"), serialIn(t, cards[6]))
	ok(t, err)
	if late.Verdict != VerdictLate {
		t.Fatalf("late claim = %+v, want late", late)
	}
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if len(a.Winners) != 1 || a.Winners[0].Serial != cards[0] {
		t.Fatalf("award = %+v", a)
	}
	res := d.Results()[0].Stages[0]
	if res.Claims[1].Verdict != VerdictLate || res.Claims[1].Serial != cards[6] {
		t.Fatalf("claims = %+v", res.Claims)
	}
}

func TestR22_R24_WrongCallGameGoesOnAtTheSameStage(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	row := rowOf(gridOf(t, d, "A", 1), 0)
	start(t, d)
	typeNumbers(t, d, row[:4]...)
	r := claimAll(t, d, cards[0])
	if r.Verdicts[0].Verdict != VerdictNotWinner || !r.Resumed || r.Winners != 0 {
		t.Fatalf("control = %+v", r)
	}
	st, _ := d.Status()
	if st.Phase != PhaseDrawing || st.Stage != Quine || len(st.Drawn) != 4 {
		t.Fatalf("status = %+v, want the draw to go on at the quine with the 4 numbers kept", st)
	}
	_, err := d.Draw(context.Background(), org("host"), row[0])
	wantCode(t, err, EConflict) // R24: not drawn again
	typeNumbers(t, d, row[4])
	r = claimAll(t, d, cards[0])
	if r.Verdicts[0].Verdict != VerdictWin {
		t.Fatalf("second control = %+v", r)
	}
}

func TestR9_R10_R28_R31_ClaimVerdicts(t *testing.T) {
	// Series B exists but is not on sale today (R10).
	d, _ := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "B", Cards: 12})
	ok(t, err)
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, eventYAML("manual", quineGame("regular", voucher30))))
	ok(t, err)
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6, 7)
	special := stamp(t, d, "V", 1)
	_, err = d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Cards: serialsIn(t, []string{cards[6]})})
	ok(t, err)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 0)...)
	claims := []struct {
		serial string
		want   Verdict
	}{
		{cards[0], VerdictWin},
		{strings.ToLower(strings.ReplaceAll(cards[0], "-", " ")), VerdictDuplicate},
		{cards[1], VerdictNotWinner},
		{serialOf(t, d, "A", 50), VerdictNotStamped},   // R9
		{serialOf(t, d, "B", 1), VerdictUnknownSeries}, // R10: not on sale
		{"ZZ-000001-22", VerdictUnknownSeries},         // R10: unknown
		{forgeCheck(cards[2]), VerdictBadCheck},        // R10
		{cards[6], VerdictVoided},                      // R28
		{special[0], VerdictNotEligible},               // R31
		{card.QRText(card.Serial{Series: "A", Number: 1, Check: cards[0][9:]}), VerdictDuplicate}, // QR text
	}
	var serials []string
	for _, c := range claims {
		serials = append(serials, c.serial)
	}
	r := claimAll(t, d, serials...)
	for i, c := range claims {
		if got := r.Verdicts[i].Verdict; got != c.want {
			t.Errorf("claim %q: verdict %s, want %s", c.serial, got, c.want)
		}
	}
}

func TestClaimOfUnreadableSerialIsRefusedAndNotRecorded(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	start(t, d)
	typeNumbers(t, d, 5)
	before := store.count()
	// The serial is read at the edge, before any claim is asked of the day.
	_, err := ParseSerial("pas une carte")
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "illisible") {
		t.Fatalf("message %q", ErrorMessage(err))
	}
	nothingWritten(t, store, before)
}

func TestR31_CarGameAcceptsOnlyTheSpecialCard(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("special", robot))
	regular := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	special := stamp(t, d, "V", 1, 2, 3, 4, 5, 6)
	row := rowOf(gridOf(t, d, "A", 1), 0)
	start(t, d)
	typeNumbers(t, d, row...)
	// The regular card completed a line but does not play (R31).
	if n := callable(t, d); n != 0 {
		t.Fatalf("callable = %d, want 0: regular cards are not in play", n)
	}
	r := claimAll(t, d, regular[0])
	if r.Verdicts[0].Verdict != VerdictNotEligible {
		t.Fatalf("regular card in the car game: %+v", r.Verdicts[0])
	}
	for _, n := range rowOf(gridOf(t, d, "V", 1), 0) {
		if !slices.Contains(row, n) {
			typeNumbers(t, d, n)
		}
	}
	if n := callable(t, d); n < 1 {
		t.Fatal("the special card cannot call")
	}
	r = claimAll(t, d, special[0])
	if r.Verdicts[0].Verdict != VerdictWin {
		t.Fatalf("special card in the car game: %+v", r.Verdicts[0])
	}
}

func TestR32_LastGamesAcceptTheSpecialCardToo(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular, special", robot))
	special := stamp(t, d, "V", 1, 2, 3, 4, 5, 6)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "V", 1), 2)...)
	if r := claimAll(t, d, special[0]); r.Verdicts[0].Verdict != VerdictWin {
		t.Fatalf("special card in a game open to it: %+v", r.Verdicts[0])
	}
}

func TestR9_CardSoldDuringAGamePlaysFromTheNextGame(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	stamp(t, d, "A", 7)
	row := rowOf(gridOf(t, d, "A", 1), 0)
	start(t, d)
	typeNumbers(t, d, row[:3]...)
	// A card sold once numbers are out could be chosen to win: it does not
	// play this game, whatever it holds.
	cards := stamp(t, d, "A", 1)
	typeNumbers(t, d, row[3:]...)
	if n := callable(t, d); n != 0 {
		t.Fatalf("callable = %d, want 0: the card sold during the game does not play it", n)
	}
	if r := claimAll(t, d, cards[0]); r.Verdicts[0].Verdict != VerdictNextGame {
		t.Fatalf("verdict %+v, want next_game: the card is stamped, for the next game", r.Verdicts[0])
	}
}

// Once a game has started its seed is drawn and its numbers fixed: a card
// stamped then, even before the first number, plays from the next game.
func TestR14_R9_CardStampedBetweenStartAndFirstNumberPlaysFromTheNextGame(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30)+quineGame("regular", voucher30))
	ctx := context.Background()
	early := stamp(t, d, "A", 7)
	start(t, d)
	late := stamp(t, d, "A", 1) // the game started, its prize announced, no number is out yet
	if cs, err := d.CardStatus(serialIn(t, late[0])); err != nil || !strings.Contains(cs.Text, "partie suivante") {
		t.Fatalf("card status %+v, %v: want it to say the card plays from the next game", cs, err)
	}
	row := rowOf(gridOf(t, d, "A", 1), 0)
	typeNumbers(t, d, row...)
	r := claimAll(t, d, late[0])
	if v := r.Verdicts[0]; v.Verdict != VerdictNextGame || !strings.Contains(v.Reason, "après le début de la partie n° 1") || !strings.Contains(v.Reason, "partie suivante") {
		t.Fatalf("verdict %+v, want next_game because stamped after the start", v)
	}
	// Game 1 ends on the early card; game 2 counts the late one.
	for _, n := range rowOf(gridOf(t, d, "A", 7), 0) {
		if !slices.Contains(row, n) {
			typeNumbers(t, d, n)
		}
	}
	if r := claimAll(t, d, early[0]); r.Verdicts[0].Verdict != VerdictWin {
		t.Fatalf("early card in game 1: %+v", r.Verdicts[0])
	}
	_, err := d.Award(ctx, org("host"))
	ok(t, err)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 1)...)
	if r := claimAll(t, d, late[0]); r.Verdicts[0].Verdict != VerdictWin {
		t.Fatalf("late card in game 2: %+v", r.Verdicts[0])
	}
}

func TestR23_AwardMovesToTheNextStageThenTheGameEnds(t *testing.T) {
	d, _ := gameDay(t, "manual", "  - {title: Partie, stages: [{prize: "+voucher30+"}, {prize: "+voucher20+"}, {prize: "+robot+"}]}\n"+quineGame("regular", robot))
	ctx := context.Background()
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	g := gridOf(t, d, "A", 1)
	start(t, d)
	for stage, want := range []StageName{Quine, DoubleQuine, FullCard} {
		st, _ := d.Status()
		if st.Stage != want || st.Lines != stage+1 {
			t.Fatalf("stage %d: status %s/%d", stage, st.Stage, st.Lines)
		}
		typeNumbers(t, d, rowOf(g, stage)...)
		if r := claimAll(t, d, cards[0]); r.Verdicts[0].Verdict != VerdictWin || len(r.Verdicts[0].ReadOut) != 5*(stage+1) {
			t.Fatalf("stage %s: %+v", want, r.Verdicts[0])
		}
		a, err := d.Award(ctx, org("host"))
		ok(t, err)
		if a.GameOver != (want == FullCard) {
			t.Fatalf("award %s: game over %v", want, a.GameOver)
		}
	}
	st, _ := d.Status()
	if st.Phase != PhaseOver || st.NextGame != 2 {
		t.Fatalf("after the full card: %+v", st)
	}
	_, err := d.Draw(ctx, org("host"), 50)
	wantCode(t, err, EConflict)
	r, err := d.StartGame(ctx, org("host"))
	ok(t, err)
	if r.Game != 2 {
		t.Fatalf("next game = %d", r.Game)
	}
	st, _ = d.Status()
	if len(st.Drawn) != 0 {
		t.Fatalf("a new game starts with a clear board, got %v", st.Drawn)
	}
}

func TestR15_CallWithoutAClaimResumesTheDraw(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	start(t, d)
	typeNumbers(t, d, 1)
	ok(t, d.Call(ctx, org("host")))
	r, err := d.StartControl(ctx, org("host"))
	ok(t, err)
	if !r.Resumed || len(r.Verdicts) != 0 {
		t.Fatalf("empty control %+v", r)
	}
	typeNumbers(t, d, 2)
}

// The host's reason for taking a number back is kept with the event, and
// a reason that is not plain text is refused with nothing recorded.
func TestR14_UndoKeepsTheHostsReason(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	start(t, d)
	typeNumbers(t, d, 10, 71)
	before := store.count()
	_, err := d.Undo(ctx, org("host"), "boule lue\u202e 17")
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
	if _, err := d.Undo(ctx, org("host"), " boule lue 71 au lieu de 17 "); err != nil {
		t.Fatal(err)
	}
	store.mu.Lock()
	e := store.events[len(store.events)-1]
	store.mu.Unlock()
	var p numberUndone
	ok(t, decode(e, &p))
	if e.Type != TypeNumberUndone || p.Number != 71 || p.Reason != "boule lue 71 au lieu de 17" {
		t.Fatalf("undo recorded %s %+v", e.Type, p)
	}
}

// A wrong call's verdict stays in the status after the draw resumes, so
// the host and the controllers read it out, until the next number (R22).
func TestR22_WrongCallVerdictShownUntilTheNextNumber(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	wrong := stamp(t, d, "A", 1)[0]
	start(t, d)
	typeNumbers(t, d, 10)
	if r := claimAll(t, d, wrong); !r.Resumed {
		t.Fatalf("a wrong call after one number: %+v", r)
	}
	st, _ := d.Status()
	if st.Phase != PhaseDrawing || len(st.Claims) != 1 || st.Claims[0].Serial != wrong || st.Claims[0].Verdict != VerdictNotWinner {
		t.Fatalf("status after a wrong call: phase %s, claims %+v", st.Phase, st.Claims)
	}
	typeNumbers(t, d, 20)
	if st, _ := d.Status(); len(st.Claims) != 0 {
		t.Fatalf("the wrong call still shown after the next number: %+v", st.Claims)
	}
}
