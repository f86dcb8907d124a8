package main

import (
	"context"
	"fmt"
	"strings"

	"loto/internal/cli"
	"loto/internal/loto"
)

func refund(fs *flags) action {
	by := byFlag(fs)
	sale := fs.Int("sale", 0, "numéro de la vente à rembourser")
	reason := fs.String("reason", "", "`MOTIF` postponement, le report (R29) ; rien d'autre n'est remboursé (une exclusion : « loto exclude »)")
	desk := fs.String("desk", "", "`CAISSE` caisse qui rembourse (par défaut : celle de la vente)")
	note := fs.String("note", "", "`TEXTE` qui et pourquoi, pour mémoire")
	asJSON := fs.Bool("json", false, "écrire le remboursement en JSON")
	return func(ctx context.Context, e *env) error {
		if *sale <= 0 {
			return usagef("--sale est requis : le numéro de la vente à rembourser")
		}
		r, err := loto.ParseRefundReason(*reason)
		if err != nil {
			return err
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			res, err := d.RefundSale(ctx, by.actor(), loto.RefundRequest{Sale: *sale, Reason: r, Desk: *desk, Note: *note})
			if err != nil || *asJSON {
				return cli.OrJSON(e.stdout, res, err)
			}
			fmt.Fprintln(e.stdout, refundLine(res))
			return nil
		})
	}
}

func eventPostpone(fs *flags) action {
	by := byFlag(fs)
	reason := fs.String("reason", "", "`MOTIF` motif du report (par défaut : manque de joueurs)")
	asJSON := fs.Bool("json", false, "écrire le report et les ventes à rembourser en JSON")
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			pp, err := d.Postpone(ctx, by.actor(), *reason)
			if err != nil || *asJSON {
				return cli.OrJSON(e.stdout, pp, err)
			}
			var total loto.Cents
			for _, s := range pp.ToRefund {
				total += s.Total
			}
			fmt.Fprintf(e.stdout, "loto reporté (%s) : les ventes sont arrêtées ; %s, %s\n", pp.Reason, plural(len(pp.ToRefund), "vente à rembourser", "ventes à rembourser"), total)
			for _, s := range pp.ToRefund {
				fmt.Fprintf(e.stdout, "vente n° %d\t%s\t%s\t%s\t%s\n", s.ID, s.Desk, hhmm(s.Time), s.Total, strings.Join(s.Cards, " "))
			}
			return nil
		})
	}
}

// refundWhy says the two reasons for a refund in French, with their rule.
var refundWhy = map[loto.RefundReason]string{
	loto.RefundExclusion:    "exclusion, R28",
	loto.RefundPostponement: "report du loto, R29",
}

// refundLine says a refund in one line.
func refundLine(r loto.Refund) string {
	line := fmt.Sprintf("remboursement n° %d : vente n° %d (%s), %s rendus à la caisse « %s », %s",
		r.ID, r.Sale, refundWhy[r.Reason], r.Cents, r.Desk, plural(len(r.Cards), "carte annulée", "cartes annulées"))
	return line
}
