package journaltest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// PostgresURL returns the URL of a fresh, empty database on the server named
// by LOTO_TEST_PG, dropped when the test ends. Without LOTO_TEST_PG the test
// is skipped, except under CI=true where it fails: CI never silently skips
// PostgreSQL.
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
		if _, err := admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}
