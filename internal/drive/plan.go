// Package drive plays a loto day through the HTTP API, as the hall's
// devices would: the door admits the ticket holders, the cashiers sell at
// their desks, the host draws, the controllers register the calls of the
// players whose cards won, the host controls and awards, with the
// schedule's breaks between the games. Every act carries its own
// Idempotency-Key and is sent again with it while the server does not
// answer (it may be restarting), so that an act is made once whatever
// happens to the connection. The load tool and the crash tests drive the
// real server with it; the domain's own simulation (internal/sim) plays
// through the Day's commands and reads the State, which HTTP does not
// expose.
package drive

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"loto/examples"
	"loto/internal/access"
	"loto/internal/card"
	"loto/internal/eventfile"
	"loto/internal/loto"
)

// Device is a paired device the driver acts through: its bearer token
// stands for its role (and a cashier's desk).
type Device struct {
	Name  string `json:"name"`
	Desk  string `json:"desk,omitempty"`
	Token string `json:"token"`
}

// Card is a card the driver hands out, with its grid: the player holding
// it sees its numbers, so the simulated player knows when it wins.
type Card struct {
	Serial string    `json:"serial"`
	Grid   card.Card `json:"grid"`
}

// Game is what the driver must know of a game of the programme: which
// cards play in it and how many lines each stage takes.
type Game struct {
	Special bool  `json:"special"` // special cards play (the car game, R30)
	Regular bool  `json:"regular"` // regular cards play
	Lines   []int `json:"lines"`   // complete rows each stage takes, in order
}

// Player is a simulated player: the reservation ticket it holds, if any,
// and the cards it will buy.
type Player struct {
	Ticket  string `json:"ticket,omitempty"`  // a reservation ticket's code (R3, R4); a walk-in has none
	Free    *Card  `json:"free,omitempty"`    // the free card the door hands with the ticket
	Regular []Card `json:"regular"`           // bought at a regular desk
	Special *Card  `json:"special,omitempty"` // bought at the special desk (R30)
}

// Plan is what a driven day needs before the server serves it: the
// devices' tokens, the players with their tickets and cards, the prices
// and the programme. It holds bearer secrets (tokens, ticket codes): it
// stays in the memory of the process that drives.
type Plan struct {
	Cashiers    []Device      `json:"cashiers"` // the regular desks' cashiers, in turn over the desks
	Special     Device        `json:"special"`  // the special desk's cashier
	Door        Device        `json:"door"`
	Host        Device        `json:"host"`
	Controllers []Device      `json:"controllers"`
	Desks       []string      `json:"desks"` // every desk to open, the special one included
	Prices      loto.Prices   `json:"prices"`
	Games       []Game        `json:"games"`
	Breaks      int           `json:"breaks"` // breaks of the schedule, taken between games
	Players     []Player      `json:"players"`
	Draw        loto.DrawMode `json:"draw"`
}

// Options tune the plan of a driven day.
type Options struct {
	Players     int   // simulated players; at least 1
	Cashiers    int   // cashiers selling regular cards at once; at least 1
	Controllers int   // controllers registering the calls; at least 1
	Seed        int64 // seed of the players' choices
}

// organiser prepares the day: pairs the devices, records the reservations.
var organiser = loto.Actor{Name: "drive", Role: loto.RoleOrganiser}

// Example is the rulebook's example day (examples/mega-loto.yaml), its
// programme cut to games games when games > 0 and its regular series to
// regular cards when regular > 0: a short day for a test.
func Example(games, regular int) (*loto.EventSpec, error) {
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		return nil, err
	}
	if games > 0 && games < len(spec.Programme) {
		spec.Programme = spec.Programme[:games]
	}
	if regular > 0 {
		for i := range spec.Series {
			if spec.Series[i].Kind == loto.Regular {
				spec.Series[i].Cards = regular
			}
		}
	}
	return spec, nil
}

