package loto

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"loto/internal/journal"
)

// A control, a draw of tokens and an award follow from what came before
// them: the cards, the numbers drawn, the claims, the rulings, the seed. The
// commands compute them so; a replay that re-judges computes them again,
// with the same code, and refuses an event that says otherwise. A journal
// rewritten and re-chained (another card paid, another verdict) then fails
// its verification, naming the event, however well its hashes hold.

// misjudged is the refusal of an event that does not follow.
func misjudged(e journal.Event, format string, args ...any) error {
	return &journal.BrokenError{Seq: e.Seq, Reason: fmt.Sprintf(format, args...)}
}

// rejudgeControl judges again each claim of the call against the state
// before the control, and compares with the verdicts the control recorded.
func (st *State) rejudgeControl(e journal.Event, g *GameRecord, p controlStarted) error {
	seen := map[CardRef]bool{}
	for i, c := range g.call {
		got := p.Verdicts[i]
		if got.Claim != c.Claim || got.Serial != c.Serial {
			return misjudged(e, "le contrôle juge l'annonce %d (carte %s) où l'appel a l'annonce %d (carte %s)", got.Claim, got.Serial, c.Claim, c.Serial)
		}
		want, err := st.judge(g, c, seen)
		if err != nil {
			return err
		}
		// Journals before next_game judged a card stamped after the start
		// not_stamped, with the same reason: the same verdict, older words.
		if got.Verdict == VerdictNotStamped && want.Verdict == VerdictNextGame {
			want.Verdict = VerdictNotStamped
		}
		if got.Verdict != want.Verdict || !slices.Equal(got.ReadOut, want.ReadOut) {
			return misjudged(e, "l'annonce %d (carte %s) est jugée « %s » au journal, « %s » d'après la carte et les numéros tirés", c.Claim, c.Serial, got.Verdict, want.Verdict)
		}
	}
	return nil
}

// rejudgeTokens checks that a draw of tokens was due, for the winners of
// the moment, and that the tokens of the software are the seed's.
func (st *State) rejudgeTokens(e journal.Event, g *GameRecord, p tieTokens) error {
	winners := g.Winners()
	switch {
	case g.Phase != PhaseControl || len(winners) < 2:
		return misjudged(e, "pions tirés sans égalité à départager")
	case len(g.tokens) > 0:
		return misjudged(e, "pions tirés de nouveau pour des gagnants qui en ont déjà (R17)")
	case !sameClaims(winners, p.Tokens):
		return misjudged(e, "pions tirés pour %s, quand les gagnants sont %s", serialsOf(claimsOf(p.Tokens)), serialsOf(winners))
	}
	if !p.RNG {
		return nil
	}
	if want := tieName(st.event.Programme, g.Number, g.Stage, st.ties+1); p.Tie != want {
		return misjudged(e, "égalité nommée « %s », « %s » d'après le nombre d'égalités du jour", p.Tie, want)
	}
	seed, err := st.gameSeed(g)
	if err != nil {
		return err
	}
	dealt, err := dealTokens(seed, p.Tie, winners)
	if err != nil {
		return err
	}
	for _, t := range p.Tokens {
		if i := slices.IndexFunc(dealt, func(d tieToken) bool { return d.Claim == t.Claim }); dealt[i].Token != t.Token {
			return misjudged(e, "pion %d pour la carte %s au journal, %d d'après la graine et l'ordre des numéros de série (R17)", t.Token, t.Serial, dealt[i].Token)
		}
	}
	return nil
}

