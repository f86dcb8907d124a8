package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"

	"loto/internal/journal"
)

func init() {
	register("journal verify", "recompute the hash chain; name the first bad event", journalVerify)
	register("journal export", "write the events (never the secrets) as JSON lines", journalExport)
}

func journalVerify(ctx context.Context, e *env) error {
	fs := newFlags("journal verify", e)
	db := dbFlag(fs)
	if err := parse(fs, e.args); err != nil {
		return err
	}
	s, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	h, err := journal.Verify(ctx, s)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "journal intègre : %d événements, empreinte finale %s\n", h.Seq, h.Hash)
	return nil
}

func journalExport(ctx context.Context, e *env) error {
	fs := newFlags("journal export", e)
	db := dbFlag(fs)
	format := fs.String("format", "jsonl", "output format (jsonl)")
	from := fs.Int64("from", 1, "first sequence to export")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	if *format != "jsonl" {
		return fmt.Errorf("format inconnu %q (seul jsonl existe)", *format)
	}
	s, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	w := bufio.NewWriter(e.stdout)
	enc := json.NewEncoder(w)
	if err := s.Read(ctx, *from, func(ev journal.Event) error { return enc.Encode(ev) }); err != nil {
		return err
	}
	return w.Flush()
}
