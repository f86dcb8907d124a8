package print

import (
	"fmt"

	"loto/internal/loto"
)

// SessionZ lays a desk session's Z report out for ReportPDF: what the desk
// sold, then for each payment method what the till should hold against
// what was counted with the difference, the cash counted note by note and
// coin by coin, and the closing's anchor in the footer (R27).
func SessionZ(event string, z loto.SessionReport) Report {
	doc := Report{Title: fmt.Sprintf("Rapport Z — caisse « %s », session %d", z.Desk, z.Session), Subtitle: event}
	closed := "session ouverte : rapport provisoire"
	if z.ClosedAt != nil {
		closed = fmt.Sprintf("close à %s par %s", hhmm(*z.ClosedAt), z.ClosedBy)
	}
	doc.Sections = append(doc.Sections, Section{Title: "Session", Columns: []string{"", ""}, Align: []byte("LR"), Rows: [][]string{
		{"Ouverture", fmt.Sprintf("%s par %s", hhmm(z.OpenedAt), z.OpenedBy)}, {"Clôture", closed},
		{"Fond de caisse", z.Float.String()}, {"Ventes", itoa(z.Sales)}, {"Cartes vendues", itoa(z.Cards)},
		{"Recettes (monnaie rendue déduite)", z.SalesCents.String()},
		{"Remboursements", fmt.Sprintf("%d (%s)", z.Refunds, z.RefundedCents)},
	}})
	methods := Section{Title: "Par moyen de paiement", Columns: []string{"Moyen", "Paiements", "Reçu", "Attendu", "Compté", "Écart"}, Align: []byte("LRRRRR"),
		Notes: []string{"Espèces attendues : fond de caisse + espèces reçues - monnaie rendue - remboursements payés."}}
	for _, m := range z.Methods {
		methods.Rows = append(methods.Rows, []string{m.Method.French(), itoa(m.Payments), m.Received.String(), m.Expected.String(), centsOr(m.Counted), centsOr(m.Difference)})
	}
	doc.Sections = append(doc.Sections, methods)
	count := Section{Title: "Espèces comptées", Columns: []string{"Coupure", "Nombre", "Montant"}, Align: []byte("RRR")}
	var total loto.Cents
	for _, d := range z.Count {
		if d.Count == 0 {
			continue
		}
		total += d.Cents * loto.Cents(d.Count)
		count.Rows = append(count.Rows, []string{d.Cents.String(), itoa(d.Count), (d.Cents * loto.Cents(d.Count)).String()})
	}
	if z.ClosedAt != nil {
		count.Rows = append(count.Rows, []string{"Total", "", total.String()})
		doc.Sections = append(doc.Sections, count)
	}
	doc.Footer = "rapport Z de la caisse « " + z.Desk + " »"
	if z.Anchor != nil {
		doc.Footer += fmt.Sprintf(" — ancre du journal %s (loto journal verify --anchor)", z.Anchor.Short())
	}
	return doc
}
