package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"loto/internal/cli"
	"loto/internal/loto"
	"loto/internal/print"
)

func seriesCreate(fs *flags) action {
	by := byFlag(fs)
	code := fs.String("series", "", "`CODE` code de la série : A, B, ..., Z, AA, ...")
	cards := fs.Int("cards", 0, "nombre de cartes")
	special := fs.Bool("special", false, "la carte spéciale de la partie de la voiture (R30)")
	color := fs.String("color", "", "`COULEUR` couleur imprimée sur les cartes (yellow, jaune, #ffcc00...)")
	title := fs.String("title", "", "`TITRE` titre imprimé sur les cartes")
	return func(ctx context.Context, e *env) error {
		if err := print.CheckColor(*color); err != nil {
			return err // refused now, not on the day the cards go to the printer
		}
		return fs.withDay(ctx, mayCreate, func(d *loto.Day) error {
			sr, err := d.CreateSeries(ctx, by.actor(), loto.SeriesSpec{Code: *code, Cards: *cards, Special: *special, Color: *color, Title: *title})
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "série %s créée : %s, %s", sr.Code, plural(sr.Cards, "carte", "cartes"), plural(sr.Plates(), "plaque", "plaques"))
			if p := sr.PartialPlate(); p != 0 {
				fmt.Fprintf(e.stdout, " (la dernière plaque, n° %d, n'a que %s)", sr.Plates(), plural(p, "carte", "cartes"))
			}
			fmt.Fprintln(e.stdout)
			return nil
		})
	}
}

func seriesList(fs *flags) action {
	asJSON := fs.Bool("json", false, "écrire du JSON")
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			list := d.Series()
			if *asJSON {
				return cli.WriteJSON(e.stdout, list)
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "SÉRIE\tTYPE\tCARTES\tPLAQUES\tCOULEUR\tTITRE")
			for _, sr := range list {
				fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", sr.Code, sr.Kind, sr.Cards, sr.Plates(), sr.Color, sr.Title)
			}
			return tw.Flush()
		})
	}
}

func seriesExport(fs *flags) action {
	code := fs.String("series", "", "`CODE` code de la série")
	from := fs.Int("from", 0, "numéro de la première carte (par défaut : la première)")
	to := fs.Int("to", 0, "numéro de la dernière carte (par défaut : la dernière)")
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			series, err := loto.ParseSeriesCode(*code)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(e.stdout)
			enc := json.NewEncoder(w)
			if err := d.Export(series, *from, *to, func(c loto.ExportedCard) error { return enc.Encode(c) }); err != nil {
				return err
			}
			return w.Flush()
		})
	}
}
