package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/loto"
	"loto/internal/print"
)

// eventFiles is the folder of the event file at path, where the logos it
// names are; nil for the embedded example.
func eventFiles(path string) fs.FS {
	if path == "" {
		return nil
	}
	return os.DirFS(filepath.Dir(path))
}

// readEventFile reads --from, or the embedded example when path is empty.
func readEventFile(path string) ([]byte, error) {
	if path == "" {
		return examples.MegaLoto, nil
	}
	return readInput(path, "fichier d'événement", eventfile.MaxSize)
}

func eventCreate(fs *flags) action {
	by := byFlag(fs)
	from := fs.String("from", "", "`FICHIER` fichier de l'événement (YAML ou JSON)")
	return func(ctx context.Context, e *env) error {
		if *from == "" {
			return usagef("--from est requis (le fichier de l'événement, par exemple examples/mega-loto.yaml)")
		}
		file, err := readEventFile(*from)
		if err != nil {
			return err
		}
		return fs.withDay(ctx, mayCreate, func(d *loto.Day) error { return createEvent(ctx, e, d, by.actor(), file, eventFiles(*from)) })
	}
}

// createEvent validates the event file, its logos read from files (nil:
// none), records the event as actor and says what it did, warnings first.
func createEvent(ctx context.Context, e *env, d *loto.Day, actor loto.Actor, file []byte, files fs.FS) error {
	// The printer's colours are known here, not in the domain: the series'
	// colours are checked with the file, each at its line.
	spec, warnings, err := eventfile.ParseFiles(file, print.CheckColor, files)
	if err != nil {
		return err
	}
	res, err := d.CreateEvent(ctx, actor, spec)
	if err != nil {
		return err
	}
	for _, w := range append(warnings, res.Warnings...) {
		fmt.Fprintln(e.stderr, "attention :", w)
	}
	fmt.Fprintf(e.stderr, "événement « %s » enregistré", res.Event.Name)
	if len(res.CreatedSeries) > 0 {
		fmt.Fprintf(e.stderr, " ; séries créées : %v", res.CreatedSeries)
	}
	fmt.Fprintln(e.stderr)
	return nil
}

func eventShow(fs *flags) action {
	fs.Bool("json", true, "écrire du JSON (le seul format)")
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			ev := d.Event()
			if ev == nil {
				return fmt.Errorf("aucun événement enregistré dans ce journal (loto event create --from FICHIER)")
			}
			// The logos are listed by their hash and type, not their bytes.
			shown := *ev
			shown.Logos = nil
			for _, l := range ev.Logos {
				shown.Logos = append(shown.Logos, loto.Logo{SHA256: l.SHA256, Type: l.Type})
			}
			b, err := eventfile.Marshal(&shown)
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
}

func eventEnd(fs *flags) action {
	by := byFlag(fs)
	reason := fs.String("reason", "", "`MOTIF` pourquoi la journée finit avant son programme (noté au journal)")
	return func(ctx context.Context, e *env) error {
		if *reason == "" {
			return usagef("--reason est requis : pourquoi la journée se termine avant la fin du programme")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			r, err := d.EndDay(ctx, by.actor(), *reason)
			if err != nil {
				return err
			}
			fmt.Fprintln(e.stdout, "journée close : aucune partie ne commence plus")
			if r.CutShort > 0 {
				fmt.Fprintf(e.stdout, "partie %d interrompue, ses lots restants ne sont pas attribués ; sa graine est révélée : %s\n", r.CutShort, r.Seed)
			}
			fmt.Fprintln(e.stdout, "(« loto audit draws » recalcule chaque tirage des parties jouées)")
			return nil
		})
	}
}
