package loto

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"loto/internal/card"
)

func TestCreateSeriesKeepsItsSecretsOutOfTheJournal(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	s, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "a", Cards: 6000, Color: "jaune", Title: "Méga Loto"})
	ok(t, err)
	if s.Code != "A" || s.Kind != Regular || s.Cards != 6000 || s.Generator != card.GeneratorVersion || s.PartialPlate() != 0 || s.Plates() != 1000 {
		t.Fatalf("series %+v", s)
	}
	seed, err := store.Secret(ctx, "series/A/seed")
	ok(t, err)
	key, err := store.Secret(ctx, "series/A/key")
	ok(t, err)
	if s.SeedSHA256 != sha256Hex(seed) {
		t.Fatal("the payload's commitment is not SHA-256 of the seed")
	}
	for _, e := range store.all() {
		for _, secret := range [][]byte{seed, key} {
			if bytes.Contains(e.Payload, []byte(hex.EncodeToString(secret))) || bytes.Contains(e.Payload, secret) {
				t.Fatalf("event %d holds a secret: %s", e.Seq, e.Payload)
			}
		}
	}
	sp, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "V", Cards: 10, Special: true, Color: "rose"})
	ok(t, err)
	if sp.Kind != Special || sp.PartialPlate() != 4 {
		t.Fatalf("special series %+v", sp)
	}
}

func TestCreateSeries_BadInputWritesNothing(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "A", Cards: 6})
	ok(t, err)
	before := store.count()
	for _, tc := range []struct {
		name string
		spec SeriesSpec
		code string
		want string
	}{
		{"no code", SeriesSpec{Cards: 6}, EInvalid, "requis"},
		{"digit in code", SeriesSpec{Code: "A1", Cards: 6}, EInvalid, "A à Z"},
		{"code too long", SeriesSpec{Code: "ABCD", Cards: 6}, EInvalid, "trop long"},
		{"zero cards", SeriesSpec{Code: "B", Cards: 0}, EInvalid, "nombre de cartes"},
		{"negative cards", SeriesSpec{Code: "B", Cards: -5}, EInvalid, "nombre de cartes"},
		{"a million cards and more", SeriesSpec{Code: "B", Cards: 1_000_001}, EInvalid, "nombre de cartes"},
		{"code already used", SeriesSpec{Code: "A", Cards: 6}, EConflict, "existe déjà"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.CreateSeries(ctx, org("org"), tc.spec)
			wantCode(t, err, tc.code)
			if !strings.Contains(ErrorMessage(err), tc.want) {
				t.Fatalf("message %q lacks %q", ErrorMessage(err), tc.want)
			}
			nothingWritten(t, store, before)
		})
	}
}

func TestSeriesListIsInCodeOrder(t *testing.T) {
	d, _ := newDay(t)
	for _, c := range []string{"B", "AA", "Z", "A"} {
		_, err := d.CreateSeries(context.Background(), org("org"), SeriesSpec{Code: c, Cards: 6})
		ok(t, err)
	}
	var got []string
	for _, s := range d.Series() {
		got = append(got, s.Code)
	}
	if strings.Join(got, ",") != "A,B,Z,AA" {
		t.Fatalf("order %v", got)
	}
}

func TestR10_CardLookup(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "A", Cards: 20})
	ok(t, err)
	seed, _ := store.Secret(ctx, "series/A/seed")
	serial, grid, err := d.CardAt("A", 7)
	ok(t, err)
	if grid != card.CardAt(seed, nil, 7) {
		t.Fatal("CardAt is not the generator's card")
	}
	s := serialIn(t, serial)
	c, err := d.Card(s)
	ok(t, err)
	if s.Series != "A" || s.Number != 7 || c != grid {
		t.Fatalf("lookup %+v", s)
	}
	for _, text := range []string{strings.ToLower(serial), strings.ReplaceAll(serial, "-", ""), " " + strings.ReplaceAll(serial, "-", " ") + " ", card.QRText(s)} {
		if c2, err := viaEdge(text, d.Card); err != nil || c2 != grid {
			t.Errorf("lookup of %q: %v", text, err)
		}
	}
	for _, tc := range []struct {
		name, text, code string
		is               error
	}{
		{"malformed", "A-12-K7", EInvalid, card.ErrMalformed},
		{"unknown series", "Q-000007-" + s.Check, ENotFound, card.ErrUnknownSeries},
		{"bad check", forgeCheck(serial), EInvalid, card.ErrBadCheck},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := viaEdge(tc.text, d.Card)
			wantCode(t, err, tc.code)
			if !errors.Is(err, tc.is) {
				t.Fatalf("error %v is not %v", err, tc.is)
			}
		})
	}
	// A number past the series: a valid code cannot be forged without the key,
	// so ask the codec for one with the real key.
	key, _ := store.Secret(ctx, "series/A/key")
	past, err := card.NewChecker(key).Serial("A", 21)
	ok(t, err)
	_, err = d.Card(past)
	wantCode(t, err, ENotFound)
}

