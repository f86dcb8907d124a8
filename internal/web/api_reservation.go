package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"loto/internal/eventfile"
	"loto/internal/loto"
	"loto/internal/print"
)

// The reservations, the organiser's alone: a CSV file previewed, then
// imported all at once or not at all; one typed in; the list searched;
// the tickets printed. Names, contacts and ticket codes are personal or
// bearer data: only the organiser's routes answer them.

// previewLine is a reservation of a file as it would be recorded.
type previewLine struct {
	Line    int    `json:"line"`
	Name    string `json:"name"`
	Contact string `json:"contact"`
	Tickets int    `json:"tickets"`
}

// reservationsPreview is the answer of a CSV file that reads well: what
// the import would record, nothing recorded yet.
type reservationsPreview struct {
	Reservations []previewLine `json:"reservations"`
	Tickets      int           `json:"tickets"`
	// Already names the lines whose holder has a reservation already (same
	// name, same contact): importing the file again would double them.
	Already []string `json:"already"`
}

// csvFile reads the body as a reservations CSV; a refusal names every bad
// line, one a detail.
func csvFile(r *http.Request) ([]loto.ReservationSpec, error) {
	file, err := readFile(r, "le fichier des réservations")
	if err != nil {
		return nil, err
	}
	specs, err := eventfile.ParseReservationsCSV(file)
	if err != nil {
		return nil, withLines(err)
	}
	return specs, nil
}

// withLines gives a refusal listing lines ("rien n'est enregistré, 2
// erreurs :\n  ligne 3 : ...") each of its lines as a detail.
func withLines(err error) error {
	_, rest, ok := strings.Cut(loto.ErrorMessage(err), "\n")
	if !ok {
		return err
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return &detailed{err, lines}
}

func apiReservationsPreview(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	specs, err := csvFile(r)
	if err != nil {
		return err
	}
	out := reservationsPreview{Reservations: []previewLine{}, Already: []string{}}
	for _, sp := range specs {
		out.Reservations = append(out.Reservations, previewLine{Line: sp.Line, Name: sp.Name, Contact: sp.Contact, Tickets: sp.Tickets})
		out.Tickets += sp.Tickets
	}
	var already error
	s.day.View(func(st *loto.State) { already = st.AlreadyReserved(specs) })
	if errors.Is(already, loto.ErrAlreadyReserved) {
		if d, ok := withLines(already).(*detailed); ok {
			out.Already = d.details
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// reservationsAnswer lists reservations with their tickets.
type reservationsAnswer struct {
	Reservations []loto.Reservation `json:"reservations"`
}

func apiReservationsImport(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	specs, err := csvFile(r)
	if err != nil {
		return err
	}
	return commit(w, r, func(ctx context.Context) (any, error) {
		var list []loto.Reservation
		var err error
		if r.URL.Query().Get("again") == "1" {
			list, err = s.day.ImportReservationsAgain(ctx, a, specs)
		} else {
			list, err = s.day.ImportReservations(ctx, a, specs)
		}
		if err != nil {
			return nil, withLines(err) // a holder already reserved is named at the line
		}
		return created{reservationsAnswer{Reservations: list}}, nil
	})
}

// reservationBody is the JSON of POST /api/v1/reservations.
type reservationBody struct {
	Name    string `json:"name"`
	Contact string `json:"contact"`
	Tickets int    `json:"tickets"`
}

func apiReservationAdd(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body reservationBody) (any, error) {
		if body.Tickets == 0 {
			body.Tickets = 1
		}
		res, err := s.day.AddReservation(ctx, a, loto.ReservationSpec{Name: body.Name, Contact: body.Contact, Tickets: body.Tickets})
		if err != nil {
			return nil, err
		}
		return created{res}, nil
	})
}

// maxListed bounds a search's answer: a page lists the first ones.
const maxListed = 200

// reservationsFound is the answer of a search: the first reservations
// found, and how many are found in all.
type reservationsFound struct {
	Reservations []loto.Reservation `json:"reservations"`
	Total        int                `json:"total"`
}

func apiReservations(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	out := reservationsFound{Reservations: []loto.Reservation{}}
	for _, res := range s.day.Reservations() {
		if !res.Matches(q) {
			continue
		}
		out.Total++
		if len(out.Reservations) < maxListed {
			out.Reservations = append(out.Reservations, res)
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func apiReservationTickets(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	only, err := queryInt(r, "reservation", "numéro de réservation", 0)
	if err != nil {
		return err
	}
	sheets, err := print.DayTickets(s.day, only)
	if err != nil {
		code := loto.EInvalid
		if only != 0 {
			code = loto.ENotFound
		}
		return loto.Errorf(code, "%s", err.Error())
	}
	name := "billets.pdf"
	if only != 0 {
		name = "billets-reservation-" + strconv.Itoa(only) + ".pdf"
	}
	return writePDF(w, name, func(b io.Writer) error { return print.Tickets(b, sheets, nil) })
}
