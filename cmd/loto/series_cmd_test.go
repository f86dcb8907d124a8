package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/card"
	"loto/internal/cli/clitest"
	"loto/internal/journal/sqlite"
)

// head returns the journal's last sequence, to prove a refusal wrote nothing.
func head(t *testing.T, db string) int64 {
	t.Helper()
	s, err := sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h, err := s.Head(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return h.Seq
}

func newDB(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "loto.db")
}

// mustRun runs the program with args, which must succeed, and returns
// what it printed.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	return clitest.MustRun(t, "loto", Run, args...)
}

// mustJSON runs the program with args, which must succeed, and reads what
// it printed as a JSON T.
func mustJSON[T any](t *testing.T, args ...string) T {
	t.Helper()
	return clitest.JSON[T](t, "loto", Run, args...)
}

func exportCards(t *testing.T, db string, args ...string) []map[string]any {
	t.Helper()
	out := mustRun(t, append([]string{"series", "export", "--db", db}, args...)...)
	var cards []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var c map[string]any
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("export line %q: %v", sc.Text(), err)
		}
		cards = append(cards, c)
	}
	return cards
}

func TestSeriesCreateListExport(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	out := mustRun(t, "series", "create", "--db", db, "--series", "A", "--cards", "14", "--color", "yellow", "--title", "Mega Loto")
	if !strings.Contains(out, "14 cartes") || !strings.Contains(out, "n'a que 2 cartes") {
		t.Fatalf("a partial last plate must be said: %q", out)
	}
	mustRun(t, "series", "create", "--db", db, "--series", "V", "--cards", "6", "--special", "--color", "pink")
	list := mustRun(t, "series", "list", "--db", db)
	if !strings.Contains(list, "A      regular") || !strings.Contains(list, "V      special") {
		t.Fatalf("list:\n%s", list)
	}
	cards := exportCards(t, db, "--series", "A")
	if len(cards) != 14 {
		t.Fatalf("exported %d cards, want 14", len(cards))
	}
	for i, c := range cards {
		n := i + 1
		if int(c["number"].(float64)) != n || int(c["plate"].(float64)) != card.PlateOf(n) || c["series"] != "A" {
			t.Fatalf("card %d exported as %v", n, c)
		}
		s, err := card.ParseSerial(c["serial"].(string))
		if err != nil || s.Number != n || s.Series != "A" {
			t.Fatalf("card %d serial %v: %v", n, c["serial"], err)
		}
		var grid card.Card
		b, _ := json.Marshal(c["grid"])
		if err := json.Unmarshal(b, &grid); err != nil {
			t.Fatal(err)
		}
		if err := grid.Validate(); err != nil {
			t.Fatalf("card %d: %v", n, err)
		}
	}
	part := exportCards(t, db, "--series", "a", "--from", "7", "--to", "8")
	if len(part) != 2 || part[0]["serial"] != cards[6]["serial"] {
		t.Fatalf("range export: %v", part)
	}
	// Replaying the journal rebuilds the same cards: export again is identical.
	again := exportCards(t, db, "--series", "A")
	a, _ := json.Marshal(cards)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		t.Fatal("a second export differs from the first")
	}
}

func TestSeriesCreateBadInputWritesNothing(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "A", "--cards", "6")
	before := head(t, db)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"zero cards", []string{"--series", "B", "--cards", "0"}, "nombre de cartes"},
		{"negative", []string{"--series", "B", "--cards", "-6"}, "nombre de cartes"},
		{"too many", []string{"--series", "B", "--cards", "1000001"}, "nombre de cartes"},
		{"code used", []string{"--series", "A", "--cards", "6"}, "existe déjà"},
		{"bad code", []string{"--series", "A1", "--cards", "6"}, "invalide"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := run(t, append([]string{"series", "create", "--db", db}, tc.args...)...)
			if code != 1 || !strings.Contains(errs, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 1 and %q", code, errs, tc.want)
			}
			if h := head(t, db); h != before {
				t.Fatalf("a refused series wrote events: head %d, was %d", h, before)
			}
		})
	}
	for _, args := range [][]string{{"--series", "B"}, {"--series", "A", "--from", "5", "--to", "9"}} {
		if code, out, _ := run(t, append([]string{"series", "export", "--db", db}, args...)...); code != 1 || out != "" {
			t.Fatalf("export %v: exit %d, wrote %q", args, code, out)
		}
	}
}

