package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"loto/internal/card"
	"loto/internal/loto"
)

func cardCheck(fs *flags) action {
	return func(ctx context.Context, e *env) error {
		if fs.NArg() == 0 {
			return usagef("numéro de série attendu : loto card check SÉRIE")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			serial, err := loto.ParseSerial(joinArgs(fs))
			if err != nil {
				return err
			}
			grid, err := d.Card(serial)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "carte %s — série %s, n° %d, plaque %d\n", serial, serial.Series, serial.Number, card.PlateOf(serial.Number))
			writeGrid(e.stdout, grid)
			// A valid serial is not a card that plays: say what it is today,
			// last, where the controller's eye ends (exit 0 still, the serial is valid).
			status, err := d.CardStatus(serial)
			if err != nil {
				return err
			}
			fmt.Fprintln(e.stdout, status.Text)
			return nil
		})
	}
}

// writeGrid prints a card as a 3x9 grid, blanks as dots.
func writeGrid(w io.Writer, c card.Card) {
	line := "+" + strings.Repeat("----+", 9)
	fmt.Fprintln(w, line)
	for r := range 3 {
		fmt.Fprint(w, "|")
		for col := range 9 {
			if n := c[r][col]; n != 0 {
				fmt.Fprintf(w, " %2d |", n)
			} else {
				fmt.Fprint(w, "  . |")
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, line)
}
