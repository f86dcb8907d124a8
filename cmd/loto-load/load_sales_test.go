package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/journal/journaltest"
)

// TestLoadSalesMeasuresCashiersThroughHTTP: a short run sells through the
// API with every cashier, refuses nothing, and its figures agree with
// each other (no timing is asserted: it depends on the machine).
func TestLoadSalesMeasuresCashiersThroughHTTP(t *testing.T) {
	r := runJSON[salesLoad](t, "sales", "--cashiers", "4", "--duration", "1s", "--json")
	if r.Cashiers != 4 || r.Sales < 4 || r.Errors != 0 || r.FirstError != "" || r.P50 <= 0 || r.P50 > r.P99 || r.P99 > r.Max ||
		r.PerSecond <= 0 || r.PerSecond > float64(r.Sales) {
		t.Fatalf("figures %+v", r)
	}
	code, out, errs := run(t, "sales", "--cashiers", "2", "--duration", "1s")
	if code != 0 || !strings.Contains(out, "ventes : 2 caissiers pendant 1s") || !strings.Contains(out, "de la requête à la réponse : p50 ") || !strings.Contains(out, "erreurs : 0") {
		t.Fatalf("load sales: exit %d %q %q", code, out, errs)
	}
}

// TestLoadSalesOnPostgreSQL: the same measure on an empty PostgreSQL
// database (skipped without LOTO_TEST_PG); a database with a day in it is
// refused. With LOTO_MEASURE=1 it is the measure of docs/benchmarks.md:
// 20 cashiers for 10 s, its figures logged.
func TestLoadSalesOnPostgreSQL(t *testing.T) {
	url := journaltest.PostgresURL(t)
	args := []string{"sales", "--db", url, "--cashiers", "4", "--duration", "1s", "--json"}
	if os.Getenv("LOTO_MEASURE") == "1" {
		args = []string{"sales", "--db", url, "--cashiers", "20", "--duration", "10s", "--json"}
	}
	r := runJSON[salesLoad](t, args...)
	t.Logf("PostgreSQL: %d cashiers, %d sales, %.0f sales/s, p50 %d µs, p99 %d µs, max %d µs, %d errors",
		r.Cashiers, r.Sales, r.PerSecond, r.P50, r.P99, r.Max, r.Errors)
	if r.Journal != "PostgreSQL" || r.Sales < r.Cashiers || r.Errors != 0 || r.P50 <= 0 || r.P50 > r.P99 || r.P99 > r.Max {
		t.Fatalf("figures %+v", r)
	}
	code, _, errs := run(t, "sales", "--db", url, "--cashiers", "1", "--duration", "1s")
	if code == 0 || !strings.Contains(errs, "la base PostgreSQL n'est pas vide") {
		t.Errorf("a second measure on the same database: exit %d %q", code, errs)
	}
	code, _, errs = run(t, "sales", "--db", filepath.Join(t.TempDir(), "jour.db"), "--duration", "1s")
	if code != 2 || !strings.Contains(errs, "--db : une base PostgreSQL vide") {
		t.Errorf("load sales --db on a SQLite file: exit %d %q", code, errs)
	}
}
