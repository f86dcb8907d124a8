package game

import (
	"slices"
	"testing"
)

func TestR17_TieHighestTokenWins(t *testing.T) {
	tests := []struct {
		name   string
		tokens []int
		want   int
	}{
		{"two winners", []int{12, 77}, 1},
		{"three winners, first highest", []int{90, 1, 45}, 0},
		{"one winner", []int{3}, 0},
		{"nobody", nil, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := HighestToken(tc.tokens); got != tc.want {
				t.Errorf("HighestToken(%v) = %d, want %d", tc.tokens, got, tc.want)
			}
		})
	}
}

func TestR17_TokensDrawnWithoutReplacement(t *testing.T) {
	bag := NewTokenBag(testSeed, "partie 2 quine")
	seen := map[int]bool{}
	for i := range 90 {
		tok, err := bag.Draw()
		if err != nil {
			t.Fatalf("token %d: %v", i+1, err)
		}
		if tok < 1 || tok > 90 || seen[tok] {
			t.Fatalf("token %d: %d is out of the bag or drawn twice", i+1, tok)
		}
		seen[tok] = true
	}
	if _, err := bag.Draw(); err == nil {
		t.Error("a 91st token came out of the bag")
	}
}

func TestR17_TokensReproducibleFromSeed(t *testing.T) {
	draw := func(seed []byte, tie string) []int {
		b := NewTokenBag(seed, tie)
		var tokens []int
		for range 5 {
			token, err := b.Draw()
			if err != nil {
				t.Fatal(err)
			}
			tokens = append(tokens, token)
		}
		return tokens
	}
	a := draw(testSeed, "partie 2 quine")
	if b := draw(testSeed, "partie 2 quine"); !slices.Equal(a, b) {
		t.Errorf("same seed and tie: %v then %v", a, b)
	}
	if b := draw(testSeed, "partie 2 carton"); slices.Equal(a, b) {
		t.Errorf("two ties drew the same tokens %v", a)
	}
}

func TestR19_TwentyEurosThreeWinners(t *testing.T) {
	shares, err := Share(2000, 100, []int{40, 7, 63})
	if err != nil {
		t.Fatal(err)
	}
	// Tokens 63 and 40 share 20 EUR; token 7 gets the consolation prize.
	if want := []int64{1000, 0, 1000}; !slices.Equal(shares, want) {
		t.Errorf("shares = %v, want %v", shares, want)
	}
	if m := SharedBy(2000, 100, 3); m != 2 {
		t.Errorf("SharedBy(20 EUR, 1 EUR, 3) = %d, want 2", m)
	}
}

// shareInput is what Share is given: an amount, its unit and the winners'
// tokens.
type shareInput struct {
	amount, unit int64
	tokens       []int
}

func TestR18_VoucherSharedBetweenWinners(t *testing.T) {
	tests := []struct {
		name string
		in   shareInput
		want []int64
	}{
		{"30 EUR, 3 winners: equal thirds", shareInput{3000, 100, []int{5, 6, 4}}, []int64{1000, 1000, 1000}},
		{"50 EUR, 4 winners: 2 share 25", shareInput{5000, 100, []int{1, 2, 3, 4}}, []int64{0, 0, 2500, 2500}},
		{"7 EUR, 4 winners: highest takes all", shareInput{700, 100, []int{9, 80, 10, 11}}, []int64{0, 700, 0, 0}},
		{"10 EUR in 50 cents, 4 winners: 2.50 each", shareInput{1000, 50, []int{1, 2, 3, 4}}, []int64{250, 250, 250, 250}},
		{"one winner takes all", shareInput{2000, 100, []int{33}}, []int64{2000}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Share(tc.in.amount, tc.in.unit, tc.in.tokens)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Share = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestR25_ConsolationForEveryOtherWinner(t *testing.T) {
	shares, err := Share(2000, 100, []int{50, 60, 70, 80, 90, 10, 20})
	if err != nil {
		t.Fatal(err)
	}
	// 20 EUR among 7: 5 share 4 EUR each, tokens 10 and 20 get consolation.
	consoled := 0
	for i, s := range shares {
		if s == 0 {
			consoled++
		} else if s != 400 {
			t.Errorf("winner %d gets %d, want 400", i, s)
		}
	}
	if consoled != 2 || shares[5] != 0 || shares[6] != 0 {
		t.Errorf("shares = %v, want the two lowest tokens consoled", shares)
	}
}

func TestShareRefusesBadInput(t *testing.T) {
	tests := []struct {
		name string
		in   shareInput
	}{
		{"no winner", shareInput{2000, 100, nil}},
		{"same token twice", shareInput{2000, 100, []int{4, 4}}},
		{"token 0", shareInput{2000, 100, []int{0, 4}}},
		{"token 91", shareInput{2000, 100, []int{91, 4}}},
		{"zero amount", shareInput{0, 100, []int{1, 2}}},
		{"zero unit", shareInput{2000, 0, []int{1, 2}}},
		{"amount not in units", shareInput{2050, 100, []int{1, 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Share(tc.in.amount, tc.in.unit, tc.in.tokens); err == nil {
				t.Error("Share accepted it")
			}
		})
	}
}