func TestR10_CardCheck(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "A", "--cards", "12")
	serial := exportCards(t, db, "--series", "A", "--from", "9", "--to", "9")[0]["serial"].(string)
	out := mustRun(t, "card", "check", "--db", db, strings.ToLower(strings.ReplaceAll(serial, "-", " ")))
	if !strings.Contains(out, serial) || !strings.Contains(out, "plaque 2") || strings.Count(out, "|") != 30 {
		t.Fatalf("card check printed:\n%s", out)
	}
	s, _ := card.ParseSerial(serial)
	wrong := s
	wrong.Check = "22"
	if wrong.Check == s.Check {
		wrong.Check = "33"
	}
	cases := map[string]string{
		wrong.String():   "code de contrôle faux",
		"B-000009-22":    "série B est inconnue",
		"n'importe quoi": "illisible",
	}
	for text, want := range cases {
		code, _, errs := run(t, "card", "check", "--db", db, text)
		if code != 1 || !strings.Contains(errs, want) {
			t.Errorf("check %q: exit %d %q, want 1 and %q", text, code, errs, want)
		}
	}
}

func TestPrintCards(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "V", "--cards", "9", "--special", "--color", "pink", "--title", "Mega Loto")
	out := filepath.Join(t.TempDir(), "v.pdf")
	mustRun(t, "print", "cards", "--db", db, "--series", "V", "--layout", "3", "--out", out)
	b, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(b), "%PDF") {
		t.Fatalf("print wrote no PDF: %v", err)
	}
	// For a print shop: 3 mm of bleed and crop marks make a sheet larger
	// than A4 whose TrimBox is the A4 page, 11 mm inside.
	shop := filepath.Join(t.TempDir(), "shop.pdf")
	mustRun(t, "print", "cards", "--db", db, "--series", "V", "--layout", "3", "--bleed", "3", "--crop-marks", "--out", shop)
	if b, _ := os.ReadFile(shop); !strings.Contains(string(b), "/TrimBox [31.18 31.18 626.46 873.07]") {
		t.Errorf("the print shop's PDF has no A4 TrimBox 11 mm inside its edge (3 of bleed, 2 of gap, 6 of marks)")
	}
	bad := []struct {
		name string
		args []string
		code int // 1 for a refusal, 2 for a command line of the wrong shape
	}{
		{"unknown series", []string{"--series", "Z", "--out", filepath.Join(t.TempDir(), "z.pdf")}, 1},
		{"range outside", []string{"--series", "V", "--from", "8", "--to", "10", "--out", filepath.Join(t.TempDir(), "r.pdf")}, 1},
		{"unwritable", []string{"--series", "V", "--out", "/nonexistent-dir/v.pdf"}, 1},
		{"bad layout", []string{"--series", "V", "--layout", "4", "--out", filepath.Join(t.TempDir(), "l.pdf")}, 2},
		{"bleed too wide", []string{"--series", "V", "--bleed", "8", "--out", filepath.Join(t.TempDir(), "b.pdf")}, 2},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := run(t, append([]string{"print", "cards", "--db", db}, tc.args...)...)
			if code != tc.code || errs == "" {
				t.Fatalf("exit %d, stderr %q; want %d", code, errs, tc.code)
			}
			outPath := tc.args[len(tc.args)-1]
			if _, err := os.Stat(outPath); err == nil {
				t.Fatalf("a refused print wrote %s", outPath)
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(outPath), ".loto-*"))
			if len(left) != 0 {
				t.Fatalf("temporary files left: %v", left)
			}
		})
	}
}

func openSQLite(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestSeriesOfAMillionCards: the largest series allowed; its last card is
// the only one whose serial has 7 digits.
func TestSeriesOfAMillionCards(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a million cards in -short mode")
	}
	db := newDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "A", "--cards", "1000000")
	last := exportCards(t, db, "--series", "A", "--from", "999999")
	if len(last) != 2 || !strings.HasPrefix(last[1]["serial"].(string), "A-1000000-") || int(last[1]["plate"].(float64)) != 166667 {
		t.Fatalf("last cards: %v", last)
	}
	mustRun(t, "card", "check", "--db", db, last[1]["serial"].(string))
}
