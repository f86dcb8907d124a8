package loto

import (
	"context"
	"sort"
	"strings"

	"loto/internal/card"
	"loto/internal/journal"
)

// MaxSeriesCards is the largest series: a serial carries 6 digits.
const MaxSeriesCards = card.MaxCards

// SeriesSpec is what the organiser asks for when creating a series.
type SeriesSpec struct {
	Code    string // capital letters: A..Z, AA..ZZZ
	Cards   int    // 1..1,000,000
	Special bool   // the special card of the car game (R30)
	Color   string
	Title   string
}

// PartialPlate is the count of cards on the last plate when the series does
// not end on a whole plate of 6, else 0.
func (s Series) PartialPlate() int { return s.Cards % 6 }

// Plates is the count of plates of 6, the last one maybe partial.
func (s Series) Plates() int { return (s.Cards + 5) / 6 }

// normSeriesCode upper-cases a typed code.
func normSeriesCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// ParseSeriesCode reads the code of a series of the journal as typed, in
// either case. A code no series can have (not 1 to 3 letters) names none:
// it is not found, as a series never created is.
func ParseSeriesCode(text string) (card.SeriesCode, error) {
	code := card.SeriesCode(normSeriesCode(text))
	if !code.Valid() {
		return "", seriesNotFound(Shown(string(code)))
	}
	return code, nil
}

func seriesNotFound(code string) error {
	return Errorf(ENotFound, "la série %s n'existe pas", code)
}

// CheckSeriesCode accepts 1 to 3 capital letters.
func CheckSeriesCode(code string) error {
	if code == "" {
		return Errorf(EInvalid, "le code de la série est requis (une à trois lettres : A, B, ..., Z, AA, ...)")
	}
	if len(code) > 3 {
		return Errorf(EInvalid, "code de série « %s » trop long : une à trois lettres majuscules", Shown(code))
	}
	for _, r := range code {
		if r < 'A' || r > 'Z' {
			return Errorf(EInvalid, "code de série « %s » invalide : lettres majuscules A à Z seulement", Shown(code))
		}
	}
	return nil
}

// CheckSeriesCards accepts 1..MaxSeriesCards.
func CheckSeriesCards(n int) error {
	if n < 1 || n > MaxSeriesCards {
		return Errorf(EInvalid, "nombre de cartes %d invalide : entre 1 et %d", n, MaxSeriesCards)
	}
	return nil
}

