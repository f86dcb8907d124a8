package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
)

// TestSale_RecordsTheDesksTimeOfSaleBesideTheServers: a desk sends its own
// time of sale (a sale it held while cut off reaches the server later);
// the journal records it beside the server's time, read back after a
// reopening, answered with the sale; it never orders the sales (the
// journal's order does), a retry keeps the first one's, a sale without it
// has none, and an unreadable one is refused in French, recording nothing.
func TestSale_RecordsTheDesksTimeOfSaleBesideTheServers(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	f.openDesk()
	cashier := f.bearerOf(loto.RoleCashier)
	sale := func(n int, takenAt string) string {
		return `{"cards":["` + f.serial(n) + `"],"payments":[{"method":"cash","cents":500}]` + takenAt + `}`
	}
	before := time.Now()
	w := f.do("POST", "/api/v1/sales", sale(1, `,"taken_at":"2026-11-30T23:59:59.5+01:00"`), cashier, withHeader("Idempotency-Key", "vente-1"))
	if w.Code != http.StatusOK {
		t.Fatalf("sale: %d %s", w.Code, w.Body)
	}
	taken := time.Date(2026, 11, 30, 22, 59, 59, 500_000_000, time.UTC)
	if a := decode[loto.Receipt](t, w); !a.TakenAt.Equal(taken) {
		t.Fatalf("answered taken at %v, want %v", a.TakenAt, taken)
	}
	// Held longer, sent later: an earlier time of sale does not come first.
	if w := f.do("POST", "/api/v1/sales", sale(2, `,"taken_at":"2026-11-30T20:00:00Z"`), cashier, withHeader("Idempotency-Key", "vente-2")); w.Code != http.StatusOK {
		t.Fatalf("second sale: %d %s", w.Code, w.Body)
	}
	// A retry with another time of sale is the first sale, its time kept.
	if w := f.do("POST", "/api/v1/sales", sale(1, `,"taken_at":"2026-12-01T10:00:00Z"`), cashier, withHeader("Idempotency-Key", "vente-1")); w.Code != http.StatusOK || !decode[loto.Receipt](t, w).TakenAt.Equal(taken) {
		t.Fatalf("retry: %d %s, want the first sale taken at %v", w.Code, w.Body, taken)
	}
	w = f.do("POST", "/api/v1/sales", sale(3, ""), cashier, withHeader("Idempotency-Key", "vente-3"))
	if w.Code != http.StatusOK || strings.Contains(w.Body.String(), "taken_at") {
		t.Fatalf("a sale without its time of sale: %d %s, want no taken_at", w.Code, w.Body)
	}

	head := f.head()
	for _, bad := range []string{`,"taken_at":"hier à 14 h"`, `,"taken_at":"2026-13-01T10:00:00Z"`, `,"taken_at":"2026-12-01 10:00"`} {
		w := f.do("POST", "/api/v1/sales", sale(4, bad), cashier, withHeader("Idempotency-Key", "mauvaise-heure"))
		if w.Code != http.StatusUnprocessableEntity || !strings.Contains(errorOf(t, w).Message, "heure de la vente") {
			t.Errorf("time of sale %s: %d %s, want a French refusal", bad, w.Code, w.Body)
		}
	}
	if w := f.do("POST", "/api/v1/sales", sale(4, `,"taken_at":1764633600`), cashier, withHeader("Idempotency-Key", "mauvaise-heure")); w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w).Message, "taken_at") {
		t.Errorf("a number as time of sale: %d %s, want a French refusal naming the field", w.Code, w.Body)
	}
	if f.head() != head {
		t.Fatal("a sale with an unreadable time of sale was recorded")
	}

	// Recorded in the journal: a day reopened from it reads the same.
	again, err := loto.Open(context.Background(), f.store)
	if err != nil {
		t.Fatal(err)
	}
	sales := again.Sales()
	if len(sales) != 3 {
		t.Fatalf("%d sales in the reopened day, want 3", len(sales))
	}
	wantTaken := []time.Time{taken, time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC), {}}
	for i, s := range sales {
		if s.ID != i+1 || s.Cards[0] != f.serial(i+1) || !s.TakenAt.Equal(wantTaken[i]) {
			t.Errorf("sale %d: n° %d of %v taken at %v, want n° %d of %s taken at %v", i+1, s.ID, s.Cards, s.TakenAt, i+1, f.serial(i+1), wantTaken[i])
		}
		if s.Time.Before(before.Add(-time.Second)) || (i > 0 && s.Time.Before(sales[i-1].Time)) {
			t.Errorf("sale %d recorded at %v: want the server's time, in the journal's order", s.ID, s.Time)
		}
	}
}
