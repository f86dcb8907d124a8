package print

import (
	"fmt"

	"loto/internal/card"
	"loto/internal/loto"
	"loto/internal/rulebook"
)

// DayTickets builds the reservation tickets of the day to print: those of
// every reservation, or of the one numbered only.
func DayTickets(d *loto.Day, only int) ([]TicketSheet, error) {
	ev := d.Event()
	if ev == nil {
		return nil, fmt.Errorf("l'événement du jour n'est pas créé : pas de billets")
	}
	when := rulebook.FrenchDate(ev.Date) + ", ouverture des portes " + ev.Schedule.Doors.String()
	var sheets []TicketSheet
	for _, r := range d.Reservations() {
		if only != 0 && r.ID != only {
			continue
		}
		for _, t := range r.Tickets {
			sheets = append(sheets, TicketSheet{Code: t.Code, QR: t.QR, Name: r.Name, Contact: r.Contact,
				Event: ev.Name, When: when, Venue: ev.Venue, Rules: ev.RulesURL()})
		}
	}
	if len(sheets) == 0 {
		if only != 0 {
			return nil, fmt.Errorf("réservation n° %d inconnue", only)
		}
		return nil, fmt.Errorf("aucune réservation : aucun billet à imprimer")
	}
	return sheets, nil
}

// SeriesCards rebuilds cards from to to (0 for the first, the last) of the
// series sr to print them with layout (6, 3 or 1 cards a page).
//
// A plate code sells all the cards of its plate, so it is printed only
// where they stay together: on a page of layout 6 holding the whole plate.
// The cards of layouts 3 and 1 are cut apart, and a plate cut short by the
// range would sell cards that are not on the sheet.
func SeriesCards(d *loto.Day, sr loto.Series, from, to, layout int) ([]CardSheet, error) {
	var sheets []CardSheet
	plateCode, plateQR := "", ""
	player := ""
	if ev := d.Event(); ev != nil && ev.PublicURL != "" {
		player = ev.PlayerURL()
	}
	err := d.Export(card.SeriesCode(sr.Code), from, to, func(c loto.ExportedCard) error {
		serial, err := card.ParseSerial(c.Serial)
		if err != nil {
			return err
		}
		if len(sheets) == 0 || sheets[len(sheets)-1].Plate != c.Plate {
			plateCode, plateQR = "", ""
			whole := c.Number == 6*c.Plate-5 && (to == 0 || to >= min(6*c.Plate, sr.Cards))
			if layout == 6 && whole {
				if plateCode, err = d.PlateCode(card.SeriesCode(sr.Code), c.Plate); err != nil {
					return err
				}
				plateQR = loto.PlateQR(plateCode)
			}
		}
		sheets = append(sheets, CardSheet{
			Serial: c.Serial, QR: card.QRText(serial), Plate: c.Plate, PlateCode: plateCode, PlateQR: plateQR, Grid: c.Grid,
			Title: sr.Title, Color: sr.Color, Special: sr.Kind == loto.Special, PlayerURL: player,
		})
		return nil
	})
	return sheets, err
}