// rejudgeAward shares the stage out again from the winners, their tokens
// and their refusal to share, and compares with the award recorded.
func (st *State) rejudgeAward(e journal.Event, g *GameRecord, p prizeAwarded) error {
	if g.Phase != PhaseControl {
		return misjudged(e, "lot remis sans contrôle gagnant")
	}
	want, err := shareOut(g.StageSpec().Prize, g.Winners(), g.tokens, g.declined)
	if err != nil {
		return misjudged(e, "lot remis quand il ne pouvait l'être : %s", ErrorMessage(err))
	}
	got := winnersOf(p.Winners)
	if !slices.EqualFunc(got, want, sameWinner) {
		return misjudged(e, "lot remis ainsi : %s ; d'après le contrôle, les pions et les règles : %s", winnersFrench(got), winnersFrench(want))
	}
	drawn := g.drawn.List()
	if len(p.Draws) != len(drawn) {
		return misjudged(e, "la remise compte %d numéros tirés, la partie %d", len(p.Draws), len(drawn))
	}
	for i, n := range drawn {
		if p.Draws[i] != int(n) {
			return misjudged(e, "la remise dit le %d sorti en %s, la partie le %d", p.Draws[i], Ordinal(i+1), n)
		}
	}
	if p.GameOver != (g.Stage == len(g.Stages)-1) {
		return misjudged(e, "la remise dit la partie finie ou non à tort (R23)")
	}
	return nil
}

func sameWinner(a, b Winner) bool {
	eq := func(x, y *int) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	eqc := func(x, y *Cents) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.Serial == b.Serial && a.Prize == b.Prize && a.Consolation == b.Consolation && eq(a.Token, b.Token) && eqc(a.ShareCents, b.ShareCents)
}

// winnersFrench says what each winner receives: "A-000003-WM : Robot
// tondeuse (pion 57)".
func winnersFrench(ws []Winner) string {
	if len(ws) == 0 {
		return "personne"
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		s := w.Serial + " : " + w.Prize
		if w.ShareCents != nil {
			s += " " + w.ShareCents.String()
		}
		if w.Consolation {
			s += " (consolation)"
		}
		if w.Token != nil {
			s += fmt.Sprintf(" (pion %d)", *w.Token)
		}
		parts[i] = s
	}
	return strings.Join(parts, " ; ")
}

func claimsOf(tokens []tieToken) []ClaimResult {
	out := make([]ClaimResult, len(tokens))
	for i, t := range tokens {
		out[i] = ClaimResult{Claim: t.Claim, Serial: t.Serial}
	}
	return out
}

// sameClaims reports whether the tokens name each winner's claim once.
func sameClaims(winners []ClaimResult, tokens []tieToken) bool {
	if len(winners) != len(tokens) {
		return false
	}
	for _, w := range winners {
		if !slices.ContainsFunc(tokens, func(t tieToken) bool { return t.Claim == w.Claim && t.Serial == w.Serial }) {
			return false
		}
	}
	return true
}

func serialsOf(cs []ClaimResult) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.Serial
	}
	return strings.Join(s, ", ")
}

// judgedCatchUp applies every event after the state's head, judging each
// control, draw of tokens and award again, as a day's opening does.
func (d *Day) judgedCatchUp(ctx context.Context) error {
	d.st.rejudge = true
	defer func() { d.st.rejudge = false }()
	return d.catchUp(ctx)
}

// JudgeJournal replays the whole journal of a store as `loto serve` does
// when it opens the day (the chain, the secrets against their commitments,
// every event through its fold), re-judging every control, draw of tokens
// and award on the way, with the neighbours ns folding it too, empty at
// the start. It returns nil, or a *journal.BrokenError naming the first
// event that does not follow.
func JudgeJournal(ctx context.Context, store journal.Store, ns ...Neighbour) error {
	d := &Day{store: store, st: NewState(), clock: func() time.Time { return time.Time{} }}
	d.st.neighbours = ns
	err := d.judgedCatchUp(ctx)
	var broken *journal.BrokenError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &broken):
		return broken
	}
	var e *Error
	if errors.As(err, &e) && e.Code == EInternal && e.Err == nil {
		// A fold's refusal names its event already: keep its words.
		seq := d.st.head + 1
		return &journal.BrokenError{Seq: seq, Reason: strings.TrimPrefix(e.Message, fmt.Sprintf("événement %d : ", seq))}
	}
	return err
}
