package sim

import (
	"fmt"

	"loto/internal/card"
	"loto/internal/loto"
)

// door is the door where the simulated ticket holders come in.
const door = "entrée principale"

// Names the simulated reservations are made under.
var (
	firstNames = []string{"Anne", "Bernard", "Claire", "Denis", "Élodie", "François", "Gaëlle", "Hervé",
		"Isabelle", "Jean", "Karine", "Loïc", "Martine", "Nicolas", "Odile", "Pierre", "Yvonne", "Yann"}
	lastNames = []string{"Le Goff", "Le Gall", "Martin", "Tanguy", "Le Roux", "Morvan", "Guillou", "Hamon",
		"Le Bihan", "Riou", "Lefèvre", "Jégou", "Prigent", "Cadiou", "Kerjean", "Le Floch"}
)

// reserve records, before the sales, reservations for about a third of the
// players, some for a group of 2 or 3 (one ticket each, R2, R4): the
// organiser's list imported at once, the last one typed in as taken by
// phone. It returns the ticket of each player, "" for a walk-in (R3).
func (s *run) reserve(players int) ([]string, error) {
	var specs []loto.ReservationSpec
	var first []int // the first player of each reservation
	groups := []int{1, 1, 1, 2, 2, 3}
	for p := 0; p < players; {
		if s.rng.IntN(4) != 0 {
			p++
			continue
		}
		n := min(groups[s.rng.IntN(len(groups))], players-p)
		specs = append(specs, loto.ReservationSpec{Name: s.holderName(), Contact: contact(len(specs)), Tickets: n})
		first = append(first, p)
		p += n
	}
	tickets := make([]string, players)
	if len(specs) == 0 {
		return tickets, nil
	}
	var rs []loto.Reservation
	if len(specs) > 1 {
		list, err := s.d.ImportReservations(s.ctx, s.as(loto.RoleOrganiser), specs[:len(specs)-1])
		if err != nil {
			return nil, err
		}
		rs = list
	}
	phoned, err := s.d.AddReservation(s.ctx, s.as(loto.RoleOrganiser), specs[len(specs)-1])
	if err != nil {
		return nil, err
	}
	for i, r := range append(rs, phoned) {
		for j, t := range r.Tickets {
			tickets[first[i]+j] = t.Code
		}
	}
	return tickets, nil
}

// holderName draws a holder's name; two holders may share one, as in life.
func (s *run) holderName() string {
	return firstNames[s.rng.IntN(len(firstNames))] + " " + lastNames[s.rng.IntN(len(lastNames))]
}

// contact gives the i-th reservation a contact: mostly a phone number,
// sometimes an e-mail address, sometimes none.
func contact(i int) string {
	switch i % 5 {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("reservation%d@exemple.fr", i)
	}
	return fmt.Sprintf("06 12 %02d %02d %02d", i/10000%100, i/100%100, i%100)
}

// admit lets a ticket holder in: the door crosses the ticket out with a free
// regular card (R4, R5). With twice set, the volunteer scans the ticket a
// second time by mistake: the door must refuse it (R5), and the refusal is
// kept for the report. It returns the free card, "" when none is left.
func (s *run) admit(ticket string, twice bool) (string, error) {
	free := s.take(loto.Regular, 1)
	if len(free) == 0 {
		return "", nil
	}
	// The door's device reads what it scans, as the CLI does.
	tc, err := loto.ParseTicketCode(ticket)
	if err != nil {
		return "", err
	}
	card, err := loto.ParseSerial(free[0])
	if err != nil {
		return "", err
	}
	if _, err := s.d.Admit(s.ctx, s.as(loto.RoleDoor), door, tc, card); err != nil {
		return "", err
	}
	if twice {
		_, err := s.d.Admit(s.ctx, s.as(loto.RoleDoor), door, tc, card)
		if loto.ErrorCode(err) != loto.EConflict {
			return "", &loto.Error{Code: loto.EInternal, Message: fmt.Sprintf("billet %s scanné deux fois : refus R5 attendu", ticket), Err: err}
		}
		s.doorRefusals = append(s.doorRefusals, loto.ErrorMessage(err))
	}
	return free[0], nil
}

// take hands out the next n cards of a kind off the plates in order (no
// choice, R7), fewer when the series run out.
func (s *run) take(k loto.Kind, n int) []string {
	var out []string
	for _, ser := range s.ev.Series {
		for ser.Kind == k && len(out) < n && s.next[ser.Code] < ser.Cards {
			s.next[ser.Code]++
			serial, _, err := s.d.CardAt(card.SeriesCode(ser.Code), s.next[ser.Code])
			if err != nil {
				return out
			}
			s.kind[serial] = k
			out = append(out, serial)
		}
	}
	return out
}

