package main

import (
	"context"
	"fmt"
	"os"

	"loto/internal/card"
	"loto/internal/loto"
	"loto/internal/print"
)

func init() {
	register("print cards", "print cards as PDF (--series A [--from N] [--to M] --layout 6|3|1 --out FILE.pdf)", printCards)
}

func printCards(ctx context.Context, e *env) error {
	fs := newFlags("print cards", e)
	code := fs.String("series", "", "series code")
	from := fs.Int("from", 0, "first card number (default: the first)")
	to := fs.Int("to", 0, "last card number (default: the last)")
	layout := fs.Int("layout", 6, "cards per page: 6 (plates), 3 or 1")
	out := fs.String("out", "", "PDF file to write")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out est requis (le fichier PDF à écrire)")
	}
	if *layout != 6 && *layout != 3 && *layout != 1 {
		return usagef("mise en page %d inconnue (choisir 6, 3 ou 1)", *layout)
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		sheets, err := cardSheets(d, *code, *from, *to)
		if err != nil {
			return err
		}
		return writeFileAtomic(*out, func(f *os.File) error {
			return print.Cards(f, sheets, *layout, progress(e.stderr, "impression"))
		})
	})
}

// cardSheets rebuilds cards from to to of the series code for printing.
func cardSheets(d *loto.Day, code string, from, to int) ([]print.CardSheet, error) {
	var sr *loto.Series
	for _, x := range d.Series() {
		if x.Code == normCode(code) {
			sr = &x
		}
	}
	if sr == nil {
		return nil, fmt.Errorf("la série %q n'existe pas", code)
	}
	var sheets []print.CardSheet
	err := d.Export(sr.Code, from, to, func(c loto.ExportedCard) error {
		serial, err := card.ParseSerial(c.Serial)
		if err != nil {
			return err
		}
		sheets = append(sheets, print.CardSheet{
			Serial: c.Serial, QR: card.QRText(serial), Plate: c.Plate, Grid: c.Grid,
			Title: sr.Title, Color: sr.Color, Special: sr.Kind == loto.Special,
		})
		return nil
	})
	return sheets, err
}

func normCode(s string) string {
	c, err := card.ParseSeriesCode(s)
	if err != nil {
		return s
	}
	return string(c)
}
