package loto

import (
	"testing"
)

func TestReport_SplitsASaleOfTwoSeriesByCards(t *testing.T) {
	st := &State{}
	series := map[string]*SeriesTotal{"A": {Series: "A", Kind: Regular}, "C": {Series: "C", Kind: Regular}}
	s := &Sale{Cards: []string{"A-000001-22", "C-000001-22", "C-000002-22"},
		Bundles: []Bundle{{Kind: Regular, Cards: 3, Cents: 1201, Times: 1}}}
	st.splitSale(s, series)
	if series["A"].SalesCents != 401 || series["C"].SalesCents != 800 || series["C"].Sold != 2 {
		t.Fatalf("split A %+v C %+v", series["A"], series["C"])
	}
}
