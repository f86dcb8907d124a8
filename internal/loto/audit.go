package loto

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"loto/internal/game"
	"loto/internal/journal"
)

// AuditReport is the result of recomputing each game's random draws from
// its revealed seed (R14).
type AuditReport struct {
	Mode       DrawMode       `json:"mode"`
	Games      []GameAudit    `json:"games"`
	Draws      int            `json:"draws"`      // software draws recomputed
	Tokens     int            `json:"tokens"`     // software tie tokens recomputed
	Typed      int            `json:"typed"`      // numbers typed from the ball machine (manual day): nothing to recompute them from
	Unrevealed int            `json:"unrevealed"` // games in play, whose seed is still secret
	Failures   []AuditFailure `json:"failures"`
}

// OK reports whether every game checked passed: a game not yet revealed is
// not a failure.
func (r AuditReport) OK() bool { return len(r.Failures) == 0 }

// GameAudit is what the audit found of one game.
type GameAudit struct {
	Game       int    `json:"game"`
	SeedSHA256 string `json:"seed_sha256"`    // the commitment of its start
	Seed       string `json:"seed,omitempty"` // the seed revealed at its end
	Revealed   bool   `json:"revealed"`       // revealed, and matching the commitment
	Draws      int    `json:"draws"`          // numbers recomputed
	Tokens     int    `json:"tokens"`         // tie tokens recomputed
}

// AuditFailure is an event the audit refuses, with why in French.
type AuditFailure struct {
	Seq  int64  `json:"seq"`
	Game int    `json:"game"`
	What string `json:"what"`           // number, token, token_order, tie, typed_number, typed_token, undo, seed, no_reveal, replay
	Want int    `json:"want,omitempty"` // what the seed gives
	Got  int    `json:"got,omitempty"`  // what the journal holds
	Text string `json:"text"`
}

// The kinds of failure.
const (
	failNumber      = "number"       // a software draw the seed does not give
	failToken       = "token"        // a software token the seed does not give
	failTokenOrder  = "token_order"  // software tokens handed in the order of the claims, not of the serials
	failTie         = "tie"          // a tie named otherwise than the day's count of ties gives
	failTypedNumber = "typed_number" // a typed number in an rng day
	failTypedToken  = "typed_token"  // a typed token in an rng day
	failUndo        = "undo"         // a number taken back in an rng day
	failSeed        = "seed"         // a revealed seed that does not match its commitment
	failNoReveal    = "no_reveal"    // a game over whose seed was never revealed
	failReplay      = "replay"       // an event the replay refuses: a control, tokens or an award that does not follow (JudgeJournal)
)

// AuditStore reads a store's journal and audits its draws (AuditDraws),
// and replays it as JudgeJournal does: an event the replay refuses is one
// more failure, so that the audit and the journal's verification judge
// with one judge; the neighbours ns fold it too, empty at the start.
func AuditStore(ctx context.Context, store journal.Store, ns ...Neighbour) (AuditReport, error) {
	var events []journal.Event
	if err := store.Read(ctx, 1, func(e journal.Event) error { events = append(events, e); return nil }); err != nil {
		return AuditReport{}, internalf(err, "lecture du journal")
	}
	r, err := AuditDraws(events)
	if err != nil {
		return r, err
	}
	var broken *journal.BrokenError
	switch err := JudgeJournal(ctx, store, ns...); {
	case errors.As(err, &broken):
		r.fail(broken.Seq, gameOf(events, broken.Seq), failReplay, 0, 0, broken.Reason)
	case err != nil:
		return r, err
	}
	return r, nil
}

// gameOf is the game an event of the journal belongs to, 0 for none.
func gameOf(events []journal.Event, seq int64) int {
	for _, e := range events {
		if e.Seq != seq {
			continue
		}
		var p struct {
			Game int `json:"game"`
		}
		if json.Unmarshal(e.Payload, &p) == nil {
			return p.Game
		}
	}
	return 0
}

