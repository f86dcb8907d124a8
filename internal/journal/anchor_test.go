package journal

import (
	"strings"
	"testing"
)

func TestR27_ParseAnchor(t *testing.T) {
	full := strings.Repeat("ab", 32)
	for _, tc := range []struct {
		in   string
		want Anchor
		bad  string // part of the French error; empty when valid
	}{
		{in: "12:" + full, want: Anchor{12, full}},
		{in: " 7:0F3A9C2E71B4 ", want: Anchor{7, "0f3a9c2e71b4"}},
		{in: "7", bad: "il manque « : »"},
		{in: "0:0f3a9c2e71b4", bad: "entier de 1 ou plus"},
		{in: "x:0f3a9c2e71b4", bad: "entier de 1 ou plus"},
		{in: "7:0f3a9c2e71", bad: "de 12 à 64 caractères"},
		{in: "7:" + full + "00", bad: "de 12 à 64 caractères"},
		{in: "7:0f3a9c2e71bz", bad: "0-9 et a-f"},
	} {
		got, err := ParseAnchor(tc.in)
		switch {
		case tc.bad == "" && (err != nil || got != tc.want):
			t.Errorf("ParseAnchor(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad) || !strings.Contains(err.Error(), "ancre")):
			t.Errorf("ParseAnchor(%q) error %v; want one saying %q", tc.in, err, tc.bad)
		}
	}
	a := Anchor{Seq: 12, Hash: full}
	if a.Short() != "12:"+full[:12] || a.String() != "12:"+full {
		t.Fatalf("Short %q, String %q", a.Short(), a.String())
	}
	if huge, err := ParseAnchor(strings.Repeat("9", 5000)); err == nil || len(err.Error()) > 400 {
		t.Fatalf("a huge anchor: %v %v; want a short error", huge, err)
	}
}
