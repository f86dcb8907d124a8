package loto

import (
	"reflect"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
)

// Public is what anyone in the hall may see of the day: the board's state.
// It is a projection of the State that carries no personal data and no
// bearer code (no name, phone, identity, ticket code, actor, free text of a
// ruling or a refund): winners are card serials. A Public is immutable once
// published; readers share it (see Day.Public and Day.Watch).
type Public struct {
	// Seq, Time and Anchor are those of the event that made the last public
	// change: events that change nothing public (a sale, a door) publish no
	// new snapshot, so the board is not redrawn for each of them.
	Seq    int64          `json:"seq"`
	Time   time.Time      `json:"time"`
	Anchor journal.Anchor `json:"anchor"` // R27: shown on the board, checked later with verify --anchor

	Event     string       `json:"event,omitempty"`
	Date      string       `json:"date,omitempty"`
	Venue     string       `json:"venue,omitempty"`
	Schedule  *Schedule    `json:"schedule,omitempty"` // doors, start and planned breaks (R12)
	Programme []PublicGame `json:"programme,omitempty"`
	// Rules is the rules' summary the board recalls between games (R11),
	// made of the event's settings alone: nothing personal (P1).
	Rules []string `json:"rules,omitempty"`
	// TypeScale is the board's type size in percent of its design, for
	// the distance of the hall's back row (Hall.TypeScale).
	TypeScale int `json:"type_scale,omitempty"`

	Game     int           `json:"game"` // 0 before the first game
	Title    string        `json:"title,omitempty"`
	Stage    StageName     `json:"stage,omitempty"`
	Lines    int           `json:"lines,omitempty"`
	Prize    *Prize        `json:"prize,omitempty"`
	Announce string        `json:"announce,omitempty"` // R13
	Phase    Phase         `json:"phase,omitempty"`
	Drawn    []card.Number `json:"drawn"` // in the order drawn
	Last     card.Number   `json:"last,omitempty"`
	Count    int           `json:"count"`
	// Checking: a call stopped the draw and the claims are checked, or the
	// control found winners who await the award (R15, R21): the board says
	// "vérification en cours".
	Checking bool `json:"checking"`
	// OneAway is how many cards in play wait for one number only to win
	// the stage, while the draw goes on: the hall's suspense, a count and
	// never which cards.
	OneAway    int            `json:"one_away,omitempty"`
	Winners    []PublicWinner `json:"winners,omitempty"`     // the winners of the control, awaiting the award
	Awarded    []PublicAward  `json:"awarded,omitempty"`     // the current game's awards, stage by stage
	SeedSHA256 string         `json:"seed_sha256,omitempty"` // the game's commitment, shown from its start (R14)
	Seed       string         `json:"seed,omitempty"`        // the game's seed, revealed at its end (R14)
	// Started is the anchor of the game's start event: shown with the
	// commitment, it names the journal the game's seed was drawn in.
	Started *journal.Anchor `json:"started,omitempty"`
	// Restored is the journal's last restore over another journal, shown
	// in the hall for the rest of the day.
	Restored *PublicRestore `json:"restored,omitempty"`

	NextGame  int          `json:"next_game,omitempty"` // 0 when the programme is over or a game runs
	Break     *PublicBreak `json:"break,omitempty"`     // the break in progress (R12)
	Postponed bool         `json:"postponed,omitempty"` // R29
	DayOver   bool         `json:"day_over"`
	// Mode says which of the board's panels show: "welcome" before the
	// event is recorded, then "game", "between", "break" or "over". The
	// board's page and its script read it, never work it out again.
	Mode BoardMode `json:"mode"`

	logos []Logo // the day's logos, served by Logo, never in the JSON
}

// PublicGame is a game of the programme as the board lists it.
type PublicGame struct {
	Number int           `json:"number"`
	Title  string        `json:"title"`
	Stages []PublicStage `json:"stages"`
}

// PublicStage is a stage of a game with its prize, as announced (R13).
type PublicStage struct {
	Stage    StageName `json:"stage"`
	Lines    int       `json:"lines"`
	Prize    Prize     `json:"prize"`
	Announce string    `json:"announce"`
}

// PublicWinner is a winning card of the control, with its tie token once drawn (R17).
type PublicWinner struct {
	Serial string `json:"serial"`
	Token  *int   `json:"token,omitempty"`
}

// PublicAward is what a stage of the current game awarded: the winning
// cards by serial, never a holder.
type PublicAward struct {
	Stage   StageName `json:"stage"`
	Winners []Winner  `json:"winners"`
}

// PublicBreak is the break in progress: its label and when play resumes (R12).
type PublicBreak struct {
	Label   string    `json:"label"`
	Started time.Time `json:"started"`
	Resumes time.Time `json:"resumes"`
}

