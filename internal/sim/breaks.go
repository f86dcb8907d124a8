package sim

import "loto/internal/loto"

// The pace of the simulated programme's clock, in seconds: the schedule
// gives the breaks a time of day, not a game, so the host takes a break at
// the first pause between two games once the clock has reached its time.
const (
	paceDraw    = 18  // a number drawn, announced and marked
	paceControl = 120 // a control, right or wrong
	paceGame    = 180 // between two games: cards cleared, the next prize announced
)

// tick moves the programme's clock on and, in a live run, lets that time
// pass (shortened): it fails only when the run is cancelled meanwhile.
func (s *run) tick(seconds int) error {
	s.clock += seconds
	if s.wait == nil {
		return nil
	}
	return s.wait(seconds)
}

// breakIfDue takes the next break of the schedule between two games if its
// time has come on the programme's clock, and ends it after its minutes
// (R12): one break at a time, the next one at a later pause.
func (s *run) breakIfDue() error {
	if err := s.tick(paceGame); err != nil {
		return err
	}
	if s.breaks >= len(s.ev.Schedule.Breaks) {
		return nil
	}
	b := s.ev.Schedule.Breaks[s.breaks]
	if s.clock < int(b.At)*60 {
		return nil
	}
	if _, err := s.d.StartBreak(s.ctx, s.as(loto.RoleHost), "", 0); err != nil {
		return err
	}
	if _, err := s.d.EndBreak(s.ctx, s.as(loto.RoleHost)); err != nil {
		return err
	}
	s.breaks++
	return s.tick(b.Minutes * 60)
}
