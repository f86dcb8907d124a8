#!/usr/bin/env bash
# Counts the Go files one sale runs a statement in, as docs/architecture.md
# ("How many files one sale passes") reports them:
#   scripts/salepath.sh [-v]
# A test of internal/web, written for the run and removed after it, makes
# the fixture's day (the example event, the cashier's device, caisse-1
# open) twice, with the same seeds and clock: once without the sale, once
# with one POST /api/v1/sales of two cards paid in cash by the cashier's
# device. The coverage profiles of the two runs (go test -covermode=count
# -coverpkg=./...) are compared; a file counts when one of its blocks ran
# more often with the sale. The standard library is not measured, nor the
# desk's JavaScript (static/desk.js, static/api.js).
# -v lists the files.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d /tmp/loto-salepath.XXXXXX)
test=internal/web/salepath_count_test.go
[ -e "$test" ] && { echo "salepath.sh: $test exists already" >&2; exit 1; }
trap 'rm -rf "$tmp" "$test"' EXIT
cat >"$test" <<'EOF'
package web

import (
	"context"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"loto/examples"
	"loto/internal/access"
	"loto/internal/eventfile"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// TestSalePathCount is scripts/salepath.sh's run: the fixture's day, and
// one sale when LOTO_SALEPATH is "sale". The day's seeds and clock are
// fixed, so that both runs make the same day, statement for statement.
func TestSalePathCount(t *testing.T) {
	run := os.Getenv("LOTO_SALEPATH")
	if run == "" {
		t.Skip("run by scripts/salepath.sh")
	}
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "loto.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	f := &fixture{t: t, store: store, now: time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)}
	f.day, f.auth, err = access.Open(ctx, store, loto.Options{Rand: rand.NewChaCha8([32]byte{}), Clock: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.day.CreateEvent(ctx, org, spec); err != nil {
		t.Fatal(err)
	}
	p, err := f.auth.AddDevice(ctx, org, "appareil caisse", loto.RoleCashier, "caisse-1")
	if err != nil {
		t.Fatal(err)
	}
	f.tokens = map[loto.Role]string{loto.RoleCashier: p.Token}
	f.srv = New(Config{Day: f.day, Auth: f.auth, Now: f.clock})
	f.openDesk()
	body := `{"cards":["` + f.serial(1) + `","` + f.serial(2) + `"],"payments":[{"method":"cash","cents":1000}]}`
	if run == "sale" {
		w := f.do("POST", "/api/v1/sales", body, f.bearerOf(loto.RoleCashier), withHeader("Idempotency-Key", "vente-compte"))
		if w.Code != http.StatusOK {
			t.Fatalf("sale: %d %s", w.Code, w.Body)
		}
	}
}
EOF
for run in none sale; do
  LOTO_SALEPATH=$run go test -count=1 -run '^TestSalePathCount$' -covermode=count \
    -coverpkg=./... -coverprofile="$tmp/$run.out" ./internal/web/ >"$tmp/$run.log" 2>&1 ||
    { cat "$tmp/$run.log" >&2; exit 1; }
done
awk '
  FNR == 1 { next }
  FILENAME ~ /none\.out$/ { none[$1] += $3; next }
  { split($1, at, ":"); f = at[1] }
  $3 > none[$1] + 0 { more[f] = 1 }
  END { for (f in more) print f }
' "$tmp/none.out" "$tmp/sale.out" | sort >"$tmp/files"
[ "${1:-}" = -v ] && cat "$tmp/files"
echo "$(wc -l <"$tmp/files") Go files ran a block more often with the sale"
