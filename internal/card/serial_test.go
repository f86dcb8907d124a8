package card

import (
	"errors"
	"strings"
	"testing"
)

var testKey = []byte("series A check key")

func TestParseSerial(t *testing.T) {
	want := Serial{Series: "A", Number: 1234, Check: "K7"}
	tests := []struct {
		name string
		text string
		want Serial
	}{
		{"printed form", "A-001234-K7", want},
		{"lower case", "a-001234-k7", want},
		{"no dashes", "a001234k7", want},
		{"spaces", "A 001234 K7", want},
		{"spaces around", "  A-001234-K7\n", want},
		{"QR text", "LOTO:A-001234-K7", want},
		{"QR text in lower case", "loto:a-001234-k7", want},
		{"two-letter series", "AB-999999-ZZ", Serial{Series: "AB", Number: 999999, Check: "ZZ"}},
		{"the millionth card has 7 digits", "A-1000000-K7", Serial{Series: "A", Number: 1000000, Check: "K7"}},
		{"three-letter series", "zzz000001 23", Serial{Series: "ZZZ", Number: 1, Check: "23"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSerial(tt.text)
			if err != nil {
				t.Fatalf("ParseSerial(%q): %v", tt.text, err)
			}
			if got != tt.want {
				t.Errorf("ParseSerial(%q) = %+v, want %+v", tt.text, got, tt.want)
			}
		})
	}
}

func TestParseSerialRejectsMalformed(t *testing.T) {
	tests := []struct{ name, text string }{
		{"empty", ""},
		{"only spaces", "   "},
		{"no series", "001234-K7"},
		{"four-letter series", "ABCD-001234-K7"},
		{"five digits", "A-01234-K7"},
		{"seven digits", "A-0001234-K7"},
		{"seven digits past the millionth", "A-1000001-K7"},
		{"number zero", "A-000000-K7"},
		{"letter O in the number", "A-OO1234-K7"},
		{"no check", "A-001234"},
		{"one check character", "A-001234-K"},
		{"three check characters", "A-001234-K7X"},
		{"zero in the check", "A-001234-K0"},
		{"letter O in the check", "A-001234-KO"},
		{"one in the check", "A-001234-1K"},
		{"letter I in the check", "A-001234-IK"},
		{"letter L in the check", "A-001234-LK"},
		{"other QR prefix", "BINGO:A-001234-K7"},
		{"accented series", "É-001234-K7"},
		{"very long text", strings.Repeat("A", 1000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSerial(tt.text)
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("ParseSerial(%q) = %+v, %v; want ErrMalformed", tt.text, s, err)
			}
		})
	}
}

func TestSerialString(t *testing.T) {
	s := Serial{Series: "AB", Number: 42, Check: "K7"}
	if got := s.String(); got != "AB-000042-K7" {
		t.Errorf("String() = %q", got)
	}
	if got := QRText(s); got != "LOTO:AB-000042-K7" {
		t.Errorf("QRText() = %q", got)
	}
}

func TestCheckerSerialVerifies(t *testing.T) {
	for _, number := range []int{1, 6, 1234, MaxCards} {
		s, err := NewChecker(testKey).Serial("A", number)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Check) != 2 || strings.Trim(s.Check, checkAlphabet) != "" {
			t.Errorf("check %q is not 2 characters of %s", s.Check, checkAlphabet)
		}
		parsed, err := ParseSerial(QRText(s))
		if err != nil || parsed != s {
			t.Fatalf("ParseSerial(QRText(%v)) = %v, %v", s, parsed, err)
		}
		if err := NewChecker(testKey).Verify(parsed); err != nil {
			t.Errorf("Verify(%v) = %v", s, err)
		}
	}
}

