package main

import (
	"context"
	"fmt"
	"os"

	"loto/internal/loto"
	"loto/internal/print"
	"loto/internal/rulebook"
)

// printRules writes the rules of the day (R34) from the recorded event.
func printRules(fs *flags) action {
	out := fs.String("out", "", "`FICHIER` fichier PDF à écrire")
	return func(ctx context.Context, e *env) error {
		if *out == "" {
			return usagef("--out est requis (le fichier PDF à écrire)")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			spec := d.Event()
			if spec == nil {
				return loto.Errorf(loto.ENotFound, "aucun événement enregistré : le créer d'abord (loto event create --from FICHIER)")
			}
			if err := writeFileAtomic(*out, func(f *os.File) error { return print.RulesPDF(f, rulebook.Of(spec)) }); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "règlement écrit dans %s\n", *out)
			return nil
		})
	}
}

func printCards(fs *flags) action {
	code := fs.String("series", "", "`CODE` code de la série")
	from := fs.Int("from", 0, "numéro de la première carte (par défaut : la première)")
	to := fs.Int("to", 0, "numéro de la dernière carte (par défaut : la dernière)")
	layout := fs.Int("layout", 6, "cartes par page : 6 (planches entières, avec leur code de plaque), 3 ou 1")
	bleed := fs.Float64("bleed", 0, "`MM` fond perdu autour de la page A4, en millimètres (0 à 5 ; les imprimeurs demandent souvent 3)")
	marks := fs.Bool("crop-marks", false, "traits de coupe hors de la page, aux coins et aux lignes de découpe, pour l'imprimeur")
	out := fs.String("out", "", "`FICHIER` fichier PDF à écrire")
	return func(ctx context.Context, e *env) error {
		if *bleed < 0 || *bleed > print.MaxBleed {
			return usagef("--bleed %g invalide : entre 0 et %g mm", *bleed, print.MaxBleed)
		}
		if *out == "" {
			return usagef("--out est requis (le fichier PDF à écrire)")
		}
		if *layout != 6 && *layout != 3 && *layout != 1 {
			return usagef("mise en page %d inconnue (choisir 6, 3 ou 1)", *layout)
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			sr, err := seriesNamed(d, *code)
			if err != nil {
				return err
			}
			sheets, err := print.SeriesCards(d, sr, *from, *to, *layout)
			if err != nil {
				return err
			}
			return writeFileAtomic(*out, func(f *os.File) error {
				opt := print.CardOptions{Layout: *layout, Bleed: *bleed, CropMarks: *marks}
				return print.Cards(f, sheets, opt, progress(e.stderr, "impression"))
			})
		})
	}
}
