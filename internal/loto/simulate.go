package loto

import (
	"context"
	"fmt"
	"math/rand/v2"

	"loto/internal/card"
)

// SimOptions tune a simulated day.
type SimOptions struct {
	Players int   // simulated players buying cards; at least 1
	Seed    int64 // seed of the players' choices (the draws come from the day seed)
}

// SimReport is the simulated day as `loto simulate --json` prints it (issue 4 item 8).
type SimReport struct {
	Seed  int64        `json:"seed"`
	Games []GameResult `json:"games"`
}

// simActor signs the events of a simulation.
const simActor = "simulation"

// The mistakes a simulation makes at least once, then now and again.
const (
	mistakeWrong      = "wrong"       // a call on a card that has not won (R22)
	mistakeLate       = "late"        // a claim after the control started (R21)
	mistakeDuplicate  = "duplicate"   // the same card claimed twice
	mistakeUnknown    = "unknown"     // a card of a series not on sale (R10)
	mistakeBadCheck   = "bad_check"   // a forged check code (R10)
	mistakeUnsold     = "unsold"      // a card nobody bought (R9)
	mistakeVoided     = "voided"      // a card refunded at an exclusion (R28)
	mistakeIneligible = "ineligible"  // a card of a kind the game refuses (R31)
	mistakeSlip       = "typing_slip" // a number typed wrong and undone (manual mode)
)

// sim is a simulated day in progress.
type sim struct {
	ctx      context.Context
	d        *Day
	rng      *rand.Rand
	manual   bool
	players  [][]string      // the serials each player holds
	sales    [][]int         // the sales of each player
	kind     map[string]Kind // serial -> kind of its series
	unsold   []string        // cards printed but not sold
	voided   []string        // cards voided at the exclusion
	pending  map[string]bool // mistakes not made yet
	declined bool            // a tie on a voucher was declined once
	balls    []card.Number   // manual mode: the ball machine's order for the game
}

// Simulate plays a whole day through the same commands as the cashiers, the
// host and the controllers: it sells cards to the players at the desks,
// excludes one of them with a refund (R28), plays every game of the
// programme with calls that are right, wrong (R22),
// late (R21), duplicated, on cards unsold (R9), forged (R10), voided (R28)
// or of a kind the game refuses (R31), and ties (R17-R19). The event must
// exist and no game may have started.
func Simulate(ctx context.Context, d *Day, opt SimOptions) (SimReport, error) {
	ev := d.Event()
	if ev == nil {
		return SimReport{}, Errorf(EInvalid, "l'événement du jour n'est pas créé : créer l'événement avant la simulation")
	}
	if opt.Players < 1 {
		return SimReport{}, Errorf(EInvalid, "nombre de joueurs %d invalide : au moins 1", opt.Players)
	}
	started := false
	d.View(func(st *State) { started = len(st.games) > 0 || st.StampedCount() > 0 })
	if started {
		return SimReport{}, Errorf(EConflict, "la journée a déjà commencé : simuler sur un journal neuf")
	}
	s := &sim{ctx: ctx, d: d, rng: rand.New(rand.NewPCG(uint64(opt.Seed), 0x6c6f746f)), manual: ev.Draw == DrawManual,
		kind: map[string]Kind{}, pending: map[string]bool{}}
	for _, m := range []string{mistakeWrong, mistakeLate, mistakeDuplicate, mistakeUnknown, mistakeBadCheck,
		mistakeUnsold, mistakeVoided, mistakeIneligible} {
		s.pending[m] = true
	}
	if s.manual {
		s.pending[mistakeSlip] = true
	}
	if err := s.sell(ev, opt.Players); err != nil {
		return SimReport{}, err
	}
	for n := 1; n <= len(ev.Programme); n++ {
		if n == min(2, len(ev.Programme)) {
			if err := s.exclude(); err != nil {
				return SimReport{}, err
			}
		}
		if err := s.playGame(&ev.Programme[n-1]); err != nil {
			return SimReport{}, err
		}
	}
	return SimReport{Seed: opt.Seed, Games: d.Results()}, nil
}

// sell hands each player 1, 3 or 6 regular cards off the plates in order (no
// choice, R7) and to some a special card (R30), sold through the desks of
// the day: the regular cards at the first regular desk, the special card at
// the special desk, paid in cash (with change), by card or by cheque (R8).
// The sales stamp the cards (R9).
func (s *sim) sell(ev *EventSpec, players int) error {
	desk := map[Kind]string{}
	for _, dk := range ev.Desks {
		k := Regular
		if dk.Special {
			k = Special
		}
		if desk[k] == "" {
			desk[k] = dk.Name
			if _, err := s.d.OpenDesk(s.ctx, simActor, dk.Name, 15000); err != nil {
				return err
			}
		}
	}
	next := map[string]int{}
	take := func(k Kind, n int) []string {
		var out []string
		for _, ser := range ev.Series {
			for ser.Kind == k && len(out) < n && next[ser.Code] < ser.Cards {
				next[ser.Code]++
				serial, _, err := s.d.CardAt(ser.Code, next[ser.Code])
				if err != nil {
					return out
				}
				s.kind[serial] = k
				out = append(out, serial)
			}
		}
		return out
	}
	sizes := []int{1, 3, 3, 6, 6}
	for p := range players {
		regular := take(Regular, sizes[s.rng.IntN(len(sizes))])
		var special []string
		// Every game needs cards in play: the first player also buys a special card.
		if p == 0 || s.rng.IntN(10) < 3 {
			special = take(Special, 1)
		}
		if len(regular)+len(special) == 0 {
			break // every card is sold
		}
		var sales []int
		for _, part := range []struct {
			kind  Kind
			cards []string
		}{{Regular, regular}, {Special, special}} {
			if len(part.cards) == 0 {
				continue
			}
			id, err := s.buy(ev, p, desk[part.kind], part.kind, part.cards)
			if err != nil {
				return err
			}
			sales = append(sales, id)
		}
		s.players = append(s.players, append(regular, special...))
		s.sales = append(s.sales, sales)
	}
	for _, ser := range ev.Series {
		if next[ser.Code] < ser.Cards {
			serial, _, err := s.d.CardAt(ser.Code, ser.Cards)
			if err != nil {
				return err
			}
			s.unsold = append(s.unsold, serial)
		}
	}
	return nil
}

