package loto

import (
	"context"
	"fmt"
	"strings"

	"loto/internal/card"
	"loto/internal/game"
	"loto/internal/journal"
)

// StartResult is a game just started, with its prize announced (R13) and
// the commitment to its seed, which the board shows before the first number (R14).
type StartResult struct {
	Game       int    `json:"game"`
	Title      string `json:"title"`
	Announce   string `json:"announce"`
	SeedSHA256 string `json:"seed_sha256"`
	// Warnings say what is odd about starting now: before the start of the
	// games, or on another day than the event's (R1). Never a refusal.
	Warnings []string `json:"warnings,omitempty"`
}

// StartGame starts the next game of the programme once the previous one is
// over; the event carries the announce of its first prize (R13) and the
// SHA-256 of the game's seed, drawn now and kept as a secret until the game
// ends (R14). Cards stamped from now on play from the next game.
func (d *Day) StartGame(ctx context.Context, actor Actor) (StartResult, error) {
	if err := Authorize(actor, CmdStartGame, ""); err != nil {
		return StartResult{}, err
	}
	var warnings []string
	res, err := answer[gameStarted, StartResult](d.run(ctx, TypeGameStarted, func(st *State) ([]journal.Draft, int, error) {
		if st.event == nil {
			return nil, 0, Errorf(EInvalid, "l'événement du jour n'est pas créé")
		}
		if g := st.running(); g != nil {
			return nil, 0, Errorf(EConflict, "%s n'est pas finie : attribuer le lot de sa dernière étape avant de lancer la suivante", gameNamed(g.Number, g.Title))
		}
		if st.ent.postponed != nil {
			return nil, 0, Errorf(EConflict, "le loto est reporté : aucune partie ne commence (R29)")
		}
		if st.ended {
			return nil, 0, Errorf(EConflict, "la journée est close : aucune partie ne commence")
		}
		if b := st.ent.onBreak(); b != nil {
			return nil, 0, Errorf(EConflict, "la pause « %s » est en cours (reprise prévue à %s) : la terminer avant la partie suivante (R12)", b.Label, hhmm(b.Resumes))
		}
		next := len(st.games) + 1
		if next > len(st.event.Programme) {
			return nil, 0, Errorf(EConflict, "toutes les parties du programme sont jouées")
		}
		spec := st.event.Programme[next-1]
		warnings = st.event.timeWarnings(d.now(), st.event.Schedule.Start, fmt.Sprintf("partie n° %d commencée", next), "le début des jeux")
		seed, commitment, err := d.newGameSeed()
		if err != nil {
			return nil, 0, err
		}
		dr, err := draft(actor, TypeGameStarted, gameStarted{Game: next, Title: spec.Title, Announce: announce(&spec, 0), SeedSHA256: commitment})
		dr.Secrets = map[string][]byte{gameSeedSecret(next): seed}
		return []journal.Draft{dr}, 0, err
	}))
	res.Warnings = warnings
	return res, err
}

// announce is what the host says of a stage's prize (R13, R33).
func announce(spec *GameSpec, stage int) string {
	s := spec.Stages[stage]
	return s.Stage.French() + " : " + s.Prize.Announce()
}

// DrawResult is a number drawn.
type DrawResult struct {
	Game   int         `json:"game"`
	Number card.Number `json:"number"`
	RNG    bool        `json:"rng"`
}

