package sim

import (
	"context"
	"time"

	"loto/internal/card"
	"loto/internal/loto"
)

// LiveOptions tune a live demo.
type LiveOptions struct {
	Players  int           // simulated players buying cards before the first game; at least 1
	Seed     int64         // seed of the players' choices
	Interval time.Duration // between two numbers drawn; a control or a change of game takes up to three
}

// demoName signs every act of a live demo, in every role it plays.
const demoName = "démo"

// breakIntervals is how many intervals a break of the demo lasts: the
// schedule's minutes shortened to seconds.
const breakIntervals = 5

// Live plays the day's programme live, one act at a time through the
// Day's commands, each in its role, so that the board moves: it sells cards
// to simulated players (reservations crossed out at the door first), then
// game after game draws a number every interval, makes right and wrong
// calls, controls, breaks ties with tokens, awards, takes the schedule's
// breaks shortened to seconds, and returns once the last game is over. Each
// step reads where the day stands, so a demo started again on a journal it
// already began continues there and never makes an act twice. It returns
// the context's error when cancelled.
func Live(ctx context.Context, d *loto.Day, opt LiveOptions) error {
	if d.Event() == nil {
		return loto.Errorf(loto.EInvalid, "l'événement du jour n'est pas créé : créer l'événement avant la démo")
	}
	if opt.Players < 1 {
		return loto.Errorf(loto.EInvalid, "nombre de joueurs %d invalide : au moins 1", opt.Players)
	}
	if opt.Interval <= 0 {
		return loto.Errorf(loto.EInvalid, "intervalle %s invalide : une durée positive, par exemple 3s", opt.Interval)
	}
	s := newRun(ctx, d, demoName, opt.Seed)
	s.key, s.drawer = "demo", loto.RoleSystem
	s.wait = func(seconds int) error {
		return sleep(ctx, opt.Interval*time.Duration(min(max(seconds/paceDraw, 1), 3)))
	}
	begun := false
	d.View(func(st *loto.State) { begun = st.StampedCount() > 0 || len(st.Games()) > 0 })
	if begun {
		if err := s.recall(); err != nil {
			return err
		}
	} else if err := s.sell(opt.Players); err != nil {
		return err
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		done, err := s.step(opt.Interval)
		if err != nil || done {
			return err
		}
	}
}

// where is what a step of the demo reads of the day.
type where struct {
	games, taken   int // games started, breaks taken
	onBreak        bool
	number, stage  int
	phase          loto.Phase
	drawn          []card.Number
	controlledHere bool
	winners        int // winners of the last control, awaiting the award
	tokens         int
	callable       []string
}

// look reads where the day stands.
func (s *run) look() (where, error) {
	var w where
	var err error
	s.d.View(func(st *loto.State) {
		w.games, w.onBreak = len(st.Games()), st.Break() != nil
		g := st.Current()
		if g == nil {
			w.phase = loto.PhaseOver
			return
		}
		w.number, w.stage, w.phase, w.drawn = g.Number, g.Stage, g.Phase, g.Drawn()
		w.controlledHere, w.winners, w.tokens = g.ControlledHere(), len(g.Winners()), len(g.Tokens())
		if g.Phase == loto.PhaseDrawing {
			w.callable, err = st.CallableCards()
		}
	})
	w.taken = len(s.d.Breaks())
	return w, err
}

// step makes the next act of the day; done once the programme is played.
func (s *run) step(interval time.Duration) (done bool, err error) {
	w, err := s.look()
	if err != nil {
		return false, err
	}
	if w.onBreak {
		if err := sleep(s.ctx, breakIntervals*interval); err != nil {
			return false, err
		}
		_, err := s.d.EndBreak(s.ctx, s.as(loto.RoleSystem))
		return false, err
	}
	if w.phase == loto.PhaseOver {
		return s.between(w)
	}
	spec := &s.ev.Programme[w.number-1]
	switch w.phase {
	case loto.PhaseCalled:
		return false, s.closeCall(spec)
	case loto.PhaseControl:
		return false, s.settle(spec, w.stage, w.winners > 1 && w.tokens == 0, w.winners)
	}
	if s.manual && (s.ballsOf != w.number || len(s.balls) == 0) {
		s.shuffleBalls(w.number, w.drawn)
	}
	switch {
	case len(w.callable) > 0 && !w.controlledHere:
		return false, s.control(spec, w.callable)
	case len(w.drawn) >= 5 && !w.controlledHere && s.due(mistakeWrong, true, 20):
		return false, s.wrongCall(spec)
	}
	return false, s.draw()
}

// between acts between two games: the schedule's next break when its
// turn has come, else the next game; done after the last one.
func (s *run) between(w where) (bool, error) {
	games, breaks := len(s.ev.Programme), len(s.ev.Schedule.Breaks)
	if w.games == games {
		return true, nil
	}
	if w.games > 0 {
		if err := s.tick(paceGame); err != nil {
			return false, err
		}
	}
	// The breaks fall evenly over the programme: the demo's clock is not
	// the schedule's.
	if w.games > 0 && w.taken < breaks && w.games >= (w.taken+1)*games/(breaks+1) {
		_, err := s.d.StartBreak(s.ctx, s.as(loto.RoleHost), "", 0)
		return false, err
	}
	_, err := s.d.StartGame(s.ctx, s.as(loto.RoleHost))
	return false, err
}

// shuffleBalls gives the ball machine of a typed-numbers day the numbers
// of game number not drawn yet, in a random order.
func (s *run) shuffleBalls(number int, drawn []card.Number) {
	out := map[card.Number]bool{}
	for _, n := range drawn {
		out[n] = true
	}
	s.balls = s.balls[:0]
	for n := card.Number(1); n <= 90; n++ {
		if !out[n] {
			s.balls = append(s.balls, n)
		}
	}
	s.rng.Shuffle(len(s.balls), func(i, j int) { s.balls[i], s.balls[j] = s.balls[j], s.balls[i] })
	s.ballsOf = number
}

// recall rebuilds, from the journal, what a demo started again must know
// of the sales: the cards held (one pool), refunded, and left unsold.
func (s *run) recall() error {
	type ref struct {
		series string
		number int
		kind   loto.Kind
	}
	var held, voided, unsold []ref
	s.d.View(func(st *loto.State) {
		for _, ser := range s.ev.Series {
			for n := 1; n <= ser.Cards; n++ {
				r := loto.CardRef{Series: ser.Code, Number: n}
				switch {
				case st.Voided(r):
					voided = append(voided, ref{ser.Code, n, ser.Kind})
				case st.Stamped(r):
					held = append(held, ref{ser.Code, n, ser.Kind})
				case n == ser.Cards:
					unsold = append(unsold, ref{ser.Code, n, ser.Kind})
				}
			}
		}
	})
	serial := func(r ref) (string, error) {
		c, _, err := s.d.CardAt(card.SeriesCode(r.series), r.number)
		s.kind[c] = r.kind
		return c, err
	}
	var pool []string
	for _, lists := range []struct {
		from []ref
		to   *[]string
	}{{held, &pool}, {voided, &s.voided}, {unsold, &s.unsold}} {
		for _, r := range lists.from {
			c, err := serial(r)
			if err != nil {
				return err
			}
			*lists.to = append(*lists.to, c)
		}
	}
	s.players = [][]string{pool}
	return nil
}

// sleep waits for d, or less when ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
