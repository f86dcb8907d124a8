package loto

// control runs a winning call: the winners claim in a random order, with
// whatever mistakes are due; the control closes the list, a late claim
// follows, a tie draws tokens, and the prize is awarded.
func (s *sim) control(spec *GameSpec, winners []string) error {
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
	refused := s.playerCard(func(k Kind) bool { return !spec.Accepts(k) })
	if s.due(mistakeIneligible, refused != "", 12) {
		claims = append(claims, refused)
	}
	for _, c := range claims {
		if _, err := s.d.Claim(s.ctx, simActor, c); err != nil {
			return err
		}
	}
	s.tick(paceControl)
	ctl, err := s.d.StartControl(s.ctx, simActor)
	if err != nil {
		return err
	}
	if s.due(mistakeLate, true, 12) {
		if _, err := s.d.Claim(s.ctx, simActor, s.playerCard(func(Kind) bool { return true })); err != nil {
			return err
		}
	}
	if ctl.Tie {
		prize := spec.Stages[ctl.Stage].Prize
		if prize.Kind == Voucher && !s.declined && s.rng.IntN(3) == 0 {
			s.declined = true
			if err := s.d.DeclineShare(s.ctx, simActor); err != nil {
				return err
			}
		}
		var typed []int
		if s.manual {
			typed = s.rng.Perm(90)[:ctl.Winners]
			for i := range typed {
				typed[i]++
			}
		}
		if _, err := s.d.DrawTokens(s.ctx, simActor, typed); err != nil {
			return err
		}
	}
	_, err = s.d.Award(s.ctx, simActor)
	return err
}
