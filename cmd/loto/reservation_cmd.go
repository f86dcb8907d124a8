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
	by := byFlag(fs)
	contact := fs.String("contact", "", "phone number or e-mail address")
	tickets := fs.Int("tickets", 1, "tickets to issue, each worth one free card (R4)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("le nom de la réservation est requis")
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		r, err := d.AddReservation(ctx, *by, loto.ReservationSpec{Name: joinArgs(fs), Contact: *contact, Tickets: *tickets})
		if err != nil {
			return err
		}
		for _, t := range r.Tickets {
			fmt.Fprintln(e.stdout, t.Code)
		}
		return nil
	})
}

func reservationImport(ctx context.Context, e *env) error {
	fs := newFlags("reservation import", e)
	by := byFlag(fs)
	if err := fs.parse(e.args); err != nil {
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
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		rs, err := d.ImportReservations(ctx, *by, specs)
		if err != nil {
			return err
		}
		var tickets []loto.Ticket
		for _, r := range rs {
			tickets = append(tickets, r.Tickets...)
		}
		fmt.Fprintf(e.stdout, "%d réservations importées, %d billets (n° %d à %d)\n", len(rs), len(tickets), tickets[0].Number, tickets[len(tickets)-1].Number)
		return nil
	})
}

func printTickets(ctx context.Context, e *env) error {
	fs := newFlags("print tickets", e)
	out := fs.String("out", "", "PDF file to write")
	only := fs.Int("reservation", 0, "print only this reservation's tickets")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out est requis (le fichier PDF à écrire)")
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error { return writeTickets(e, d, *out, *only) })
}

// writeTickets prints the tickets of every reservation, or of the one
// numbered only, to the PDF file out.
func writeTickets(e *env, d *loto.Day, out string, only int) error {
	ev := d.Event()
	if ev == nil {
		return fmt.Errorf("l'événement du jour n'est pas créé : pas de billets")
	}
	when := frenchDate(ev.Date) + ", ouverture des portes " + ev.Schedule.Doors.String()
	var sheets []print.TicketSheet
	for _, r := range d.Reservations() {
		if only != 0 && r.ID != only {
			continue
		}
		for _, t := range r.Tickets {
			sheets = append(sheets, print.TicketSheet{Code: t.Code, QR: t.QR, Name: r.Name, Contact: r.Contact,
				Event: ev.Name, When: when, Venue: ev.Venue})
		}
	}
	if len(sheets) == 0 {
		if only != 0 {
			return fmt.Errorf("réservation n° %d inconnue", only)
		}
		return fmt.Errorf("aucune réservation : aucun billet à imprimer")
	}
	if err := writeFileAtomic(out, func(f *os.File) error {
		return print.Tickets(f, sheets, progress(e.stderr, "billets"))
	}); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d billets écrits dans %s\n", len(sheets), out)
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
