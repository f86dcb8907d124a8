// Package eventfile reads the organiser's files: the event file (YAML or
// JSON), validated into a loto.EventSpec with every mistake named at its
// line (the domain trusts the spec it is given), and the reservations'
// spreadsheet (reservations.go), read into the domain's ReservationSpecs.
package eventfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"time"

	"loto/internal/loto"
)

// The event file as written by the organiser, before validation. Optional
// numbers are pointers so that "absent" differs from 0. A `text` tag bounds
// a text field otherwise than loto.MaxTitle (see textMax).
type (
	fileEvent struct {
		Name      string       `yaml:"name"`
		Date      string       `yaml:"date"`
		TimeZone  string       `yaml:"time_zone"`
		Venue     string       `yaml:"venue"`
		Schedule  fileSchedule `yaml:"schedule"`
		Series    []fileSeries `yaml:"series"`
		Prices    filePrices   `yaml:"prices"`
		Desks     []fileDesk   `yaml:"desks"`
		Draw      string       `yaml:"draw"`
		Programme []fileGame   `yaml:"programme"`
		Hall      fileHall     `yaml:"hall"`
		PublicURL string       `yaml:"public_url"`
	}
	fileSchedule struct {
		Doors  string      `yaml:"doors"`
		Start  string      `yaml:"start"`
		Breaks []fileBreak `yaml:"breaks"`
	}
	fileBreak struct {
		Label   string `yaml:"label" text:"break"`
		At      string `yaml:"at"`
		Minutes int    `yaml:"minutes"`
	}
	fileSeries struct {
		Code  string `yaml:"code"`
		Kind  string `yaml:"kind"`
		Cards int    `yaml:"cards"`
		Color string `yaml:"color"`
		Title string `yaml:"title"`
	}
	filePrices struct {
		Regular []fileTier `yaml:"regular"`
		Special []fileTier `yaml:"special"`
	}
	fileTier struct {
		Cards int   `yaml:"cards"`
		Cents int64 `yaml:"cents"`
	}
	fileDesk struct {
		Name    string `yaml:"name" text:"name"`
		PMR     bool   `yaml:"pmr"`
		Special bool   `yaml:"special"`
	}
	fileGame struct {
		Title  string      `yaml:"title"`
		Kinds  []string    `yaml:"kinds"`
		Stages []fileStage `yaml:"stages"`
		Notes  string      `yaml:"notes" text:"note"`
	}
	fileStage struct {
		Stage string    `yaml:"stage"`
		Prize filePrize `yaml:"prize"`
	}
	filePrize struct {
		Label       string       `yaml:"label"`
		Kind        string       `yaml:"kind"`
		Cents       *int64       `yaml:"cents"`
		UnitCents   *int64       `yaml:"unit_cents"`
		Consolation string       `yaml:"consolation"`
		Notes       string       `yaml:"notes" text:"note"`
		Sponsor     *fileSponsor `yaml:"sponsor"`
	}
)

// lawLimit is the stake from which L1 ("low value, below 20 EUR") warns.
const lawLimit loto.Cents = 2000

// maxPrice bounds the price of a bundle of cards: more is a typing mistake.
const maxPrice loto.Cents = 1_000_000 // 10,000 EUR

// defaultConsolation is the consolation prize of a stage that names none (R25).
const defaultConsolation = "lot de consolation"

// Parse reads and validates an event file (YAML, or JSON which is YAML
// too). It returns the day, warnings that do not stop it (L1), or an invalid
// *Error naming every mistake with its line and place in the file.
//
// Every refusal lists its mistakes one by one too (Mistakes).
func Parse(data []byte) (*loto.EventSpec, []string, error) {
	return ParseFiles(data, nil, nil)
}

// ParseChecked is Parse that also checks each series' colour with color
// (the printer's colours, which this package does not know), naming a bad
// one at its line; color may be nil.
func ParseChecked(data []byte, color func(string) error) (*loto.EventSpec, []string, error) {
	return ParseFiles(data, color, nil)
}

