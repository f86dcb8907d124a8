package print

import "testing"

// TestSeriesColors_AreThePrintedOnes: a series' screen colours are those
// the PDF draws its cards in: yellow mixed with white for the background,
// named in French or English; white cards get greys; the special card's
// frame is red (R30); an unknown colour is refused.
func TestSeriesColors_AreThePrintedOnes(t *testing.T) {
	fr, err := SeriesColors("jaune", false)
	if err != nil {
		t.Fatal(err)
	}
	en, _ := SeriesColors("Yellow", false)
	// 22 % of (255, 214, 0) and 78 % of white, rounded.
	if fr != en || fr.Tint != "#fff6c7" || fr.Frame != fr.Border {
		t.Fatalf("jaune %+v, yellow %+v, want the tint #fff6c7", fr, en)
	}
	if w, _ := SeriesColors("", false); w.Tint != "#ffffff" || w.Blank != "#e4e4e4" || w.Border != "#5a5a5a" {
		t.Fatalf("white card %+v", w)
	}
	if car, _ := SeriesColors("rose", true); car.Frame != "#aa0019" {
		t.Fatalf("special card %+v, want the frame #aa0019", car)
	}
	if _, err := SeriesColors("chartreuse", false); err == nil {
		t.Fatal("an unknown colour has colours")
	}
}
