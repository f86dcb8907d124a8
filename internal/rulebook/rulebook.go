package rulebook

import (
	"fmt"
	"strings"
	"time"

	"loto/internal/game"
	"loto/internal/loto"
)

// Rulebook is the rules of the day as published (R34): built from the
// event's own settings in the words of the organiser's rulebook, it is the
// one text behind the page /reglement, its PDF and the board's summary.
type Rulebook struct {
	Title    string    `json:"title"`    // "Règlement du jeu — Méga Loto du Rotary Saint-Brieuc"
	Subtitle string    `json:"subtitle"` // the date and the venue
	Sections []Section `json:"sections"`
	// Summary is what the board recalls between games (R11): the stamp,
	// the call and the control, in a few short lines.
	Summary []string `json:"summary"`
}

// Section is a titled part of the rulebook.
type Section struct {
	Title string `json:"title"`
	Items []Item `json:"items"`
}

// Item is one paragraph of the rulebook, with the ids of the rules it
// states (docs/rules.md) and its sub-items: a game's stages and prizes.
type Item struct {
	Text  string   `json:"text"`
	Rules []string `json:"rules,omitempty"`
	Sub   []string `json:"sub,omitempty"`
}

// Of builds the day's rulebook from the event.
func Of(e *loto.EventSpec) Rulebook {
	r := Rulebook{
		Title:    "Règlement du jeu — " + e.Name,
		Subtitle: Subtitle(e),
	}
	add := func(title string, items ...Item) {
		r.Sections = append(r.Sections, Section{Title: title, Items: items})
	}
	add("Horaires", scheduleRules(e)...)
	add("Entrée dans la salle", entranceRules(e)...)
	add("Vente des cartes de jeu", saleRules(e)...)
	add("Déroulement des parties", gameRules(e)...)
	add("Programme des parties et des lots", programmeRules(e)...)
	add("Égalités et lots de consolation", tieRules(e)...)
	if s, ok := specialSeries(e); ok {
		add("Tirage spécial : "+s.Title, specialRules(e, s)...)
	}
	add("Remboursements, report et litiges", disputeRules(e)...)
	r.Summary = e.Reminder()
	return r
}

// item is an Item of text stating rules.
func item(text string, rules ...string) Item { return Item{Text: text, Rules: rules} }

func scheduleRules(e *loto.EventSpec) []Item {
	s := e.Schedule
	out := []Item{item("Ouverture des portes à "+hourFrench(s.Doors)+".", "R1")}
	start := "Début du loto à " + hourFrench(s.Start) + "."
	if len(s.Breaks) > 0 {
		var bs []string
		for _, b := range s.Breaks {
			bs = append(bs, fmt.Sprintf("%s vers %s (durée %s)", b.Label, hourFrench(b.At), durationFrench(b.Minutes)))
		}
		start += " Pauses prévues : " + listFrench(bs) + ". Le tableau affiche l'heure de la reprise."
	}
	return append(out, item(start, "R12"))
}

func entranceRules(e *loto.EventSpec) []Item {
	return []Item{
		item("L'accès à la salle est contrôlé via le billet de réservation.", "R2"),
		item("Aucun accès à la salle ne sera autorisé sans cartes de jeu : on entre avec les cartes achetées à une caisse, ou avec son billet de réservation, qui donne une carte gratuite.", "R3"),
		item("Sur présentation de votre billet de réservation, il vous sera remis une carte de jeu gratuite et le billet de réservation sera barré. Un billet ne se présente qu'une fois.", "R4", "R5"),
		item("Tout billet de réservation non barré sera déclaré comme nul.", "R5"),
	}
}

