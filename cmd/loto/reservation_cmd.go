package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"loto/internal/cli"
	"loto/internal/eventfile"
	"loto/internal/loto"
	"loto/internal/print"
)

func reservationAdd(fs *flags) action {
	by := byFlag(fs)
	contact := fs.String("contact", "", "`CONTACT` numéro de téléphone ou adresse de courriel")
	tickets := fs.Int("tickets", 1, "nombre de billets à émettre, chacun vaut une carte gratuite (R4)")
	return func(ctx context.Context, e *env) error {
		if fs.NArg() == 0 {
			return usagef("le nom de la réservation est requis")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			r, err := d.AddReservation(ctx, by.actor(), loto.ReservationSpec{Name: joinArgs(fs), Contact: *contact, Tickets: *tickets})
			if err != nil {
				return err
			}
			for _, t := range r.Tickets {
				fmt.Fprintln(e.stdout, t.Code)
			}
			return nil
		})
	}
}

func reservationImport(fs *flags) action {
	fs.About = eventfile.ReservationCSVFormat
	by := byFlag(fs)
	again := fs.Bool("again", false, "importer aussi les titulaires (même nom, même contact) qui ont déjà une réservation : chacun en reçoit une autre")
	return func(ctx context.Context, e *env) error {
		path, err := oneArg(fs, "le fichier CSV des réservations")
		if err != nil {
			return err
		}
		data, err := readInput(path, "fichier des réservations", maxCSVSize)
		if err != nil {
			return err
		}
		specs, err := eventfile.ParseReservationsCSV(data)
		if err != nil {
			return err
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			imp := d.ImportReservations
			if *again {
				imp = d.ImportReservationsAgain
			}
			rs, err := imp(ctx, by.actor(), specs)
			if errors.Is(err, loto.ErrAlreadyReserved) {
				return fmt.Errorf("%s\npour les importer quand même : --again", cli.Message(err))
			}
			if err != nil {
				return err
			}
			var tickets []loto.Ticket
			for _, r := range rs {
				tickets = append(tickets, r.Tickets...)
			}
			fmt.Fprintf(e.stdout, "%s, %s (n° %d à %d)\n", plural(len(rs), "réservation importée", "réservations importées"),
				plural(len(tickets), "billet", "billets"), tickets[0].Number, tickets[len(tickets)-1].Number)
			return nil
		})
	}
}

func printTickets(fs *flags) action {
	out := fs.String("out", "", "`FICHIER` fichier PDF à écrire")
	only := fs.Int("reservation", 0, "imprimer seulement les billets de la réservation de ce numéro")
	return func(ctx context.Context, e *env) error {
		if *out == "" {
			return usagef("--out est requis (le fichier PDF à écrire)")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error { return writeTickets(e, d, *out, *only) })
	}
}

// writeTickets prints the tickets of every reservation, or of the one
// numbered only, to the PDF file out.
func writeTickets(e *env, d *loto.Day, out string, only int) error {
	sheets, err := print.DayTickets(d, only)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(out, func(f *os.File) error {
		return print.Tickets(f, sheets, progress(e.stderr, "billets"))
	}); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s dans %s\n", plural(len(sheets), "billet écrit", "billets écrits"), out)
	return nil
}
