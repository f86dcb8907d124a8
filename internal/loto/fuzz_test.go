package loto

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The fuzz targets of the parsers of what people and devices send: the
// codes scanned or typed at a desk and at the door, the amounts, the till
// counts, the payments, the numbers called and the reservations' CSV
// files. Each input either parses into a value that writes back to itself,
// or is refused as invalid with a message fit to show: French, bounded,
// repeating no invisible character (see refusedFairly). scripts/fuzz.sh
// runs each for a set time; the seeds and every find are under
// testdata/fuzz.

// maxLine bounds a line of a refusal: the longest message of a parser is
// under 300 characters, and a person's text is repeated 40 characters at
// most (Shown).
const maxLine = 400

// refusedFairly fails unless err is an invalid *Error whose message holds
// at most lines lines of at most maxLine characters, in valid UTF-8,
// without a control or format character but the line breaks: a refusal
// never replays a huge or hostile input (the house rule: bad input
// gets a clear French error).
func refusedFairly(t *testing.T, input string, err error, lines int) {
	t.Helper()
	if code := ErrorCode(err); code != EInvalid {
		t.Fatalf("%q: refused as %q, want %q: %v", input, code, EInvalid, err)
	}
	msg := ErrorMessage(err)
	if !utf8.ValidString(msg) {
		t.Fatalf("%q: the refusal is not valid UTF-8: %q", input, msg)
	}
	ls := strings.Split(msg, "\n")
	if len(ls) > lines {
		t.Fatalf("%q: the refusal has %d lines, at most %d expected: %q", input, len(ls), lines, msg)
	}
	for _, l := range ls {
		if n := utf8.RuneCountInString(l); n > maxLine {
			t.Fatalf("%q: a line of the refusal has %d characters, at most %d expected: %q", input, n, maxLine, l)
		}
		for _, r := range l {
			if spoofs(r) {
				t.Fatalf("%q: the refusal repeats the invisible character %U: %q", input, r, msg)
			}
		}
	}
}

func FuzzParseCardCode(f *testing.F) {
	for _, s := range []string{"A-001234-K7", "a001234k7", "LOTO:ZZ-999999-23", "A-P000123-K7Q", "LOTO-PLATE:B-P000001-ZZZ",
		"ap000123k7q", "AP-000123-K7", "", " ", "A-P000000-K7Q", "ZZZZ-P000001-222", "A-1000000-22", "A\u202e001234K7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCardCode(text)
		if err != nil {
			refusedFairly(t, text, err, 1)
			return
		}
		again, err := ParseCardCode(c.String())
		if err != nil || again != c {
			t.Fatalf("%q reads as %+v, which writes as %q and reads back as %+v, %v", text, c, c.String(), again, err)
		}
		if c.IsPlate() {
			if !validSeriesCode(c.Plate.Series) || c.Plate.Plate < 1 || len(c.Plate.Check) != 3 {
				t.Fatalf("%q reads as the plate %+v", text, c.Plate)
			}
			if q, err := ParseCardCode(PlateQR(c.String())); err != nil || q != c {
				t.Fatalf("the QR text of %q reads as %+v, %v", c, q, err)
			}
		} else if len(c.Serial.Check) != 2 || c.Serial.Number < 1 {
			// A serial's check code has two characters: a plate code's three
			// would make a card of another series (AP...) of a plate.
			t.Fatalf("%q reads as the serial %+v", text, c.Serial)
		}
	})
}

func FuzzParseTicketCode(f *testing.F) {
	for _, s := range []string{"R-000042-7KQ", "r0000427kq", "LOTO-TICKET:R-000001-222", "R-000000-ABC", "R-0000001-ABC", "", "R", "R-00004\u00b2-7KQ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseTicketCode(text)
		if err != nil {
			refusedFairly(t, text, err, 1)
			return
		}
		again, err := ParseTicketCode(c.String())
		if err != nil || again != c {
			t.Fatalf("%q reads as %+v, which writes as %q and reads back as %+v, %v", text, c, c.String(), again, err)
		}
		if c.Number < 0 || c.Number > 999999 || len(c.Check) != 3 {
			t.Fatalf("%q reads as %+v", text, c)
		}
	})
}

func FuzzParseCents(f *testing.F) {
	for _, s := range []string{"150", "150.00", "12,5", "12.50 €", "0", "0.01", "-1", "1.234", "999999999.99", "1000000000", "0000000000001", ".5", "5.", "", "€", "1e3", "+3", " 7 € "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCents(text)
		if err != nil {
			refusedFairly(t, text, err, 1)
			return
		}
		if c < 0 || c >= 100*1_000_000_000 {
			t.Fatalf("%q reads as %d cents, out of range", text, c)
		}
		if again, err := ParseCents(c.Euros()); err != nil || again != c {
			t.Fatalf("%q reads as %d cents, written %q, read back as %d, %v", text, c, c.Euros(), again, err)
		}
	})
}