// Draw draws the next number of the game in play (R14, R24). In rng mode
// typed must be 0 and the number comes from the game's seed; in manual mode
// typed is the ball the machine gave, refused if already drawn in the game.
// A pending call stops the draw (R15).
func (d *Day) Draw(ctx context.Context, actor Actor, typed card.Number) (DrawResult, error) {
	if err := Authorize(actor, CmdDraw, ""); err != nil {
		return DrawResult{}, err
	}
	return answer[numberDrawn, DrawResult](d.runKeyed(ctx, TypeNumberDrawn, sameDraw(typed), func(st *State) ([]journal.Draft, int, error) {
		g, err := st.drawing()
		if err != nil {
			return nil, 0, err
		}
		if g.drawn.Len() == 90 {
			return nil, 0, Errorf(EConflict, "les 90 numéros sont sortis")
		}
		p := numberDrawn{Game: g.Number, Number: typed}
		if st.event.Draw == DrawRNG {
			if typed != 0 {
				return nil, 0, Errorf(EInvalid, "tirage par le logiciel (mode rng) : on ne tape pas de numéro")
			}
			seed, err := st.gameSeed(g)
			if err != nil {
				return nil, 0, err
			}
			n, err := game.NewDrawer(seed, g.Number).Next(&g.drawn)
			if err != nil {
				return nil, 0, internalf(err, "tirage")
			}
			p.Number, p.RNG = n, true
		} else {
			if _, err := NumberOf(int(typed)); err != nil {
				return nil, 0, err
			}
			if g.drawn.Has(typed) {
				return nil, 0, Errorf(EConflict, "le %d est déjà sorti dans cette partie (R24)", typed)
			}
		}
		dr, err := draft(actor, TypeNumberDrawn, p)
		return []journal.Draft{dr}, 0, err
	}))
}

// drawing returns the game in play if numbers may be drawn now.
func (st *State) drawing() (*GameRecord, error) {
	g := st.running()
	switch {
	case g == nil:
		return nil, Errorf(EConflict, "aucune partie en cours : démarrer la partie suivante")
	case g.Phase == PhaseCalled:
		return nil, Errorf(EConflict, "un joueur a annoncé : le tirage est arrêté jusqu'au contrôle (R15)")
	case g.Phase == PhaseControl:
		return nil, Errorf(EConflict, "contrôle en cours : attribuer le lot avant de reprendre le tirage")
	}
	return g, nil
}

// Undo takes back the last number typed (a slip on the keyboard), in manual
// mode, while no call is pending and only since the last control: a number
// that a control or an award relied on stays. The reason, optional, is
// the host's own words, kept with the event.
func (d *Day) Undo(ctx context.Context, actor Actor, reason string) (DrawResult, error) {
	if err := Authorize(actor, CmdUndo, ""); err != nil {
		return DrawResult{}, err
	}
	if err := CheckText("raison de l'annulation", reason, MaxNote); err != nil {
		return DrawResult{}, err
	}
	return answer[numberUndone, DrawResult](d.run(ctx, TypeNumberUndone, func(st *State) ([]journal.Draft, int, error) {
		g, err := st.drawing()
		if err != nil {
			return nil, 0, err
		}
		if st.event.Draw != DrawManual {
			return nil, 0, Errorf(EInvalid, "en mode rng le logiciel tire : il n'y a pas de faute de frappe à annuler")
		}
		if g.drawn.Len() == 0 || g.drawn.Len() <= g.controlDraws {
			return nil, 0, Errorf(EConflict, "aucun numéro à annuler depuis le dernier contrôle")
		}
		dr, err := draft(actor, TypeNumberUndone, numberUndone{Game: g.Number, Number: g.Last(), Reason: strings.TrimSpace(reason)})
		return []journal.Draft{dr}, 0, err
	}))
}

// Call records that a player called out (R15): the draw stops.
func (d *Day) Call(ctx context.Context, actor Actor) error {
	if err := Authorize(actor, CmdCall, ""); err != nil {
		return err
	}
	_, err := d.run(ctx, TypeGameCalled, func(st *State) ([]journal.Draft, int, error) {
		g, err := st.drawing()
		if err != nil {
			return nil, 0, err
		}
		if g.drawn.Len() == 0 {
			return nil, 0, Errorf(EConflict, "aucun numéro n'est encore sorti : pas d'annonce possible")
		}
		if g.ControlledHere() {
			return nil, 0, Errorf(EConflict, "%s ; tirer le numéro suivant", lateAtNumber(g.Last()))
		}
		dr, err := draft(actor, TypeGameCalled, gameCalled{Game: g.Number, Stage: g.Stage})
		return []journal.Draft{dr}, 0, err
	})
	return err
}

// Callable is how many cards in play could call out now (R16).
func (d *Day) Callable() (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.Callable()
}
