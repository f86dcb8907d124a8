package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"loto/internal/cli"
	"loto/internal/loto"
)

// reservationList lists the reservations and their tickets, so that the
// door can find the ticket of a player who lost it by a part of the name.
func reservationList(fs *flags) action {
	name := fs.String("name", "", "`TEXTE` seulement les réservations dont le nom contient ce texte (majuscules et accents indifférents)")
	asJSON := fs.Bool("json", false, "écrire les réservations en JSON")
	return func(ctx context.Context, e *env) error {
		if fs.NArg() > 0 {
			return usagef("argument « %s » inattendu : --name TEXTE cherche un nom", fs.Arg(0))
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			list := []loto.Reservation{} // [] in JSON when none, not null
			for _, r := range d.Reservations() {
				if r.NameContains(*name) {
					list = append(list, r)
				}
			}
			if *asJSON {
				return cli.WriteJSON(e.stdout, list)
			}
			return writeReservations(e, list, *name)
		})
	}
}

// writeReservations writes the reservations as a table, one ticket a line
// with its crossing out, then the counts.
func writeReservations(e *env, list []loto.Reservation, name string) error {
	if len(list) == 0 {
		if name != "" {
			_, err := fmt.Fprintf(e.stdout, "aucune réservation au nom de « %s »\n", name)
			return err
		}
		_, err := fmt.Fprintln(e.stdout, "aucune réservation")
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RÉSA\tNOM\tCONTACT\tBILLET\tBARRÉ\tENTRÉE\tCARTE GRATUITE")
	tickets, crossed := 0, 0
	for _, r := range list {
		contact := r.Contact
		if contact == "" {
			contact = "-"
		}
		for _, t := range r.Tickets {
			tickets++
			if c := t.Crossed; c != nil {
				crossed++
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Name, contact, t.Code, hhmm(c.Time), c.Door, c.Card)
			} else {
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\tnon\t-\t-\n", r.ID, r.Name, contact, t.Code)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(e.stdout, "%s, %s dont %s\n", plural(len(list), "réservation", "réservations"),
		plural(tickets, "billet", "billets"), plural(crossed, "barré", "barrés"))
	return err
}
