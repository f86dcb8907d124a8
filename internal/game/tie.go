package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// TokenBag is the bag of tokens 1..90 drawn without replacement to break a
// tie (R17). The n-th token (from 0) reads the stream with prefix
// "loto/token/v1" || uint32be(len(tieID)) || tieID || uint32be(n) and takes the
// i-th token left in ascending order, as Drawer does, so it is reproducible
// from the game's seed once revealed.
type TokenBag struct {
	seed  []byte
	tie   string
	taken [91]bool
	order []int
}

// NewTokenBag returns a full bag for the tie named tieID (unique within the
// day) from the seed of the game it breaks a tie of.
func NewTokenBag(seed []byte, tieID string) *TokenBag {
	return &TokenBag{seed: append([]byte(nil), seed...), tie: tieID}
}

// Draw takes the next token out of the bag; it fails once the 90 tokens are out.
func (b *TokenBag) Draw() (int, error) {
	left := 90 - len(b.order)
	if left == 0 {
		return 0, errors.New("le sac de pions est vide")
	}
	prefix := []byte("loto/token/v1")
	prefix = binary.BigEndian.AppendUint32(prefix, uint32(len(b.tie)))
	prefix = append(prefix, b.tie...)
	prefix = binary.BigEndian.AppendUint32(prefix, uint32(len(b.order)))
	i := newStream(b.seed, prefix).below(left)
	for t := 1; t <= 90; t++ {
		if b.taken[t] {
			continue
		}
		if i == 0 {
			b.taken[t] = true
			b.order = append(b.order, t)
			return t, nil
		}
		i--
	}
	panic("game: token bag is inconsistent")
}

// checkTokens refuses an empty tie and tokens that a bag of 1..90 cannot give.
func checkTokens(tokens []int) error {
	if len(tokens) == 0 {
		return errors.New("aucun gagnant")
	}
	var seen [91]bool
	for _, t := range tokens {
		if t < 1 || t > 90 {
			return fmt.Errorf("pion %d hors de 1 à 90", t)
		}
		if seen[t] {
			return fmt.Errorf("pion %d tiré deux fois", t)
		}
		seen[t] = true
	}
	return nil
}

// HighestToken is the index of the winner whose token is highest (R17, R25:
// the others get a consolation prize), or -1 when tokens is empty.
func HighestToken(tokens []int) int {
	best := -1
	for i, t := range tokens {
		if best < 0 || t > tokens[best] {
			best = i
		}
	}
	return best
}

// Share splits a voucher of amountCents in whole units of unitCents between
// winners holding tokens (R18, R19): the m highest tokens share it equally, m
// the largest number <= len(tokens) such that amountCents/m is a whole number
// of units; shares[i] is winner i's part, 0 meaning a consolation prize (R25).
func Share(amountCents, unitCents int64, tokens []int) (shares []int64, err error) {
	if err := checkTokens(tokens); err != nil {
		return nil, err
	}
	if unitCents <= 0 || amountCents <= 0 {
		return nil, fmt.Errorf("montant %d et unité %d doivent être positifs", amountCents, unitCents)
	}
	if amountCents%unitCents != 0 {
		return nil, fmt.Errorf("le montant %d n'est pas un multiple de l'unité %d", amountCents, unitCents)
	}
	m := sharedBy(amountCents/unitCents, len(tokens))
	byToken := make([]int, len(tokens))
	for i := range byToken {
		byToken[i] = i
	}
	sort.Slice(byToken, func(a, b int) bool { return tokens[byToken[a]] > tokens[byToken[b]] })
	shares = make([]int64, len(tokens))
	for _, i := range byToken[:m] {
		shares[i] = amountCents / int64(m)
	}
	return shares, nil
}

// SharedBy is how many of k winners share a voucher of amountCents in units of
// unitCents (R19): when it is less than k, tokens must be drawn; 0 for bad input.
func SharedBy(amountCents, unitCents int64, k int) int {
	if k < 1 || unitCents <= 0 || amountCents <= 0 || amountCents%unitCents != 0 {
		return 0
	}
	return sharedBy(amountCents/unitCents, k)
}

// sharedBy is the largest m <= k dividing units; 1 always does.
func sharedBy(units int64, k int) int {
	m := k
	for units%int64(m) != 0 {
		m--
	}
	return m
}
