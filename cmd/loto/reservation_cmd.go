package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"loto/internal/loto"
	"loto/internal/print"
)

func init() {
	register("reservation add", "record a reservation and print its ticket codes, one a line (NAME [--contact PHONE-or-EMAIL] [--tickets N])", reservationAdd)
	register("reservation import", "record the reservations of a CSV file, all or none (FILE.csv: name, phone or e-mail, tickets)", reservationImport)
	register("print tickets", "print the reservation tickets as PDF (--out FILE.pdf [--reservation ID])", printTickets)
}

func reservationAdd(ctx context.Context, e *env) error {
	fs := newFlags("reservation add", e)
	db := dbFlag(fs)
	by := byFlag(fs)
	contact := fs.String("contact", "", "phone number or e-mail address")
	tickets := fs.Int("tickets", 1, "tickets to issue, each worth one free card (R4)")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("le nom de la réservation est requis")
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	r, err := d.AddReservation(ctx, *by, loto.ReservationSpec{Name: joinArgs(fs), Contact: *contact, Tickets: *tickets})
	if err != nil {
		return err
	}
	for _, t := range r.Tickets {
		fmt.Fprintln(e.stdout, t.Code)
	}
	return nil
}

func reservationImport(ctx context.Context, e *env) error {
	fs := newFlags("reservation import", e)
	db := dbFlag(fs)
	by := byFlag(fs)
	if err := parse(fs, e.args); err != nil {
		return err
	}
	path, err := oneArg(fs, "le fichier CSV des réservations")
	if err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("fichier %s illisible : %w", path, err)
	}
	specs, err := loto.ParseReservationsCSV(data)
	if err != nil {
		return err
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	rs, err := d.ImportReservations(ctx, *by, specs)
	if err != nil {
		return err
	}
	tickets := 0
	for _, r := range rs {
		tickets += len(r.Tickets)
	}
	fmt.Fprintf(e.stdout, "%d réservations importées, %d billets (n° %d à %d)\n", len(rs), tickets, rs[0].Tickets[0].Number, rs[len(rs)-1].Tickets[len(rs[len(rs)-1].Tickets)-1].Number)
	return nil
}

func printTickets(ctx context.Context, e *env) error {
	fs := newFlags("print tickets", e)
	db := dbFlag(fs)
	out := fs.String("out", "", "PDF file to write")
	only := fs.Int("reservation", 0, "print only this reservation's tickets")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("--out est requis (le fichier PDF à écrire)")
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	ev := d.Event()
	if ev == nil {
		return fmt.Errorf("l'événement du jour n'est pas créé : pas de billets")
	}
	when := frenchDate(ev.Date) + ", ouverture des portes " + ev.Schedule.Doors.String()
	var sheets []print.TicketSheet
	for _, r := range d.Reservations() {
		if *only != 0 && r.ID != *only {
			continue
		}
		for _, t := range r.Tickets {
			sheets = append(sheets, print.TicketSheet{Code: t.Code, QR: t.QR, Name: r.Name, Contact: r.Contact,
				Event: ev.Name, When: when, Venue: ev.Venue})
		}
	}
	if len(sheets) == 0 {
		if *only != 0 {
			return fmt.Errorf("réservation n° %d inconnue", *only)
		}
		return fmt.Errorf("aucune réservation : aucun billet à imprimer")
	}
	if err := writeFileAtomic(*out, func(f *os.File) error {
		return print.Tickets(f, sheets, progress(e.stderr, "billets"))
	}); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d billets écrits dans %s\n", len(sheets), *out)
	return nil
}

// frenchDate writes a YYYY-MM-DD date the French way: "dimanche 16 mars 2025".
func frenchDate(date string) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	days := []string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}
	months := []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
	return fmt.Sprintf("%s %d %s %d", days[t.Weekday()], t.Day(), months[t.Month()-1], t.Year())
}