// ParseFiles is ParseChecked of an event file whose sponsors' logos are
// read from files, the event file's folder (e.g. os.DirFS of it); nil when
// the file is read alone, and then a logo it names is a mistake.
func ParseFiles(data []byte, color func(string) error, files fs.FS) (*loto.EventSpec, []string, error) {
	spec, warned, err := ParseWarned(data, color, files)
	if err != nil {
		return nil, nil, err
	}
	warnings := make([]string, 0, len(warned))
	for _, m := range warned {
		warnings = append(warnings, m.String())
	}
	return spec, warnings, nil
}

// ParseWarned is ParseFiles whose warnings come one by one, each with its
// line and place in the file, for a page that shows each beside its field.
func ParseWarned(data []byte, color func(string) error, files fs.FS) (*loto.EventSpec, []Mistake, error) {
	if len(data) > MaxSize {
		return nil, nil, refusal(0, "", "le fichier de l'événement est trop gros : %d octets, %d au plus (il en fait d'ordinaire quelques milliers)", len(data), MaxSize)
	}
	if err := checkEncoding(data); err != nil {
		return nil, nil, err
	}
	root, err := readYAML(data)
	if err != nil {
		return nil, nil, err
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, nil, refusal(0, "", "le fichier de l'événement est vide")
	}
	if a := firstAlias(root); a != nil {
		return nil, nil, refusal(a.Line, "", "ligne %d : le fichier de l'événement contient un alias YAML (*%s), refusé : écrire la valeur en entier à chaque place", a.Line, loto.Shown(a.Value))
	}
	p := &problems{lines: map[string]int{}, color: color}
	checkNode(p, root, reflect.TypeOf(fileEvent{}), "", loto.MaxTitle)
	if err := p.err(); err != nil {
		return nil, nil, err
	}
	var f fileEvent
	if err := root.Decode(&f); err != nil {
		return nil, nil, decodeRefusal(err)
	}
	spec := validateEvent(p, &f)
	validateSponsors(p, &f, spec, files)
	warn := &problems{lines: p.lines}
	warnEvent(warn, spec)
	if err := p.err(); err != nil {
		return nil, nil, err
	}
	return spec, warn.mistakes(), nil
}

// MaxSize bounds an event file in bytes: a real one holds a few thousand.
const MaxSize = 256 << 10

// Marshal writes spec as indented JSON, as `loto event show --json` prints it.
func Marshal(spec *loto.EventSpec) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(spec); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func validateEvent(p *problems, f *fileEvent) *loto.EventSpec {
	spec := &loto.EventSpec{
		Name:  strings.TrimSpace(f.Name),
		Date:  strings.TrimSpace(f.Date),
		Venue: strings.TrimSpace(f.Venue),
	}
	if spec.Name == "" {
		p.add("name", "le nom de l'événement est requis")
	}
	if spec.Date == "" {
		p.add("date", "la date est requise (AAAA-MM-JJ)")
	} else if _, err := time.Parse(time.DateOnly, spec.Date); err != nil {
		p.add("date", "date « %s » invalide : écrire AAAA-MM-JJ, par exemple 2025-03-16", loto.Shown(spec.Date))
	}
	if spec.Venue == "" {
		p.add("venue", "le lieu est requis")
	}
	// Every time of the day is read in this zone, never the machine's (R1).
	spec.TimeZone = strings.TrimSpace(f.TimeZone)
	if spec.TimeZone == "" {
		spec.TimeZone = loto.DefaultTimeZone
	}
	if _, err := loto.LoadTimeZone(spec.TimeZone); err != nil {
		p.add("time_zone", "%s", loto.ErrorMessage(err))
	}
	spec.Schedule = validateSchedule(p, &f.Schedule)
	spec.Series = validateSeries(p, f.Series)
	spec.Prices = validatePrices(p, &f.Prices, spec.Series)
	spec.Desks = validateDesks(p, f.Desks, spec.Series)
	switch loto.DrawMode(strings.TrimSpace(f.Draw)) {
	case "", loto.DrawRNG:
		spec.Draw = loto.DrawRNG
	case loto.DrawManual:
		spec.Draw = loto.DrawManual
	default:
		p.add("draw", "mode de tirage « %s » inconnu : rng (tirage par le logiciel) ou manual (boulier)", loto.Shown(f.Draw))
	}
	spec.Programme = validateProgramme(p, f.Programme, spec.Series)
	spec.Hall = validateHall(p, &f.Hall)
	if u, err := loto.CheckPublicURL(f.PublicURL); err != nil {
		p.add("public_url", "%s", loto.ErrorMessage(err))
	} else {
		spec.PublicURL = u
	}
	return spec
}

