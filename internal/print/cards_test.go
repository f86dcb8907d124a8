package print

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"loto/internal/card"
)

// extraCols says, for each card of the test strip, the columns holding two
// numbers instead of one; the counts add up to 9, 10 x 7 and 11 per column.
var extraCols = [6][6]int{
	{0, 1, 2, 3, 4, 8},
	{0, 1, 5, 6, 7, 8},
	{0, 2, 3, 4, 5, 8},
	{1, 2, 3, 6, 7, 8},
	{1, 4, 5, 6, 7, 8},
	{2, 3, 4, 5, 6, 7},
}

// testStrip builds a valid plate of 6 by hand, without the generator; shift
// rotates which card gets which column pattern so plates differ.
func testStrip(t testing.TB, shift int) card.Strip {
	t.Helper()
	var strip card.Strip
	next := [9]card.Number{1, 10, 20, 30, 40, 50, 60, 70, 80}
	for k := range 6 {
		var counts [9]int
		for c := range 9 {
			counts[c] = 1
		}
		for _, c := range extraCols[(k+shift)%6] {
			counts[c]++
		}
		var rows [9][]int
		if !placeRows(&counts, &rows, 0, [3]int{}) {
			t.Fatalf("card %d: no row placement", k)
		}
		for c := range 9 {
			for _, r := range rows[c] {
				strip[k][r][c] = next[c]
				next[c]++
			}
		}
	}
	if err := strip.Validate(); err != nil {
		t.Fatalf("test strip is invalid: %v", err)
	}
	return strip
}

// rowChoices lists, by numbers in a column, the rows they may take, top down.
var rowChoices = [4][][]int{
	nil,
	{{0}, {1}, {2}},
	{{0, 1}, {0, 2}, {1, 2}},
	{{0, 1, 2}},
}

// placeRows chooses rows for each column's numbers so that every row ends
// with 5, by depth-first search from column col.
func placeRows(counts *[9]int, rows *[9][]int, col int, perRow [3]int) bool {
	if col == 9 {
		return perRow == [3]int{5, 5, 5}
	}
	for _, choice := range rowChoices[counts[col]] {
		next := perRow
		ok := true
		for _, r := range choice {
			next[r]++
			ok = ok && next[r] <= 5
		}
		if ok {
			rows[col] = choice
			if placeRows(counts, rows, col+1, next) {
				return true
			}
		}
	}
	return false
}

// testSheets returns the cards of plates first..first+n-1 of series A, in
// colour, the last card of each plate special when special is set.
func testSheets(t testing.TB, first, n int, color string, special bool) []CardSheet {
	t.Helper()
	var out []CardSheet
	for p := first; p < first+n; p++ {
		strip := testStrip(t, p)
		for k := range 6 {
			serial := fmt.Sprintf("A-%06d-K%d", 6*(p-1)+k+1, k)
			out = append(out, CardSheet{
				Serial: serial,
				QR:     "LOTO:" + serial,
				Plate:  p,
				// A made-up code: printing copies it, it checks nothing.
				PlateCode: fmt.Sprintf("A-P%06d-K7Q", p),
				Grid:      strip[k],
				Title:     "Mega Loto Rotary Saint-Brieuc",
				Color:     color,
				Special:   special && k == 5,
			})
		}
	}
	return out
}

func TestCards_RefusesBadInput(t *testing.T) {
	good := testSheets(t, 1, 1, "yellow", false)
	with := func(edit func(*CardSheet)) []CardSheet {
		cards := append([]CardSheet(nil), good...)
		edit(&cards[2])
		return cards
	}
	tests := []struct {
		name   string
		cards  []CardSheet
		layout int
		want   string
	}{
		{"layout 0", good, 0, "mise en page inconnue"},
		{"layout 2", good, 2, "choisir 6, 3 ou 1"},
		{"layout 12", good, 12, "mise en page inconnue"},
		{"no cards", nil, 6, "aucune carte"},
		{"empty serial", with(func(s *CardSheet) { s.Serial = "" }), 6, "numéro de série vide"},
		{"empty QR text", with(func(s *CardSheet) { s.QR = "" }), 6, "code QR vide"},
		{"negative plate", with(func(s *CardSheet) { s.Plate = -1 }), 6, "planche négatif"},
		{"plate code without a plate", with(func(s *CardSheet) { s.Plate = 0 }), 6, "code de planche A-P000001-K7Q sans numéro de planche"},
		{"invalid grid", with(func(s *CardSheet) { s.Grid[0][0] = 0 }), 6, "A-000003-K2 : grille invalide"},
		{"unknown colour", with(func(s *CardSheet) { s.Color = "fuchsia-ish" }), 6, "couleur de série inconnue"},
		{"QR text too long", with(func(s *CardSheet) { s.QR = strings.Repeat("x", 4000) }), 6, "code QR impossible"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Cards(&buf, tt.cards, CardOptions{Layout: tt.layout}, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestCards_ReportsProgressPerCard(t *testing.T) {
	cards := testSheets(t, 1, 2, "blue", false)
	var calls [][2]int
	err := Cards(io.Discard, cards, CardOptions{Layout: 3}, func(done, total int) { calls = append(calls, [2]int{done, total}) })
	if err != nil {
		t.Fatal(err)
	}
	checkProgress(t, calls, len(cards))
}

// checkProgress checks that progress was called once per item, in order,
// with the total.
func checkProgress(t *testing.T, calls [][2]int, total int) {
	t.Helper()
	if len(calls) != total {
		t.Fatalf("%d progress calls, want %d", len(calls), total)
	}
	for i, c := range calls {
		if c != [2]int{i + 1, total} {
			t.Fatalf("call %d = %v, want [%d %d]", i, c, i+1, total)
		}
	}
}

func TestPaletteFor_NamesAndCodes(t *testing.T) {
	tests := []struct {
		name, color string
		wantTint    rgb
	}{
		{"english", "yellow", mix(rgb{255, 214, 0}, white, 0.22)},
		{"french any case", " Jaune ", mix(rgb{255, 214, 0}, white, 0.22)},
		{"hex code", "#00FF00", mix(rgb{0, 255, 0}, white, 0.22)},
		{"white stays white", "blanc", white},
		{"no colour prints white", "", white},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pal, err := paletteFor(tt.color)
			if err != nil {
				t.Fatal(err)
			}
			if pal.tint != tt.wantTint {
				t.Fatalf("tint = %v, want %v", pal.tint, tt.wantTint)
			}
			if pal.blank == white || pal.band == white {
				t.Fatalf("blank cells or band are white: %+v", pal)
			}
		})
	}
	for _, bad := range []string{"chartreuse", "#12345", "#GGHHII"} {
		if _, err := paletteFor(bad); err == nil {
			t.Errorf("paletteFor(%q) accepted an unknown colour", bad)
		}
	}
}

func BenchmarkCards6000(b *testing.B) {
	cards := testSheets(b, 1, 1000, "yellow", false)
	b.ReportAllocs()
	for b.Loop() {
		if err := Cards(io.Discard, cards, CardOptions{Layout: 6}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
