package loto

import (
	"fmt"

	"loto/internal/game"
)

// TieAdvice is what the host does at a tie, by the prize (R17-R19, R25).
type TieAdvice string

// The ways a tie is resolved.
const (
	// TieTokens: an object; tokens are drawn, the highest takes the prize,
	// the others a consolation (R17, R25).
	TieTokens TieAdvice = "tokens"
	// TieShare: a voucher that divides equally; it is shared, no token
	// needed, unless the winners decline (R18).
	TieShare TieAdvice = "share"
	// TieTokensShare: a voucher that does not divide equally; tokens are
	// drawn, the highest share it, the others a consolation (R19).
	TieTokensShare TieAdvice = "tokens_share"
	// TieDeclined: the winners declined to share a voucher; tokens are
	// drawn, the highest takes it whole, the others a consolation (R18).
	TieDeclined TieAdvice = "declined"
)

// AdviseTie says how a tie of k winners on that prize is resolved, once the
// winners declined to share a voucher or not; "" without a tie.
func AdviseTie(p Prize, k int, declined bool) TieAdvice {
	switch {
	case k < 2:
		return ""
	case p.Kind != Voucher:
		return TieTokens
	case declined:
		return TieDeclined
	case game.SharedBy(int64(p.Cents), int64(p.UnitCents), k) == k:
		return TieShare
	}
	return TieTokensShare
}

// French says the advice to the host and the board, without naming any
// device's commands.
func (a TieAdvice) French() string {
	switch a {
	case TieTokens:
		return "tirer les pions : le plus haut prend le lot, les autres un lot de consolation (R17, R25)"
	case TieShare:
		return "le bon se partage à parts égales (R18), sauf si les gagnants refusent le partage"
	case TieTokensShare:
		return "le bon ne se partage pas également (R19) : tirer les pions, les plus hauts se le partagent, les autres ont un lot de consolation"
	case TieDeclined:
		return "partage refusé par les gagnants (R18) : tirer les pions, le plus haut prend le bon entier, les autres un lot de consolation"
	}
	return string(a)
}

// ShareFrench says what a winner receives of a voucher, its stage's winners
// in hand: "15,00 € (part de 2 sur le bon de 30 €)" when it is shared (R18,
// R19), so that nobody hands the whole voucher over; "30,00 € (bon entier :
// partage refusé, R18)" when the winners declined; the amount alone for a
// sole winner; "" for an object or a consolation.
func ShareFrench(w Winner, stage []Winner, declined bool) string {
	if w.ShareCents == nil || w.Consolation {
		return ""
	}
	var whole Cents // every share of the voucher adds up to it
	parts := 0
	for _, x := range stage {
		if x.ShareCents != nil && !x.Consolation {
			whole += *x.ShareCents
			parts++
		}
	}
	switch {
	case parts > 1:
		return fmt.Sprintf("%s (part de %d sur le bon de %s)", w.ShareCents, parts, whole.Short())
	case declined:
		return w.ShareCents.String() + " (bon entier : partage refusé, R18)"
	}
	return w.ShareCents.String()
}

// Short writes an amount the way a voucher is named: "30 €", "12,50 €".
func (c Cents) Short() string {
	if c%100 == 0 {
		return fmt.Sprintf("%d €", c/100)
	}
	return c.String()
}
