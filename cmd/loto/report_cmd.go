package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"loto/internal/loto"
	"loto/internal/print"
	"loto/internal/report"
)

func reportDay(fs *flags) action {
	asJSON := fs.Bool("json", false, "écrire le rapport en JSON")
	format := fs.String("format", "", "`FORMAT` csv ou pdf")
	out := fs.String("out", "", "`FICHIER` fichier à écrire")
	return func(ctx context.Context, e *env) error {
		switch {
		case *asJSON && *format != "":
			return usagef("choisir --json ou --format, pas les deux")
		case !*asJSON && *format == "":
			return usagef("choisir --json, ou --format csv|pdf avec --out FICHIER")
		case *asJSON && *out != "":
			return usagef("--out va avec --format csv|pdf ; --json écrit sur la sortie standard")
		case *format != "" && *format != "csv" && *format != "pdf":
			return usagef("format « %s » inconnu : csv ou pdf", *format)
		case *format == "pdf" && *out == "":
			return usagef("--out est requis pour un PDF (le fichier à écrire)")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			r, err := report.OfDay(ctx, d)
			if err != nil {
				return err
			}
			if *asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(r)
			}
			doc := print.DayReport(r)
			if *out == "" {
				return print.ReportCSV(e.stdout, doc)
			}
			write := print.ReportCSV
			if *format == "pdf" {
				write = print.ReportPDF
			}
			if err := writeFileAtomic(*out, func(f *os.File) error { return write(f, doc) }); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "rapport écrit dans %s (journal : événement n° %d)\n%s\n", *out, r.HeadSeq, anchorLine(r.Anchor))
			return nil
		})
	}
}
