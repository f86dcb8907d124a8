package print

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"loto/internal/loto"
	"loto/internal/report"
	"loto/internal/rulebook"
)

// DayReport lays the day's report out as tables for ReportPDF and
// ReportCSV, every amount formatted the French way.
func DayReport(r report.DayReport) Report {
	doc := Report{
		Title:    "Rapport de la journée — " + r.Event,
		Subtitle: rulebook.FrenchDate(r.Date) + ", " + r.Venue,
	}
	state := "rapport provisoire : la journée n'est pas finie"
	if r.Final {
		state = "rapport final"
	}
	doc.Footer = fmt.Sprintf("%s — journal : %s, ancre %s (loto journal verify --anchor)", state, plural(int(r.HeadSeq), "événement", "événements"), r.Anchor.Short())
	add := func(s Section) { doc.Sections = append(doc.Sections, s) }
	t := r.Totals
	add(Section{Title: "Totaux", Columns: []string{"Total", "Valeur"}, Align: []byte("LR"), Rows: [][]string{
		{"Ventes", itoa(t.Sales)}, {"Cartes vendues", itoa(t.Cards)}, {"Cartes gratuites (billets)", itoa(t.FreeCards)},
		{"Recettes", t.SalesCents.String()}, {"Remboursements", t.RefundedCents.String()}, {"Net", t.NetCents.String()},
	}})
	desks := Section{Title: "Par caisse", Columns: []string{"Caisse", "Type", "Sessions", "Ventes", "Cartes", "Recettes", "Remboursé", "État"},
		Align: []byte("LLRRRRRL")}
	for _, d := range r.Desks {
		kind, open := "ordinaire", "fermée"
		if d.Special {
			kind = "carte spéciale"
		} else if d.PMR {
			kind = "PMR"
		}
		if d.Open {
			open = "ouverte"
		}
		desks.Rows = append(desks.Rows, []string{d.Desk, kind, itoa(d.Sessions), itoa(d.Sales), itoa(d.Cards), d.SalesCents.String(), d.RefundedCents.String(), open})
	}
	add(desks)
	add(sessionsSection(r.Sessions))
	methods := Section{Title: "Par moyen de paiement", Columns: []string{"Moyen", "Paiements", "Reçu", "Monnaie rendue", "Net"}, Align: []byte("LRRRR")}
	for _, m := range r.Methods {
		methods.Rows = append(methods.Rows, []string{m.Method.French(), itoa(m.Payments), m.Received.String(), m.Change.String(), m.Net.String()})
	}
	add(methods)
	series := Section{Title: "Par série", Columns: []string{"Série", "Type", "Cartes", "Vendues", "Gratuites", "Annulées", "Recettes"}, Align: []byte("LLRRRRR")}
	for _, s := range r.Series {
		series.Rows = append(series.Rows, []string{s.Series, s.Kind.French(), itoa(s.Cards), itoa(s.Sold), itoa(s.Free), itoa(s.Voided), s.SalesCents.String()})
	}
	series.Notes = []string{"Une vente de plusieurs séries partage son prix entre elles au nombre de cartes."}
	add(series)
	free := Section{Title: "Cartes gratuites remises à l'entrée (R4)", Columns: []string{"Billet", "Réservation", "Carte", "Entrée", "Par", "Heure"},
		Notes: []string{"Sans nom (P1) : le numéro de réservation retrouve son titulaire sur la liste de l'organisateur."}}
	for _, f := range r.Free {
		free.Rows = append(free.Rows, []string{"n° " + itoa(f.Ticket), "n° " + itoa(f.Reservation), f.Card, f.Door, f.By, hhmm(f.Time)})
	}
	add(free)
	a := r.Attendance
	add(Section{Title: "Fréquentation", Columns: []string{"Entrées", "Nombre"}, Align: []byte("LR"), Rows: [][]string{
		{"Réservations", itoa(a.Reservations)}, {"Billets émis", itoa(a.Tickets)}, {"Billets barrés (entrées avec réservation)", itoa(a.Crossed)},
		{"Billets non barrés", itoa(a.NotCrossed)}, {"Ventes", itoa(a.Sales)}, {"Ventes sans billet (acheteurs sans réservation, R3)", itoa(a.WalkInSales)},
	}})
	add(prizesSection(r.Prizes))
	refunds := Section{Title: "Remboursements (R28, R29)", Columns: []string{"N°", "Vente", "Raison", "Caisse", "Montant", "Cartes", "Heure", "Par", "Note"},
		Align: []byte("RRLLRRLLL")}
	for _, f := range r.Refunds {
		refunds.Rows = append(refunds.Rows, []string{itoa(f.ID), itoa(f.Sale), reasonFrench(f.Reason), f.Desk, f.Cents.String(), itoa(len(f.Cards)), hhmm(f.Time), f.By, f.Note})
	}
	add(refunds)
	if pp := r.Postponed; pp != nil {
		due := Section{Title: "Ventes à rembourser : loto reporté (R29)", Columns: []string{"Vente", "Caisse", "Heure", "Montant", "Cartes"}, Align: []byte("RLLRL"),
			Notes: []string{fmt.Sprintf("Reporté à %s par %s : %s.", hhmm(pp.Time), pp.By, pp.Reason)}}
		for _, s := range pp.ToRefund {
			due.Rows = append(due.Rows, []string{itoa(s.ID), s.Desk, hhmm(s.Time), s.Total.String(), strings.Join(s.Cards, " ")})
		}
		add(due)
	}
	breaks := Section{Title: "Pauses (R12)", Columns: []string{"Pause", "Début", "Reprise prévue", "Fin"}}
	for _, b := range r.Breaks {
		end := "en cours"
		if b.Ended != nil {
			end = hhmm(*b.Ended)
		}
		breaks.Rows = append(breaks.Rows, []string{b.Label, hhmm(b.Started), hhmm(b.Resumes), end})
	}
	add(breaks)
	return doc
}

