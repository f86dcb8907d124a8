package loto

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseReservationsCSV reads a reservation list: one reservation a line,
// name, then phone or e-mail (may be empty), then the number of tickets
// (1 when empty). The separator is the comma, or the semicolon that French
// spreadsheets write; a first line of column names (nom, name) is skipped.
// Every bad line is reported with its number, and then none is kept.
func ParseReservationsCSV(data []byte) ([]ReservationSpec, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // the BOM spreadsheets write
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sniffComma(data)
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	var specs []ReservationSpec
	var bad []string
	for first := true; ; first = false {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			bad = append(bad, fmt.Sprintf("ligne %d : CSV illisible (%s)", pe.Line, csvReason(pe.Err)))
			break // the reader cannot resync after a broken quote
		} else if err != nil {
			return nil, Errorf(EInvalid, "fichier CSV illisible : %v", err)
		}
		line, _ := r.FieldPos(0)
		if first && len(rec) > 0 && isHeader(rec[0]) {
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		spec, err := reservationLine(rec)
		spec.Line = line
		if err != nil {
			bad = append(bad, fmt.Sprintf("ligne %d : %s", line, ErrorMessage(err)))
			continue
		}
		specs = append(specs, spec)
	}
	if err := refusedList(bad); err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, Errorf(EInvalid, "le fichier ne contient aucune réservation (colonnes : nom, téléphone ou e-mail, nombre de billets)")
	}
	return specs, nil
}

func reservationLine(rec []string) (ReservationSpec, error) {
	if len(rec) > 3 {
		return ReservationSpec{}, Errorf(EInvalid, "%d colonnes : attendu nom, téléphone ou e-mail, nombre de billets", len(rec))
	}
	rec = append(rec, "", "")
	s := ReservationSpec{Name: rec[0], Contact: rec[1], Tickets: 1}
	if t := strings.TrimSpace(rec[2]); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil {
			return s, Errorf(EInvalid, "nombre de billets « %s » illisible", t)
		}
		s.Tickets = n
	}
	return s, checkReservation(&s)
}

// sniffComma chooses the separator the first line uses most.
func sniffComma(data []byte) rune {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	if bytes.Count(line, []byte(";")) > bytes.Count(line, []byte(",")) {
		return ';'
	}
	return ','
}

func isHeader(cell string) bool {
	switch strings.ToLower(strings.TrimSpace(cell)) {
	case "nom", "name", "nom et prénom", "prénom nom":
		return true
	}
	return false
}

func csvReason(err error) string {
	switch {
	case errors.Is(err, csv.ErrQuote), errors.Is(err, csv.ErrBareQuote):
		return "guillemets mal fermés"
	}
	return err.Error()
}
