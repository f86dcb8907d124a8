package drive

import (
	"context"
	"fmt"
	"time"

	"loto/internal/card"
	"loto/internal/loto"
)

// Play plays every game of the programme as the host and the controllers
// would, the schedule's breaks spread evenly between the games: the host
// starts the game and draws; when cards win with the number just drawn,
// their players call, a controller registers each claim, the host opens
// the control, the tied winners draw tokens, and the host awards the
// prize (R15-R23). Once a game, a player calls on a card that has not
// won, and the game resumes (R22).
func (d *Driver) Play(ctx context.Context) error {
	games := len(d.plan.Games)
	taken := 0
	for i, g := range d.plan.Games {
		if i > 0 && taken < d.plan.Breaks && i >= (taken+1)*games/(d.plan.Breaks+1) {
			if err := d.pause(ctx); err != nil {
				return err
			}
			taken++
		}
		if err := d.game(ctx, g); err != nil {
			return err
		}
		d.count(func(r *Report) { r.Games++ })
	}
	return nil
}

// pause takes the next break of the schedule and ends it after cfg.Break.
func (d *Driver) pause(ctx context.Context) error {
	if err := d.host(ctx, "/api/v1/breaks", "pause", nil); err != nil {
		return err
	}
	if err := sleep(ctx, d.cfg.Break); err != nil {
		return err
	}
	return d.host(ctx, "/api/v1/breaks/end", "reprise", nil)
}

// host makes one of the host's acts, with an empty body.
func (d *Driver) host(ctx context.Context, path, what string, out any) error {
	err := d.c.do(ctx, d.plan.Host.Token, "POST", path, d.key(what), struct{}{}, out)
	if err != nil {
		d.failed(err)
	}
	return err
}

// game plays one game to its last award.
func (d *Driver) game(ctx context.Context, g Game) error {
	if err := d.host(ctx, "/api/v1/game/start", "partie", nil); err != nil {
		return err
	}
	m := d.model(g)
	var bag []card.Number
	if d.plan.Draw == loto.DrawManual {
		for n := card.Number(1); n <= 90; n++ {
			bag = append(bag, n)
		}
		d.rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	}
	wrong := true // the wrong call of the game is still to make
	for _, lines := range g.Lines {
		for draws := 1; ; draws++ {
			if len(m.drawn) == 90 {
				err := fmt.Errorf("les 90 numéros sont sortis sans gagnant en %s", loto.Plural(lines, "ligne", "lignes"))
				d.failed(err)
				return err
			}
			if err := sleep(ctx, d.cfg.Pace); err != nil {
				return err
			}
			n, err := d.draw(ctx, &bag)
			if err != nil {
				return err
			}
			m.mark(n)
			winners := m.winners(lines, n)
			if len(winners) > 0 {
				if err := d.control(ctx, lines, winners, true); err != nil {
					return err
				}
				break
			}
			if wrong && draws >= 8 {
				wrong = false
				if c := m.loser(lines, d.rng.IntN(len(m.cards)+1)); c != "" {
					if err := d.control(ctx, lines, []string{c}, false); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// draw draws the next number: the software's, or the next ball of the bag
// typed in manual mode.
func (d *Driver) draw(ctx context.Context, bag *[]card.Number) (card.Number, error) {
	body := map[string]any{}
	if len(*bag) > 0 {
		body["number"] = int((*bag)[0])
		*bag = (*bag)[1:]
	}
	var res loto.DrawResult
	if err := d.c.do(ctx, d.plan.Host.Token, "POST", "/api/v1/game/draws", d.key("tirage"), body, &res); err != nil {
		d.failed(err)
		return 0, err
	}
	d.count(func(r *Report) { r.Draws++ })
	return res.Number, nil
}

// control has the players of cards call, the controllers register the
// claims in turn, and the host open the control: with win set, the cards
// must all be judged winners, the tie broken by tokens and the prize
// awarded; without, the call is a mistake the control must turn down.
func (d *Driver) control(ctx context.Context, lines int, cards []string, win bool) error {
	for i, serial := range cards {
		ctl := d.plan.Controllers[i%len(d.plan.Controllers)]
		if err := d.c.do(ctx, ctl.Token, "POST", "/api/v1/claims", d.key("annonce"), map[string]any{"serial": serial}, nil); err != nil {
			d.failed(err)
			return err
		}
		d.count(func(r *Report) { r.Claims++ })
	}
	var res loto.ControlResult
	if err := d.host(ctx, "/api/v1/game/control", "controle", &res); err != nil {
		return err
	}
	if !win {
		if res.Winners != 0 || !res.Resumed {
			err := fmt.Errorf("annonce sur la carte %s qui n'a pas gagné : le contrôle devait la refuser (R22), il compte %s", cards[0], loto.Plural(res.Winners, "gagnant", "gagnants"))
			d.failed(err)
			return err
		}
		d.count(func(r *Report) { r.Provoked++ })
		return nil
	}
	if res.Winners != len(cards) {
		err := fmt.Errorf("contrôle en %s : %s, %s (%v)", loto.Plural(lines, "ligne", "lignes"), loto.Plural(len(cards), "gagnant attendu", "gagnants attendus"), loto.Plural(res.Winners, "reconnu", "reconnus"), res.Verdicts)
		d.failed(err)
		return err
	}
	if res.Tie {
		body := map[string]any{}
		if d.plan.Draw == loto.DrawManual {
			typed := d.rng.Perm(90)[:len(cards)]
			for i := range typed {
				typed[i]++
			}
			body["tokens"] = typed
		}
		ctl := d.plan.Controllers[0]
		if err := d.c.do(ctx, ctl.Token, "POST", "/api/v1/game/tokens", d.key("jetons"), body, nil); err != nil {
			d.failed(err)
			return err
		}
	}
	if err := d.host(ctx, "/api/v1/game/award", "lot", nil); err != nil {
		return err
	}
	d.count(func(r *Report) { r.Awards++ })
	return nil
}

// sleep waits for d, or less when ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
