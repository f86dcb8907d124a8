package report

import (
	"testing"

	"loto/internal/loto"
)

func TestReport_SplitsASaleOfTwoSeriesByCards(t *testing.T) {
	series := map[string]*SeriesTotal{"A": {Series: "A", Kind: loto.Regular}, "C": {Series: "C", Kind: loto.Regular}}
	s := &loto.Sale{Cards: []string{"A-000001-22", "C-000001-22", "C-000002-22"},
		Bundles: []loto.Bundle{{Kind: loto.Regular, Cards: 3, Cents: 1201, Times: 1}}}
	splitSale(s, series)
	if series["A"].SalesCents != 401 || series["C"].SalesCents != 800 || series["C"].Sold != 2 {
		t.Fatalf("split A %+v C %+v", series["A"], series["C"])
	}
}
