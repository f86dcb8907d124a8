package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"loto/internal/loto"
)

func init() {
	register("series create", "create a series of cards (--series A --cards 6000 [--special] [--color] [--title])", seriesCreate)
	register("series list", "list the series", seriesList)
	register("series export", "write the cards of a series as JSON lines (--series A [--from N] [--to M])", seriesExport)
}

func seriesCreate(ctx context.Context, e *env) error {
	fs := newFlags("series create", e)
	code := fs.String("series", "", "series code: A, B, ..., Z, AA, ...")
	cards := fs.Int("cards", 0, "number of cards")
	special := fs.Bool("special", false, "the special card of the car game (R30)")
	color := fs.String("color", "", "colour printed on the cards")
	title := fs.String("title", "", "title printed on the cards")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mayCreate, func(d *loto.Day) error {
		sr, err := d.CreateSeries(ctx, defaultActor, loto.SeriesSpec{Code: *code, Cards: *cards, Special: *special, Color: *color, Title: *title})
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "série %s créée : %d cartes, %d plaques", sr.Code, sr.Cards, sr.Plates())
		if p := sr.PartialPlate(); p != 0 {
			fmt.Fprintf(e.stdout, " (la dernière plaque, n° %d, n'a que %d cartes)", sr.Plates(), p)
		}
		fmt.Fprintln(e.stdout)
		return nil
	})
}

func seriesList(ctx context.Context, e *env) error {
	fs := newFlags("series list", e)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		list := d.Series()
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(list)
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "SÉRIE\tTYPE\tCARTES\tPLAQUES\tCOULEUR\tTITRE")
		for _, sr := range list {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", sr.Code, sr.Kind, sr.Cards, sr.Plates(), sr.Color, sr.Title)
		}
		return tw.Flush()
	})
}

func seriesExport(ctx context.Context, e *env) error {
	fs := newFlags("series export", e)
	code := fs.String("series", "", "series code")
	from := fs.Int("from", 0, "first card number (default: the first)")
	to := fs.Int("to", 0, "last card number (default: the last)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		w := bufio.NewWriter(e.stdout)
		enc := json.NewEncoder(w)
		if err := d.Export(*code, *from, *to, func(c loto.ExportedCard) error { return enc.Encode(c) }); err != nil {
			return err
		}
		return w.Flush()
	})
}