// Prepare makes the plan of a day whose event d has recorded and whose
// games have not started: it pairs the devices in book and records reservations
// for about a third of the players through the domain (the organiser's
// work before the doors open), and hands each player its cards off the
// plates in order (R7). The driver then plays the day through HTTP.
func Prepare(ctx context.Context, d *loto.Day, book *access.Book, opt Options) (*Plan, error) {
	ev := d.Event()
	if ev == nil {
		return nil, loto.Errorf(loto.EInvalid, "l'événement du jour n'est pas créé : créer l'événement avant de préparer la journée")
	}
	if opt.Players < 1 || opt.Cashiers < 1 || opt.Controllers < 1 {
		return nil, loto.Errorf(loto.EInvalid, "au moins un joueur, un caissier et un contrôleur")
	}
	p := &Plan{Prices: ev.Prices, Breaks: len(ev.Schedule.Breaks), Draw: ev.Draw}
	var regularDesks []string
	for _, dk := range ev.Desks {
		if dk.Special {
			if p.Special.Desk == "" {
				p.Special.Desk = dk.Name
			}
			continue
		}
		regularDesks = append(regularDesks, dk.Name)
	}
	// The desks that open are those with a cashier.
	p.Desks = slices.Clone(regularDesks[:min(opt.Cashiers, len(regularDesks))])
	if p.Special.Desk != "" {
		p.Desks = append(p.Desks, p.Special.Desk)
	}
	if len(regularDesks) == 0 {
		return nil, loto.Errorf(loto.EInvalid, "aucune caisse de cartes ordinaires dans l'événement")
	}
	for _, g := range ev.Programme {
		game := Game{Regular: g.Accepts(loto.Regular), Special: g.Accepts(loto.Special)}
		for _, s := range g.Stages {
			game.Lines = append(game.Lines, s.Lines)
		}
		p.Games = append(p.Games, game)
	}
	pair := func(name string, role loto.Role, desk string) (Device, error) {
		pr, err := book.AddDevice(ctx, organiser, name, role, desk)
		return Device{Name: name, Desk: desk, Token: pr.Token}, err
	}
	var err error
	for i := range opt.Cashiers {
		dv, err := pair(fmt.Sprintf("caisse-drive-%d", i+1), loto.RoleCashier, regularDesks[i%len(regularDesks)])
		if err != nil {
			return nil, err
		}
		p.Cashiers = append(p.Cashiers, dv)
	}
	if p.Special.Desk != "" {
		if p.Special, err = pair("caisse-drive-speciale", loto.RoleCashier, p.Special.Desk); err != nil {
			return nil, err
		}
	}
	if p.Door, err = pair("entree-drive", loto.RoleDoor, ""); err != nil {
		return nil, err
	}
	if p.Host, err = pair("meneur-drive", loto.RoleHost, ""); err != nil {
		return nil, err
	}
	for i := range opt.Controllers {
		dv, err := pair(fmt.Sprintf("controle-drive-%d", i+1), loto.RoleController, "")
		if err != nil {
			return nil, err
		}
		p.Controllers = append(p.Controllers, dv)
	}
	rng := rand.New(rand.NewPCG(uint64(opt.Seed), 0x64726976))
	tickets, err := reserve(ctx, d, rng, opt.Players)
	if err != nil {
		return nil, err
	}
	return p, deal(d, ev, rng, p, tickets)
}

// reserve records reservations of one ticket for about a third of the
// players, in one import, and returns each player's ticket ("" for a
// walk-in).
func reserve(ctx context.Context, d *loto.Day, rng *rand.Rand, players int) ([]string, error) {
	tickets := make([]string, players)
	var specs []loto.ReservationSpec
	var who []int
	for i := range players {
		if rng.IntN(3) == 0 {
			specs = append(specs, loto.ReservationSpec{Name: fmt.Sprintf("Joueur %d", i+1), Tickets: 1})
			who = append(who, i)
		}
	}
	if len(specs) == 0 {
		return tickets, nil
	}
	rs, err := d.ImportReservations(ctx, organiser, specs)
	if err != nil {
		return nil, err
	}
	for i, r := range rs {
		tickets[who[i]] = r.Tickets[0].Code
	}
	return tickets, nil
}

// deal hands each player its cards off the plates in order: the free card
// of a ticket holder, 1, 3 or 6 regular cards, and to some a special card.
// It stops at the players the series can serve.
func deal(d *loto.Day, ev *loto.EventSpec, rng *rand.Rand, p *Plan, tickets []string) error {
	next := map[string]int{}
	take := func(k loto.Kind) (*Card, error) {
		for _, s := range ev.Series {
			if s.Kind != k || next[s.Code] >= s.Cards {
				continue
			}
			next[s.Code]++
			serial, grid, err := d.CardAt(card.SeriesCode(s.Code), next[s.Code])
			if err != nil {
				return nil, err
			}
			return &Card{Serial: serial, Grid: grid}, nil
		}
		return nil, nil
	}
	sizes := []int{1, 3, 3, 6, 6}
	for i, t := range tickets {
		pl := Player{Ticket: t}
		if t != "" {
			c, err := take(loto.Regular)
			if err != nil || c == nil {
				return err
			}
			pl.Free = c
		}
		for range sizes[rng.IntN(len(sizes))] {
			c, err := take(loto.Regular)
			if err != nil {
				return err
			}
			if c != nil {
				pl.Regular = append(pl.Regular, *c)
			}
		}
		if p.Special.Desk != "" && (i == 0 || rng.IntN(10) < 3) {
			c, err := take(loto.Special)
			if err != nil {
				return err
			}
			pl.Special = c
		}
		if len(pl.Regular) == 0 && pl.Special == nil {
			return nil // every card is out
		}
		p.Players = append(p.Players, pl)
	}
	return nil
}
