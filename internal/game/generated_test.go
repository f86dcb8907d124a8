package game

import (
	"math/rand/v2"
	"testing"

	"loto/internal/card"
)

// The index over strips from the real generator (internal/card), not only
// from the test builder.
func TestIndexAgreesWithBruteForceOnGeneratedStrips(t *testing.T) {
	seed := []byte("série de test du moteur de jeu")
	var cards []card.Card
	for k := range 12 {
		var s card.Strip
		card.NewGenerator(seed).Strip(k, 0, &s)
		if err := s.Validate(); err != nil {
			t.Fatalf("strip %d: %v", k, err)
		}
		cards = append(cards, s[:]...)
	}
	games := 200
	if testing.Short() {
		games = 20
	}
	agreeWithBruteForce(t, rand.New(rand.NewPCG(15, 16)), cards, games)
	if ix := newIndex(cards); ix.groups != 12 {
		t.Errorf("12 generated strips made %d groups", ix.groups)
	}
}
