package loto

import (
	"context"
	"slices"
	"strings"

	"loto/internal/game"
	"loto/internal/journal"
)

// controlled returns the game whose winners await their prize.
func (st *State) controlled() (*GameRecord, []ClaimResult, error) {
	g := st.running()
	if g == nil || g.Phase != PhaseControl {
		return nil, nil, Errorf(EConflict, "aucun gagnant n'attend son lot : pas de contrôle gagnant en cours")
	}
	return g, g.Winners(), nil
}

// DrawTokens breaks a tie (R17): each tied winner draws a token 1..90 from
// the bag, without replacement. With typed nil the software draws them from
// the game's seed (verifiable afterwards) and hands them to the tied cards
// in the order of their serials: which cards tie is the draw's doing, the
// order of their claims the controllers', and whoever knows the seed could
// otherwise choose the winner by the order of the claims. Otherwise typed
// are the tokens drawn from the real bag, one per winner in the order of the
// claims, which only a day of typed numbers accepts: in an rng day every
// draw is the software's, so that the audit can check it (R14).
func (d *Day) DrawTokens(ctx context.Context, actor Actor, typed []int) ([]ClaimToken, error) {
	if err := Authorize(actor, CmdTokens, ""); err != nil {
		return nil, err
	}
	tokens, err := answer[tieTokens, []ClaimToken](d.runKeyed(ctx, TypeTieTokens, sameTokens(typed), func(st *State) ([]journal.Draft, int, error) {
		g, winners, err := st.controlled()
		if err != nil {
			return nil, 0, err
		}
		if len(winners) < 2 {
			return nil, 0, Errorf(EConflict, "un seul gagnant : pas de tirage de pions")
		}
		if len(g.tokens) > 0 {
			return nil, 0, Errorf(EConflict, "les pions de cette égalité sont déjà tirés")
		}
		p := tieTokens{Game: g.Number, Stage: g.Stage, Tie: tieName(st.event.Programme, g.Number, g.Stage, st.ties+1)}
		if typed != nil && st.event.Draw == DrawRNG {
			return nil, 0, Errorf(EInvalid, "tirage par le logiciel (mode rng) : les pions aussi sont tirés par le logiciel, on n'en tape pas (R14)")
		}
		if typed == nil {
			seed, err := st.gameSeed(g)
			if err != nil {
				return nil, 0, err
			}
			if p.Tokens, err = dealTokens(seed, p.Tie, winners); err != nil {
				return nil, 0, err
			}
			p.RNG = true
		} else {
			if err := checkTyped(typed, len(winners)); err != nil {
				return nil, 0, err
			}
			for i, w := range winners {
				p.Tokens = append(p.Tokens, tieToken{Claim: w.Claim, Serial: w.Serial, Token: typed[i]})
			}
		}
		dr, err := draft(actor, TypeTieTokens, p)
		return []journal.Draft{dr}, 0, err
	}))
	return tokens, err
}

// dealTokens draws a token from the tie's bag for each tied winner and
// hands them out in the order of the winners' serials (byTieSerial): the
// one dealing of the seed's tokens, for the command, the fold that
// re-judges a journal and the audit.
func dealTokens(seed []byte, tie string, winners []ClaimResult) ([]tieToken, error) {
	bag := game.NewTokenBag(seed, tie)
	var out []tieToken
	for _, w := range byTieSerial(winners, func(w ClaimResult) string { return w.Serial }) {
		t, err := bag.Draw()
		if err != nil {
			return nil, internalf(err, "sac de pions")
		}
		out = append(out, tieToken{Claim: w.Claim, Serial: w.Serial, Token: t})
	}
	return out, nil
}

// byTieSerial orders tied winners by serial, the one order of the tied cards
// that nobody chooses: the draw decides which cards tie, not the staff, and
// the order of their claims is the controllers' (R17).
func byTieSerial[T any](xs []T, serial func(T) string) []T {
	out := slices.Clone(xs)
	slices.SortStableFunc(out, func(a, b T) int { return strings.Compare(serial(a), serial(b)) })
	return out
}

// checkTyped refuses tokens a bag of 1..90 without replacement cannot give.
func checkTyped(tokens []int, winners int) error {
	if len(tokens) != winners {
		return Errorf(EInvalid, "%s pour %d gagnants", plural(len(tokens), "pion donné", "pions donnés"), winners)
	}
	seen := map[int]bool{}
	for _, t := range tokens {
		if t < 1 || t > 90 {
			return Errorf(EInvalid, "pion %d invalide : de 1 à 90", t)
		}
		if seen[t] {
			return Errorf(EInvalid, "pion %d donné deux fois : le sac n'en a qu'un", t)
		}
		seen[t] = true
	}
	return nil
}

// DeclineShare records that the tied winners of a voucher declined to share
// it: the highest token then takes it all, the others a consolation (R18).
func (d *Day) DeclineShare(ctx context.Context, actor Actor) error {
	if err := Authorize(actor, CmdDecline, ""); err != nil {
		return err
	}
	_, err := d.run(ctx, TypeTieDeclined, func(st *State) ([]journal.Draft, int, error) {
		g, winners, err := st.controlled()
		if err != nil {
			return nil, 0, err
		}
		if len(winners) < 2 || g.StageSpec().Prize.Kind != Voucher {
			return nil, 0, Errorf(EConflict, "le refus du partage ne vaut que pour un bon d'achat à plusieurs gagnants")
		}
		if g.declined {
			return nil, 0, Errorf(EConflict, "le refus du partage est déjà noté")
		}
		dr, err := draft(actor, TypeTieDeclined, tieDeclined{Game: g.Number, Stage: g.Stage})
		return []journal.Draft{dr}, 0, err
	})
	return err
}

