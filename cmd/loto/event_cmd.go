package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"loto/examples"
	"loto/internal/loto"
)

func init() {
	register("event create", "validate an event file and record the day (--from FILE)", eventCreate)
	register("event show", "print the recorded event (--json)", eventShow)
}

// readEventFile reads --from, or the embedded example when path is empty.
func readEventFile(path string) ([]byte, error) {
	if path == "" {
		return examples.MegaLoto, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fichier d'événement illisible : %w", err)
	}
	return b, nil
}

func eventCreate(ctx context.Context, e *env) error {
	fs := newFlags("event create", e)
	from := fs.String("from", "", "event file (YAML or JSON)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *from == "" {
		return usagef("--from est requis (le fichier de l'événement, par exemple examples/mega-loto.yaml)")
	}
	file, err := readEventFile(*from)
	if err != nil {
		return err
	}
	return fs.withDay(ctx, mayCreate, func(d *loto.Day) error { return createEvent(ctx, e, d, file) })
}

// createEvent records the event and says what it did, warnings first.
func createEvent(ctx context.Context, e *env, d *loto.Day, file []byte) error {
	res, err := d.CreateEvent(ctx, defaultActor, file)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(e.stderr, "attention :", w)
	}
	fmt.Fprintf(e.stderr, "événement « %s » enregistré", res.Event.Name)
	if len(res.CreatedSeries) > 0 {
		fmt.Fprintf(e.stderr, " ; séries créées : %v", res.CreatedSeries)
	}
	fmt.Fprintln(e.stderr)
	return nil
}

func eventShow(ctx context.Context, e *env) error {
	fs := newFlags("event show", e)
	fs.Bool("json", true, "print JSON (the only format)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		ev := d.Event()
		if ev == nil {
			return fmt.Errorf("aucun événement enregistré dans ce journal (loto event create --from FICHIER)")
		}
		b, err := loto.MarshalEvent(ev)
		if err != nil {
			return err
		}
		var pretty any
		if err := json.Unmarshal(b, &pretty); err != nil {
			return err
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(pretty)
	})
}

func init() {
	register("event end", "close a day cut short: reveal the day seed for the audit (--reason TEXT)", eventEnd)
}

func eventEnd(ctx context.Context, e *env) error {
	fs := newFlags("event end", e)
	by := byFlag(fs)
	reason := fs.String("reason", "", "why the day ends before its programme (recorded)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *reason == "" {
		return usagef("--reason est requis : pourquoi la journée se termine avant la fin du programme")
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		seed, err := d.EndDay(ctx, *by, *reason)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "journée close ; graine du jour révélée : %s\n(« loto audit draws » recalcule chaque tirage)\n", seed)
		return nil
	})
}
