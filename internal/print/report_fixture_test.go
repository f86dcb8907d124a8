package print

import "fmt"

// dayReport returns a day's report as the caller would fill it, with
// refunds rows in the refund list: enough to span pages when large.
func dayReport(refunds int) Report {
	refundRows := make([][]string, refunds)
	for i := range refundRows {
		refundRows[i] = []string{
			fmt.Sprintf("V-%05d", i+1),
			[]string{"Accueil", "PMR", "Voiture"}[i%3],
			fmt.Sprintf("Joueur n° %d", i+1),
			[]string{"espèces", "carte", "chèque"}[i%3],
			fmt.Sprintf("%d,00", 5+i%4*5),
		}
	}
	return Report{
		Title:    "Rapport de la journée — Mega Loto",
		Subtitle: "dimanche 6 décembre 2026 — Salle Hermione, Saint-Brieuc",
		Footer:   "Empreinte du journal : n° 1234, 3fa95c0e7d1b42a8c6f0e9d3b5a7c1e2f4d6b8a0c2e4f6a8b0d2f4e6a8c0e2f4",
		Sections: []Section{
			{
				Title:   "Ventes par guichet et moyen de paiement",
				Columns: []string{"Guichet", "Session", "Espèces", "Carte bancaire", "Chèque", "Total"},
				Align:   []byte("LLRRRR"),
				Rows: [][]string{
					{"Accueil", "S1 (8h00–13h10)", "1 245,00", "860,00", "120,00", "2 225,00"},
					{"PMR", "S2 (8h00–12h55)", "310,00", "95,00", "0,00", "405,00"},
					{"Voiture", "S3 (8h15–15h00)", "540,00", "612,00", "48,00", "1 200,00"},
					{"Total", "", "2 095,00", "1 567,00", "168,00", "3 830,00"},
				},
				Notes: []string{"Montants en euros. Écart de caisse Accueil : −2,00 (compté 1 243,00 pour 1 245,00 attendus)."},
			},
			{
				Title:   "Lots attribués",
				Columns: []string{"Partie", "Phase", "Lot", "Cartes gagnantes", "Pions", "Part"},
				Align:   []byte("LLLLRR"),
				Rows: [][]string{
					{"1", "Quine", "Bon d'achat 30 €", "A-000123-K7", "", "30,00"},
					{"1", "Double quine", "Bon d'achat 50 € (partagé entre les deux pions les plus hauts, lot de consolation au troisième)", "B-000045-Q2, A-004410-Z9, C-000002-M1", "71, 64, 12", "25,00"},
					{"1", "Carton plein", "Robot tondeuse", "A-000777-P3", "", ""},
					{"12", "Carton plein", "Voiture (frais d'immatriculation à la charge du gagnant)", "V-000042-X1", "", ""},
				},
			},
			{
				Title:   "Remboursements (exclusion, report)",
				Columns: []string{"Vente", "Guichet", "Joueur", "Paiement", "Montant"},
				Align:   []byte("LLLLR"),
				Rows:    refundRows,
				Notes:   []string{fmt.Sprintf("%d ventes à rembourser.", refunds)},
			},
			{
				Title:   "Entrées",
				Columns: []string{"Billets barrés", "Acheteurs sans billet", "Cartes gratuites"},
				Align:   []byte("RRR"),
				Rows:    [][]string{{"212", "431", "212"}},
			},
		},
	}
}
