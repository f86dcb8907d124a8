package loto

import (
	"fmt"

	"loto/internal/card"
	"loto/internal/game"
	"loto/internal/journal"
)

// Phase is where a game stands.
type Phase string

// The phases of a game.
const (
	PhaseDrawing Phase = "drawing" // numbers are drawn
	PhaseCalled  Phase = "called"  // a player called: the draw stops, claims are registered (R15)
	PhaseControl Phase = "control" // the list of claims is closed (R21); winners await the award
	PhaseOver    Phase = "over"    // every stage was awarded (R23)
)

// GameRecord is a game of the programme once started: where it stands and what happened in each stage.
type GameRecord struct {
	Number int           `json:"number"`
	Title  string        `json:"title"`
	Spec   GameSpec      `json:"-"`
	Stage  int           `json:"stage"` // index of the stage in play
	Phase  Phase         `json:"phase"`
	Stages []StageRecord `json:"stages"`
	// SeedSHA256 commits to the game's secret seed, drawn at its start and
	// shown before its first number; Seed is that seed, revealed when the
	// game ends (R14).
	SeedSHA256 string `json:"seed_sha256"`
	Seed       string `json:"seed,omitempty"`
	CutShort   bool   `json:"cut_short,omitempty"` // the day ended during the game, before its last award

	drawn        game.Drawn
	started      int64          // sequence of the game's start: a card stamped after it plays from the next game
	startHash    string         // hash of the game's start event: with started, the anchor shown in the hall
	call         []ClaimResult  // claims of the pending call, verdict empty until the control
	control      []ClaimResult  // verdicts of the last control of this stage
	controlDraws int            // numbers drawn at the last control: a ruling may reopen it only before the next draw; a claim at that number is late (R21)
	openedAt     int            // numbers drawn when the stage in play opened on an award, until its first control: claims at that number are this stage's, not late (R21, R23)
	late         []ClaimResult  // late claims since the last control or award, until the next number (R21)
	tokens       []ClaimToken   // tie tokens of the winners of the current control
	declined     bool           // the tied winners declined to share (highest token takes all)
	draws        [][]ClaimToken // every draw of tokens of the current control, in order (retie)
	refusals     []string       // the sets of winners (tieKey) that declined to share during the current control
	note         string         // why the winners changed since the control, for the host
	play         *inPlay        // winner index over the cards in play, rebuilt lazily
}

// StageRecord is what happened in one stage of a game.
type StageRecord struct {
	Stage   StageName     `json:"stage"`
	Lines   int           `json:"lines"`
	Draws   []card.Number `json:"draws"` // every number of the game up to the award
	Claims  []ClaimResult `json:"claims"`
	Winners []Winner      `json:"winners"`
	Rulings []Ruling      `json:"rulings,omitempty"`
	Awarded bool          `json:"awarded"`
	// Declined: the tied winners of the voucher declined to share it, the
	// highest token took it whole (R18).
	Declined bool `json:"declined,omitempty"`
}

// Plays reports whether a card stamped by event seq plays this game: it must
// have been stamped before the game started. Once the game's seed is drawn
// its numbers are fixed, and whoever reads the database could pick a card
// known to win: a card sold or issued after the start plays from the next
// game (R9, R14).
func (g *GameRecord) Plays(stampedAt int64) bool { return stampedAt < g.started }

// Drawn returns the numbers drawn in the game, in order.
func (g *GameRecord) Drawn() []card.Number { return g.drawn.List() }

// Last is the last number drawn, 0 when none.
func (g *GameRecord) Last() card.Number { n, _ := g.drawn.Last(); return n }

// StageSpec is the stage in play (the last one once the game is over).
func (g *GameRecord) StageSpec() StageSpec { return g.Spec.Stages[min(g.Stage, len(g.Spec.Stages)-1)] }

// ControlledHere reports whether a control has started at the number on the
// board: every claim at that number is then late, whatever the control found;
// only a new number opens new claims (R21).
func (g *GameRecord) ControlledHere() bool {
	return g.drawn.Len() > 0 && g.drawn.Len() == g.controlDraws && !g.OpenedHere()
}

// OpenedHere reports whether the stage in play opened on an award at the
// number on the board and nothing was controlled for it since: a card that
// completed this stage with that number may still call (R23). Lateness
// counts within a stage, not across stages.
func (g *GameRecord) OpenedHere() bool {
	return g.openedAt > 0 && g.drawn.Len() == g.openedAt
}

// Late returns the late claims registered since the last control or award
// of this game, while the number on the board is still the same (R21).
func (g *GameRecord) Late() []ClaimResult { return append([]ClaimResult(nil), g.late...) }