// AuditDraws checks every game of a journal: the seed revealed at its end
// against the commitment of its start, then every number and tie token the
// software drew, recomputed from that seed. In an rng day every number and
// token must be the software's: one typed (or a number taken back) is a
// failure, since it would let a rewritten journal escape the check. In a
// manual day the typed numbers are the ball machine's and are not checked.
// A game still in play has no revealed seed yet: it is reported, not failed.
func AuditDraws(events []journal.Event) (AuditReport, error) {
	r := AuditReport{Games: []GameAudit{}, Failures: []AuditFailure{}}
	created := false
	var programme []GameSpec
	seeds := map[int][]byte{} // the revealed seeds that match their commitment
	over := map[int]bool{}    // games whose last award or cut is recorded
	index := map[int]int{}    // game number -> index in r.Games
	for _, e := range events {
		switch e.Type {
		case TypeEventCreated:
			var p eventCreated
			if err := decode(e, &p); err != nil {
				return r, err
			}
			created = true
			if p.Event != nil {
				r.Mode, programme = p.Event.Draw, p.Event.Programme
			}
		case TypeGameStarted:
			var p gameStarted
			if err := decode(e, &p); err != nil {
				return r, err
			}
			if _, dup := index[p.Game]; dup {
				return r, Errorf(EInvalid, "événement %d : la partie %d commence deux fois", e.Seq, p.Game)
			}
			index[p.Game] = len(r.Games)
			r.Games = append(r.Games, GameAudit{Game: p.Game, SeedSHA256: p.SeedSHA256})
		case TypePrizeAwarded:
			var p prizeAwarded
			if err := decode(e, &p); err != nil {
				return r, err
			}
			over[p.Game] = over[p.Game] || p.GameOver
		case TypeSeedRevealed:
			var p seedRevealed
			if err := decode(e, &p); err != nil {
				return r, err
			}
			i, ok := index[p.Game]
			if !ok {
				return r, Errorf(EInvalid, "événement %d : graine révélée d'une partie %d pas commencée", e.Seq, p.Game)
			}
			g := &r.Games[i]
			over[p.Game] = true
			g.Seed = p.Seed
			seed, err := hex.DecodeString(p.Seed)
			if err != nil || sha256Hex(seed) != g.SeedSHA256 {
				r.fail(e.Seq, p.Game, failSeed, 0, 0, fmt.Sprintf("la graine révélée de la partie %d ne correspond pas à l'empreinte publiée à son début", p.Game))
				continue
			}
			g.Revealed, seeds[p.Game] = true, seed
		}
	}
	if !created {
		return r, Errorf(ENotFound, "le journal ne contient pas d'événement")
	}
	for i := range r.Games {
		g := &r.Games[i]
		switch {
		case g.Seed == "" && over[g.Game]:
			r.fail(0, g.Game, failNoReveal, 0, 0, fmt.Sprintf("la partie %d est finie mais sa graine n'est pas révélée", g.Game))
		case g.Seed == "":
			r.Unrevealed++
		}
	}
	return r, r.recompute(events, programme, seeds, index)
}

// recompute checks each draw and token against the seeds, game by game.
func (r *AuditReport) recompute(events []journal.Event, programme []GameSpec, seeds map[int][]byte, index map[int]int) error {
	rng := r.Mode == DrawRNG
	var drawn game.Drawn
	current, ties := 0, 0
	for _, e := range events {
		switch e.Type {
		case TypeGameStarted:
			var p gameStarted
			if err := decode(e, &p); err != nil {
				return err
			}
			current, drawn = p.Game, game.Drawn{}
		case TypeNumberDrawn:
			var p numberDrawn
			if err := decode(e, &p); err != nil {
				return err
			}
			if current == 0 || p.Game != current {
				return Errorf(EInvalid, "événement %d : tirage hors partie", e.Seq)
			}
			switch seed, ok := seeds[p.Game]; {
			case !p.RNG && rng:
				r.fail(e.Seq, p.Game, failTypedNumber, 0, int(p.Number), fmt.Sprintf("numéro %d marqué tapé à la main dans une journée tirée par le logiciel", p.Number))
			case p.RNG && ok:
				want, err := game.NewDrawer(seed, p.Game).Next(&drawn)
				if err != nil {
					return internalf(err, "événement %d", e.Seq)
				}
				r.Draws++
				r.Games[index[p.Game]].Draws++
				if want != p.Number {
					r.fail(e.Seq, p.Game, failNumber, int(want), int(p.Number), fmt.Sprintf("numéro %d au journal, %d d'après la graine", p.Number, want))
				}
			}
			if !p.RNG {
				r.Typed++
			}
			// The journal's number is what the players played: go on from it.
			if err := drawn.Add(p.Number); err != nil {
				r.fail(e.Seq, p.Game, failNumber, 0, int(p.Number), fmt.Sprintf("numéro %d impossible : %v", p.Number, err))
			}
		case TypeNumberUndone:
			var p numberUndone
			if err := decode(e, &p); err != nil {
				return err
			}
			if rng {
				r.fail(e.Seq, p.Game, failUndo, 0, int(p.Number), fmt.Sprintf("numéro %d annulé dans une journée tirée par le logiciel", p.Number))
			}
			drawn.Undo()
		case TypeTieTokens:
			var p tieTokens
			if err := decode(e, &p); err != nil {
				return err
			}
			ties++
			seed, ok := seeds[p.Game]
			switch {
			case !p.RNG && rng:
				r.fail(e.Seq, p.Game, failTypedToken, 0, 0, "pions d'égalité tapés à la main dans une journée tirée par le logiciel")
			case p.RNG && ok:
				// The tie's name keys its bag: one the count of ties does
				// not give would be a bag chosen among others.
				if want := tieName(programme, p.Game, p.Stage, ties); p.Tie != want {
					r.fail(e.Seq, p.Game, failTie, 0, 0, fmt.Sprintf("égalité nommée « %s » au journal, « %s » d'après le nombre d'égalités du jour", p.Tie, want))
					continue
				}
				r.checkTokens(e.Seq, p, seed, &r.Games[index[p.Game]])
			}
		}
	}
	return nil
}

