package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"loto/internal/print"
)

func init() {
	register("report day", "the day's report: --json, or --format csv|pdf --out FILE (CSV to stdout without --out)", reportDay)
}

func reportDay(ctx context.Context, e *env) error {
	fs := newFlags("report day", e)
	db := dbFlag(fs)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	format := fs.String("format", "", "csv or pdf")
	out := fs.String("out", "", "file to write")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	switch {
	case *asJSON && *format != "":
		return fmt.Errorf("choisir --json ou --format, pas les deux")
	case !*asJSON && *format == "":
		return fmt.Errorf("choisir --json, ou --format csv|pdf avec --out FICHIER")
	case *format != "" && *format != "csv" && *format != "pdf":
		return fmt.Errorf("format %q inconnu : csv ou pdf", *format)
	case *format == "pdf" && *out == "":
		return fmt.Errorf("--out est requis pour un PDF (le fichier à écrire)")
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	r, err := d.Report(ctx)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	doc := renderReport(r)
	write := func(f *os.File) error { return print.ReportCSV(f, doc) }
	if *format == "pdf" {
		write = func(f *os.File) error { return print.ReportPDF(f, doc) }
	}
	if *out == "" {
		return print.ReportCSV(e.stdout, doc)
	}
	if err := writeFileAtomic(*out, write); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "rapport écrit dans %s (journal : événement n° %d)\n", *out, r.HeadSeq)
	return nil
}