// Call returns the claims of the pending call.
func (g *GameRecord) Call() []ClaimResult { return append([]ClaimResult(nil), g.call...) }

// Winners returns the winning claims of the last control, awaiting the award.
func (g *GameRecord) Winners() []ClaimResult {
	var out []ClaimResult
	for _, c := range g.control {
		if c.Verdict == VerdictWin {
			out = append(out, c)
		}
	}
	return out
}

// Tokens returns the tie tokens drawn for the current winners.
func (g *GameRecord) Tokens() []ClaimToken { return append([]ClaimToken(nil), g.tokens...) }

// Games returns the games started so far, in order.
func (st *State) Games() []*GameRecord { return st.games }

// Current returns the game being played or last played, nil before the first.
func (st *State) Current() *GameRecord {
	if len(st.games) == 0 {
		return nil
	}
	return st.games[len(st.games)-1]
}

// running returns the game in play, nil when none is.
func (st *State) running() *GameRecord {
	g := st.Current()
	if g == nil || g.Phase == PhaseOver {
		return nil
	}
	return g
}

// game finds the running game an event names, or fails on a corrupt journal.
func (st *State) game(e journal.Event, number, stage int) (*GameRecord, error) {
	g := st.running()
	if g == nil || g.Number != number || g.Stage != stage {
		return nil, internalf(nil, "événement %d (%s) : partie %d étape %d pas en cours", e.Seq, e.Type, number, stage)
	}
	return g, nil
}

func (st *State) applyGameStarted(e journal.Event, p gameStarted) error {
	if st.event == nil || p.Game != len(st.games)+1 || p.Game > len(st.event.Programme) || st.running() != nil {
		return internalf(nil, "événement %d : partie %d hors programme", e.Seq, p.Game)
	}
	spec := st.event.Programme[p.Game-1]
	g := &GameRecord{Number: p.Game, Title: spec.Title, Spec: spec, Phase: PhaseDrawing, SeedSHA256: p.SeedSHA256, started: e.Seq, startHash: e.Hash}
	for _, s := range spec.Stages {
		g.Stages = append(g.Stages, StageRecord{Stage: s.Stage, Lines: s.Lines})
	}
	st.games = append(st.games, g)
	return nil
}

func (st *State) applyNumberDrawn(e journal.Event, p numberDrawn) error {
	g := st.running()
	if g == nil || g.Number != p.Game || g.Phase != PhaseDrawing {
		return internalf(nil, "événement %d : tirage hors partie", e.Seq)
	}
	if err := g.drawn.Add(p.Number); err != nil {
		return internalf(err, "événement %d", e.Seq)
	}
	g.late, g.note = nil, ""
	g.play.mark(p.Number)
	return nil
}

func (st *State) applyNumberUndone(e journal.Event, p numberUndone) error {
	g := st.running()
	if g == nil || g.Number != p.Game || g.Last() != p.Number {
		return internalf(nil, "événement %d : annulation du numéro %d impossible", e.Seq, p.Number)
	}
	g.drawn.Undo()
	g.play.unmark(p.Number)
	return nil
}

func (st *State) applyGameCalled(e journal.Event, p gameCalled) error {
	g, err := st.game(e, p.Game, p.Stage)
	if err != nil {
		return err
	}
	if g.Phase != PhaseDrawing {
		return internalf(nil, "événement %d : appel hors tirage", e.Seq)
	}
	g.Phase = PhaseCalled
	return nil
}

func (st *State) applyClaim(e journal.Event, p claimRegistered) error {
	g, err := st.game(e, p.Game, p.Stage)
	if err != nil {
		return err
	}
	if p.Claim != st.claims+1 {
		return internalf(nil, "événement %d : annonce %d hors séquence", e.Seq, p.Claim)
	}
	st.claims = p.Claim
	c := ClaimResult{Claim: p.Claim, Serial: p.Serial, Verdict: p.Verdict, Reason: p.Reason}
	if p.Verdict == VerdictLate {
		rec := &g.Stages[g.Stage]
		rec.Claims = append(rec.Claims, c)
		g.late = append(g.late, c)
		return nil
	}
	if p.Call {
		g.Phase = PhaseCalled
	}
	if g.Phase != PhaseCalled {
		return internalf(nil, "événement %d : annonce sans appel", e.Seq)
	}
	g.call = append(g.call, c)
	return nil
}

