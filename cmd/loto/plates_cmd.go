package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"loto/internal/card"
	"loto/internal/loto"
)

// plateLine is one plate as `loto series plates` prints it.
type plateLine struct {
	Series string `json:"series"`
	Plate  int    `json:"plate"`
	Code   string `json:"code"`  // sells the whole plate: A-P000123-K7Q
	First  string `json:"first"` // serial of its first card
	Last   string `json:"last"`  // serial of its last card
	Cards  int    `json:"cards"` // 6, fewer on a partial last plate
}

func seriesPlates(fs *flags) action {
	code := fs.String("series", "", "`CODE` code de la série")
	from := fs.Int("from", 0, "première plaque (par défaut : la première)")
	to := fs.Int("to", 0, "dernière plaque (par défaut : la dernière)")
	asJSON := fs.Bool("json", false, "écrire du JSON, une plaque par ligne")
	return func(ctx context.Context, e *env) error {
		if *code == "" {
			return usagef("--series est requis : la série dont lister les plaques")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			sr, err := seriesNamed(d, *code)
			if err != nil {
				return err
			}
			first, last := *from, *to
			if first == 0 {
				first = 1
			}
			if last == 0 {
				last = sr.Plates()
			}
			if first < 1 || last > sr.Plates() || first > last {
				return loto.Errorf(loto.EInvalid, "plaques %d à %d hors de la série %s (plaques 1 à %d)", first, last, sr.Code, sr.Plates())
			}
			w := bufio.NewWriter(e.stdout)
			write := writePlateText
			if *asJSON {
				enc := json.NewEncoder(w)
				write = func(_ io.Writer, p plateLine) error { return enc.Encode(p) }
			} else {
				fmt.Fprintf(w, "%7s  %-16s %s\n", "PLAQUE", "CODE", "CARTES")
			}
			var cur plateLine
			err = d.Export(card.SeriesCode(sr.Code), 6*first-5, min(6*last, sr.Cards), func(c loto.ExportedCard) error {
				if c.Plate != cur.Plate {
					if cur.Plate != 0 {
						if err := write(w, cur); err != nil {
							return err
						}
					}
					pc, err := d.PlateCode(card.SeriesCode(sr.Code), c.Plate)
					if err != nil {
						return err
					}
					cur = plateLine{Series: sr.Code, Plate: c.Plate, Code: pc, First: c.Serial}
				}
				cur.Last = c.Serial
				cur.Cards++
				return nil
			})
			if err == nil {
				err = write(w, cur)
			}
			if err != nil {
				return err
			}
			return w.Flush()
		})
	}
}

// writePlateText writes a plate as a line for a person; a partial last
// plate says how many cards it holds.
func writePlateText(w io.Writer, p plateLine) error {
	_, err := fmt.Fprintf(w, "%7d  %-16s %s à %s", p.Plate, p.Code, p.First, p.Last)
	if err == nil && p.Cards != 6 {
		_, err = fmt.Fprintf(w, " (%s)", plural(p.Cards, "carte", "cartes"))
	}
	if err == nil {
		_, err = fmt.Fprintln(w)
	}
	return err
}

// seriesNamed returns the series of the journal with that code, typed in any case.
func seriesNamed(d *loto.Day, text string) (loto.Series, error) {
	code, err := loto.ParseSeriesCode(text)
	if err != nil {
		return loto.Series{}, err
	}
	return d.SeriesOf(code)
}
