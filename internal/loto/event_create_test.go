package loto

import (
	"context"
	"strings"
	"testing"
)

func TestCreateEventCreatesTheMissingSeries(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "A", Cards: 6000, Color: "jaune"})
	ok(t, err)
	r, err := d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	if len(r.CreatedSeries) != 1 || r.CreatedSeries[0] != "V" || len(r.Warnings) != 0 || r.Event.Name == "" {
		t.Fatalf("result %+v", r)
	}
	if got := d.Series(); len(got) != 2 || got[1].Kind != Special || got[1].Cards != 600 {
		t.Fatalf("series %+v", got)
	}
	st, err := d.Status()
	ok(t, err)
	if st.SeedSHA256 != "" || st.Seed != "" || st.NextGame != 1 {
		t.Fatalf("status %+v: no seed before the first game", st)
	}
	before := store.count()
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
}

func TestCreateEvent_SeriesThatExistsOtherwiseIsRefused(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "V", Cards: 60})
	ok(t, err)
	before := store.count()
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	wantCode(t, err, EInvalid)
	msg := ErrorMessage(err)
	if !strings.Contains(msg, "series[1].kind") || !strings.Contains(msg, "series[1].cards") {
		t.Fatalf("message %q", msg)
	}
	nothingWritten(t, store, before)
	if d.Event() != nil || len(d.Series()) != 1 {
		t.Fatal("a refused event changed the state")
	}
}

// R30: a series the journal already has is printed in its own
// colour, so the event file must give that colour: a special series created
// beforehand in a regular series' colour does not pass as another one.
func TestR30_SeriesThatExistsInAnotherColourIsRefused(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "V", Cards: 600, Special: true, Color: "jaune"})
	ok(t, err)
	before := store.count()
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	wantCode(t, err, EInvalid)
	wantSays(t, err, []string{"series[1].color : la série V existe déjà, de couleur « jaune »"})
	nothingWritten(t, store, before)
}