func saleRules(e *loto.EventSpec) []Item {
	var desks, pmr []string
	special := ""
	for _, d := range e.Desks {
		switch {
		case d.Special:
			special = d.Name
		default:
			desks = append(desks, quoted(d.Name))
			if d.PMR {
				pmr = append(pmr, quoted(d.Name))
			}
		}
	}
	where := fmt.Sprintf("Un espace de vente de cartes de jeu se tiendra à l'entrée de la salle, avec %s (%s)",
		loto.Plural(len(desks), "caisse", "caisses"), listFrench(desks))
	if len(pmr) == 1 {
		where += ", dont la caisse " + pmr[0] + " réservée aux personnes à mobilité réduite"
	} else if len(pmr) > 1 {
		where += ", dont les caisses " + listFrench(pmr) + " réservées aux personnes à mobilité réduite"
	}
	where += "."
	if special != "" {
		where += " La carte spéciale se vend à sa propre caisse, " + quoted(special) + "."
	}
	prices := "Tarif des cartes : " + priceList(e.Prices.Regular) + ". Les cartes de jeu vous seront remises par l'organisation (aucun choix de carte n'est possible)."
	if ex := priceExample(e.Prices.Regular); ex != "" {
		prices += " Pour plusieurs cartes, la caisse compte toujours le prix le plus avantageux : " + ex + "."
	}
	var methods []string
	for _, m := range loto.Methods {
		if m == loto.Cheque {
			methods = append(methods, "chèques (pièce d'identité demandée)")
		} else {
			methods = append(methods, m.French())
		}
	}
	return []Item{
		item(where, "R6", "R30"),
		item(prices, "R7"),
		item("Règlements acceptés aux caisses : "+strings.Join(methods, ", ")+". Pour un chèque, la nature et le numéro de la pièce d'identité sont relevés avec le numéro du chèque ; ces données ne servent qu'à la journée et peuvent être effacées sur demande.", "R8", "P1"),
		item("Chaque carte de jeu devra être tamponnée du tampon du jour. Toute carte non tamponnée sera nulle : seule peut gagner une carte enregistrée pour cette journée, vendue à une caisse, remise à l'entrée ou tamponnée par l'organisateur. Aucune carte ne sera échangeable ni remboursable.", "R9"),
		item("Les cartes de jeu de séries différentes de celles proposées à la vente ("+seriesList(e)+") seront refusées par l'organisateur afin d'éviter les doublons.", "R10"),
		item("Une carte achetée ou remise après le début d'une partie joue à partir de la partie suivante.", "R14"),
	}
}

// priceExample shows on a count of cards that the cheapest combination is
// charged (R7): "7 cartes : 25 € (la plaque de 6 et la carte)". The count is
// the smallest that needs two tiers; "" when a single card price is all.
func priceExample(tiers []loto.PriceTier) string {
	largest := 0
	for _, t := range tiers {
		largest = max(largest, t.Cards)
	}
	if largest <= 1 {
		return ""
	}
	n := largest + 1
	total, bundles, ok := loto.Price(loto.Regular, tiers, n)
	if !ok {
		return ""
	}
	var parts []string
	for _, b := range bundles {
		what := tierFrench(b.Cards)
		if b.Times > 1 {
			what = fmt.Sprintf("%d fois %s", b.Times, what)
		}
		parts = append(parts, what)
	}
	return fmt.Sprintf("%d cartes coûtent %s (%s)", n, total.Short(), listFrench(parts))
}

// seriesList names the series on sale with their colours: "série A, jaune ; série V, rose".
func seriesList(e *loto.EventSpec) string {
	var out []string
	for _, s := range e.Series {
		d := "série " + s.Code
		if s.Color != "" {
			d += ", " + s.Color
		}
		if s.Kind == loto.Special {
			d += ", carte spéciale"
		}
		out = append(out, d)
	}
	return strings.Join(out, " ; ")
}

func gameRules(e *loto.EventSpec) []Item {
	draw := "Le meneur de jeu indique en début de partie la nature ou la valeur du lot (bon d'achat) et tire les numéros de 1 à 90 à l'aide d'un tableau électronique qui affiche le numéro pour les joueurs. Il annonce le numéro. Si le numéro annoncé figure sur une des lignes du carton de jeu, le joueur le coche à l'aide d'un pion."
	how := "Les numéros sont tirés au sort par le logiciel : l'empreinte du tirage est affichée sur le tableau avant le premier numéro, et sa graine à la fin de la partie, pour que chacun puisse vérifier qu'aucun numéro n'était connu d'avance. Aucun numéro ne sort deux fois dans une partie."
	if e.Draw == loto.DrawManual {
		how = "Les numéros sortent d'un boulier ; le meneur de jeu saisit chacun sur le tableau électronique, qui l'affiche. Aucun numéro ne sort deux fois dans une partie."
	}
	return []Item{
		item("Le meneur de jeu rappelle avant le début des jeux les points importants du règlement et demande aux participants de vérifier que le tampon du jour figure bien sur leurs cartons.", "R11"),
		item(draw, "R13", "R14"),
		item(how, "R14"),
		item("Quand le joueur a rempli 1 ligne, il doit crier «\u00a0Quine\u00a0!\u00a0» et garder la main levée. Le meneur de jeu vérifie qu'il n'y a qu'un seul gagnant.", "R15", "R16"),
		item("Contrôle : le contrôleur indique que le carton est valide et annonce les numéros en commençant par le dernier numéro sorti, suivi des autres numéros de la ligne, au meneur de jeu qui vérifie et valide le contrôle. Un carton ne gagne que si le dernier numéro sorti est sur la ligne qu'il complète : un carton complet plus tôt qui n'a pas été annoncé a passé son tour.", "R20"),
		item("Si un gagnant se manifeste après le début du contrôle, il ne sera pas retenu. En cas d'erreur du joueur gagnant, la partie continue ; sinon, le lot en jeu est remis au gagnant.", "R21", "R22"),
		item("Les joueurs ne démarquent pas et la partie continue selon les mêmes règles pour 2 lignes sur un même carton (double quine). Une fois le contrôle effectué, la partie continue pour un carton plein. Après ce contrôle, les joueurs peuvent démarquer et la partie suivante peut commencer.", "R23"),
		item("En cas d'erreur d'un joueur, le meneur de jeu continue le tirage mais ne redonne pas les numéros sortis. Les joueurs ne doivent donc pas démarquer avant la fin de la partie validée par le meneur de jeu.", "R24"),
	}
}

