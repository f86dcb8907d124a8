package loto

// The journal's payloads are hashed and kept for ever; the answers of the
// commands (the API, the CLI) change with their users. They are separate
// types, and the functions here are the one place that maps one to the
// other. A nil list stays nil, so that a payload encodes as it always
// has. The payloads are pinned by testdata/payload (payload_golden_test.go).

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

// recordedVerdicts is the control's verdicts as its payload records them.
func recordedVerdicts(rs []ClaimResult) []claimVerdict {
	if rs == nil {
		return nil
	}
	out := make([]claimVerdict, len(rs))
	for i, r := range rs {
		out[i] = claimVerdict{Claim: r.Claim, Serial: r.Serial, Verdict: r.Verdict, ReadOut: r.ReadOut, Reason: r.Reason}
	}
	return out
}

// claimResults is the verdicts a control's payload recorded.
func claimResults(vs []claimVerdict) []ClaimResult {
	if vs == nil {
		return nil
	}
	out := make([]ClaimResult, len(vs))
	for i, v := range vs {
		out[i] = ClaimResult{Claim: v.Claim, Serial: v.Serial, Verdict: v.Verdict, ReadOut: v.ReadOut, Reason: v.Reason}
	}
	return out
}

func (p tieTokens) answer() []ClaimToken {
	if p.Tokens == nil {
		return nil
	}
	out := make([]ClaimToken, len(p.Tokens))
	for i, t := range p.Tokens {
		out[i] = ClaimToken{Claim: t.Claim, Serial: t.Serial, Token: t.Token}
	}
	return out
}

// recordedWinners is what an award's payload records of its winners.
func recordedWinners(ws []Winner) []awardedWinner {
	if ws == nil {
		return nil
	}
	out := make([]awardedWinner, len(ws))
	for i, w := range ws {
		out[i] = awardedWinner{Serial: w.Serial, Token: w.Token, Prize: w.Prize, ShareCents: w.ShareCents, Consolation: w.Consolation}
	}
	return out
}

// winnersOf is the winners an award's payload recorded.
func winnersOf(ws []awardedWinner) []Winner {
	if ws == nil {
		return nil
	}
	out := make([]Winner, len(ws))
	for i, w := range ws {
		out[i] = Winner{Serial: w.Serial, Token: w.Token, Prize: w.Prize, ShareCents: w.ShareCents, Consolation: w.Consolation}
	}
	return out
}

// recordedRuling is a ruling as the journal records it.
func recordedRuling(r Ruling) rulingRecorded {
	return rulingRecorded{Game: r.Game, Stage: r.Stage, By: r.By, Claim: r.Claim, Verdict: r.Verdict, What: r.What, Why: r.Why, Warning: r.Warning}
}

func (p rulingRecorded) answer() Ruling {
	return Ruling{Game: p.Game, Stage: p.Stage, By: p.By, Claim: p.Claim, Verdict: p.Verdict, What: p.What, Why: p.Why, Warning: p.Warning}
}