// public projects the state onto what the board shows. Its slices are
// fresh, so the snapshot shares nothing the fold later changes; only the
// programme, the schedule and the rules' summary, which never change once
// the event is created, are shared with prev, the last snapshot, when it
// has them.
func (st *State) public(prev *Public) *Public {
	p := &Public{Drawn: []card.Number{}}
	if st.head > 0 {
		p.Seq, p.Time = st.head, st.headTime
		p.Anchor = journal.Anchor{Seq: st.head, Hash: st.headHash}
	}
	if st.event == nil {
		p.Mode = ModeWelcome
		return p
	}
	ev := st.event
	p.Event, p.Date, p.Venue = ev.Name, ev.Date, ev.Venue
	p.TypeScale, p.logos = ev.hall().TypeScale(), ev.Logos
	if prev != nil && prev.Schedule != nil {
		p.Schedule, p.Programme, p.Rules = prev.Schedule, prev.Programme, prev.Rules
	} else {
		p.Schedule, p.Programme = publicProgramme(ev)
		p.Rules = ev.Reminder()
	}
	if g := st.Current(); g != nil {
		spec := g.StageSpec()
		prize := spec.Prize
		p.Game, p.Title, p.Stage, p.Lines, p.Phase = g.Number, g.Title, spec.Stage, spec.Lines, g.Phase
		p.Prize, p.Announce = &prize, announce(&g.Spec, g.Stage)
		p.Drawn, p.Last, p.Count = g.Drawn(), g.Last(), g.drawn.Len()
		if p.Drawn == nil {
			p.Drawn = []card.Number{}
		}
		p.Checking = g.Phase == PhaseCalled || g.Phase == PhaseControl
		p.SeedSHA256, p.Seed = g.SeedSHA256, g.Seed
		started := g.startAnchor()
		p.Started = &started
		if g.Phase == PhaseControl {
			p.Winners = publicWinners(g)
		}
		if g.Phase == PhaseDrawing {
			// An index that cannot be built (a series seed missing from a
			// corrupt journal) shows no count here: the host's status
			// reports the error, the board goes on without its suspense.
			p.OneAway, _ = st.OneAway()
		}
		for _, rec := range g.Stages {
			if rec.Awarded {
				p.Awarded = append(p.Awarded, PublicAward{Stage: rec.Stage, Winners: append([]Winner(nil), rec.Winners...)})
			}
		}
	}
	if len(st.games) < len(ev.Programme) && st.running() == nil {
		p.NextGame = len(st.games) + 1
	}
	if b := st.ent.onBreak(); b != nil {
		p.Break = &PublicBreak{Label: b.Label, Started: b.Started, Resumes: b.Resumes}
	}
	p.Postponed = st.ent.postponed != nil
	p.DayOver = st.dayOver() != ""
	p.Restored = st.publicRestore()
	p.Mode = p.boardMode()
	return p
}

// BoardMode names which of the board's panels show.
type BoardMode string

// The board's modes, in the order of a day.
const (
	ModeWelcome BoardMode = "welcome" // no event recorded yet: the association's welcome
	ModeBetween BoardMode = "between" // between games: the next game, the rules' summary
	ModeGame    BoardMode = "game"    // a game runs: its number, stage and prize
	ModeBreak   BoardMode = "break"   // a break, with when play resumes (R12)
	ModeOver    BoardMode = "over"    // the day is over or postponed (R29)
)

// Running reports whether a game is on: its number, stage and prize show.
func (p *Public) Running() bool { return p.Game > 0 && p.Phase != PhaseOver }

// boardMode works out the mode of a snapshot of a recorded event.
func (p *Public) boardMode() BoardMode {
	switch {
	case p.DayOver || p.Postponed:
		return ModeOver
	case p.Break != nil:
		return ModeBreak
	case p.Running():
		return ModeGame
	}
	return ModeBetween
}

// publicProgramme is the schedule and the programme of the day as announced.
func publicProgramme(ev *EventSpec) (*Schedule, []PublicGame) {
	sch := ev.Schedule
	sch.Breaks = append([]Break(nil), sch.Breaks...)
	var games []PublicGame
	for i := range ev.Programme {
		g := &ev.Programme[i]
		pg := PublicGame{Number: i + 1, Title: g.Title}
		for j, s := range g.Stages {
			pg.Stages = append(pg.Stages, PublicStage{Stage: s.Stage, Lines: s.Lines, Prize: s.Prize, Announce: announce(g, j)})
		}
		games = append(games, pg)
	}
	return &sch, games
}

// publicWinners lists the winners of the control with the tokens they drew.
func publicWinners(g *GameRecord) []PublicWinner {
	tokens := map[int]int{}
	for _, t := range g.tokens {
		tokens[t.Claim] = t.Token
	}
	var out []PublicWinner
	for _, c := range g.Winners() {
		w := PublicWinner{Serial: c.Serial}
		if tok, ok := tokens[c.Claim]; ok {
			w.Token = &tok
		}
		out = append(out, w)
	}
	return out
}

// samePublic reports whether two snapshots show the same thing, whatever
// event made them.
func samePublic(a, b *Public) bool {
	x, y := *a, *b
	x.Seq, x.Time, x.Anchor = 0, time.Time{}, journal.Anchor{}
	y.Seq, y.Time, y.Anchor = 0, time.Time{}, journal.Anchor{}
	return reflect.DeepEqual(x, y)
}
