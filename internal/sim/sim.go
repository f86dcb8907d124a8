// Package sim plays a whole loto day through the Day's public commands, as
// the organiser, the door, the cashiers, the host and the controllers would,
// with the players' mistakes: a demonstration, and a test of the rules at the
// scale of a real day. It is not part of the day's rules.
package sim

import (
	"context"
	"math/rand/v2"

	"loto/internal/card"
	"loto/internal/loto"
)

// Options tune a simulated day.
type Options struct {
	Players int   // simulated players buying cards; at least 1
	Seed    int64 // seed of the players' choices (the draws come from each game's seed)
}

// Report is the simulated day as `loto simulate --json` prints it.
type Report struct {
	Seed  int64             `json:"seed"`
	Games []loto.GameResult `json:"games"`
	// DoorRefusals are the refusals the simulation provoked on purpose at
	// the door (a ticket scanned twice, R5): a refusal writes no event, so
	// only the simulation can tell it met them. Not part of the JSON report.
	DoorRefusals []string `json:"-"`
}

// simName signs the events of a simulation, in every role it plays.
const simName = "simulation"

// as is the run acting in a role, as the people of a real day would: the
// organiser, the host, a controller, the door.
func (s *run) as(r loto.Role) loto.Actor { return loto.Actor{Name: s.name, Role: r} }

// cashier is the run selling at a desk.
func (s *run) cashier(desk string) loto.Actor {
	return loto.Actor{Name: s.name, Role: loto.RoleCashier, Desk: desk}
}

// The mistakes a simulation makes at least once, then now and again.
const (
	mistakeWrong      = "wrong"       // a call on a card that has not won (R22)
	mistakeLate       = "late"        // a claim after the control started (R21)
	mistakeDuplicate  = "duplicate"   // the same card claimed twice
	mistakeUnknown    = "unknown"     // a card of a series not on sale (R10)
	mistakeBadCheck   = "bad_check"   // a forged check code (R10)
	mistakeUnsold     = "unsold"      // a card nobody bought (R9)
	mistakeVoided     = "voided"      // a card refunded at an exclusion (R28)
	mistakeIneligible = "ineligible"  // a card of a kind the game refuses (R31)
	mistakeSlip       = "typing_slip" // a number typed wrong and undone (manual mode)
)

// run is a simulated day in progress.
type run struct {
	ctx      context.Context
	d        *loto.Day
	name     string                  // signs every act of the run
	key      string                  // prefix of the sales' idempotency keys
	drawer   loto.Role               // the role that draws the numbers
	wait     func(seconds int) error // paces a live run by the programme's seconds; nil plays at once
	ev       *loto.EventSpec
	rng      *rand.Rand
	manual   bool
	players  [][]string           // the serials each player holds
	sales    [][]int              // the sales of each player
	kind     map[string]loto.Kind // serial -> kind of its series
	unsold   []string             // cards printed but not sold
	voided   []string             // cards voided at the exclusion
	pending  map[string]bool      // mistakes not made yet
	declined bool                 // a tie on a voucher was declined once
	balls    []card.Number        // manual mode: the ball machine's order for the game
	ballsOf  int                  // a live run: the game the balls are of
	next     map[string]int       // series -> cards handed out, off the plates in order
	clock    int                  // the programme's clock, in seconds after midnight
	breaks   int                  // breaks of the schedule taken

	doorRefusals []string // refusals provoked at the door
}

// Play plays a whole day through the same commands as the organiser,
// the door, the cashiers, the host and the controllers: it records
// reservations for about a third of the players, crosses their tickets out
// at the door with a free card each (R4, R5; one ticket is scanned twice and
// refused), sells cards to the ticket holders naming their ticket and to
// the walk-in players (R3), excludes one player with a refund (R28), plays
// every game of the programme with the schedule's breaks between them
// (R12), with calls that are right, wrong (R22),
// late (R21), duplicated, on cards unsold (R9), forged (R10), voided (R28)
// or of a kind the game refuses (R31), and ties (R17-R19). The event must
// exist and no game may have started.
func Play(ctx context.Context, d *loto.Day, opt Options) (Report, error) {
	ev := d.Event()
	if ev == nil {
		return Report{}, loto.Errorf(loto.EInvalid, "l'événement du jour n'est pas créé : créer l'événement avant la simulation")
	}
	if opt.Players < 1 {
		return Report{}, loto.Errorf(loto.EInvalid, "nombre de joueurs %d invalide : au moins 1", opt.Players)
	}
	started := false
	d.View(func(st *loto.State) { started = len(st.Games()) > 0 || st.StampedCount() > 0 })
	if started {
		return Report{}, loto.Errorf(loto.EConflict, "la journée a déjà commencé : simuler sur un journal neuf")
	}
	s := newRun(ctx, d, simName, opt.Seed)
	if err := s.sell(opt.Players); err != nil {
		return Report{}, err
	}
	for n := 1; n <= len(ev.Programme); n++ {
		if n > 1 {
			if err := s.breakIfDue(); err != nil {
				return Report{}, err
			}
		}
		if n == min(2, len(ev.Programme)) {
			if err := s.exclude(); err != nil {
				return Report{}, err
			}
		}
		if err := s.playGame(&ev.Programme[n-1]); err != nil {
			return Report{}, err
		}
	}
	return Report{Seed: opt.Seed, Games: d.Results(), DoorRefusals: s.doorRefusals}, nil
}