// CreateSeries creates a series of cards: a fresh random
// seed and check key become secrets; the event records the generator
// version, the count, the rerolls that keep every card unique and a SHA-256
// commitment to the seed. Bad input gets a French error and writes nothing.
func (d *Day) CreateSeries(ctx context.Context, actor Actor, spec SeriesSpec) (Series, error) {
	if err := Authorize(actor, CmdCreateSeries, ""); err != nil {
		return Series{}, err
	}
	spec.Code = normSeriesCode(spec.Code)
	e, err := d.runKeyed(ctx, TypeSeriesCreated, sameSeries(spec), func(st *State) ([]journal.Draft, int, error) {
		dr, err := d.seriesDraft(st, actor, spec)
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Series{}, err
	}
	return d.seriesOf(e)
}

// seriesOf reads the series an event created, as the state holds it.
func (d *Day) seriesOf(e journal.Event) (Series, error) {
	var p seriesCreated
	if err := decode(e, &p); err != nil {
		return Series{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return *d.st.series[p.Code], nil
}

// seriesDraft checks a new series against the state and draws its secrets.
func (d *Day) seriesDraft(st *State, actor Actor, spec SeriesSpec) (journal.Draft, error) {
	if err := CheckSeriesCode(spec.Code); err != nil {
		return journal.Draft{}, err
	}
	if err := CheckSeriesCards(spec.Cards); err != nil {
		return journal.Draft{}, err
	}
	if _, used := st.series[spec.Code]; used {
		return journal.Draft{}, Errorf(EConflict, "la série %s existe déjà", spec.Code)
	}
	if err := CheckText("titre de la série", strings.TrimSpace(spec.Title), MaxTitle); err != nil {
		return journal.Draft{}, err
	}
	if err := CheckText("couleur de la série", strings.TrimSpace(spec.Color), MaxName); err != nil {
		return journal.Draft{}, err
	}
	if err := checkSeriesColor(st, spec); err != nil {
		return journal.Draft{}, err
	}
	seed, err := d.randomBytes(32)
	if err != nil {
		return journal.Draft{}, err
	}
	key, err := d.randomBytes(32)
	if err != nil {
		return journal.Draft{}, err
	}
	kind := Regular
	if spec.Special {
		kind = Special
	}
	p := seriesCreated{
		Code: spec.Code, Kind: kind, Cards: spec.Cards,
		Color: strings.TrimSpace(spec.Color), Title: strings.TrimSpace(spec.Title),
		Generator:  card.GeneratorVersion,
		SeedSHA256: sha256Hex(seed),
		KeySHA256:  sha256Hex(key),
		Simulated:  d.simulated,
	}
	if p.Rerolls, err = buildSeries(seed, spec.Cards); err != nil {
		return journal.Draft{}, err
	}
	dr, err := draft(actor, TypeSeriesCreated, p)
	if err != nil {
		return journal.Draft{}, err
	}
	dr.Secrets = map[string][]byte{seriesSeedSecret(spec.Code): seed, seriesKeySecret(spec.Code): key}
	return dr, nil
}

// checkSeriesColor keeps the special card in a colour of its own (R30)
// against the series the journal already has, as the event file does among
// its own: the card is told from the others at a glance.
func checkSeriesColor(st *State, spec SeriesSpec) error {
	color := strings.TrimSpace(spec.Color)
	if spec.Special && color == "" {
		return Errorf(EInvalid, "la série spéciale %s doit avoir une couleur, différente de celle des séries ordinaires (R30)", spec.Code)
	}
	for _, s := range st.SeriesList() {
		if (s.Kind == Special) == spec.Special || !strings.EqualFold(s.Color, color) {
			continue
		}
		if spec.Special {
			return Errorf(EInvalid, "la série spéciale %s a la couleur « %s » de la série ordinaire %s : la carte spéciale doit avoir une autre couleur (R30)", spec.Code, Shown(color), s.Code)
		}
		return Errorf(EInvalid, "la série ordinaire %s a la couleur « %s » de la série spéciale %s : la carte spéciale doit avoir une couleur à elle (R30)", spec.Code, Shown(color), s.Code)
	}
	return nil
}

// Series returns every series of the journal, by code.
func (d *Day) Series() []Series {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.SeriesList()
}

// SeriesOf returns the series of a code, or a notfound error.
func (d *Day) SeriesOf(code card.SeriesCode) (Series, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	s, ok := d.st.series[string(code)]
	if !ok {
		return Series{}, seriesNotFound(string(code))
	}
	return *s, nil
}

// Card looks a serial read at the edge (ParseSerial) up (R10): it returns
// the card's grid, or a notfound error for an unknown series or number,
// or an invalid one for a wrong check code.
func (d *Day) Card(s card.Serial) (card.Card, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, c, err := d.st.lookupSerial(s)
	return c, err
}

// CardAt returns the serial and grid of card number of series code, for export and printing.
func (d *Day) CardAt(code card.SeriesCode, number int) (string, card.Card, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ref := CardRef{Series: string(code), Number: number}
	c, err := d.st.grid(ref)
	if err != nil {
		return "", card.Card{}, err
	}
	s, err := d.st.serialOf(ref)
	return s, c, err
}

// Series is a series of cards as recorded in the journal.
type Series struct {
	Code       string      `json:"code"`
	Kind       Kind        `json:"kind"`
	Cards      int         `json:"cards"`
	Color      string      `json:"color"`
	Title      string      `json:"title"`
	Generator  int         `json:"generator"`
	SeedSHA256 string      `json:"seed_sha256"`
	Rerolls    map[int]int `json:"rerolls,omitempty"`
}

// SeriesList returns every series in the journal, by code (A..Z, AA..).
func (st *State) SeriesList() []Series {
	out := make([]Series, 0, len(st.series))
	for _, s := range st.series {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return seriesLess(out[i].Code, out[j].Code) })
	return out
}

// seriesLess orders codes as a spreadsheet orders columns: Z before AA.
func seriesLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// onSale returns the series if it exists and the day sells it (R10).
func (st *State) onSale(code string) (*Series, bool) {
	s, ok := st.series[code]
	if !ok || st.event == nil {
		return nil, false
	}
	_, sold := st.event.SeriesSpec(code)
	return s, sold
}

func (st *State) applySeries(e journal.Event, p seriesCreated) error {
	if _, dup := st.series[p.Code]; dup {
		return internalf(nil, "événement %d : la série %s existe déjà", e.Seq, p.Code)
	}
	if seed, ok := st.secrets[seriesSeedSecret(p.Code)]; ok && sha256Hex(seed) != p.SeedSHA256 {
		return internalf(nil, "événement %d : la graine de la série %s ne correspond pas à son engagement", e.Seq, p.Code)
	}
	st.series[p.Code] = &Series{Code: p.Code, Kind: p.Kind, Cards: p.Cards, Color: p.Color, Title: p.Title,
		Generator: p.Generator, SeedSHA256: p.SeedSHA256, Rerolls: p.Rerolls}
	return nil
}