// openDesks opens the first regular desk and the special desk of the day
// and returns them by the kind of card they sell.
func (s *run) openDesks() (map[loto.Kind]string, error) {
	desk := map[loto.Kind]string{}
	for _, dk := range s.ev.Desks {
		k := loto.Regular
		if dk.Special {
			k = loto.Special
		}
		if desk[k] == "" {
			desk[k] = dk.Name
			if _, err := s.d.OpenDesk(s.ctx, s.cashier(dk.Name), dk.Name, 15000); err != nil {
				return nil, err
			}
		}
	}
	return desk, nil
}

// sell lets the players in and hands each 1, 3 or 6 regular cards and to
// some a special card (R30), sold through the desks of the day: the regular
// cards at the first regular desk, the special card at the special desk,
// paid in cash (with change), by card or by cheque (R8). A ticket holder is
// first admitted at the door with a free card and names the ticket at the
// desk; a walk-in buys without one (R3). The sales and the door stamp the
// cards (R9).
func (s *run) sell(players int) error {
	tickets, err := s.reserve(players)
	if err != nil {
		return err
	}
	var holders []int
	for p, t := range tickets {
		if t != "" {
			holders = append(holders, p)
		}
	}
	rescan := -1 // the one holder whose ticket is scanned twice
	if len(holders) > 0 {
		rescan = holders[s.rng.IntN(len(holders))]
	}
	desk, err := s.openDesks()
	if err != nil {
		return err
	}
	sizes := []int{1, 3, 3, 6, 6}
	for p := range players {
		var free []string
		if tickets[p] != "" {
			c, err := s.admit(tickets[p], p == rescan)
			if err != nil {
				return err
			}
			if c == "" {
				break // every regular card is out
			}
			free = append(free, c)
		}
		regular := s.take(loto.Regular, sizes[s.rng.IntN(len(sizes))])
		var special []string
		// Every game needs cards in play: the first player also buys a special card.
		if p == 0 || s.rng.IntN(10) < 3 {
			special = s.take(loto.Special, 1)
		}
		if len(regular)+len(special) == 0 {
			break // every card is sold
		}
		var sales []int
		for _, part := range []struct {
			kind  loto.Kind
			cards []string
		}{{loto.Regular, regular}, {loto.Special, special}} {
			if len(part.cards) == 0 {
				continue
			}
			id, err := s.buy(p, desk[part.kind], part.kind, part.cards, tickets[p])
			if err != nil {
				return err
			}
			sales = append(sales, id)
		}
		s.players = append(s.players, append(append(regular, special...), free...))
		s.sales = append(s.sales, sales)
	}
	for _, ser := range s.ev.Series {
		if s.next[ser.Code] < ser.Cards {
			serial, _, err := s.d.CardAt(card.SeriesCode(ser.Code), ser.Cards)
			if err != nil {
				return err
			}
			s.unsold = append(s.unsold, serial)
		}
	}
	return nil
}

// buy sells cards of one kind to player p at a desk, paying by cash (the
// next 10 EUR tendered), bank card or cheque in turn, naming the player's
// reservation ticket if any, and returns the sale.
func (s *run) buy(p int, desk string, kind loto.Kind, cards []string, ticket string) (int, error) {
	tiers := s.ev.Prices.Regular
	if kind == loto.Special {
		tiers = s.ev.Prices.Special
	}
	total, _, _ := loto.Price(kind, tiers, len(cards))
	codes, err := loto.ParseCardCodes(cards)
	if err != nil {
		return 0, err
	}
	req := loto.SaleRequest{Desk: desk, Cards: codes}
	if ticket != "" {
		tc, err := loto.ParseTicketCode(ticket)
		if err != nil {
			return 0, err
		}
		req.Ticket = &tc
	}
	switch p % 3 {
	case 0:
		req.Payments = []loto.Payment{{Method: loto.Cash, Cents: (total + 999) / 1000 * 1000}}
	case 1:
		req.Payments = []loto.Payment{{Method: loto.BankCard, Cents: total}}
	default:
		req.Payments = []loto.Payment{{Method: loto.Cheque, Cents: total}}
		req.Identity, req.Cheque = &loto.Identity{Kind: "CNI", Number: fmt.Sprintf("SIM%06d", p)}, fmt.Sprintf("%07d", p+1)
	}
	sale, err := s.d.Sell(loto.WithKey(s.ctx, loto.Key(fmt.Sprintf("%s-%d-%s", s.key, p, kind))), s.cashier(desk), req)
	return sale.ID, err
}
