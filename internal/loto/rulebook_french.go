package loto

import (
	"fmt"
	"strings"
	"time"
)

// The French of the published rules: times, durations, amounts and lists
// as the organiser's rulebook writes them ("8h00", "1 h 15"); amounts are
// written by euros (share.go), "5 €".

// hourFrench writes a time of day as the rulebook does: "8h00", "12h30".
func hourFrench(t TimeOfDay) string { return fmt.Sprintf("%dh%02d", int(t)/60, int(t)%60) }

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
func priceList(tiers []PriceTier) string {
	parts := make([]string, len(tiers))
	for i, t := range tiers {
		parts[i] = euros(t.Cents) + " " + tierFrench(t.Cards)
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
func (p Prize) rulePhrase() string {
	s := p.named()
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
