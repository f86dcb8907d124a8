package eventfile

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"loto/examples"
	"loto/internal/loto"
)

// FuzzParse feeds the event file's reader arbitrary files, from the
// rulebook's example and small days: either the file is a day whose spec
// the journal records and replays as it is (its JSON reads back to the same
// spec), or it is refused as invalid, each mistake one by one and the
// message bounded, French lines repeating no invisible character.
func FuzzParse(f *testing.F) {
	f.Add(append([]byte(nil), examples.MegaLoto...))
	f.Add(eventYAML("ball-machine", "  - {title: Partie 1, stages: [{stage: quine, prize: {label: Un jambon}}]}"))
	f.Add(eventYAML("rng", "  - {title: Partie 1, kinds: [special], stages: [{stage: carton, prize: {label: Bon, cents: 5000}}]}"))
	for _, s := range []string{"", "name: [", "a: &x 1\nb: *x\n", "{}", "- 1\n- 2\n", "name: \"\\u202e\"\n", "\xff\xfe", "name: caf\xe9\n",
		`{"name": "Loto", "date": "2025-02-30"}`, "schedule: {doors: 25:00}\n", "? [a, b]\n: c\n", "!!binary aGVsbG8=\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, warnings, err := Parse(data)
		if err != nil {
			refusedFairly(t, data, err)
			return
		}
		// The journal records the spec as JSON and the fold reads it back.
		b, err := json.Marshal(spec)
		if err != nil {
			t.Fatalf("%q: the spec does not write as JSON: %v", data, err)
		}
		var again loto.EventSpec
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatalf("%q: the spec's JSON does not read back: %v: %s", data, err, b)
		}
		if b2, _ := json.Marshal(&again); !bytes.Equal(b, b2) {
			t.Fatalf("%q: the spec's JSON reads back as another spec:\n%s\n%s", data, b, b2)
		}
		for _, w := range warnings {
			fairLines(t, data, w, 2)
		}
	})
}

// refusedFairly fails unless err refuses an event file as invalid, its
// mistakes one by one (at most maxListed), each on one line, and its
// message within bounds.
func refusedFairly(t *testing.T, data []byte, err error) {
	t.Helper()
	if code := loto.ErrorCode(err); code != loto.EInvalid {
		t.Fatalf("%q: refused as %q: %v", data, code, err)
	}
	ms := Mistakes(err)
	if len(ms) == 0 || len(ms) > maxListed {
		t.Fatalf("%q: %d mistakes listed: %v", data, len(ms), err)
	}
	// A head line, the mistakes listed, a line saying how many more.
	fairLines(t, data, loto.ErrorMessage(err), 1+maxListed+1)
	for _, m := range ms {
		fairLines(t, data, m.Message, 1)
	}
}

// fairLines fails unless msg has at most lines lines of at most 400
// characters of valid UTF-8, without a control or format character.
func fairLines(t *testing.T, data []byte, msg string, lines int) {
	t.Helper()
	ls := strings.Split(msg, "\n")
	if !utf8.ValidString(msg) || len(ls) > lines {
		t.Fatalf("%q: %d lines (at most %d), or not UTF-8: %q", data, len(ls), lines, msg)
	}
	for _, l := range ls {
		if utf8.RuneCountInString(l) > 400 {
			t.Fatalf("%q: a line of %d characters: %q", data, utf8.RuneCountInString(l), l)
		}
		if i := strings.IndexFunc(l, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }); i >= 0 {
			t.Fatalf("%q: an invisible character in %q", data, l)
		}
	}
}
