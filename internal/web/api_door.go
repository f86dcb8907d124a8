package web

import (
	"context"
	"net/http"
	"strings"

	"loto/internal/journal"
	"loto/internal/loto"
)

// doorBody is the JSON of POST /api/v1/door: the ticket scanned and the
// free card handed over with it (R4, R5).
type doorBody struct {
	Ticket string `json:"ticket"`
	Card   string `json:"card"`
	Door   string `json:"door"` // the entrance's name; the device's name when empty
}

// doorAnswer is an admission as the door is told it: whom to greet and
// which card was issued, never the ticket's code, a bearer right.
type doorAnswer struct {
	Reservation int            `json:"reservation"`
	Name        string         `json:"name"`
	Card        string         `json:"card"`
	Door        string         `json:"door"`
	Warnings    []string       `json:"warnings,omitempty"`
	Anchor      journal.Anchor `json:"anchor"`
}

func apiDoor(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body doorBody) (any, error) {
		ticket, err := loto.ParseTicketCode(body.Ticket)
		if err != nil {
			return nil, err
		}
		serial, err := loto.ParseSerial(body.Card)
		if err != nil {
			return nil, err
		}
		door := body.Door
		if door == "" {
			door = a.Name
		}
		ad, err := s.day.Admit(ctx, a, door, ticket, serial)
		if err != nil {
			return nil, err
		}
		return doorAnswer{Reservation: ad.Reservation, Name: ad.Name, Card: ad.Card, Door: ad.Door, Warnings: ad.Warnings, Anchor: ad.Anchor}, nil
	})
}

// apiDoorTicket checks the ticket of ?code= before the free card is
// handed over (the code is read from the query, which the server never
// logs); a ticket crossed out already is answered with its crossing.
func apiDoorTicket(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	ticket, err := loto.ParseTicketCode(r.URL.Query().Get("code"))
	if err != nil {
		return err
	}
	t, err := s.day.CheckTicket(a, ticket)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

// foundAnswer is the reservations found by a holder's name or phone, the
// first 10, and how many matched in all.
type foundAnswer struct {
	Reservations []foundReservation `json:"reservations"`
	Total        int                `json:"total"`
}

// foundReservation is a reservation as the door finds it: the holder's
// name and, to tell two namesakes apart, the last two digits of the phone,
// never the whole contact; the code of each ticket not crossed out yet,
// which the door admits with.
type foundReservation struct {
	Reservation int           `json:"reservation"`
	Name        string        `json:"name"`
	PhoneEnd    string        `json:"phone_end,omitempty"`
	Tickets     []foundTicket `json:"tickets"`
}

// foundTicket is a ticket of a found reservation: its code until it is
// crossed out, then its crossing.
type foundTicket struct {
	Number  int            `json:"number"`
	Code    string         `json:"code,omitempty"`
	Crossed *loto.Crossing `json:"crossed,omitempty"`
}

// apiDoorFind finds reservations by the text of ?q=, a part of the
// holder's name or phone, within the device's allowance of searches: each
// lists holders, so a stolen door token would otherwise list the hall. A
// text refused as too short searched nothing and costs nothing.
func apiDoorFind(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	device := a.String()
	if err := s.finds.take(r.Context(), device); err != nil {
		setRetryAfter(w, err)
		return err
	}
	found, total, err := s.day.FindReservations(a, r.URL.Query().Get("q"))
	if err != nil {
		s.charge(r.Context(), s.finds, device, -1) // nothing was searched
		return err
	}
	out := foundAnswer{Reservations: []foundReservation{}, Total: total}
	for _, res := range found {
		fr := foundReservation{Reservation: res.ID, Name: res.Name, PhoneEnd: phoneEnd(res.Contact), Tickets: []foundTicket{}}
		for _, t := range res.Tickets {
			ft := foundTicket{Number: t.Number, Crossed: t.Crossed}
			if t.Crossed == nil {
				ft.Code = t.Code
			}
			fr.Tickets = append(fr.Tickets, ft)
		}
		out.Reservations = append(out.Reservations, fr)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// phoneEnd is the last two digits of a phone number, "" for an e-mail
// address or no contact.
func phoneEnd(contact string) string {
	if strings.Contains(contact, "@") {
		return ""
	}
	var digits []rune
	for _, r := range contact {
		if r >= '0' && r <= '9' {
			digits = append(digits, r)
		}
	}
	if len(digits) < 2 {
		return ""
	}
	return string(digits[len(digits)-2:])
}

// apiDoorCount answers the door's tally: tickets expected, crossed out (by
// door) and still to come.
func apiDoorCount(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	c, err := s.day.CountDoor(a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}
