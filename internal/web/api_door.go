package web

import (
	"net/http"

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
	var body doorBody
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	ticket, err := loto.ParseTicketCode(body.Ticket)
	if err != nil {
		return err
	}
	serial, err := loto.ParseSerial(body.Card)
	if err != nil {
		return err
	}
	door := body.Door
	if door == "" {
		door = a.Name
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	ad, err := s.day.Admit(ctx, a, door, ticket, serial)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, doorAnswer{Reservation: ad.Reservation, Name: ad.Name, Card: ad.Card, Door: ad.Door, Warnings: ad.Warnings, Anchor: ad.Anchor})
	return nil
}