func validateSchedule(p *problems, f *fileSchedule) loto.Schedule {
	var s loto.Schedule
	parse := func(path, v string) (loto.TimeOfDay, bool) {
		if strings.TrimSpace(v) == "" {
			p.add(path, "heure requise (HH:MM)")
			return 0, false
		}
		t, ok := loto.ParseTimeOfDay(v)
		if !ok {
			p.add(path, "heure « %s » invalide : écrire HH:MM, par exemple 08:00", loto.Shown(v))
		}
		return t, ok
	}
	doorsOK, startOK := false, false
	s.Doors, doorsOK = parse("schedule.doors", f.Doors)
	s.Start, startOK = parse("schedule.start", f.Start)
	if doorsOK && startOK && s.Doors > s.Start {
		p.add("schedule.start", "le début des jeux (%s) précède l'ouverture des portes (%s)", s.Start, s.Doors)
	}
	last := s.Start
	for i, b := range f.Breaks {
		path := fmt.Sprintf("schedule.breaks[%d]", i)
		br := loto.Break{Label: strings.TrimSpace(b.Label), Minutes: b.Minutes}
		if br.Label == "" {
			p.add(path+".label", "le nom de la pause est requis (par exemple « pause repas »)")
		}
		at, ok := parse(path+".at", b.At)
		br.At = at
		if b.Minutes <= 0 || b.Minutes > 240 {
			p.add(path+".minutes", "durée de %s invalide : entre 1 et 240", loto.Plural(b.Minutes, "minute", "minutes"))
		}
		if ok && startOK && at < last {
			p.add(path+".at", "la pause de %s commence avant le début des jeux ou la fin de la pause précédente (%s)", at, last)
		}
		if ok {
			last = br.Resumes()
		}
		s.Breaks = append(s.Breaks, br)
	}
	return s
}

func validateSeries(p *problems, fs []fileSeries) []loto.SeriesOnSale {
	if len(fs) == 0 {
		p.add("series", "au moins une série en vente est requise")
	}
	seen := map[string]bool{}
	var out []loto.SeriesOnSale
	for i, f := range fs {
		path := fmt.Sprintf("series[%d]", i)
		s := loto.SeriesOnSale{Code: strings.TrimSpace(f.Code), Kind: loto.Kind(f.Kind), Cards: f.Cards,
			Color: strings.TrimSpace(f.Color), Title: strings.TrimSpace(f.Title)}
		if err := loto.CheckSeriesCode(s.Code); err != nil {
			p.add(path+".code", "%s", loto.ErrorMessage(err))
		} else if seen[s.Code] {
			p.add(path+".code", "la série %s est déclarée deux fois", s.Code)
		}
		seen[s.Code] = true
		if s.Kind == "" {
			s.Kind = loto.Regular
		} else if s.Kind != loto.Regular && s.Kind != loto.Special {
			p.add(path+".kind", "type de série « %s » inconnu : regular ou special (carte spéciale de la voiture)", loto.Shown(f.Kind))
		}
		if err := loto.CheckSeriesCards(s.Cards); err != nil {
			p.add(path+".cards", "%s", loto.ErrorMessage(err))
		}
		if p.color != nil && s.Color != "" {
			if err := p.color(s.Color); err != nil {
				p.add(path+".color", "%s", err.Error())
			}
		}
		out = append(out, s)
	}
	checkSpecialColors(p, out)
	return out
}

