package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/loto"
)

// headJSON is what `loto journal head --json` prints.
type headJSON struct {
	Anchor journal.Anchor `json:"anchor"` // "SEQ:HASH", the full hash
	Seq    int64          `json:"seq"`
	Hash   string         `json:"hash"`
}

func journalHead(fs *flags) action {
	asJSON := fs.Bool("json", false, "écrire du JSON (l'empreinte entière)")
	return func(ctx context.Context, e *env) error {
		return fs.withStore(ctx, mustExist, func(s journal.Store) error {
			h, err := s.Head(ctx)
			if err != nil {
				return err
			}
			a := journal.AnchorOf(h)
			if *asJSON {
				return cli.WriteJSON(e.stdout, headJSON{Anchor: a, Seq: h.Seq, Hash: h.Hash})
			}
			fmt.Fprintf(e.stdout, "ancre %s (événement n° %d, empreinte %s)\n", a.Short(), h.Seq, h.Hash)
			return nil
		})
	}
}

// listFlag collects the values of a repeatable flag.
type listFlag []string

// String joins the values, for the flag package.
func (l *listFlag) String() string { return strings.Join(*l, " ") }

// Set adds a value.
func (l *listFlag) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// anchors reads the anchors kept outside the base, as --anchor gave them;
// a misspelt one is a usage error, its reason after prefix.
func (l listFlag) anchors(prefix string) ([]journal.Anchor, error) {
	var anchors []journal.Anchor
	for _, t := range l {
		a, err := journal.ParseAnchor(t)
		if err != nil {
			return nil, usagef("%s%v", prefix, err)
		}
		anchors = append(anchors, a)
	}
	return anchors, nil
}

func journalVerify(fs *flags) action {
	var texts listFlag
	fs.Var(&texts, "anchor", "`NUMÉRO:EMPREINTE` ancre gardée hors de la base (sur un rapport Z, un reçu, le rapport final) ; 12 caractères d'empreinte au moins ; répétable")
	return func(ctx context.Context, e *env) error {
		anchors, err := texts.anchors("")
		if err != nil {
			return err
		}
		return fs.withStore(ctx, mustExist, func(s journal.Store) error {
			h, err := journal.VerifyAnchored(ctx, s, anchors)
			if err != nil {
				return err
			}
			n, err := loto.CheckSecrets(ctx, s)
			if err != nil {
				return err
			}
			// The chain proves the events follow each other, not that each
			// follows from those before it: the replay says that.
			if err := access.JudgeJournal(ctx, s); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "journal intègre : %s, empreinte finale %s", plural(int(h.Seq), "événement", "événements"), h.Hash)
			if n > 0 {
				fmt.Fprintf(e.stdout, " ; secrets conformes à leur engagement : %d", n)
			}
			fmt.Fprintln(e.stdout)
			fmt.Fprintln(e.stdout, "rejoué comme à l'ouverture du jour : chaque contrôle, tirage de pions et remise de lot suit des cartes, des numéros tirés et des décisions")
			for _, a := range anchors {
				fmt.Fprintf(e.stdout, "ancre %s : conforme\n", a)
			}
			return verifyPersonal(ctx, e, s)
		})
	}
}

func journalExport(fs *flags) action {
	format := fs.String("format", "jsonl", "`FORMAT` format de sortie (jsonl)")
	from := fs.Int64("from", 1, "numéro du premier événement à écrire")
	return func(ctx context.Context, e *env) error {
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
}
