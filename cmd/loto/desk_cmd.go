package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/loto"
)

func deskOpen(fs *flags) action {
	by := byFlag(fs)
	float := fs.String("float", "", "`MONTANT` espèces dans la caisse à l'ouverture, en euros (150.00)")
	asJSON := fs.Bool("json", false, "écrire la session en JSON")
	return func(ctx context.Context, e *env) error {
		desk, err := oneArg(fs, "le nom de la caisse")
		if err != nil {
			return err
		}
		if *float == "" {
			return usagef("--float est requis : le fond de caisse en euros, par exemple --float 150.00 (0 sans fond)")
		}
		c, err := loto.ParseCents(*float)
		if err != nil {
			return err
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			z, err := d.OpenDesk(ctx, by.actor(), desk, c)
			if err != nil || *asJSON {
				return cli.OrJSON(e.stdout, z, err)
			}
			fmt.Fprintf(e.stdout, "caisse « %s » ouverte : session %d, fond de caisse %s\n", z.Desk, z.Session, z.Float)
			return nil
		})
	}
}

func deskClose(fs *flags) action {
	by := byFlag(fs)
	count := fs.String("count", "", "`COMPTAGE` espèces comptées : valeur x nombre, chaque coupure une fois, par exemple \"50x2,20x5,0.50x3\" (0 pour une caisse vide)")
	card := fs.String("card", "", "`MONTANT` total des cartes bancaires lu sur le terminal, en euros (facultatif)")
	cheque := fs.String("cheque", "", "`MONTANT` total des chèques, en euros (facultatif)")
	asJSON := fs.Bool("json", false, "écrire le rapport Z en JSON")
	return func(ctx context.Context, e *env) error {
		desk, err := oneArg(fs, "le nom de la caisse")
		if err != nil {
			return err
		}
		if *count == "" {
			return usagef("--count est requis : le comptage des espèces, par exemple --count \"50x2,20x5\" (0 pour une caisse vide)")
		}
		req := loto.CloseRequest{Desk: desk}
		if req.Count, err = loto.ParseCount(*count); err != nil {
			return err
		}
		for _, m := range []struct {
			text string
			to   **loto.Cents
		}{{*card, &req.Card}, {*cheque, &req.Cheque}} {
			if m.text != "" {
				c, err := loto.ParseCents(m.text)
				if err != nil {
					return err
				}
				*m.to = &c
			}
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			z, err := d.CloseDesk(ctx, by.actor(), req)
			if err != nil || *asJSON {
				return cli.OrJSON(e.stdout, z, err)
			}
			printZ(e.stdout, z)
			return nil
		})
	}
}

// printZ writes a Z report as a table.
func printZ(w io.Writer, z loto.SessionReport) {
	fmt.Fprintf(w, "caisse « %s », session %d : ouverte à %s par %s", z.Desk, z.Session, hhmm(z.OpenedAt), z.OpenedBy)
	if z.ClosedAt != nil {
		fmt.Fprintf(w, ", close à %s par %s", hhmm(*z.ClosedAt), z.ClosedBy)
	}
	fmt.Fprintf(w, "\n%s, %s, %s ; %s (%s) ; fond de caisse %s\n", plural(z.Sales, "vente", "ventes"), plural(z.Cards, "carte", "cartes"),
		z.SalesCents, plural(z.Refunds, "remboursement", "remboursements"), z.RefundedCents, z.Float)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "moyen\tpaiements\tattendu\tcompté\técart\t")
	for _, m := range z.Methods {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t\n", m.Method.French(), m.Payments, m.Expected, centsOr(m.Counted), centsOr(m.Difference))
	}
	tw.Flush()
	if z.Anchor != nil {
		fmt.Fprintln(w, anchorLine(*z.Anchor))
	}
}

// anchorLine says the anchor of an act for the organiser to keep, with the
// hash cut to its first 12 characters ("loto journal verify --anchor" takes
// it back, R27).
func anchorLine(a journal.Anchor) string {
	return "ancre du journal, à garder : " + a.Short()
}

// centsOr writes an amount, or a dash when there is none.
func centsOr(c *loto.Cents) string {
	if c == nil {
		return "—"
	}
	return c.String()
}