func programmeRules(e *loto.EventSpec) []Item {
	special := hasKind(e, loto.Special)
	var out []Item
	for i, g := range e.Programme {
		it := Item{Text: fmt.Sprintf("%d. %s", i+1, g.Title), Rules: []string{"R13", "R23"}}
		if special {
			switch {
			case !g.Accepts(loto.Regular):
				it.Text += " — avec la carte spéciale uniquement"
				it.Rules = append(it.Rules, "R31")
			case g.Accepts(loto.Special):
				it.Text += " — cartes ordinaires et carte spéciale"
				it.Rules = append(it.Rules, "R32")
			}
		}
		if g.Notes != "" {
			it.Text += ". " + sentence(g.Notes)
		}
		for _, s := range g.Stages {
			it.Sub = append(it.Sub, s.Stage.Title()+" : "+rulePhrase(s.Prize))
		}
		out = append(out, it)
	}
	return out
}

func tieRules(e *loto.EventSpec) []Item {
	out := []Item{item("En cas d'égalité de 2 ou plusieurs gagnants, le meneur de jeu fait procéder à un tirage au sort à l'aide d'un sac de pions numérotés de 1 à 90 par les contrôleurs. Le plus grand numéro tiré est retenu.", "R17")}
	vouchers, objects := prizeKinds(e)
	if vouchers {
		share := "En cas d'égalité sur les parties dotées de bons d'achat, il sera proposé un partage des gains entre les gagnants. Si les gains sont indivisibles"
		// The rulebook's example, worked out by the rule the awards apply.
		if m := game.SharedBy(2000, 100, 3); sharesInEuros(e) {
			share += fmt.Sprintf(" (exemple : 20 € pour 3 gagnants), on procédera à un tirage au sort et les gains seront partagés entre les %d joueurs ayant tiré les plus grands numéros, %s chacun ; le joueur ayant tiré le plus petit numéro aura un lot de consolation.", m, loto.Cents(2000/m).Short())
			// The rule for any amount (R19), with a second example worked
			// out by the same rule: more than two may share.
			n := game.SharedBy(3000, 100, 4)
			share += fmt.Sprintf(" Quel que soit le montant, le bon est partagé en parts égales, chacune d'un nombre entier d'euros, entre le plus grand nombre possible de gagnants, ceux qui ont tiré les plus grands numéros ; chacun des autres reçoit un lot de consolation (exemple : 30 € pour 4 gagnants, %s et %s).",
				loto.Plural(n, "part de "+loto.Cents(3000/n).Short(), "parts de "+loto.Cents(3000/n).Short()), loto.Plural(4-n, "lot de consolation", "lots de consolation"))
		} else {
			share += ", on procédera à un tirage au sort : quel que soit le montant, le bon est partagé en parts égales, chacune un multiple de l'unité de partage du bon, entre le plus grand nombre possible de gagnants, ceux qui ont tiré les plus grands numéros ; chacun des autres reçoit un lot de consolation."
		}
		out = append(out, item(share, "R18", "R19"))
	}
	for _, o := range objects {
		out = append(out, item("Égalité du lot "+o.label+" : le plus grand numéro tiré emporte le lot ; chacun des autres gagnants reçoit un lot de consolation ("+o.consolation+").", "R25"))
	}
	if vouchers {
		out = append(out, item("Égalité des lots de bons d'achat : à partager si plusieurs gagnants ; chaque gagnant sans part reçoit un lot de consolation.", "R25"))
	}
	return append(out, item("Aucun lot de consolation ne sera remis en jeu et aucun lot ne sera remboursable ou échangeable. Conformément à la loi, aucun lot n'est une somme d'argent.", "R26", "L1"))
}