// sessionsSection is the Z report of every session, a row per payment method.
func sessionsSection(sessions []loto.SessionReport) Section {
	s := Section{Title: "Par session de caisse (Z)", Columns: []string{"Session", "Caisse", "Ouverture", "Clôture", "Fond", "Moyen", "Attendu", "Compté", "Écart"},
		Align: []byte("RLLLRLRRR")}
	for _, z := range sessions {
		closed := "ouverte"
		if z.ClosedAt != nil {
			closed = hhmm(*z.ClosedAt)
		}
		for _, m := range z.Methods {
			s.Rows = append(s.Rows, []string{itoa(z.Session), z.Desk, hhmm(z.OpenedAt), closed, z.Float.String(), m.Method.French(),
				m.Expected.String(), centsOr(m.Counted), centsOr(m.Difference)})
		}
	}
	s.Notes = []string{"Espèces attendues : fond de caisse + espèces reçues - monnaie rendue - remboursements payés."}
	return s
}

// prizesSection lists the winning cards of every awarded stage, with tokens and shares.
func prizesSection(prizes []report.PrizeLine) Section {
	s := Section{Title: "Lots attribués", Columns: []string{"Partie", "Étape", "Lot", "Carte gagnante", "Pion", "Part"}, Align: []byte("LLLLRR")}
	for _, p := range prizes {
		token, share := "—", "—"
		if p.Token != nil {
			token = itoa(*p.Token)
		}
		if p.Share != "" {
			share = p.Share
		}
		prize := p.Prize
		if p.Consolation {
			prize += " (consolation)"
		}
		s.Rows = append(s.Rows, []string{fmt.Sprintf("%d. %s", p.Game, p.Title), p.Stage.French(), prize, p.Serial, token, share})
	}
	return s
}

func reasonFrench(r loto.RefundReason) string {
	if r == loto.RefundPostponement {
		return "report"
	}
	return string(r)
}

func itoa(n int) string { return strconv.Itoa(n) }

// hhmm writes the time of day of a journal time in the zone it carries:
// the Day gives every time in the event's zone (R1), never the machine's.
func hhmm(t time.Time) string { return t.Format("15:04") }

// plural writes a count with its noun, singular for 0 and 1 as French
// writes them: "1 carte", "0 carte", "2 cartes".
func plural(n int, one, many string) string {
	if n >= 2 {
		return strconv.Itoa(n) + " " + many
	}
	return strconv.Itoa(n) + " " + one
}

// centsOr writes an amount, or a dash when there is none.
func centsOr(c *loto.Cents) string {
	if c == nil {
		return "—"
	}
	return c.String()
}
