package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"loto/internal/loto"
)

func init() {
	register("refund", "refund a sale for an exclusion (R28) or a postponement (R29): --sale ID --reason exclusion|postponement [--desk DESK] [--note TEXT]", refund)
	register("event postpone", "postpone the loto (R29): sales stop; prints every sale to refund ([--reason TEXT])", eventPostpone)
}

func refund(ctx context.Context, e *env) error {
	fs := newFlags("refund", e)
	by := byFlag(fs)
	sale := fs.Int("sale", 0, "the sale to refund")
	reason := fs.String("reason", "", "exclusion (R28) or postponement (R29); nothing else is refunded")
	desk := fs.String("desk", "", "the desk paying out (default: the sale's)")
	note := fs.String("note", "", "who and why, for the record")
	asJSON := fs.Bool("json", false, "print the refund as JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *sale <= 0 {
		return usagef("--sale est requis : le numéro de la vente à rembourser")
	}
	r, err := loto.ParseRefundReason(*reason)
	if err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		res, err := d.RefundSale(ctx, *by, loto.RefundRequest{Sale: *sale, Reason: r, Desk: *desk, Note: *note})
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(res)
		}
		fmt.Fprintln(e.stdout, refundLine(res))
		return nil
	})
}

func eventPostpone(ctx context.Context, e *env) error {
	fs := newFlags("event postpone", e)
	by := byFlag(fs)
	reason := fs.String("reason", "", "why (default: lack of players)")
	asJSON := fs.Bool("json", false, "print the postponement and the sales to refund as JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		pp, err := d.Postpone(ctx, *by, *reason)
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(pp)
		}
		var total loto.Cents
		for _, s := range pp.ToRefund {
			total += s.Total
		}
		fmt.Fprintf(e.stdout, "loto reporté (%s) : les ventes sont arrêtées ; %d ventes à rembourser, %s\n", pp.Reason, len(pp.ToRefund), total)
		for _, s := range pp.ToRefund {
			fmt.Fprintf(e.stdout, "vente n° %d\t%s\t%s\t%s\t%s\n", s.ID, s.Desk, hhmm(s.Time), s.Total, strings.Join(s.Cards, " "))
		}
		return nil
	})
}

// refundLine says a refund in one line.
func refundLine(r loto.Refund) string {
	line := fmt.Sprintf("remboursement n° %d : vente n° %d (%s), %s rendus à la caisse « %s », %d cartes annulées",
		r.ID, r.Sale, r.Reason, r.Cents, r.Desk, len(r.Cards))
	if len(r.FreeCards) > 0 {
		line += fmt.Sprintf(", et la carte gratuite %s (R28)", strings.Join(r.FreeCards, ", "))
	}
	return line
}
