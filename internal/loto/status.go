package loto

import (
	"fmt"

	"loto/internal/card"
)

// Status is what the host and the board show now (R12, R13, R16).
type Status struct {
	Event      string        `json:"event"`
	SeedSHA256 string        `json:"seed_sha256,omitempty"` // the game's commitment to its seed, shown from its start (R14)
	Seed       string        `json:"seed,omitempty"`        // the game's seed, once the game is over
	Game       int           `json:"game"`                  // 0 before the first game
	Title      string        `json:"title,omitempty"`
	Stage      StageName     `json:"stage,omitempty"`
	Lines      int           `json:"lines,omitempty"`
	Prize      *Prize        `json:"prize,omitempty"`
	Announce   string        `json:"announce,omitempty"` // R13
	Phase      Phase         `json:"phase,omitempty"`
	Drawn      []card.Number `json:"drawn"`
	Last       card.Number   `json:"last,omitempty"`
	Callable   int           `json:"callable"`         // cards that could call out now (R16)
	OneAway    int           `json:"one_away"`         // cards one number short of the stage
	Claims     []ClaimResult `json:"claims,omitempty"` // the pending call, or the last control's claims; then the late ones at this number (R21)
	Winners    []ClaimResult `json:"winners,omitempty"`
	Tokens     []ClaimToken  `json:"tokens,omitempty"`
	Tie        TieAdvice     `json:"tie,omitempty"`      // how the tie of the winners is resolved (R17-R19)
	Declined   bool          `json:"declined,omitempty"` // the tied winners declined to share the voucher (R18)
	// WinnersNote says in French why the winners changed since the
	// control: a ruling, or a card voided before its award (R17, R27, R28).
	WinnersNote string      `json:"winners_note,omitempty"`
	Rulings     []Ruling    `json:"rulings,omitempty"`   // the decisions in disputes on this game, stage by stage (R27)
	NextGame    int         `json:"next_game,omitempty"` // 0 when the programme is over
	Break       *BreakState `json:"break,omitempty"`     // the break in progress, with when play resumes (R12)
	Opened      string      `json:"opened,omitempty"`    // the stage just opened on an award takes claims at the same number (R23), said for the host
	DayOver     bool        `json:"day_over"`
}

// StatusFor is Status as actor may read it: a ruling's text is the
// host's free words, which may name a player, so only the game's staff,
// who rule or register claims, read it.
func (d *Day) StatusFor(actor Actor) (Status, error) {
	st, err := d.Status()
	if err == nil && Authorize(actor, CmdRule, "") != nil && Authorize(actor, CmdClaim, "") != nil {
		st.Rulings = nil
	}
	return st, err
}

// Status returns what the host and the board show now.
func (d *Day) Status() (Status, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.st
	var s Status
	if st.event == nil {
		return s, Errorf(ENotFound, "l'événement du jour n'est pas créé")
	}
	s.Event = st.event.Name
	if g := st.Current(); g != nil {
		s.SeedSHA256, s.Seed = g.SeedSHA256, g.Seed
		spec := g.StageSpec()
		s.Game, s.Title, s.Stage, s.Lines, s.Phase = g.Number, g.Title, spec.Stage, spec.Lines, g.Phase
		s.Prize, s.Announce = &spec.Prize, announce(&g.Spec, g.Stage)
		s.Drawn, s.Last = g.Drawn(), g.Last()
		for _, rec := range g.Stages {
			s.Rulings = append(s.Rulings, rec.Rulings...)
		}
		// The late claims are listed too (R21): the host must see that they
		// were heard and not retained.
		switch g.Phase {
		case PhaseCalled:
			s.Claims = g.Call()
		case PhaseControl:
			s.Claims, s.Winners, s.Tokens = append(append([]ClaimResult(nil), g.control...), g.late...), g.Winners(), g.Tokens()
			s.Tie, s.Declined = AdviseTie(spec.Prize, len(s.Winners), g.declined), g.declined
			s.WinnersNote = g.note
		case PhaseDrawing:
			// A control that found no winner stays on show, with the claims
			// late for it, until the next number: the host and the
			// controllers read its verdicts out (R20, R22).
			s.Claims = g.Late()
			if g.ControlledHere() && len(g.control) > 0 {
				s.Claims = append(append([]ClaimResult(nil), g.control...), g.late...)
				s.WinnersNote = g.note
			}
		}
		if g.Phase == PhaseDrawing && g.OpenedHere() {
			s.Opened = fmt.Sprintf("annonces ouvertes pour la %s sur le n° %d", spec.Stage.French(), g.Last())
		}
		if g.Phase == PhaseDrawing {
			n, err := st.Callable()
			if err != nil {
				return s, err
			}
			s.Callable = n
			if s.OneAway, err = st.OneAway(); err != nil {
				return s, err
			}
		}
	}
	if len(st.games) < len(st.event.Programme) && st.running() == nil {
		s.NextGame = len(st.games) + 1
	}
	s.Break = st.Break()
	s.DayOver = st.dayOver() != ""
	return s, nil
}
