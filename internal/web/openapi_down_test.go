package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/journal/journaltest"
	"loto/internal/journal/postgres"
	"loto/internal/loto"
)

// TestOpenAPI_ReadsOfTheStoreDeclareTheir503: with the journal's
// PostgreSQL down (a cluster of the test's own, crashed), every read of
// /api/v1 is asked for by the organiser, who may make them all. Those that
// read the store (the reports, the dashboard, the journal's verification)
// answer 503 unavailable, and exactly those, beside the writes, declare
// the 503 in openapi.yaml; the others answer from the Day's state. The
// streams are left out: they answer by a stream, not by a status.
func TestOpenAPI_ReadsOfTheStoreDeclareTheir503(t *testing.T) {
	t.Parallel()
	pg := journaltest.StartCluster(t)
	ctx := context.Background()
	store, err := postgres.Open(ctx, pg.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	f := setUpOn(t, Config{}, true, spec, store)
	if _, err := f.day.OpenDesk(ctx, org, "caisse-1", 0); err != nil {
		t.Fatal(err)
	}
	serial, _, err := f.day.CardAt("A", 1)
	if err != nil {
		t.Fatal(err)
	}
	booked, err := f.day.AddReservation(ctx, org, loto.ReservationSpec{Name: "Marie", Tickets: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The queries that make each read one that answers.
	queries := map[string]string{
		"/api/v1/sales/quote":             "?desk=caisse-1&card=" + serial,
		"/api/v1/door/ticket":             "?code=" + booked.Tickets[0].Code,
		"/api/v1/door/reservations":       "?q=Marie",
		"/api/v1/series/{code}/cards.pdf": "?from=1&to=6",
		"/api/v1/reports/day":             "?format=csv",
		"/api/v1/reports/sessions/{id}":   "?format=csv",
		"/api/v1/reports/refunds":         "?format=csv",
	}
	organiser := f.as(loto.RoleOrganiser) // logged in while the server is up
	doc := servedDoc(t, f)
	pg.Crash()
	params := strings.NewReplacer("{serial}", serial, "{desk}", "caisse-1", "{id}", "1", "{code}", "A")
	unavailable := 0
	for _, rt := range routes {
		method, path, _ := strings.Cut(rt.pattern, " ")
		if method != "GET" || !strings.HasPrefix(path, "/api/v1/") || strings.HasSuffix(path, "/stream") {
			continue
		}
		w := f.do("GET", params.Replace(path)+queries[path], "", organiser)
		if w.Code >= 300 && w.Code != http.StatusServiceUnavailable {
			t.Errorf("%s answers %d with the store down: give the test a request that reads (queries): %s", rt.pattern, w.Code, w.Body)
		}
		declared := doc.Paths.Find(path).Get.Responses.Status(http.StatusServiceUnavailable) != nil
		got := w.Code == http.StatusServiceUnavailable
		if got {
			unavailable++
		}
		switch {
		case got && !declared:
			t.Errorf("%s answers 503 with the store down, and openapi.yaml does not declare it: add \"503\": {$ref: \"#/components/responses/Unavailable\"}", rt.pattern)
		case !got && declared:
			t.Errorf("%s declares a 503 in openapi.yaml, and answers %d with the store down: %s", rt.pattern, w.Code, w.Body)
		case got:
			if e := errorOf(t, w); e.Code != loto.EUnavailable || w.Header().Get("Retry-After") == "" {
				t.Errorf("%s with the store down: %d %s, Retry-After %q", rt.pattern, w.Code, w.Body, w.Header().Get("Retry-After"))
			}
		}
	}
	if unavailable == 0 {
		t.Fatal("no read answered 503 with the store down: did the store go down?")
	}
}