func TestExportIsTheSeries(t *testing.T) {
	d, _ := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "A", Cards: 20})
	ok(t, err)
	var got []ExportedCard
	ok(t, d.Export(seriesIn(t, " a "), 5, 14, func(c ExportedCard) error { got = append(got, c); return nil }))
	if len(got) != 10 || got[0].Number != 5 || got[0].Plate != 1 || got[9].Number != 14 || got[9].Plate != 3 {
		t.Fatalf("export %+v", got)
	}
	for _, c := range got {
		serial, grid, err := d.CardAt("A", c.Number)
		ok(t, err)
		if c.Serial != serial || c.Grid != grid {
			t.Fatalf("card %d: export %s differs from lookup %s", c.Number, c.Serial, serial)
		}
	}
	b, err := json.Marshal(got[0])
	ok(t, err)
	if !strings.Contains(string(b), `"grid":[[`) {
		t.Fatalf("json %s", b)
	}
	for _, tc := range []struct{ from, to int }{{0, 21}, {-1, 3}, {10, 5}} {
		err := d.Export("A", tc.from, tc.to, func(ExportedCard) error { t.Fatal("card before the range check"); return nil })
		wantCode(t, err, EInvalid)
	}
	wantCode(t, d.Export("B", 0, 0, func(ExportedCard) error { return nil }), ENotFound)
	// A code no series can have names none, as an unknown one.
	for _, text := range []string{"", "A1", "ABCD"} {
		_, err := ParseSeriesCode(text)
		wantCode(t, err, ENotFound)
		wantSays(t, err, []string{"la série " + strings.ToUpper(text) + " n'existe pas"})
	}
	sr, err := d.SeriesOf(seriesIn(t, "a"))
	ok(t, err)
	if sr.Code != "A" || sr.Cards != 20 {
		t.Fatalf("series of A: %+v", sr)
	}
	_, err = d.SeriesOf("B")
	wantCode(t, err, ENotFound)
	wantSays(t, err, []string{"la série B n'existe pas"})
}

// R30: `series create` on a day that already has series keeps
// the special card in a colour of its own, as the event file does: a special
// series without a colour, or in a regular series' colour, and a regular
// series in the special one's colour are refused, and nothing is written.
func TestR30_SeriesCreateKeepsTheSpecialColourApart(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "A", Cards: 6, Color: "jaune"})
	ok(t, err)
	_, err = d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "V", Cards: 6, Special: true, Color: "rose"})
	ok(t, err)
	before := store.count()
	for _, tc := range []struct {
		spec SeriesSpec
		want string
	}{
		{SeriesSpec{Code: "W", Cards: 6, Special: true}, "la série spéciale W doit avoir une couleur"},
		{SeriesSpec{Code: "W", Cards: 6, Special: true, Color: " Jaune "}, "la série spéciale W a la couleur « Jaune » de la série ordinaire A"},
		{SeriesSpec{Code: "B", Cards: 6, Color: "ROSE"}, "la série ordinaire B a la couleur « ROSE » de la série spéciale V"},
	} {
		_, err := d.CreateSeries(ctx, org("org"), tc.spec)
		wantCode(t, err, EInvalid)
		wantSays(t, err, []string{tc.want, "(R30)"})
	}
	nothingWritten(t, store, before)
	_, err = d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "B", Cards: 6, Color: "vert"})
	ok(t, err)
}
