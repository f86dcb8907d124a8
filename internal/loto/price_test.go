package loto

import (
	"reflect"
	"strings"
	"testing"
)

// rulebook is the price list of R7.
var rulebook = []PriceTier{{Cards: 1, Cents: 500}, {Cards: 3, Cents: 1200}, {Cards: 6, Cents: 2000}}

func TestR7_CheapestPrice(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tiers []PriceTier
		n     int
		want  Cents
		times map[int]int // tier size -> times used
	}{
		{"one card", rulebook, 1, 500, map[int]int{1: 1}},
		{"two cards", rulebook, 2, 1000, map[int]int{1: 2}},
		{"a plate of 3", rulebook, 3, 1200, map[int]int{3: 1}},
		{"four cards", rulebook, 4, 1700, map[int]int{3: 1, 1: 1}},
		{"five cards", rulebook, 5, 2200, map[int]int{3: 1, 1: 2}},
		{"a plate of 6", rulebook, 6, 2000, map[int]int{6: 1}},
		{"seven cards are 20 + 5", rulebook, 7, 2500, map[int]int{6: 1, 1: 1}},
		{"nine cards", rulebook, 9, 3200, map[int]int{6: 1, 3: 1}},
		{"twelve cards", rulebook, 12, 4000, map[int]int{6: 2}},
		{"none", rulebook, 0, 0, map[int]int{}},
		// A list where the greedy choice (largest tier first) is wrong: 8 = 4+4, not 5+1+1+1.
		{"not greedy", []PriceTier{{1, 500}, {4, 1000}, {5, 1600}}, 8, 2000, map[int]int{4: 2}},
		// A tie prefers the larger tier: whole plates.
		{"tie takes the plate", []PriceTier{{1, 500}, {3, 1500}}, 3, 1500, map[int]int{3: 1}},
		{"special cards at their price", []PriceTier{{1, 600}}, 2, 1200, map[int]int{1: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, bundles, ok := Price(Regular, tc.tiers, tc.n)
			if !ok || got != tc.want {
				t.Fatalf("Price(%d) = %s, %v; want %s", tc.n, got, ok, tc.want)
			}
			times := map[int]int{}
			cards := 0
			var sum Cents
			for _, b := range bundles {
				times[b.Cards] += b.Times
				cards += b.Cards * b.Times
				sum += b.Cents * Cents(b.Times)
			}
			if !reflect.DeepEqual(times, tc.times) || cards != tc.n || sum != got {
				t.Fatalf("bundles %+v: want %v making %d cards at %s", bundles, tc.times, tc.n, got)
			}
		})
	}
	if _, _, ok := Price(Regular, []PriceTier{{Cards: 3, Cents: 1200}}, 4); ok {
		t.Fatal("4 cards priced with plates of 3 only")
	}
}

func TestR7_HintWhenMoreCardsCostNoMore(t *testing.T) {
	if m, c := cheaperWithMore(rulebook, 5, 2200); m != 6 || c != 2000 {
		t.Fatalf("5 cards: hint %d cards at %s, want 6 at 20 €", m, c)
	}
	if m, _ := cheaperWithMore(rulebook, 7, 2500); m != 0 {
		t.Fatalf("7 cards: hint %d, want none", m)
	}
}

func TestParseCents(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Cents
		bad  bool
	}{
		{"150", 15000, false},
		{"150.00", 15000, false},
		{"12,5", 1250, false},
		{" 0.05 € ", 5, false},
		{"10000", 1000000, false},
		{"25000.01", 2500001, false}, // plausible or not depends on the use: each bounds it
		{"000000000012", 1200, false},
		{"1234567890", 0, true}, // ten digits of euros: no use takes that
		{"-5", 0, true},
		{"5.123", 0, true},
		{"", 0, true},
		{"abc", 0, true},
		{"1e3", 0, true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseCents(tc.in)
			if tc.bad {
				wantCode(t, err, EInvalid)
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseCents(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestParseCount(t *testing.T) {
	got, err := ParseCount("0.50*3, 20X6,50x2")
	ok(t, err)
	want := []Denomination{{5000, 2}, {2000, 6}, {50, 3}}
	if !reflect.DeepEqual(got, want) || countTotal(got) != 22150 {
		t.Fatalf("count %+v (total %s), want %+v", got, countTotal(got), want)
	}
	empty, err := ParseCount("0")
	ok(t, err)
	if len(empty) != 0 {
		t.Fatalf("empty till: %+v", empty)
	}
	for _, bad := range []string{"", "3x2", "50", "50x-1", "50xdeux", "0.03x1"} {
		_, err := ParseCount(bad)
		wantCode(t, err, EInvalid)
	}
}

// TestParseCount_RefusesWhatTheAPIRefuses: the typed count goes through
// the same check as the API's: a denomination counted twice is refused
// (the cashier says 20x6, not 20x5 and 20x1), as is a total past the
// bound of the cash counted at a closing, before anything is opened.
func TestParseCount_RefusesWhatTheAPIRefuses(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"50x2,20x5,20x1", "coupure de 20,00 € comptée deux fois"},
		{"5x1,5x1", "coupure de 5,00 € comptée deux fois"},
		{"0.5x1,0.50x2", "coupure de 0,50 € comptée deux fois"},
		{"500x2001", "erreur de frappe"},
		{"500x100000,200x100000", "erreur de frappe"},
	} {
		_, err := ParseCount(c.text)
		wantCode(t, err, EInvalid)
		if !strings.Contains(ErrorMessage(err), c.want) {
			t.Errorf("%q: %q, want %q", c.text, ErrorMessage(err), c.want)
		}
	}
}
