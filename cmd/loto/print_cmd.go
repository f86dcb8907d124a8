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
		sheets, err := cardSheets(d, *code, *from, *to, *layout)
		if err != nil {
			return err
		}
		return writeFileAtomic(*out, func(f *os.File) error {
			return print.Cards(f, sheets, *layout, progress(e.stderr, "impression"))
		})
	})
}

// cardSheets rebuilds cards from to to of the series code for printing.
//
// A plate code sells all the cards of its plate, so it is printed only
// where they stay together: on a page of layout 6 holding the whole plate.
// The cards of layouts 3 and 1 are cut apart, and a plate cut short by the
// range would sell cards that are not on the sheet.
func cardSheets(d *loto.Day, code string, from, to, layout int) ([]print.CardSheet, error) {
	sr, err := seriesNamed(d, code)
	if err != nil {
		return nil, err
	}
	var sheets []print.CardSheet
	plateCode := ""
	err = d.Export(sr.Code, from, to, func(c loto.ExportedCard) error {
		serial, err := card.ParseSerial(c.Serial)
		if err != nil {
			return err
		}
		if len(sheets) == 0 || sheets[len(sheets)-1].Plate != c.Plate {
			plateCode = ""
			whole := c.Number == 6*c.Plate-5 && (to == 0 || to >= min(6*c.Plate, sr.Cards))
			if layout == 6 && whole {
				if plateCode, err = d.PlateCode(sr.Code, c.Plate); err != nil {
					return err
				}
			}
		}
		sheets = append(sheets, print.CardSheet{
			Serial: c.Serial, QR: card.QRText(serial), Plate: c.Plate, PlateCode: plateCode, Grid: c.Grid,
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
