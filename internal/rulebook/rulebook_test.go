package rulebook

import (
	"bytes"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/loto"
)

// rulebookText is the whole rulebook as one text, a line per item and
// sub-item, for assertions on what it says.
func rulebookText(r Rulebook) string {
	var b strings.Builder
	b.WriteString(r.Title + "\n" + r.Subtitle + "\n")
	for _, s := range r.Sections {
		b.WriteString("## " + s.Title + "\n")
		for _, it := range s.Items {
			b.WriteString(it.Text + " [" + strings.Join(it.Rules, " ") + "]\n")
			for _, sub := range it.Sub {
				b.WriteString("  - " + sub + "\n")
			}
		}
	}
	// The text holds no-break spaces inside its quotes; the tests write spaces.
	return strings.ReplaceAll(b.String(), "\u00a0", " ")
}

// edited is the example event file with old replaced by new, once.
func edited(t *testing.T, old, new string) []byte {
	t.Helper()
	if bytes.Count(examples.MegaLoto, []byte(old)) != 1 {
		t.Fatalf("the example event file holds %q not exactly once", old)
	}
	return bytes.Replace(examples.MegaLoto, []byte(old), []byte(new), 1)
}

// TestR34_RulebookSaysTheEventsSettings: the published rules are the
// event's own settings in the rulebook's French: times (R1, R12), prices
// with the cheapest combination (R7), desks (R6, R30), payment (R8), the
// series (R10), the programme with its prizes and consolations, the car's
// card and its games (R30–R33), ties (R17–R19, R25).
func TestR34_RulebookSaysTheEventsSettings(t *testing.T) {
	r := Of(eventSpec(t, examples.MegaLoto))
	text := rulebookText(r)
	for _, want := range []string{
		"Règlement du jeu — Méga Loto du Rotary Saint-Brieuc\ndimanche 16 mars 2025 — Salle Hermione, Saint-Brieuc\n",
		"Ouverture des portes à 8h00. [R1]",
		"Début du loto à 11h00. Pauses prévues : pause repas vers 12h30 (durée 1 h 15) et entracte vers 15h30 (durée 30 min).",
		"avec 3 caisses (« caisse-1 », « caisse-2 » et « pmr »), dont la caisse « pmr » réservée aux personnes à mobilité réduite. La carte spéciale se vend à sa propre caisse, « voiture ».",
		"Tarif des cartes : 5 € la carte – 12 € la plaque de 3 – 20 € la plaque de 6.",
		"7 cartes coûtent 25 € (la plaque de 6 et la carte)",
		"Règlements acceptés aux caisses : espèces, carte bancaire, chèques (pièce d'identité demandée).",
		"Toute carte non tamponnée sera nulle",
		"(série A, jaune ; série V, rose, carte spéciale) seront refusées",
		"Les numéros sont tirés au sort par le logiciel",
		"1. Partie 1 [R13 R23]\n  - Quine : Bon d'achat de 30 € (consolation en cas d'égalité : bouteille de cidre)\n  - Double quine : Bon d'achat de 50 € (consolation en cas d'égalité : bouteille de cidre)\n  - Carton plein : Bon d'achat de 100 € (consolation en cas d'égalité : panier garni)\n",
		"8. Le tirage de la voiture — avec la carte spéciale uniquement. Tirage avec la carte spéciale à 6 € uniquement. [R13 R23 R31]\n  - Carton plein : Voiture Citroën Ami, offert par Garage du Légué (consolation en cas d'égalité : panier garni). Les frais d'immatriculation du véhicule sont à la charge du gagnant.\n",
		"9. Partie 9 — le robot tondeuse — cartes ordinaires et carte spéciale [R13 R23 R32]",
		"(exemple : 20 € pour 3 gagnants), on procédera à un tirage au sort et les gains seront partagés entre les 2 joueurs ayant tiré les plus grands numéros, 10 € chacun",
		"Égalité du lot Robot tondeuse : le plus grand numéro tiré emporte le lot ; chacun des autres gagnants reçoit un lot de consolation (panier garni). [R25]",
		"## Tirage spécial : Tirage de la voiture\nLe tirage se fera avec une carte spéciale à 6 € de couleur différente (rose, série V). [R30]\nCette carte sera en vente à une caisse dédiée (« voiture ») et signalée par un panneau",
		"Seule cette carte joue à la partie « Le tirage de la voiture ». [R31]",
		"Cette carte servira également pour les parties « Partie 9 — le robot tondeuse », « Partie 10 — le voyage » et « Partie 11 — la dernière ». [R32]",
		"Voiture Citroën Ami : Les frais d'immatriculation du véhicule sont à la charge du gagnant. [R33]",
		"seul l'organisateur ou le meneur de jeu prendra une décision pour régler ce litige",
		"reporter le loto en cas de manque de participants",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rulebook lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("the rulebook:\n%s", text)
	}
	summary := strings.ReplaceAll(strings.Join(r.Summary, "\n"), "\u00a0", " ")
	if !strings.Contains(summary, "tampon du jour") || !strings.Contains(summary, "« Quine ! »") {
		t.Errorf("the board's summary lacks the stamp or the call (R11): %q", r.Summary)
	}
}