// objectPrize is a prize object with its consolation, for its tie rule (R25).
type objectPrize struct{ label, consolation string }

// prizeKinds says whether a voucher is played, and lists the object
// prizes once each in programme order.
func prizeKinds(e *loto.EventSpec) (vouchers bool, objects []objectPrize) {
	seen := map[string]bool{}
	for _, g := range e.Programme {
		for _, s := range g.Stages {
			switch p := s.Prize; {
			case p.Kind == loto.Voucher:
				vouchers = true
			case !seen[p.Label]:
				seen[p.Label] = true
				objects = append(objects, objectPrize{p.Label, p.Consolation})
			}
		}
	}
	return vouchers, objects
}

// sharesInEuros says whether every voucher is shared in whole euros, the
// unit of the rulebook's example.
func sharesInEuros(e *loto.EventSpec) bool {
	for _, g := range e.Programme {
		for _, s := range g.Stages {
			if s.Prize.Kind == loto.Voucher && s.Prize.UnitCents != 100 {
				return false
			}
		}
	}
	return true
}

func hasKind(e *loto.EventSpec, k loto.Kind) bool {
	for _, s := range e.Series {
		if s.Kind == k {
			return true
		}
	}
	return false
}

// specialSeries is the first special series on sale (R30).
func specialSeries(e *loto.EventSpec) (loto.SeriesOnSale, bool) {
	for _, s := range e.Series {
		if s.Kind == loto.Special {
			return s, true
		}
	}
	return loto.SeriesOnSale{}, false
}

func specialRules(e *loto.EventSpec, s loto.SeriesOnSale) []Item {
	price := "Le tirage se fera avec une carte spéciale"
	if len(e.Prices.Special) == 1 {
		price += " à " + e.Prices.Special[0].Cents.Short()
	}
	price += " de couleur différente (" + s.Color + ", série " + s.Code + ")."
	desk := "Cette carte"
	if len(e.Prices.Special) > 1 {
		desk += " (tarif : " + priceList(e.Prices.Special) + ")"
	}
	var desks []string
	for _, d := range e.Desks {
		if d.Special {
			desks = append(desks, quoted(d.Name))
		}
	}
	desk += " sera en vente à une caisse dédiée (" + listFrench(desks) + ") et signalée par un panneau (aucun choix de carte n'est possible)."
	out := []Item{item(price, "R30"), item(desk, "R30")}
	var only, also []string
	for _, g := range e.Programme {
		switch {
		case g.Accepts(loto.Special) && !g.Accepts(loto.Regular):
			only = append(only, quoted(g.Title))
		case g.Accepts(loto.Special):
			also = append(also, quoted(g.Title))
		}
	}
	if len(only) > 0 {
		out = append(out, item("Seule cette carte joue à "+theGames(only)+".", "R31"))
	}
	if len(also) > 0 {
		out = append(out, item("Cette carte servira également pour "+theGames(also)+".", "R32"))
	}
	for _, g := range e.Programme {
		for _, st := range g.Stages {
			if g.Accepts(loto.Special) && st.Prize.Notes != "" {
				out = append(out, item(st.Prize.Label+" : "+sentence(st.Prize.Notes), "R33"))
			}
		}
	}
	return out
}

func disputeRules(e *loto.EventSpec) []Item {
	return []Item{
		item("Aucune carte n'est remboursée, sauf en cas d'exclusion ou de report du loto.", "R9"),
		item("En cas de litige, seul l'organisateur ou le meneur de jeu prendra une décision pour régler ce litige. Chaque décision est enregistrée dans le journal de la journée (qui, quand, quoi, pourquoi) ; rien de ce qui est enregistré n'est modifié ni effacé, et l'ancre du journal affichée sur le tableau permet de le vérifier ensuite.", "R27"),
		item("Toute personne perturbant le bon déroulement du loto sera exclue de la salle par l'organisateur après un remboursement de ses cartes de jeu ; ces cartes, la carte gratuite de son billet comprise, sont alors annulées.", "R28"),
		item("L'organisateur se réserve le droit de reporter le loto en cas de manque de participants : la vente s'arrête et chaque vente est remboursée.", "R29"),
		item("Ce règlement est publié sur la page "+e.RulesURL()+" et en PDF ("+e.RulesURL()+".pdf) ; le tableau en rappelle l'essentiel entre les parties.", "R34"),
	}
}

