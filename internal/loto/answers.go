package loto

// The journal's payloads are hashed and kept for ever; the answers of the
// commands (the API, the CLI) change with their users. They are separate
// types, and the functions here are the one place that maps one to the
// other. Where a payload and its answer hold the same fields, a conversion
// maps them: it stops compiling the day they differ, and the mapping is
// then written field by field. A nil list stays nil, so that a payload
// encodes as it always has. The payloads are pinned by testdata/payload
// (payload_golden_test.go).

func (p gameStarted) answer() StartResult {
	return StartResult{Game: p.Game, Title: p.Title, Announce: p.Announce, SeedSHA256: p.SeedSHA256}
}

func (p numberDrawn) answer() DrawResult {
	return DrawResult{Game: p.Game, Number: p.Number, RNG: p.RNG}
}

func (p numberUndone) answer() DrawResult { return DrawResult{Game: p.Game, Number: p.Number} }

func (p cardsStamped) answer() StampResult { return StampResult{Cards: p.Cards} }

func (p claimRegistered) answer() ClaimResult {
	return ClaimResult{Claim: p.Claim, Serial: p.Serial, Verdict: p.Verdict, Reason: p.Reason}
}

// mapped maps each of xs with f; a nil list stays nil.
func mapped[S, T any](xs []S, f func(S) T) []T {
	if xs == nil {
		return nil
	}
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// recordedVerdicts is the control's verdicts as its payload records them.
func recordedVerdicts(rs []ClaimResult) []claimVerdict {
	return mapped(rs, func(r ClaimResult) claimVerdict { return claimVerdict(r) })
}

// claimResults is the verdicts a control's payload recorded.
func claimResults(vs []claimVerdict) []ClaimResult {
	return mapped(vs, func(v claimVerdict) ClaimResult { return ClaimResult(v) })
}

func (p controlStarted) answer() ControlResult {
	r := ControlResult{Game: p.Game, Stage: p.Stage, Verdicts: claimResults(p.Verdicts)}
	for _, v := range r.Verdicts {
		if v.Verdict == VerdictWin {
			r.Winners++
		}
	}
	r.Tie, r.Resumed = r.Winners > 1, r.Winners == 0
	return r
}

func (p tieTokens) answer() []ClaimToken {
	return mapped(p.Tokens, func(t tieToken) ClaimToken { return ClaimToken(t) })
}

// recordedWinners is what an award's payload records of its winners.
func recordedWinners(ws []Winner) []awardedWinner {
	return mapped(ws, func(w Winner) awardedWinner { return awardedWinner(w) })
}

// winnersOf is the winners an award's payload recorded.
func winnersOf(ws []awardedWinner) []Winner {
	return mapped(ws, func(w awardedWinner) Winner { return Winner(w) })
}

// recordedRuling is a ruling as the journal records it.
func recordedRuling(r Ruling) rulingRecorded {
	return rulingRecorded(r)
}

func (p rulingRecorded) answer() Ruling {
	return Ruling(p)
}
