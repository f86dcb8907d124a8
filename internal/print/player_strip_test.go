package print

import (
	"strings"
	"testing"
)

// A plate of 6 of a day with a public address carries, at the other end of
// its strip, the players' page's address and its QR code: a player follows
// the plate's cards on a phone. Without it, the strip is the
// plate's alone.
func TestCards_PlateStripGivesThePlayersPage(t *testing.T) {
	const url = "http://192.168.1.10:8080/joueur"
	cards := withPlateQR(testSheets(t, 3, 1, "green", false))
	for i := range cards {
		cards[i].PlayerURL = url
	}
	path := writeCards(t, cards, CardOptions{Layout: 6})
	if text := pdfText(t, path); !strings.Contains(text, "Suivre ses cartes sur son téléphone :") || !strings.Contains(text, url) ||
		!strings.Contains(text, "un seul passage à la caisse") {
		t.Errorf("the plate's strip lacks the players' page:\n%s", text)
	}
	want, err := qrModules(url)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := qrModules(strings.Replace(url, "joueur", "joueux", 1)) // as long: as large a code
	m := plateQRSize / float64(len(want)+2*qrQuiet)
	page := rasterize(t, path, 300)[0]
	if diff, diffOther := qrDiff(page, marginX+cardW-plateQRSize+qrQuiet*m, plateQRY+qrQuiet*m, m, want, other); diff != 0 || diffOther == 0 {
		t.Errorf("players' QR code: %d of %d modules read back wrong, %d differ from another address's", diff, len(want)*len(want), diffOther)
	}
	// The plate's own code still reads back at its place.
	plate, _ := qrModules(cards[0].PlateQR)
	mp := plateQRSize / float64(len(plate)+2*qrQuiet)
	if diff, _ := qrDiff(page, marginX+qrQuiet*mp, plateQRY+qrQuiet*mp, mp, plate, plate); diff != 0 {
		t.Errorf("the plate's QR code has %d modules wrong beside the players'", diff)
	}
	if text := pdfText(t, writeCards(t, withPlateQR(testSheets(t, 3, 1, "green", false)), CardOptions{Layout: 6})); strings.Contains(text, "téléphone") {
		t.Errorf("a plate without the public address prints the players' page:\n%s", text)
	}
}
