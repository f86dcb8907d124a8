package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"loto/internal/card"
	"loto/internal/loto"
	"loto/internal/print"
)

func init() {
	register("print cards", "print cards as PDF (--series A [--from N] [--to M] --layout 6|3|1 --out FILE.pdf)", printCards)
}

func printCards(ctx context.Context, e *env) error {
	fs := newFlags("print cards", e)
	db := dbFlag(fs)
	code := fs.String("series", "", "series code")
	from := fs.Int("from", 0, "first card number (default: the first)")
	to := fs.Int("to", 0, "last card number (default: the last)")
	layout := fs.Int("layout", 6, "cards per page: 6 (plates), 3 or 1")
	out := fs.String("out", "", "PDF file to write")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("--out est requis (le fichier PDF à écrire)")
	}
	if *layout != 6 && *layout != 3 && *layout != 1 {
		return fmt.Errorf("mise en page %d inconnue (choisir 6, 3 ou 1)", *layout)
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	var sr *loto.Series
	for _, x := range d.Series() {
		if x.Code == normCode(*code) {
			sr = &x
		}
	}
	if sr == nil {
		return fmt.Errorf("la série %q n'existe pas", *code)
	}
	var sheets []print.CardSheet
	err = d.Export(sr.Code, *from, *to, func(c loto.ExportedCard) error {
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
	if err != nil {
		return err
	}
	return writeFileAtomic(*out, func(f *os.File) error {
		return print.Cards(f, sheets, *layout, progress(e.stderr, "impression"))
	})
}

// writeFileAtomic writes to a temporary file beside path and renames it into
// place, so a failure leaves no half-written file and an unwritable place is
// refused before any work.
func writeFileAtomic(path string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".loto-*.tmp")
	if err != nil {
		return fmt.Errorf("impossible d'écrire %s : %w", path, err)
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return fmt.Errorf("impossible d'écrire %s : %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("impossible d'écrire %s : %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("impossible d'écrire %s : %w", path, err)
	}
	return nil
}

func normCode(s string) string {
	c, err := card.ParseSeriesCode(s)
	if err != nil {
		return s
	}
	return string(c)
}
