package sim

import (
	"loto/internal/card"
	"loto/internal/loto"
)

// control runs a winning call: the winners claim in a random order, with
// whatever mistakes are due; the control closes the list, a late claim
// follows, a tie draws tokens, and the prize is awarded.
func (s *run) control(spec *loto.GameSpec, winners []string) error {
	if err := s.claim(spec, winners); err != nil {
		return err
	}
	return s.closeCall(spec)
}

// claim has the winners call in a random order, with whatever mistakes are
// due, each claim registered by a controller.
func (s *run) claim(spec *loto.GameSpec, winners []string) error {
	claims := append([]string(nil), winners...)
	s.rng.Shuffle(len(claims), func(i, j int) { claims[i], claims[j] = claims[j], claims[i] })
	if s.due(mistakeDuplicate, true, 12) {
		claims = append(claims, claims[0])
	}
	if s.due(mistakeUnknown, true, 12) {
		claims = append(claims, unknownSerial(s.rng.IntN(999)+1))
	}
	if s.due(mistakeBadCheck, true, 12) {
		claims = append(claims, forgeCheck(claims[0]))
	}
	if s.due(mistakeUnsold, len(s.unsold) > 0, 12) {
		claims = append(claims, s.unsold[s.rng.IntN(len(s.unsold))])
	}
	if s.due(mistakeVoided, len(s.voided) > 0, 12) {
		claims = append(claims, s.voided[s.rng.IntN(len(s.voided))])
	}
	refused := s.playerCard(func(k loto.Kind) bool { return !spec.Accepts(k) })
	if s.due(mistakeIneligible, refused != "", 12) {
		claims = append(claims, refused)
	}
	for _, c := range claims {
		if err := s.claimCard(c); err != nil {
			return err
		}
	}
	return nil
}

// claimCard is a controller's claim of the card of serial text, read as the
// controller's device reads it.
func (s *run) claimCard(text string) error {
	serial, err := loto.ParseSerial(text)
	if err != nil {
		return err
	}
	_, err = s.d.Claim(s.ctx, s.as(loto.RoleController), serial)
	return err
}

// closeCall closes the list of claims with the control (a late claim may
// follow, R21), then settles the stage.
func (s *run) closeCall(spec *loto.GameSpec) error {
	if err := s.tick(paceControl); err != nil {
		return err
	}
	ctl, err := s.d.StartControl(s.ctx, s.as(loto.RoleHost))
	if err != nil {
		return err
	}
	if s.due(mistakeLate, true, 12) {
		if err := s.claimCard(s.playerCard(func(loto.Kind) bool { return true })); err != nil {
			return err
		}
	}
	return s.settle(spec, ctl.Stage, ctl.Tie, ctl.Winners)
}

// settle ends a control that found winners: a tie draws tokens (the tied
// winners of a voucher may decline to share it, R18), then the prize of
// the stage is awarded.
func (s *run) settle(spec *loto.GameSpec, stage int, tie bool, winners int) error {
	if tie {
		prize := spec.Stages[stage].Prize
		if prize.Kind == loto.Voucher && !s.declined && s.rng.IntN(3) == 0 {
			s.declined = true
			if err := s.d.DeclineShare(s.ctx, s.as(loto.RoleHost)); err != nil {
				return err
			}
		}
		var typed []int
		if s.manual {
			typed = s.rng.Perm(90)[:winners]
			for i := range typed {
				typed[i]++
			}
		}
		if _, err := s.d.DrawTokens(s.ctx, s.as(loto.RoleController), typed); err != nil {
			return err
		}
	}
	_, err := s.d.Award(s.ctx, s.as(loto.RoleHost))
	return err
}

// unknownSerial is a well-formed serial of a series no journal here creates.
func unknownSerial(number int) string {
	return card.Serial{Series: "ZZZ", Number: number, Check: "22"}.String()
}

// forgeCheck changes the check code of a serial: a forged card (R10).
func forgeCheck(serial string) string {
	s, err := card.ParseSerial(serial)
	if err != nil {
		return serial
	}
	return s.Mistyped().String()
}
