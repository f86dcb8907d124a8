package loto

import (
	"strings"
	"testing"

	"loto/internal/card"
)

func TestR14_ParseNumberReadsOneTo90(t *testing.T) {
	for _, tc := range []struct {
		text string
		want card.Number
		say  string // the refusal, when there is one
	}{
		{"1", 1, ""},
		{" 90 ", 90, ""},
		{"0", 0, "numéro 0 invalide : de 1 à 90"},
		{"91", 0, "numéro 91 invalide : de 1 à 90"},
		{"256", 0, "numéro 256 invalide : de 1 à 90"}, // never wrapped to 0, the rng mode's "no number"
		{"-3", 0, "numéro -3 invalide : de 1 à 90"},
		{"douze", 0, "« douze » n'est pas un numéro : de 1 à 90"},
		{"", 0, "«  » n'est pas un numéro : de 1 à 90"},
		{"99999999999999999999999", 0, "numéro 99999999999999999999999 invalide : de 1 à 90"},
		{strings.Repeat("x", 5000), 0, "« " + strings.Repeat("x", 40) + "… (coupé, 5000 caractères) » n'est pas un numéro : de 1 à 90"},
	} {
		t.Run(tc.text[:min(len(tc.text), 24)], func(t *testing.T) {
			n, err := ParseNumber(tc.text)
			if tc.say == "" {
				ok(t, err)
			} else {
				wantCode(t, err, EInvalid)
				if ErrorMessage(err) != tc.say {
					t.Fatalf("message %q, want %q", ErrorMessage(err), tc.say)
				}
			}
			if n != tc.want {
				t.Fatalf("ParseNumber(%q) = %d, want %d", tc.text, n, tc.want)
			}
		})
	}
}

func TestR17_ParseTokenReadsOneTo90(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
		say  string
	}{
		{"57", 57, ""},
		{"91", 0, "pion 91 invalide : de 1 à 90"},
		{"x", 0, "pion « x » : attendu un nombre de 1 à 90"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			n, err := ParseToken(tc.text)
			if tc.say != "" && ErrorMessage(err) != tc.say || tc.say == "" && err != nil || n != tc.want {
				t.Fatalf("ParseToken(%q) = %d, %v; want %d, %q", tc.text, n, err, tc.want, tc.say)
			}
		})
	}
}