// buy sells cards of one kind to player p at a desk, paying by cash (the
// next 10 EUR tendered), bank card or cheque in turn, and returns the sale.
func (s *sim) buy(ev *EventSpec, p int, desk string, kind Kind, cards []string) (int, error) {
	tiers := ev.Prices.Regular
	if kind == Special {
		tiers = ev.Prices.Special
	}
	total, _, _ := Price(kind, tiers, len(cards))
	req := SaleRequest{Desk: desk, Cards: cards}
	switch p % 3 {
	case 0:
		req.Payments = []Payment{{Method: Cash, Cents: (total + 999) / 1000 * 1000}}
	case 1:
		req.Payments = []Payment{{Method: BankCard, Cents: total}}
	default:
		req.Payments = []Payment{{Method: Cheque, Cents: total}}
		req.Identity, req.Cheque = &Identity{Kind: "CNI", Number: fmt.Sprintf("SIM%06d", p)}, fmt.Sprintf("%07d", p+1)
	}
	sale, err := s.d.Sell(WithKey(s.ctx, fmt.Sprintf("simulation-%d-%s", p, kind)), simActor, req)
	return sale.ID, err
}

// exclude refunds the sales of the last player, voiding their cards (R28), if there are two players at least.
func (s *sim) exclude() error {
	if len(s.players) < 2 {
		return nil
	}
	last := s.players[len(s.players)-1]
	for _, id := range s.sales[len(s.sales)-1] {
		if _, err := s.d.RefundSale(s.ctx, simActor, RefundRequest{Sale: id, Reason: RefundExclusion, Note: "perturbe le jeu"}); err != nil {
			return err
		}
	}
	s.voided = last
	s.players = s.players[:len(s.players)-1]
	s.sales = s.sales[:len(s.sales)-1]
	return nil
}

// due says whether to make a mistake now: always until it was made once,
// then once in oneIn chances.
func (s *sim) due(m string, possible bool, oneIn int) bool {
	if !possible {
		return false
	}
	if s.pending[m] {
		delete(s.pending, m)
		return true
	}
	return s.rng.IntN(oneIn) == 0
}

func (s *sim) playGame(spec *GameSpec) error {
	if _, err := s.d.StartGame(s.ctx, simActor); err != nil {
		return err
	}
	if s.manual {
		s.balls = make([]card.Number, 90)
		for i := range s.balls {
			s.balls[i] = card.Number(i + 1)
		}
		s.rng.Shuffle(90, func(i, j int) { s.balls[i], s.balls[j] = s.balls[j], s.balls[i] })
	}
	for range spec.Stages {
		if err := s.playStage(spec); err != nil {
			return err
		}
	}
	return nil
}

// playStage draws until the stage is awarded.
func (s *sim) playStage(spec *GameSpec) error {
	for draws := 1; ; draws++ {
		if err := s.draw(); err != nil {
			return err
		}
		var callable []string
		var err error
		s.d.View(func(st *State) { callable, err = st.CallableCards() })
		if err != nil {
			return err
		}
		if len(callable) == 0 {
			if draws >= 5 && s.due(mistakeWrong, true, 60) {
				if err := s.wrongCall(spec); err != nil {
					return err
				}
			}
			continue
		}
		return s.control(spec, callable)
	}
}

// draw draws the next number: the software's in rng mode, the next ball typed in manual mode.
func (s *sim) draw() error {
	if !s.manual {
		_, err := s.d.Draw(s.ctx, simActor, 0)
		return err
	}
	ball := s.balls[0]
	s.balls = s.balls[1:]
	if len(s.balls) > 0 && s.due(mistakeSlip, true, 100) {
		if _, err := s.d.Draw(s.ctx, simActor, s.balls[0]); err != nil {
			return err
		}
		if _, err := s.d.Undo(s.ctx, simActor); err != nil {
			return err
		}
	}
	_, err := s.d.Draw(s.ctx, simActor, ball)
	return err
}

// wrongCall makes a player who has not won call out: the control says so and the game goes on (R22).
func (s *sim) wrongCall(spec *GameSpec) error {
	card := s.playerCard(func(k Kind) bool { return spec.Accepts(k) })
	if card == "" {
		return nil
	}
	if _, err := s.d.Claim(s.ctx, simActor, card); err != nil {
		return err
	}
	_, err := s.d.StartControl(s.ctx, simActor)
	return err
}

// playerCard picks a card a remaining player holds, of a kind that ok accepts.
func (s *sim) playerCard(ok func(Kind) bool) string {
	var pool []string
	for _, cards := range s.players {
		for _, c := range cards {
			if ok(s.kind[c]) {
				pool = append(pool, c)
			}
		}
	}
	if len(pool) == 0 {
		return ""
	}
	return pool[s.rng.IntN(len(pool))]
}