// newRun prepares a run of the day's event signed name, its players'
// choices drawn from seed, every mistake still to make.
func newRun(ctx context.Context, d *loto.Day, name string, seed int64) *run {
	ev := d.Event()
	s := &run{ctx: ctx, d: d, name: name, key: "simulation", drawer: loto.RoleHost, ev: ev, rng: rand.New(rand.NewPCG(uint64(seed), 0x6c6f746f)),
		manual: ev.Draw == loto.DrawManual, kind: map[string]loto.Kind{}, pending: map[string]bool{}, next: map[string]int{},
		clock: int(ev.Schedule.Start) * 60}
	for _, m := range []string{mistakeWrong, mistakeLate, mistakeDuplicate, mistakeUnknown, mistakeBadCheck,
		mistakeUnsold, mistakeVoided, mistakeIneligible} {
		s.pending[m] = true
	}
	if s.manual {
		s.pending[mistakeSlip] = true
	}
	return s
}

// exclude excludes the last player, if there are two players at least
// (R28): naming the player's cards voids them all, the free card
// included, and refunds the player's sales.
func (s *run) exclude() error {
	if len(s.players) < 2 {
		return nil
	}
	cards, err := loto.ParseSerials(s.players[len(s.players)-1])
	if err != nil {
		return err
	}
	x, err := s.d.Exclude(s.ctx, s.as(loto.RoleOrganiser), loto.ExclusionRequest{Why: "perturbe le jeu", Cards: cards})
	if err != nil {
		return err
	}
	s.voided = append(s.voided, x.Cards...)
	s.players = s.players[:len(s.players)-1]
	s.sales = s.sales[:len(s.sales)-1]
	return nil
}

// due says whether to make a mistake now: always until it was made once,
// then once in oneIn chances.
func (s *run) due(m string, possible bool, oneIn int) bool {
	if !possible {
		return false
	}
	if s.pending[m] {
		delete(s.pending, m)
		return true
	}
	return s.rng.IntN(oneIn) == 0
}

func (s *run) playGame(spec *loto.GameSpec) error {
	if _, err := s.d.StartGame(s.ctx, s.as(loto.RoleHost)); err != nil {
		return err
	}
	if s.manual {
		s.balls = make([]card.Number, 90)
		for i := range s.balls {
			s.balls[i] = card.Number(i + 1)
		}
		s.rng.Shuffle(90, func(i, j int) { s.balls[i], s.balls[j] = s.balls[j], s.balls[i] })
	}
	for range spec.Stages {
		if err := s.playStage(spec); err != nil {
			return err
		}
	}
	return nil
}

// playStage draws until the stage is awarded.
func (s *run) playStage(spec *loto.GameSpec) error {
	for draws := 1; ; draws++ {
		if err := s.draw(); err != nil {
			return err
		}
		var callable []string
		var err error
		s.d.View(func(st *loto.State) { callable, err = st.CallableCards() })
		if err != nil {
			return err
		}
		if len(callable) == 0 {
			if draws >= 5 && s.due(mistakeWrong, true, 60) {
				if err := s.wrongCall(spec); err != nil {
					return err
				}
			}
			continue
		}
		return s.control(spec, callable)
	}
}

// draw draws the next number: the software's in rng mode, the next ball typed in manual mode.
func (s *run) draw() error {
	if err := s.tick(paceDraw); err != nil {
		return err
	}
	if !s.manual {
		_, err := s.d.Draw(s.ctx, s.as(s.drawer), 0)
		return err
	}
	ball := s.balls[0]
	s.balls = s.balls[1:]
	if len(s.balls) > 0 && s.due(mistakeSlip, true, 100) {
		if _, err := s.d.Draw(s.ctx, s.as(s.drawer), s.balls[0]); err != nil {
			return err
		}
		if _, err := s.d.Undo(s.ctx, s.as(loto.RoleHost), ""); err != nil {
			return err
		}
	}
	_, err := s.d.Draw(s.ctx, s.as(s.drawer), ball)
	return err
}

// wrongCall makes a player who has not won call out: the control says so and the game goes on (R22).
func (s *run) wrongCall(spec *loto.GameSpec) error {
	card := s.playerCard(func(k loto.Kind) bool { return spec.Accepts(k) })
	if card == "" {
		return nil
	}
	if err := s.claimCard(card); err != nil {
		return err
	}
	if err := s.tick(paceControl); err != nil {
		return err
	}
	_, err := s.d.StartControl(s.ctx, s.as(loto.RoleHost))
	return err
}

// playerCard picks a card a remaining player holds, of a kind that ok accepts.
func (s *run) playerCard(ok func(loto.Kind) bool) string {
	var pool []string
	for _, cards := range s.players {
		for _, c := range cards {
			if ok(s.kind[c]) {
				pool = append(pool, c)
			}
		}
	}
	if len(pool) == 0 {
		return ""
	}
	return pool[s.rng.IntN(len(pool))]
}
