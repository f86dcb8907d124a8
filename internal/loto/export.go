package loto

import (
	"loto/internal/card"
)

// ExportedCard is one card of a series, as `loto series export` writes it.
type ExportedCard struct {
	Serial string    `json:"serial"`
	Series string    `json:"series"`
	Number int       `json:"number"`
	Plate  int       `json:"plate"`
	Grid   card.Card `json:"grid"` // 0 for a blank cell
}

// Export calls fn for cards from..to of a series, in order; 0 for from or to
// means the first or the last card. A range outside the series is refused
// before any card. The lock is not held while cards are generated, so a
// long export does not stop the day.
func (d *Day) Export(series card.SeriesCode, from, to int, fn func(ExportedCard) error) error {
	code := string(series)
	d.mu.Lock()
	s, ok := d.st.series[code]
	var seed, key []byte
	var rerolls map[int]int
	if ok {
		seed, key, rerolls = d.st.secrets[seriesSeedSecret(code)], d.st.secrets[seriesKeySecret(code)], s.Rerolls
	}
	d.mu.Unlock()
	if !ok {
		return seriesNotFound(code)
	}
	if seed == nil || key == nil {
		return internalf(nil, "secrets de la série %s absents", code)
	}
	if from == 0 {
		from = 1
	}
	if to == 0 {
		to = s.Cards
	}
	if from < 1 || to > s.Cards || from > to {
		return Errorf(EInvalid, "plage %d à %d hors de la série %s (cartes 1 à %d)", from, to, code, s.Cards)
	}
	checker := card.NewChecker(key)
	gen := card.NewGenerator(seed)
	var strip card.Strip
	plate := 0
	for n := from; n <= to; n++ {
		if p := card.PlateOf(n); p != plate {
			plate = p
			gen.Strip(p, rerolls[p], &strip)
		}
		serial, err := checker.Serial(code, n)
		if err != nil {
			return internalf(err, "carte %s n° %d", code, n)
		}
		if err := fn(ExportedCard{Serial: serial.String(), Series: code, Number: n, Plate: plate, Grid: strip[(n-1)%6]}); err != nil {
			return err
		}
	}
	return nil
}