// checkSpecialColors wants each special series in a colour of its own (R30):
// the special card is told from the others by its colour at a glance.
func checkSpecialColors(p *problems, series []loto.SeriesOnSale) {
	regular := map[string]string{} // colour in lower case -> code
	for _, s := range series {
		if s.Kind == loto.Regular && s.Color != "" {
			regular[strings.ToLower(s.Color)] = s.Code
		}
	}
	for i, s := range series {
		path := fmt.Sprintf("series[%d].color", i)
		if s.Kind != loto.Special {
			continue
		}
		if s.Color == "" {
			p.add(path, "la série spéciale %s doit avoir une couleur (color), différente de celle des séries ordinaires (R30)", s.Code)
		} else if code, same := regular[strings.ToLower(s.Color)]; same {
			p.add(path, "la série spéciale %s a la couleur « %s » de la série ordinaire %s : la carte spéciale doit avoir une autre couleur (R30)", s.Code, loto.Shown(s.Color), code)
		}
	}
}

// hasKind reports whether a series of kind k is on sale.
func hasKind(series []loto.SeriesOnSale, k loto.Kind) bool {
	for _, s := range series {
		if s.Kind == k {
			return true
		}
	}
	return false
}

func validatePrices(p *problems, f *filePrices, series []loto.SeriesOnSale) loto.Prices {
	list := func(path string, tiers []fileTier, k loto.Kind) []loto.PriceTier {
		if len(tiers) == 0 && hasKind(series, k) {
			p.add(path, "les prix des cartes %s sont requis", k.French()+"s")
			return nil
		}
		seen := map[int]bool{}
		one := false
		var out []loto.PriceTier
		for i, t := range tiers {
			tp := fmt.Sprintf("%s[%d]", path, i)
			if t.Cards < 1 || t.Cards > 100 {
				p.add(tp+".cards", "nombre de cartes %d invalide : entre 1 et 100", t.Cards)
			} else if seen[t.Cards] {
				p.add(tp+".cards", "deux prix pour %s", loto.Plural(t.Cards, "carte", "cartes"))
			}
			seen[t.Cards] = true
			one = one || t.Cards == 1
			if t.Cents <= 0 || loto.Cents(t.Cents) > maxPrice {
				p.add(tp+".cents", "prix %d invalide : un montant en centimes, de 1 à %d (500 pour 5 €)", t.Cents, maxPrice)
			}
			out = append(out, loto.PriceTier{Cards: t.Cards, Cents: loto.Cents(t.Cents)})
		}
		if len(tiers) > 0 && !one {
			p.add(path, "le prix d'une carte seule est requis (cards: 1)")
		}
		return out
	}
	return loto.Prices{
		Regular: list("prices.regular", f.Regular, loto.Regular),
		Special: list("prices.special", f.Special, loto.Special),
	}
}

func validateDesks(p *problems, fs []fileDesk, series []loto.SeriesOnSale) []loto.Desk {
	if len(fs) == 0 {
		p.add("desks", "au moins une caisse est requise")
		return nil
	}
	seen := map[string]bool{}
	pmr, special := false, false
	var out []loto.Desk
	for i, f := range fs {
		path := fmt.Sprintf("desks[%d]", i)
		d := loto.Desk{Name: strings.TrimSpace(f.Name), PMR: f.PMR, Special: f.Special}
		// Desks are found by name in any case: two that differ only in
		// case would be one desk.
		if d.Name == "" {
			p.add(path+".name", "le nom de la caisse est requis")
		} else if err := loto.CheckDesk(d.Name); err != nil {
			// A cashier's device is bound to a desk by the actor it signs
			// with: a desk no actor can name would sell nothing.
			p.add(path+".name", "%s", loto.ErrorMessage(err))
		} else if seen[strings.ToLower(d.Name)] {
			p.add(path+".name", "la caisse « %s » est déclarée deux fois", loto.Shown(d.Name))
		}
		seen[strings.ToLower(d.Name)] = true
		// The special desk sells nothing else (R30): a PMR desk must sell the regular cards.
		pmr = pmr || (d.PMR && !d.Special)
		special = special || d.Special
		out = append(out, d)
	}
	if !pmr {
		p.add("desks", "au moins une caisse qui vend les cartes ordinaires doit être marquée PMR (pmr: true, R6), réservée aux personnes à mobilité réduite")
	}
	if hasKind(series, loto.Special) && !special {
		p.add("desks", "la carte spéciale se vend à une caisse dédiée : déclarer une caisse special: true (R30)")
	}
	return out
}