// AwardResult is a stage's prize handed over.
type AwardResult struct {
	Game     int      `json:"game"`
	Stage    int      `json:"stage"`
	Winners  []Winner `json:"winners"`
	Declined bool     `json:"declined,omitempty"` // the tied winners declined to share the voucher (R18)
	GameOver bool     `json:"game_over"`          // the last stage: players clear their cards (R23)
	Seed     string   `json:"seed,omitempty"`     // the game's seed, revealed when it is over (R14)
	DayOver  bool     `json:"day_over"`           // the last game of the programme
	// Anchor is the last event the award appended, printed with it (R27).
	Anchor journal.Anchor `json:"anchor"`
}

// Award hands the stage's prize to its winners (R17-R19, R25) and moves the
// game to its next stage (R23); after the last stage the game is over and
// its seed revealed in the same append (R14).
func (d *Day) Award(ctx context.Context, actor Actor) (AwardResult, error) {
	if err := Authorize(actor, CmdAward, ""); err != nil {
		return AwardResult{}, err
	}
	a, err := d.runAct(ctx, TypePrizeAwarded, nil, func(st *State) ([]journal.Draft, int, error) {
		g, winners, err := st.controlled()
		if err != nil {
			return nil, 0, err
		}
		list, err := shareOut(g.StageSpec().Prize, winners, g.tokens, g.declined)
		if err != nil {
			return nil, 0, err
		}
		p := prizeAwarded{Game: g.Number, Stage: g.Stage, Winners: recordedWinners(list), GameOver: g.Stage == len(g.Stages)-1}
		for _, n := range g.drawn.List() {
			p.Draws = append(p.Draws, int(n))
		}
		dr, err := draft(actor, TypePrizeAwarded, p)
		if err != nil {
			return nil, 0, err
		}
		drafts := []journal.Draft{dr}
		if p.GameOver {
			rv, err := st.revealDraft(actor, g, false)
			if err != nil {
				return nil, 0, err
			}
			drafts = append(drafts, rv)
		}
		return drafts, 0, nil
	})
	if err != nil {
		return AwardResult{}, err
	}
	var p prizeAwarded
	if err := decode(a.main, &p); err != nil {
		return AwardResult{}, err
	}
	r := AwardResult{Game: p.Game, Stage: p.Stage, Winners: winnersOf(p.Winners), GameOver: p.GameOver, Anchor: a.anchor}
	// An awarded stage never changes: its record says whether the share was
	// declined; a game over has its seed revealed.
	d.View(func(st *State) {
		g := st.games[p.Game-1]
		r.Declined = g.Stages[p.Stage].Declined
		if p.GameOver {
			r.Seed, r.DayOver = g.Seed, p.Game == len(st.event.Programme)
		}
	})
	return r, nil
}

// shareOut decides what each winner receives. One winner takes the prize.
// On a tie: an object goes to the highest token, a consolation to each other
// (R17, R25); a voucher is shared equally when it divides into whole units
// (R18), else between the m highest tokens that it divides for, the others
// getting a consolation (R19); declined sharing gives it to the highest token.
func shareOut(prize Prize, winners []ClaimResult, tokens []ClaimToken, declined bool) ([]Winner, error) {
	k := len(winners)
	full := prize.Cents
	win := func(w ClaimResult) Winner {
		x := Winner{Serial: w.Serial, Prize: prize.Label}
		if prize.Kind == Voucher {
			x.ShareCents = &full
		}
		return x
	}
	if k == 1 {
		return []Winner{win(winners[0])}, nil
	}
	equal := prize.Kind == Voucher && !declined &&
		game.SharedBy(int64(prize.Cents), int64(prize.UnitCents), k) == k
	if len(tokens) != k {
		if !equal {
			return nil, Errorf(EConflict, "%d gagnants : tirer les pions d'abord (R17)", k)
		}
		out := make([]Winner, k)
		share := prize.Cents / Cents(k)
		for i, w := range winners {
			out[i] = win(w)
			out[i].ShareCents = &share
		}
		return out, nil
	}
	values, ok := tokenValues(winners, tokens)
	if !ok {
		return nil, Errorf(EConflict, "%d gagnants : tirer les pions d'abord (R17)", k)
	}
	shared := prize.Kind == Voucher && !declined
	var shares []int64
	if shared {
		var err error
		if shares, err = game.Share(int64(prize.Cents), int64(prize.UnitCents), values); err != nil {
			return nil, internalf(err, "partage du bon d'achat")
		}
	}
	best := game.HighestToken(values)
	out := make([]Winner, k)
	for i, w := range winners {
		t := values[i]
		out[i] = Winner{Serial: w.Serial, Token: &t, Prize: prize.Label}
		switch {
		case shared && shares[i] > 0:
			c := Cents(shares[i])
			out[i].ShareCents = &c
		case !shared && i == best:
			out[i] = win(w)
			out[i].Token = &t
		default:
			out[i].Prize, out[i].Consolation = prize.Consolation, true
		}
	}
	return out, nil
}

// tokenValues is each winner's token, by claim: the tokens are listed in
// the order they were drawn in, not the winners'. It fails when a winner
// has none.
func tokenValues(winners []ClaimResult, tokens []ClaimToken) ([]int, bool) {
	values := make([]int, len(winners))
	for i, w := range winners {
		j := slices.IndexFunc(tokens, func(t ClaimToken) bool { return t.Claim == w.Claim })
		if j < 0 {
			return nil, false
		}
		values[i] = tokens[j].Token
	}
	return values, true
}
