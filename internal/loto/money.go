package loto

import (
	"strconv"
	"strings"
	"time"
)

// Plausible amounts, each bounded for its use: past its bound an amount is
// a typing mistake (a lost decimal point, a key held down), refused as such.
// One cap for all would refuse a big day's card total or let an absurd
// payment through.
const (
	// maxAmount bounds one payment of a sale: a sale is at most
	// maxSaleCards cards, a few thousand euros at the dearest price list
	// (whose prices the event file bounds itself).
	maxAmount Cents = 1_000_000 // 10,000 EUR
	// maxFloat bounds a desk's float: change for the day, a few hundred
	// euros; thousands are already a mistyped amount.
	maxFloat Cents = 1_000_000 // 10,000 EUR
	// maxSessionTotal bounds a total counted at a desk's closing (the cash,
	// the card terminal's total, the cheques): one desk may take most of a
	// big day, 2,500 players at 100 EUR each being 250,000 EUR.
	maxSessionTotal Cents = 100_000_000 // 1,000,000 EUR
)

// maxEuroDigits bounds the euros typed, so an amount always fits in Cents;
// whether it is plausible depends on its use (see maxAmount).
const maxEuroDigits = 9

// ParseCents reads an amount of euros as typed: "150", "150.00", "12,5" or
// "12.50 €"; negative, malformed or more than two decimals are refused.
// Each use then bounds it by what is plausible there (tooMuch).
func ParseCents(text string) (Cents, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "€"))
	bad := func(why string) (Cents, error) {
		return 0, Errorf(EInvalid, "montant « %s » invalide : %s", Shown(strings.TrimSpace(text)), why)
	}
	if t == "" {
		return bad("vide")
	}
	if strings.HasPrefix(t, "-") {
		return bad("un montant est positif")
	}
	units, frac, _ := strings.Cut(strings.Replace(t, ",", ".", 1), ".")
	if len(frac) > 2 {
		return bad("deux décimales au plus (les centimes)")
	}
	for len(frac) < 2 {
		frac += "0"
	}
	if units == "" || !digits(units) || !digits(frac) {
		return bad("écrire des euros, par exemple 150 ou 12.50")
	}
	if len(strings.TrimLeft(units, "0")) > maxEuroDigits {
		return bad("bien trop grand, sûrement une erreur de frappe")
	}
	u, _ := strconv.ParseInt(units, 10, 64)
	f, _ := strconv.ParseInt(frac, 10, 64)
	return Cents(u*100 + f), nil
}

// tooMuch refuses an amount above what is plausible for what it is (one of
// the bounds above), nil when it is within.
func tooMuch(what string, c, bound Cents) error {
	if c <= bound {
		return nil
	}
	return Errorf(EInvalid, "%s de %s invalide : plus de %s, sûrement une erreur de frappe", what, c, bound)
}

func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Euros writes c as a plain decimal ("12.50"), as CSV files and flags take it.
func (c Cents) Euros() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return sign + strconv.FormatInt(int64(c/100), 10) + "." + strconv.FormatInt(int64(c%100)/10, 10) + strconv.FormatInt(int64(c%10), 10)
}

// hhmm writes the time of day of a journal time for people, in the zone
// it carries: the Day gives every time in the event's zone (R1).
func hhmm(t time.Time) string { return t.Format("15:04") }
