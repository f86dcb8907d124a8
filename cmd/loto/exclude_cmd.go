package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"loto/internal/cli"
	"loto/internal/loto"
)

func exclude(fs *flags) action {
	by := byFlag(fs)
	why := fs.String("why", "", "`TEXTE` pourquoi la personne est exclue, pour mémoire (R27)")
	var tickets, sales, cards listFlag
	fs.Var(&tickets, "ticket", "`BILLET` un billet de réservation de la personne (à répéter)")
	fs.Var(&sales, "sale", "`N` une vente de la personne, par son numéro (à répéter)")
	fs.Var(&cards, "card", "`SÉRIE` une carte de la personne (à répéter)")
	desk := fs.String("desk", "", "`CAISSE` caisse qui rembourse (par défaut : celle de chaque vente)")
	asJSON := fs.Bool("json", false, "écrire l'exclusion en JSON")
	return func(ctx context.Context, e *env) error {
		if strings.TrimSpace(*why) == "" {
			return usagef("--why est requis : pourquoi la personne est exclue (R28)")
		}
		if len(tickets)+len(sales)+len(cards) == 0 {
			return usagef("nommer au moins un billet (--ticket), une vente (--sale) ou une carte (--card) de la personne")
		}
		req := loto.ExclusionRequest{Why: *why, Desk: *desk}
		var err error
		if req.Tickets, err = loto.ParseTickets(tickets); err != nil {
			return err
		}
		if req.Cards, err = loto.ParseSerials(cards); err != nil {
			return err
		}
		for _, s := range sales {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return usagef("--sale %s : le numéro d'une vente est attendu", s)
			}
			req.Sales = append(req.Sales, n)
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			x, err := d.Exclude(ctx, by.actor(), req)
			if err != nil || *asJSON {
				return cli.OrJSON(e.stdout, x, err)
			}
			fmt.Fprintln(e.stdout, exclusionLine(x))
			return nil
		})
	}
}

// exclusionLine says an exclusion in one line.
func exclusionLine(x loto.Exclusion) string {
	line := fmt.Sprintf("exclusion n° %d (R28) : %s", x.ID, plural(len(x.Cards), "carte annulée", "cartes annulées"))
	if len(x.Refunds) > 0 {
		where := "à la caisse de chaque vente"
		if x.Desk != "" {
			where = "à la caisse « " + x.Desk + " »"
		}
		line += fmt.Sprintf(", %s rendus %s (%s)", x.Cents, where, plural(len(x.Refunds), "vente remboursée", "ventes remboursées"))
	}
	return line + " : " + strings.Join(x.Cards, " ")
}