// TestR34_RulebookChangesWithTheEventFile: every setting the rules state
// comes from the event file, so changing it there changes the text.
func TestR34_RulebookChangesWithTheEventFile(t *testing.T) {
	cases := []struct {
		name, old, new string
		want, gone     string
	}{
		{"price", "{cards: 3, cents: 1200}", "{cards: 3, cents: 1350}",
			"5 € la carte – 13,50 € la plaque de 3 – 20 € la plaque de 6", "12 € la plaque de 3"},
		{"doors", `doors: "08:00"`, `doors: "07:45"`, "Ouverture des portes à 7h45.", "8h00"},
		{"special price", "{cards: 1, cents: 600}", "{cards: 1, cents: 700}", "une carte spéciale à 7 € de couleur", "une carte spéciale à 6 €"},
		{"manual draw", "draw: rng", "draw: manual", "Les numéros sortent d'un boulier", "tirés au sort par le logiciel"},
		{"pmr desk", "{name: pmr, pmr: true}", "{name: accueil-pmr, pmr: true}", "dont la caisse « accueil-pmr » réservée", "« pmr »"},
		{"prize", "label: Robot tondeuse", "label: Vélo électrique", "Égalité du lot Vélo électrique :", "Robot tondeuse"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := rulebookText(Of(eventSpec(t, edited(t, tc.old, tc.new))))
			if !strings.Contains(text, tc.want) {
				t.Errorf("after %s → %s the rulebook lacks %q", tc.old, tc.new, tc.want)
			}
			if strings.Contains(text, tc.gone) {
				t.Errorf("after %s → %s the rulebook still says %q", tc.old, tc.new, tc.gone)
			}
		})
	}
}

// TestR34_RulebookWithoutSpecialCardOrVoucher: a day without the car's
// card has no special section nor a word of it, and a day of objects only
// does not speak of sharing.
func TestR34_RulebookWithoutSpecialCardOrVoucher(t *testing.T) {
	spec := eventSpec(t, examples.MegaLoto)
	spec.Series = spec.Series[:1]
	spec.Prices.Special = nil
	spec.Desks = spec.Desks[:3]
	var games []loto.GameSpec
	for _, g := range spec.Programme {
		if g.Accepts(loto.Regular) {
			g.Kinds = []loto.Kind{loto.Regular}
			for i := range g.Stages {
				g.Stages[i].Prize = loto.Prize{Label: "Panier garni n° " + string(rune('1'+i)), Kind: loto.Object, Consolation: "bouteille de cidre"}
			}
			games = append(games, g)
		}
	}
	spec.Programme = games
	r := Of(spec)
	text := rulebookText(r)
	for _, gone := range []string{"spéciale", "Tirage spécial", "partage", "bon d'achat se partage"} {
		if strings.Contains(text, gone) || strings.Contains(strings.Join(r.Summary, " "), gone) {
			t.Errorf("a day without special card nor voucher: the rules say %q", gone)
		}
	}
	if !strings.Contains(text, "Égalité du lot Panier garni n° 1 :") {
		t.Errorf("the tie rule of an object prize is missing:\n%s", text)
	}
}

