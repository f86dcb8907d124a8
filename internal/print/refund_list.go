package print

import (
	"fmt"
	"strings"

	"loto/internal/loto"
	"loto/internal/report"
	"loto/internal/rulebook"
)

// RefundList lays out the refund list of a postponed loto (R29): every sale
// still to refund, with its desk, time, payment and cards, and the refunds
// already paid. It names no person: a sale is found by its number and its
// cards, which the buyer hands back.
func RefundList(r report.DayReport) (Report, error) {
	pp := r.Postponed
	if pp == nil {
		return Report{}, loto.Errorf(loto.EConflict, "le loto n'est pas reporté : pas de liste de remboursements (R29)")
	}
	doc := Report{Title: "Remboursements du loto reporté — " + r.Event, Subtitle: rulebook.FrenchDate(r.Date) + ", " + r.Venue,
		Footer: fmt.Sprintf("liste au journal n° %d, ancre %s (loto journal verify --anchor)", r.HeadSeq, r.Anchor.Short())}
	due := Section{Title: "Ventes à rembourser (R29)", Columns: []string{"Vente", "Caisse", "Heure", "Paiement", "Montant", "Cartes"}, Align: []byte("RLLLRL")}
	var total loto.Cents
	for _, s := range pp.ToRefund {
		var paid []string
		for _, p := range s.Payments {
			paid = append(paid, p.Method.French())
		}
		due.Rows = append(due.Rows, []string{itoa(s.ID), s.Desk, hhmm(s.Time), strings.Join(paid, " + "), s.Total.String(),
			plural(len(s.Cards), "carte", "cartes") + " : " + strings.Join(s.Cards, " ")})
		total += s.Total
	}
	due.Notes = []string{fmt.Sprintf("Reporté à %s par %s : %s.", hhmm(pp.Time), pp.By, pp.Reason),
		fmt.Sprintf("%s à rembourser, %s en tout.", plural(len(pp.ToRefund), "vente", "ventes"), total)}
	doc.Sections = append(doc.Sections, due)
	done := Section{Title: "Remboursements payés", Columns: []string{"N°", "Vente", "Caisse", "Montant", "Heure", "Par"}, Align: []byte("RRLRLL")}
	for _, f := range r.Refunds {
		if f.Reason == loto.RefundPostponement {
			done.Rows = append(done.Rows, []string{itoa(f.ID), itoa(f.Sale), f.Desk, f.Cents.String(), hhmm(f.Time), f.By})
		}
	}
	doc.Sections = append(doc.Sections, done)
	return doc, nil
}
