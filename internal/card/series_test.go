package card

import (
	"strings"
	"testing"
)

// stripAt rebuilds plate p of the series, as CardAt reads it.
func stripAt(seed []byte, rerolls Rerolls, plate int) Strip {
	var s Strip
	NewGenerator(seed).Strip(plate, rerolls[plate], &s)
	return s
}

func TestPlateOf(t *testing.T) {
	tests := []struct {
		name          string
		number, plate int
	}{
		{"first card", 1, 1},
		{"last card of plate 1", 6, 1},
		{"first card of plate 2", 7, 2},
		{"card 1234", 1234, 206},
		{"last possible card", MaxCards, 166667},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PlateOf(tt.number); got != tt.plate {
				t.Errorf("PlateOf(%d) = %d, want %d", tt.number, got, tt.plate)
			}
		})
	}
}

func TestBuildSeriesHasNoDuplicateCard(t *testing.T) {
	seed := []byte("series no duplicates")
	const cards = 20003 // a partial last plate
	rerolls, err := BuildSeries(seed, cards)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Card]int{}
	for n := 1; n <= cards; n++ {
		c := CardAt(seed, rerolls, n)
		if err := c.Validate(); err != nil {
			t.Fatalf("card %d: %v", n, err)
		}
		if first, dup := seen[c]; dup {
			t.Fatalf("cards %d and %d are the same", first, n)
		}
		seen[c] = n
	}
	again, err := BuildSeries(seed, cards)
	if err != nil || len(again) != len(rerolls) {
		t.Fatalf("a second build gave %v, %v; the first %v", again, err, rerolls)
	}
}

func TestCardAtReadsItsPlate(t *testing.T) {
	seed := []byte("series plates")
	rerolls := Rerolls{2: 3}
	for n := 1; n <= 18; n++ {
		plate := stripAt(seed, rerolls, PlateOf(n))
		if got := CardAt(seed, rerolls, n); got != plate[(n-1)%6] {
			t.Errorf("card %d is not card %d of plate %d", n, (n-1)%6+1, PlateOf(n))
		}
	}
	if stripAt(seed, rerolls, 2) != generate(seed, 2, 3) {
		t.Error("plate 2 ignores its reroll")
	}
}

// fakeSource repeats cards on purpose, on top of a real generator.
func fakeSource(seed []byte) stripSource {
	g := NewGenerator(seed)
	real := func(k, reroll int) (s Strip) { g.Strip(k, reroll, &s); return s }
	return func(k, reroll int, s *Strip) {
		switch {
		case k == 3 && reroll == 0: // plate 1 again
			*s = real(1, 0)
		case k == 5 && reroll == 0: // repeats plate 3 as rerolled
			*s = real(3, 1)
		case k == 5 && reroll == 1: // one card of plate 2
			*s = real(5, 1)
			s[4] = real(2, 0)[0]
		case k == 6 && reroll == 0: // a card twice in the plate itself
			*s = real(6, 0)
			s[1] = s[0]
		case k == 8 && reroll == 0: // repeats only in cards the series does not use
			*s = real(8, 0)
			first := real(1, 0)
			copy(s[2:], first[2:])
		default:
			*s = real(k, reroll)
		}
	}
}

func TestBuildSeriesRerollsRepeatedCards(t *testing.T) {
	seed := []byte("series with forced duplicates")
	const cards = 7*6 + 2 // plate 8 uses its first two cards only
	rerolls, err := buildSeries(cards, func() stripSource { return fakeSource(seed) })
	if err != nil {
		t.Fatal(err)
	}
	want := Rerolls{3: 1, 5: 2, 6: 1}
	if len(rerolls) != len(want) {
		t.Fatalf("rerolls %v, want %v", rerolls, want)
	}
	for p, r := range want {
		if rerolls[p] != r {
			t.Errorf("plate %d: reroll %d, want %d (all: %v)", p, rerolls[p], r, rerolls)
		}
	}
	// Replaying with the recorded rerolls gives the series, without a
	// repeated card.
	src := fakeSource(seed)
	seen := map[Card]int{}
	for n := 1; n <= cards; n++ {
		c := cardAt(src, rerolls, n)
		if first, dup := seen[c]; dup {
			t.Fatalf("replay: cards %d and %d are the same", first, n)
		}
		seen[c] = n
	}
	if got, want := cardAt(src, rerolls, 13), generate(seed, 3, 1)[0]; got != want {
		t.Error("card 13 is not the first card of plate 3 rerolled once")
	}
}

func TestBuildSeriesGivesUpOnABrokenSource(t *testing.T) {
	same := func(k, reroll int, s *Strip) { *s = generate([]byte("x"), 1, 0) }
	_, err := buildSeries(12, func() stripSource { return same })
	if err == nil || !strings.Contains(err.Error(), "plaque 2") {
		t.Fatalf("err = %v, want a failure on plate 2", err)
	}
}

func TestBuildSeriesRejectsCardCounts(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cards int
	}{
		{"zero", 0},
		{"negative", -6},
		{"more than 6 digits", MaxCards + 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := BuildSeries([]byte("s"), tt.cards); err == nil {
				t.Errorf("BuildSeries(%d) succeeded", tt.cards)
			}
		})
	}
}

func TestCardKeySeparatesRows(t *testing.T) {
	s := generate([]byte("keys"), 1, 0)
	a := s[0]
	b := a
	// Move column 0's top number to an empty row of that column, if any.
	for r := range 3 {
		if b[r][0] == 0 {
			for top := range 3 {
				if b[top][0] != 0 {
					b[r][0], b[top][0] = b[top][0], 0
					break
				}
			}
			break
		}
	}
	if a != b && cardKey(&a) == cardKey(&b) {
		t.Error("two cards that differ only by a row share a key")
	}
	if cardKey(&a) != cardKey(&s[0]) {
		t.Error("equal cards have different keys")
	}
}

func BenchmarkBuildSeries1M(b *testing.B) {
	seed := []byte("benchmark series")
	for b.Loop() {
		if _, err := BuildSeries(seed, MaxCards); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(MaxCards)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
}