func TestFrenchDateAndDurations(t *testing.T) {
	for in, want := range map[string]string{"2025-03-16": "dimanche 16 mars 2025", "2026-12-01": "mardi 1er décembre 2026", "16/03": "16/03"} {
		if got := FrenchDate(in); got != want {
			t.Errorf("FrenchDate(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[int]string{30: "30 min", 60: "1 h", 75: "1 h 15", 125: "2 h 05"} {
		if got := strings.ReplaceAll(durationFrench(in), "\u00a0", " "); got != want {
			t.Errorf("durationFrench(%d) = %q, want %q", in, got, want)
		}
	}
}

// TestR34_RulebookNamesTheSponsors: a prize's sponsor is thanked in the
// programme of the rules, beside its prize.
func TestR34_RulebookNamesTheSponsors(t *testing.T) {
	spec := eventSpec(t, examples.MegaLoto)
	spec.Programme[0].Stages[0].Prize.Sponsor = &loto.Sponsor{Name: "Boulangerie Le Fournil"}
	text := rulebookText(Of(spec))
	if !strings.Contains(text, "  - Quine : Bon d'achat de 30 €, offert par Boulangerie Le Fournil (consolation") {
		t.Errorf("the sponsor is not named beside its prize:\n%s", text)
	}
	// The example's car is given by the garage of its event file.
	if !strings.Contains(text, "offert par Garage du Légué") {
		t.Errorf("the example's sponsor is not named:\n%s", text)
	}
	if strings.Count(text, "offert par") != 2 {
		t.Errorf("%d sponsors named, the day has 2", strings.Count(text, "offert par"))
	}
}

// TestR3_RulebookAdmitsOnATicketOrOnCards: the published entrance rule
// lets in who holds a reservation ticket or who bought cards, not only
// who has both (R3's decision, with R4's free card).
func TestR3_RulebookAdmitsOnATicketOrOnCards(t *testing.T) {
	text := rulebookText(Of(eventSpec(t, examples.MegaLoto)))
	if strings.Contains(text, "sans billet de réservation ou sans") {
		t.Errorf("the entrance rule reads as if a ticket and a purchase were both needed:\n%s", text)
	}
	want := "Aucun accès à la salle ne sera autorisé sans cartes de jeu : on entre avec les cartes achetées à une caisse, ou avec son billet de réservation, qui donne une carte gratuite. [R3]"
	if !strings.Contains(text, want) {
		t.Errorf("the rulebook lacks %q:\n%s", want, text)
	}
}

// TestR19_RulebookStatesTheShareOfAnyAmount: the players read how any
// voucher is shared, not only the rulebook's 20 € for 3, with a second
// example the awards' own rule works out (30 € for 4: 3 shares of 10 €).
func TestR19_RulebookStatesTheShareOfAnyAmount(t *testing.T) {
	text := rulebookText(Of(eventSpec(t, examples.MegaLoto)))
	for _, want := range []string{
		"Quel que soit le montant, le bon est partagé en parts égales, chacune d'un nombre entier d'euros, entre le plus grand nombre possible de gagnants, ceux qui ont tiré les plus grands numéros ; chacun des autres reçoit un lot de consolation",
		"(exemple : 30 € pour 4 gagnants, 3 parts de 10 € et 1 lot de consolation). [R18 R19]",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rulebook lacks %q:\n%s", want, text)
		}
	}
	// A voucher shared in units other than the euro states the rule too.
	spec := eventSpec(t, examples.MegaLoto)
	spec.Programme[0].Stages[0].Prize.UnitCents = 500
	if text := rulebookText(Of(spec)); !strings.Contains(text, "quel que soit le montant, le bon est partagé en parts égales, chacune un multiple de l'unité de partage du bon") {
		t.Errorf("with a 5 € unit the rule of shares is not stated:\n%s", text)
	}
}

// TestR34_RulebookPunctuatesEachPhraseOnce: the organiser's notes end with
// their own full stop; nothing is joined after it ("gagnant., offert
// par"), no mark is doubled, no plural is written "(s)".
func TestR34_RulebookPunctuatesEachPhraseOnce(t *testing.T) {
	spec := eventSpec(t, examples.MegaLoto)
	// Notes with and without their final stop, and a sponsor after each.
	spec.Programme[0].Stages[0].Prize.Notes = "Bon valable un an"
	spec.Programme[0].Stages[0].Prize.Sponsor = &loto.Sponsor{Name: "Boulangerie Le Fournil"}
	spec.Programme[1].Notes = "Partie des enfants."
	text := rulebookText(Of(spec))
	for _, bad := range []string{".,", ". (", "..", ",,", " ,", "(s)"} {
		if i := strings.Index(text, bad); i >= 0 {
			t.Errorf("the rulebook writes %q: …%s…", bad, text[max(0, i-60):min(len(text), i+40)])
		}
	}
	for _, want := range []string{
		"  - Quine : Bon d'achat de 30 €, offert par Boulangerie Le Fournil (consolation en cas d'égalité : bouteille de cidre). Bon valable un an.\n",
		"2. Partie 2. Partie des enfants. [R13 R23]",
		"sur leurs cartons.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rulebook lacks %q:\n%s", want, text)
		}
	}
}

// eventSpec is the event an event file describes, as the file's check reads it.
func eventSpec(t *testing.T, file []byte) *loto.EventSpec {
	t.Helper()
	spec, _, err := eventfile.Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// R34: with the day's public address, the rules say where they are in full
// (a ticket or the board read on a phone needs the whole address).
func TestR34_RulebookGivesThePublicAddress(t *testing.T) {
	spec := eventSpec(t, examples.MegaLoto)
	if text := rulebookText(Of(spec)); strings.Contains(text, "://") {
		t.Fatalf("an address without public_url:\n%s", text)
	}
	spec.PublicURL = "https://loto.example.org"
	if text := rulebookText(Of(spec)); !strings.Contains(text, "publié sur la page https://loto.example.org/reglement et en PDF (https://loto.example.org/reglement.pdf)") {
		t.Errorf("rules without the full address:\n%s", text)
	}
}