func (st *State) applyControl(e journal.Event, p controlStarted) error {
	g, err := st.game(e, p.Game, p.Stage)
	if err != nil {
		return err
	}
	if g.Phase != PhaseCalled || len(p.Verdicts) != len(g.call) {
		return internalf(nil, "événement %d : contrôle sans appel", e.Seq)
	}
	if st.rejudge {
		if err := st.rejudgeControl(e, g, p); err != nil {
			return err
		}
	}
	rec := &g.Stages[g.Stage]
	verdicts := claimResults(p.Verdicts)
	rec.Claims = append(rec.Claims, verdicts...)
	g.call, g.late = nil, nil
	g.control = verdicts
	g.controlDraws, g.openedAt = g.drawn.Len(), 0
	g.tokens, g.declined, g.draws, g.refusals, g.note = nil, false, nil, nil, ""
	g.settle()
	return nil
}

// settle sets the phase after a control or a ruling: winners await the
// award; without one the game goes on at the same stage (R22, R24).
func (g *GameRecord) settle() {
	if len(g.Winners()) > 0 {
		g.Phase = PhaseControl
	} else {
		g.Phase = PhaseDrawing
	}
}

func (st *State) applyRuling(e journal.Event, p rulingRecorded) error {
	if p.Game < 1 || p.Game > len(st.games) {
		return internalf(nil, "événement %d : décision sur une partie inconnue", e.Seq)
	}
	g := st.games[p.Game-1]
	if p.Stage < 0 || p.Stage >= len(g.Stages) {
		return internalf(nil, "événement %d : décision sur une étape inconnue", e.Seq)
	}
	rec := &g.Stages[p.Stage]
	rec.Rulings = append(rec.Rulings, p.answer())
	if p.Verdict == "" {
		return nil
	}
	// An overturned verdict replaces the control's verdict: the award then
	// follows the ruling; the stage's list keeps both the claim and the ruling.
	// The control's reason no longer holds; the ruling's warning, if any,
	// is what the host must keep in view.
	found, before := false, g.Winners()
	for i := range g.control {
		if g.control[i].Claim == p.Claim {
			g.control[i].Verdict, g.control[i].Reason, found = p.Verdict, p.Warning, true
		}
	}
	for i := range rec.Claims {
		if rec.Claims[i].Claim == p.Claim {
			rec.Claims[i].Verdict, rec.Claims[i].Reason = p.Verdict, p.Warning
		}
	}
	if !found {
		return internalf(nil, "événement %d : annonce %d absente du dernier contrôle", e.Seq, p.Claim)
	}
	// The tokens and a refusal to share stay with the winners they were
	// drawn or made for: a ruling that leaves the winners as they were
	// changes neither (R17, R18).
	g.retie()
	g.settle()
	judged := "gagnante"
	if p.Verdict != VerdictWin {
		judged = "pas gagnante"
	}
	g.winnersChanged(before, fmt.Sprintf("l'annonce %d (carte %s) jugée %s par décision (R27)", p.Claim, claimSerial(g.control, p.Claim), judged))
	return nil
}

func (st *State) applyTieTokens(e journal.Event, p tieTokens) error {
	g, err := st.game(e, p.Game, p.Stage)
	if err != nil {
		return err
	}
	if st.rejudge {
		if err := st.rejudgeTokens(e, g, p); err != nil {
			return err
		}
	}
	st.ties++
	g.tokens = p.answer()
	g.draws = append(g.draws, g.tokens)
	return nil
}

func (st *State) applyTieDeclined(e journal.Event, p tieDeclined) error {
	g, err := st.game(e, p.Game, p.Stage)
	if err != nil {
		return err
	}
	g.declined = true
	g.refusals = append(g.refusals, tieKey(g.Winners()))
	return nil
}

func (st *State) applyPrizeAwarded(e journal.Event, p prizeAwarded) error {
	g, err := st.game(e, p.Game, p.Stage)
	if err != nil {
		return err
	}
	if st.rejudge {
		if err := st.rejudgeAward(e, g, p); err != nil {
			return err
		}
	}
	rec := &g.Stages[g.Stage]
	rec.Winners, rec.Awarded, rec.Declined = winnersOf(p.Winners), true, g.declined
	rec.Draws = g.drawn.List()
	g.control, g.tokens, g.declined, g.late = nil, nil, false, nil
	g.draws, g.refusals, g.note = nil, nil, ""
	g.controlDraws, g.openedAt = g.drawn.Len(), g.drawn.Len()
	g.Stage++
	if g.Stage >= len(g.Stages) {
		g.Stage = len(g.Stages) - 1
		g.Phase = PhaseOver
		g.play = nil // the index is not needed any more: free it
	} else {
		g.Phase = PhaseDrawing
	}
	return nil
}