// checkTokens recomputes a tie's tokens from the game's seed and the tied
// serials: the bag's tokens in the order drawn go to the tied cards in the
// order of their serials (dealTokens), whatever the order of the list.
func (r *AuditReport) checkTokens(seq int64, p tieTokens, seed []byte, g *GameAudit) {
	tied := byTieSerial(p.Tokens, func(t tieToken) string { return t.Serial })
	winners := make([]ClaimResult, len(tied))
	for i, t := range tied {
		if i > 0 && t.Serial == tied[i-1].Serial {
			r.fail(seq, p.Game, failToken, 0, t.Token, fmt.Sprintf("la carte %s a deux pions dans la même égalité", t.Serial))
			return
		}
		winners[i] = ClaimResult{Claim: t.Claim, Serial: t.Serial}
	}
	dealt, err := dealTokens(seed, p.Tie, winners)
	if err != nil {
		r.fail(seq, p.Game, failToken, 0, 0, "plus de pions que le sac n'en contient")
		return
	}
	want := make([]int, len(dealt))
	for i, t := range dealt {
		want[i] = t.Token
	}
	// The tokens of the seed handed in the order of the list, which is
	// the order of the claims, is what a controller who knew the seed
	// could choose: say so rather than name each token.
	listed := make([]int, len(p.Tokens))
	for i, t := range p.Tokens {
		listed[i] = t.Token
	}
	r.Tokens += len(tied)
	g.Tokens += len(tied)
	switch {
	case tokensOf(tied, want):
	case slices.Equal(listed, want):
		r.fail(seq, p.Game, failTokenOrder, 0, 0, "pions de la graine donnés aux cartes dans l'ordre des annonces, que les contrôleurs choisissent ; la graine les donne dans l'ordre des numéros de série des cartes à égalité (R17)")
	default:
		for i, t := range tied {
			if want[i] != t.Token {
				r.fail(seq, p.Game, failToken, want[i], t.Token, fmt.Sprintf("pion %d au journal pour la carte %s (annonce %d), %d d'après la graine et l'ordre des numéros de série", t.Token, t.Serial, t.Claim, want[i]))
			}
		}
	}
}

// tokensOf reports whether each tied card holds the token want gives it.
func tokensOf(tied []tieToken, want []int) bool {
	for i, t := range tied {
		if t.Token != want[i] {
			return false
		}
	}
	return true
}

// tieName is the name DrawTokens gives the n-th tie of the day, on that
// game and stage; "" for a stage the programme does not have.
func tieName(programme []GameSpec, game, stage, n int) string {
	if game < 1 || game > len(programme) || stage < 0 || stage >= len(programme[game-1].Stages) {
		return ""
	}
	return fmt.Sprintf("partie-%d/%s/%d", game, programme[game-1].Stages[stage].Stage, n)
}

func (r *AuditReport) fail(seq int64, game int, what string, want, got int, text string) {
	r.Failures = append(r.Failures, AuditFailure{Seq: seq, Game: game, What: what, Want: want, Got: got, Text: text})
}
