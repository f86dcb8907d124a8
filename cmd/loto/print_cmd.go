package main

import (
	"context"
	"os"

	"loto/internal/card"
	"loto/internal/loto"
	"loto/internal/print"
)

func init() {
	register("print cards", "imprime des cartes en PDF (--series A [--from N] [--to M] --layout 6|3|1 --out FICHIER.pdf)", printCards)
}

func printCards(ctx context.Context, e *env) error {
	fs := newFlags("print cards", e)
	code := fs.String("series", "", "`CODE` code de la série")
	from := fs.Int("from", 0, "numéro de la première carte (par défaut : la première)")
	to := fs.Int("to", 0, "numéro de la dernière carte (par défaut : la dernière)")
	layout := fs.Int("layout", 6, "cartes par page : 6 (planches entières, avec leur code de plaque), 3 ou 1")
	out := fs.String("out", "", "`FICHIER` fichier PDF à écrire")
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
		sr, err := seriesNamed(d, *code)
		if err != nil {
			return err
		}
		sheets, err := print.SeriesCards(d, sr, *from, *to, *layout)
		if err != nil {
			return err
		}
		return writeFileAtomic(*out, func(f *os.File) error {
			return print.Cards(f, sheets, *layout, progress(e.stderr, "impression"))
		})
	})
}

func normCode(s string) string {
	c, err := card.ParseSeriesCode(s)
	if err != nil {
		return s
	}
	return string(c)
}
