package eventfile

import (
	"fmt"
	"slices"
	"strings"

	"loto/internal/loto"
)

func validateProgramme(p *problems, fs []fileGame, series []loto.SeriesOnSale) []loto.GameSpec {
	if len(fs) == 0 {
		p.add("programme", "le programme doit compter au moins une partie")
	}
	var out []loto.GameSpec
	for i, f := range fs {
		path := fmt.Sprintf("programme[%d]", i)
		g := loto.GameSpec{Title: strings.TrimSpace(f.Title), Notes: strings.TrimSpace(f.Notes)}
		if g.Title == "" {
			p.add(path+".title", "le titre de la partie est requis")
		}
		g.Kinds = validateKinds(p, path+".kinds", f.Kinds, series)
		g.Stages = validateStages(p, path+".stages", f.Stages)
		out = append(out, g)
	}
	return out
}

// validateKinds reads the series kinds a game accepts; regular cards only by default (R31, R32).
func validateKinds(p *problems, path string, fs []string, series []loto.SeriesOnSale) []loto.Kind {
	if len(fs) == 0 {
		return []loto.Kind{loto.Regular}
	}
	var out []loto.Kind
	for i, s := range fs {
		k := loto.Kind(strings.TrimSpace(s))
		kp := fmt.Sprintf("%s[%d]", path, i)
		switch {
		case k != loto.Regular && k != loto.Special:
			p.add(kp, "type de série « %s » inconnu : regular ou special", loto.Shown(s))
		case slices.Contains(out, k):
			p.add(kp, "le type %s est donné deux fois", k)
		case series != nil && !hasKind(series, k):
			p.add(kp, "aucune série de type %s n'est en vente", k)
		default:
			out = append(out, k)
		}
	}
	return out
}

// parseStageName accepts "double_quine", "double quine" and "double-quine".
func parseStageName(s string) (loto.StageName, bool) {
	s = strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
	for _, n := range loto.Stages() {
		if string(n) == s {
			return n, true
		}
	}
	return "", false
}

// validateStages reads the stages of a game: any of quine, double quine and
// carton plein, in that order (R23). A stage without a name is the one after
// the previous, so three unnamed stages are the default game.
func validateStages(p *problems, path string, fs []fileStage) []loto.StageSpec {
	if len(fs) == 0 {
		p.add(path, "au moins une étape (quine, double_quine, carton_plein) avec son lot est requise")
		return nil
	}
	var out []loto.StageSpec
	prev := 0 // lines of the previous stage
	for i, f := range fs {
		sp := fmt.Sprintf("%s[%d]", path, i)
		var name loto.StageName
		if strings.TrimSpace(f.Stage) == "" {
			if prev >= len(loto.Stages()) {
				p.add(sp+".stage", "aucune étape ne suit le carton plein")
				continue
			}
			name = loto.Stages()[prev]
		} else {
			n, ok := parseStageName(f.Stage)
			if !ok {
				p.add(sp+".stage", "étape « %s » inconnue : quine, double_quine ou carton_plein", loto.Shown(f.Stage))
				continue
			}
			if n.Lines() <= prev {
				p.add(sp+".stage", "l'étape %s doit venir avant celles qui la précèdent dans la liste (ordre : quine, double_quine, carton_plein)", n)
				continue
			}
			name = n
		}
		prev = name.Lines()
		out = append(out, loto.StageSpec{Stage: name, Lines: name.Lines(), Prize: validatePrize(p, sp+".prize", &f.Prize)})
	}
	return out
}

// validatePrize reads a prize: a voucher or an object, never money (L1).
func validatePrize(p *problems, path string, f *filePrize) loto.Prize {
	pr := loto.Prize{
		Label:       strings.TrimSpace(f.Label),
		Kind:        loto.PrizeKind(strings.ToLower(strings.TrimSpace(f.Kind))),
		Consolation: strings.TrimSpace(f.Consolation),
		Notes:       strings.TrimSpace(f.Notes),
	}
	if pr.Label == "" {
		p.add(path+".label", "le libellé du lot est requis (il est annoncé au début de la partie, R13)")
	}
	if pr.Consolation == "" {
		pr.Consolation = defaultConsolation
	}
	switch pr.Kind {
	case loto.Voucher:
		if f.Cents == nil || *f.Cents <= 0 {
			p.add(path+".cents", "le montant du bon d'achat est requis, en centimes (3000 pour 30 €)")
		} else {
			pr.Cents = loto.Cents(*f.Cents)
		}
		pr.UnitCents = 100
		if f.UnitCents != nil {
			if *f.UnitCents <= 0 {
				p.add(path+".unit_cents", "l'unité de partage doit être supérieure à 0 centime")
			} else {
				pr.UnitCents = loto.Cents(*f.UnitCents)
			}
		}
		if pr.Cents > 0 && pr.UnitCents > 0 && pr.Cents%pr.UnitCents != 0 {
			p.add(path+".cents", "le montant %s n'est pas un multiple de l'unité de partage %s", pr.Cents, pr.UnitCents)
		}
	case loto.Object:
		if f.Cents != nil || f.UnitCents != nil {
			p.add(path+".cents", "un lot objet n'a pas de montant : cents et unit_cents sont réservés aux bons d'achat")
		}
	case "cash", "money", "argent", "especes", "espèces", "numeraire", "numéraire":
		p.add(path+".kind", "un lot ne peut pas être une somme d'argent (L1) : voucher (bon d'achat) ou object")
	case "":
		p.add(path+".kind", "le type du lot est requis : voucher (bon d'achat) ou object")
	default:
		p.add(path+".kind", "type de lot « %s » inconnu : voucher (bon d'achat) ou object", loto.Shown(f.Kind))
	}
	return pr
}

// warnEvent notes what is allowed but worth a second look.
func warnEvent(w *problems, spec *loto.EventSpec) {
	warnHall(w, spec.Hall)
	warnCar(w, spec.Programme)
	for i, t := range spec.Prices.Regular {
		if t.Cents >= lawLimit {
			w.add(fmt.Sprintf("prices.regular[%d].cents", i), "une mise de %s atteint 20 € : la loi veut des mises de faible valeur, inférieures à 20 € (L1)", t.Cents)
		}
	}
	for i, t := range spec.Prices.Special {
		if t.Cents >= lawLimit {
			w.add(fmt.Sprintf("prices.special[%d].cents", i), "une mise de %s atteint 20 € : la loi veut des mises de faible valeur, inférieures à 20 € (L1)", t.Cents)
		}
	}
	if !hasKind(spec.Series, loto.Special) {
		for i, d := range spec.Desks {
			if d.Special {
				w.add(fmt.Sprintf("desks[%d].special", i), "caisse de la carte spéciale, mais aucune série spéciale n'est en vente")
			}
		}
	}
}
