package loto

// GameResult is what happened in one game, as `loto simulate --json` prints it.
type GameResult struct {
	Number int           `json:"number"`
	Title  string        `json:"title"`
	Stages []StageResult `json:"stages"`
}

// StageResult is one awarded stage: the numbers drawn in the game up to its
// award, every claim with its verdict, and the winners with their prize.
type StageResult struct {
	Stage   StageName      `json:"stage"`
	Lines   int            `json:"lines"`
	Draws   []int          `json:"draws"`
	Claims  []ClaimVerdict `json:"claims"`
	Winners []Winner       `json:"winners"`
	// Declined: the tied winners declined to share the voucher (R18).
	Declined bool `json:"declined,omitempty"`
}

// ClaimVerdict is a claim and its verdict (after any ruling, R27).
type ClaimVerdict struct {
	Serial  string  `json:"serial"`
	Verdict Verdict `json:"verdict"`
}

// Results returns the awarded stages of every game played so far.
func (d *Day) Results() []GameResult {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.Results()
}

// Results returns the awarded stages of every game played so far.
func (st *State) Results() []GameResult {
	out := []GameResult{}
	for _, g := range st.games {
		gr := GameResult{Number: g.Number, Title: g.Title, Stages: []StageResult{}}
		for _, s := range g.Stages {
			if !s.Awarded {
				continue
			}
			sr := StageResult{Stage: s.Stage, Lines: s.Lines, Draws: []int{}, Claims: []ClaimVerdict{}, Winners: s.Winners, Declined: s.Declined}
			for _, n := range s.Draws {
				sr.Draws = append(sr.Draws, int(n))
			}
			for _, c := range s.Claims {
				sr.Claims = append(sr.Claims, ClaimVerdict{Serial: c.Serial, Verdict: c.Verdict})
			}
			gr.Stages = append(gr.Stages, sr)
		}
		out = append(out, gr)
	}
	return out
}