func TestR10_WrongCheckCodeRefused(t *testing.T) {
	good, err := NewChecker(testKey).Serial("A", 1234)
	if err != nil {
		t.Fatal(err)
	}
	mistyped := good
	mistyped.Check = string([]byte{good.Check[1], good.Check[0]})
	if mistyped.Check == good.Check {
		mistyped.Check = "22"
	}
	forged := good // the same check on another number
	forged.Number = 1235
	if forged.Check == mustSerial(t, "A", 1235).Check {
		t.Fatal("test needs numbers with different checks")
	}
	otherSeries := good
	otherSeries.Series = "B"
	tests := []struct {
		name string
		s    Serial
		key  []byte
	}{
		{"mistyped check", mistyped, testKey},
		{"Mistyped", good.Mistyped(), testKey},
		{"forged number", forged, testKey},
		{"serial of another series", otherSeries, testKey},
		{"key of another series", good, []byte("series B check key")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := NewChecker(tt.key).Verify(tt.s); !errors.Is(err, ErrBadCheck) {
				t.Errorf("Verify(%v) = %v, want ErrBadCheck", tt.s, err)
			}
		})
	}
}

// Mistyped changes the check code's last character to the next of the
// alphabet, the last one to the first: the code stays of the alphabet.
func TestMistypedStaysInTheAlphabet(t *testing.T) {
	for check, want := range map[string]string{"K7": "K8", "K9": "KA", "2Z": "22"} {
		s := Serial{Series: "A", Number: 1, Check: check}
		if got := s.Mistyped(); got.Check != want || got.Series != "A" || got.Number != 1 {
			t.Errorf("%v.Mistyped() = %v, want check %s", s, got, want)
		}
	}
}

func mustSerial(t *testing.T, series string, number int) Serial {
	t.Helper()
	s, err := NewChecker(testKey).Serial(series, number)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSerialRejectsBadFields(t *testing.T) {
	tests := []struct {
		name   string
		series string
		number int
	}{
		{"empty series", "", 1},
		{"lower-case series", "a", 1},
		{"number zero", "A", 0},
		{"seven digits", "A", MaxCards + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewChecker(testKey).Serial(tt.series, tt.number); !errors.Is(err, ErrMalformed) {
				t.Errorf("Serial: %v, want ErrMalformed", err)
			}
			s := Serial{Series: tt.series, Number: tt.number, Check: "K7"}
			if err := NewChecker(testKey).Verify(s); !errors.Is(err, ErrMalformed) {
				t.Errorf("Verify: %v, want ErrMalformed", err)
			}
		})
	}
}

func TestSeriesCodes(t *testing.T) {
	for _, code := range []SeriesCode{"A", "Z", "AA", "AZ", "BA", "ZZ", "AAA", "ZZZ"} {
		t.Run(string(code), func(t *testing.T) {
			parsed, err := ParseSeriesCode(strings.ToLower(string(code)))
			if err != nil || parsed != code {
				t.Errorf("ParseSeriesCode = %q, %v", parsed, err)
			}
		})
	}
	for _, text := range []string{"", "A1", "ABCD", "Ä", "A B"} {
		if _, err := ParseSeriesCode(text); !errors.Is(err, ErrMalformed) {
			t.Errorf("ParseSeriesCode(%q) = %v, want ErrMalformed", text, err)
		}
	}
}

func FuzzParseSerial(f *testing.F) {
	for _, seed := range []string{
		"A-001234-K7", "a001234k7", "LOTO:ZZ-999999-23", "loto: b 000001 zz",
		"", "-", "LOTO:", "A-000000-K7", "AAAA-1-K", "é-001234-K7", "A\x00001234K7",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSerial(text)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("ParseSerial(%q): error %v is not ErrMalformed", text, err)
			}
			return
		}
		for _, form := range []string{s.String(), QRText(s), strings.ToLower(s.String())} {
			again, err := ParseSerial(form)
			if err != nil || again != s {
				t.Fatalf("ParseSerial(%q) = %+v; %q parses to %+v, %v", text, s, form, again, err)
			}
		}
		if !SeriesCode(s.Series).Valid() || s.Number < 1 || s.Number > MaxCards {
			t.Fatalf("ParseSerial(%q) = %+v, out of range", text, s)
		}
	})
}
