package web

import (
	"net/http"

	"loto/internal/loto"
	"loto/internal/print"
)

// cardAnswer is a card for a player's phone: what the domain lets anyone
// holding it know (loto.PlayerCard) and the colours it is printed in.
type cardAnswer struct {
	loto.PlayerCard
	Colors print.CardColors `json:"colors"`
}

// apiCard serves GET /api/v1/cards/{serial}, public: a card of a series on
// sale with its right check code (R10), within the client's allowance of
// lookups; a refused lookup costs the client more than a found one.
func apiCard(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	client := s.clientOf(r)
	if err := s.lookups.take(r.Context(), client); err != nil {
		setRetryAfter(w, err)
		return err
	}
	pc, err := s.playerCard(r.PathValue("serial"))
	if err != nil {
		s.charge(r.Context(), s.lookups, client, lookupMissing-1)
		return err
	}
	colors, err := print.SeriesColors(pc.Color, pc.Special)
	if err != nil {
		// A colour the printer would refuse: the card shows white, as
		// the series prints none.
		colors, _ = print.SeriesColors("", pc.Special)
	}
	writeJSON(w, http.StatusOK, cardAnswer{PlayerCard: pc, Colors: colors})
	return nil
}

// playerCard reads the serial of a player's look-up and asks the day for
// its card; before the event, the day's "no card on sale" is the answer
// even to an unreadable serial.
func (s *Server) playerCard(text string) (loto.PlayerCard, error) {
	serial, err := loto.ParseSerial(text)
	if err != nil {
		if closed := s.day.CheckCardsOnSale(); closed != nil {
			return loto.PlayerCard{}, closed
		}
		return loto.PlayerCard{}, err
	}
	return s.day.PlayerCard(serial)
}
