package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"

	"loto/internal/journal"
)

func init() {
	register("journal verify", "recalcule la chaîne d'empreintes ; nomme le premier événement altéré", journalVerify)
	register("journal export", "écrit les événements (jamais les secrets) en lignes JSON", journalExport)
}

func journalVerify(ctx context.Context, e *env) error {
	fs := newFlags("journal verify", e)
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withStore(ctx, mustExist, func(s journal.Store) error {
		h, err := journal.Verify(ctx, s)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "journal intègre : %s, empreinte finale %s\n", plural(int(h.Seq), "événement", "événements"), h.Hash)
		return nil
	})
}

func journalExport(ctx context.Context, e *env) error {
	fs := newFlags("journal export", e)
	format := fs.String("format", "jsonl", "`FORMAT` format de sortie (jsonl)")
	from := fs.Int64("from", 1, "numéro du premier événement à écrire")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *format != "jsonl" {
		return usagef("format « %s » inconnu (seul jsonl existe)", *format)
	}
	return fs.withStore(ctx, mustExist, func(s journal.Store) error {
		w := bufio.NewWriter(e.stdout)
		enc := json.NewEncoder(w)
		if err := s.Read(ctx, *from, func(ev journal.Event) error { return enc.Encode(ev) }); err != nil {
			return err
		}
		return w.Flush()
	})
}
