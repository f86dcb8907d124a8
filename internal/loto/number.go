package loto

import (
	"errors"
	"strconv"
	"strings"

	"loto/internal/card"
)

// ParseNumber reads a number of the ball machine as a person typed it: a
// whole number from 1 to 90 (R14). With ParseToken it is the one place that
// reads a number 1..90, so that every device refuses the same input in the
// same words.
func ParseNumber(text string) (card.Number, error) {
	return parseOneTo90(text, numberOutside, "« %s » n'est pas un numéro : de 1 à 90")
}

// NumberOf reads a number of the ball machine a device sent as a JSON
// number: from 1 to 90 (R14), refused in the words of ParseNumber.
func NumberOf(n int) (card.Number, error) {
	return oneTo90(n, numberOutside)
}

// numberOutside refuses a number of the ball machine out of 1..90.
const numberOutside = "numéro %s invalide : de 1 à 90"

// ParseToken reads a tie token drawn from the bag as a person typed it: a
// whole number from 1 to 90 (R17).
func ParseToken(text string) (int, error) {
	n, err := parseOneTo90(text, tokenOutside, "pion « %s » : attendu un nombre de 1 à 90")
	return int(n), err
}

// TokenOf reads a tie token a device sent as a JSON number: from 1 to 90
// (R17), refused in the words of ParseToken.
func TokenOf(n int) (int, error) {
	t, err := oneTo90(n, tokenOutside)
	return int(t), err
}

// tokenOutside refuses a tie token out of 1..90.
const tokenOutside = "pion %s invalide : de 1 à 90"

// parseOneTo90 reads a whole number from 1 to 90, refusing with outside (a
// number out of range) or notANumber, each quoting the text typed.
func parseOneTo90(text, outside, notANumber string) (card.Number, error) {
	t := strings.TrimSpace(text)
	n, err := strconv.Atoi(t)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, Errorf(EInvalid, outside, clip(t))
	case err != nil:
		return 0, Errorf(EInvalid, notANumber, clip(t))
	}
	return oneTo90(n, outside)
}

// oneTo90 is n as a number 1..90, refused with outside when it is not.
func oneTo90(n int, outside string) (card.Number, error) {
	if n < 1 || n > 90 {
		// Checked before any conversion: 256 would become 0, the rng mode's "no number".
		return 0, Errorf(EInvalid, outside, strconv.Itoa(n))
	}
	return card.Number(n), nil
}
