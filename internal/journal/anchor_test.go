package journal

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestR27_ParseAnchor(t *testing.T) {
	t.Parallel()
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

// FuzzParseAnchor: an anchor typed from a receipt or a report either reads
// as one that writes back to itself, or is refused in French, repeating at
// most 80 characters of what was typed and none of its invisible ones.
func FuzzParseAnchor(f *testing.F) {
	for _, s := range []string{"1234:0f3a9c2e71b4", " 1:ABCDEF012345 ", "0:0f3a9c2e71b4", "-1:0f3a9c2e71b4", "9223372036854775808:0f3a9c2e71b4",
		"12:0f3a", "12:" + strings.Repeat("a", 65), "12:0f3a9c2e71bg", "12", ":", "", "+5:0f3a9c2e71b4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAnchor(text)
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "ancre « ") || len([]rune(msg)) > 80*len("U+0000")+200 || !utf8.ValidString(msg) {
				t.Fatalf("%q refused with %q", text, msg)
			}
			if i := strings.IndexFunc(msg, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }); i >= 0 {
				t.Fatalf("%q: the refusal repeats an invisible character: %q", text, msg)
			}
			return
		}
		if a.Seq < 1 || len(a.Hash) < MinAnchorHex || len(a.Hash) > 64 || strings.ToLower(a.Hash) != a.Hash {
			t.Fatalf("%q reads as %+v", text, a)
		}
		if again, err := ParseAnchor(a.String()); err != nil || again != a {
			t.Fatalf("%q reads as %+v, written %q, read back as %+v, %v", text, a, a.String(), again, err)
		}
	})
}