func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"50x2,20x5,0.50x3", "0", "", "500X1", "0.01*100000", "2×3, 2x4", "2×3, 1x4", "3x1", "50x-1", "50x100001", "50", "x", ",", "50x2,,20x1", "0,50x3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		count, err := ParseCount(text)
		if err != nil {
			// Each piece is refused on its own: one line.
			refusedFairly(t, text, err, 1)
			return
		}
		var items []string
		for i, d := range count {
			if !isDenomination(d.Cents) || d.Count < 0 || (i > 0 && d.Cents >= count[i-1].Cents) {
				t.Fatalf("%q reads as %+v: not distinct euro denominations, largest first", text, count)
			}
			items = append(items, fmt.Sprintf("%sx%d", d.Cents.Euros(), d.Count))
		}
		// A denomination is given once, and the total of a count taken
		// never overflows.
		if total := countTotal(count); total < 0 {
			t.Fatalf("%q: the total of %+v overflows: %d", text, count, total)
		}
		if len(items) == 0 {
			return
		}
		again, err := ParseCount(strings.Join(items, ","))
		if err != nil || fmt.Sprint(again) != fmt.Sprint(count) {
			t.Fatalf("%q reads as %+v, written %q, read back as %+v, %v", text, count, strings.Join(items, ","), again, err)
		}
	})
}

func FuzzParsePayments(f *testing.F) {
	for _, s := range []string{"cash:30.00", "cash:10,card:15.50", "chèque:12", "CB:1", "cash", "cash:", ":12", "cash:10:20", "", "espèces:1,espèces:2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		pays, err := ParsePayments(text)
		if err != nil {
			refusedFairly(t, text, err, 1)
			return
		}
		var items []string
		for _, p := range pays {
			if _, known := methodIndex(p.Method); !known || p.Cents < 0 {
				t.Fatalf("%q reads as %+v", text, pays)
			}
			items = append(items, string(p.Method)+":"+p.Cents.Euros())
		}
		again, err := ParsePayments(strings.Join(items, ","))
		if err != nil || fmt.Sprint(again) != fmt.Sprint(pays) {
			t.Fatalf("%q reads as %+v, read back as %+v, %v", text, pays, again, err)
		}
	})
}

func FuzzParseIdentity(f *testing.F) {
	for _, s := range []string{"CNI 123456", "passeport 12AB34567", "permis de conduire 99", "CNI", "", "CNI 12-34", "\u202eCNI 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		id, err := ParseIdentity(text)
		if err != nil {
			refusedFairly(t, text, err, 1)
			return
		}
		if err := checkIdentity(id); err != nil {
			t.Fatalf("%q reads as %+v, which the sale then refuses: %v", text, id, err)
		}
	})
}

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1", "90", " 42 ", "0", "91", "256", "-1", "+7", "007", "9999999999999999999999", "quarante", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := ParseNumber(text)
		tok, tokErr := ParseToken(text)
		if (err == nil) != (tokErr == nil) {
			t.Fatalf("%q: a number %v, a token %v: the two must read the same", text, err, tokErr)
		}
		if err != nil {
			refusedFairly(t, text, err, 1)
			refusedFairly(t, text, tokErr, 1)
			return
		}
		want, aerr := strconv.Atoi(strings.TrimSpace(text))
		if aerr != nil || int(n) != want || tok != want || n < 1 || n > 90 {
			t.Fatalf("%q reads as the number %d and the token %d", text, n, tok)
		}
	})
}

func FuzzParseTimeOfDay(f *testing.F) {
	for _, s := range []string{"08:00", "8h00", "8:00", "23:59", "24:00", "12:60", "-1:00", "1:-1", "+1:00", "", "h", "08:0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, ok := ParseTimeOfDay(text)
		if !ok {
			var tod TimeOfDay
			if err := tod.UnmarshalText([]byte(text)); err == nil {
				t.Fatalf("%q: ParseTimeOfDay refuses it, UnmarshalText reads it", text)
			} else {
				refusedFairly(t, text, err, 1)
			}
			return
		}
		if v < 0 || v >= 24*60 {
			t.Fatalf("%q reads as %d minutes", text, v)
		}
		if again, ok := ParseTimeOfDay(v.String()); !ok || again != v {
			t.Fatalf("%q reads as %s, read back as %d, %v", text, v, again, ok)
		}
	})
}
