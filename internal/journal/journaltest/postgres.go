package journaltest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresURL returns the URL of a fresh, empty database on the server named
// by LOTO_TEST_PG, dropped when the test ends. Without LOTO_TEST_PG the test
// is skipped, except under CI=true where it fails: CI never silently skips
// PostgreSQL. A connection still open when the test ends (its cleanups run
// first, so its stores are closed) fails the test as a leak.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("LOTO_TEST_PG")
	if base == "" {
		const msg = "LOTO_TEST_PG is empty: set it to a PostgreSQL server URL, " +
			"e.g. postgres://postgres@127.0.0.1:5433/postgres?sslmode=disable, to test the PostgreSQL journal"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("LOTO_TEST_PG must be a postgres:// URL, got %q", base)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "loto_test_" + hex.EncodeToString(b[:])
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to LOTO_TEST_PG: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("drop test database %s: %v", name, err)
			return
		}
		defer admin.Close(ctx)
		if left := openConnections(ctx, admin, name); len(left) > 0 {
			t.Errorf("connections to %s left open at the end of the test (application_name): %v", name, left)
		}
		if _, err := admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// openConnections returns the application names of the connections to the
// database name, after giving those just closed a moment to end: a server
// process ends shortly after its client hangs up.
func openConnections(ctx context.Context, admin *pgx.Conn, name string) []string {
	var apps []string
	for range 40 {
		rows, err := admin.Query(ctx, `SELECT application_name FROM pg_stat_activity WHERE datname = $1`, name)
		if err != nil {
			return nil // the drop that follows reports a server in trouble
		}
		apps, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil || len(apps) == 0 {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return apps
}