// theGames names games by their titles: "la partie « X »", "les parties « X » et « Y »".
func theGames(titles []string) string {
	if len(titles) == 1 {
		return "la partie " + titles[0]
	}
	return "les parties " + listFrench(titles)
}

// The French of the published rules: times, durations, amounts and lists
// as the organiser's rulebook writes them ("8h00", "1 h 15"); amounts are
// written by euros (share.go), "5 €".

// hourFrench writes a time of day as the rulebook does: "8h00", "12h30".
func hourFrench(t loto.TimeOfDay) string { return fmt.Sprintf("%dh%02d", int(t)/60, int(t)%60) }

// durationFrench writes minutes as "30 min", "1 h" or "1 h 15", with
// no-break spaces: a duration is never cut at the end of a line.
func durationFrench(minutes int) string {
	h, m := minutes/60, minutes%60
	switch {
	case h == 0:
		return fmt.Sprintf("%d\u00a0min", m)
	case m == 0:
		return fmt.Sprintf("%d\u00a0h", h)
	}
	return fmt.Sprintf("%d\u00a0h\u00a0%02d", h, m)
}

// tierFrench names what a price tier buys: "la carte", "la plaque de 3",
// "les 2 cartes". A plate is a strip of 6 cards or half of one.
func tierFrench(cards int) string {
	switch cards {
	case 1:
		return "la carte"
	case 3, 6:
		return fmt.Sprintf("la plaque de %d", cards)
	}
	return fmt.Sprintf("les %d cartes", cards)
}

// priceList writes a price list as the rulebook does: "5 € la carte –
// 12 € la plaque de 3 – 20 € la plaque de 6".
func priceList(tiers []loto.PriceTier) string {
	parts := make([]string, len(tiers))
	for i, t := range tiers {
		parts[i] = t.Cents.Short() + " " + tierFrench(t.Cards)
	}
	return strings.Join(parts, " – ")
}

// listFrench joins words as French does: "a", "a et b", "a, b et c".
func listFrench(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " et " + words[len(words)-1]
}

// rulePhrase is a prize as the programme of the rules writes it: what it
// is, who offers it and its consolation, then its notes as a sentence of
// their own: "Voiture Citroën Ami, offert par Garage du Légué (consolation
// en cas d'égalité : panier garni). Les frais d'immatriculation du véhicule
// sont à la charge du gagnant." Notes are the organiser's sentences, often
// ended by a full stop: nothing is joined after them.
func rulePhrase(p loto.Prize) string {
	s := p.Named()
	if sp := p.Sponsor; sp != nil && sp.Name != "" {
		s += ", offert par " + sp.Name
	}
	if p.Consolation != "" {
		s += " (consolation en cas d'égalité : " + p.Consolation + ")"
	}
	if p.Notes != "" {
		s += ". " + sentence(p.Notes)
	}
	return s
}

// sentence ends a text typed by the organiser as one sentence, with a
// single final mark: "à la charge du gagnant" and "à la charge du
// gagnant." both give "à la charge du gagnant.".
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}

// quoted puts a name typed by the organiser in French quotes, held to it
// by no-break spaces so that no line starts with a quote mark.
func quoted(s string) string { return "«\u00a0" + s + "\u00a0»" }

// Subtitle names the day as the rulebook's subtitle does: its date the
// French way and its venue, "dimanche 16 mars 2025 — Salle Hermione".
func Subtitle(e *loto.EventSpec) string { return FrenchDate(e.Date) + " — " + e.Venue }

// FrenchDate writes a YYYY-MM-DD date the French way, "dimanche 16 mars
// 2025"; a date it cannot read is written as given.
func FrenchDate(date string) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	days := []string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}
	months := []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
	day := fmt.Sprint(t.Day())
	if t.Day() == 1 {
		day = "1er"
	}
	return fmt.Sprintf("%s %s %s %d", days[t.Weekday()], day, months[t.Month()-1], t.Year())
}
