package loto

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/journal/sqlite"
)

// BenchmarkSale records sales through the domain API on a real SQLite file
// (WAL, synchronous=FULL): one durable commit per sale, each with its
// idempotency key, paid in cash with change. "card" sells one serial,
// "plate" a plate of 6 by its plate code. It reports sales/s.
func BenchmarkSale(b *testing.B) {
	for _, what := range []string{"card", "plate"} {
		b.Run(what, func(b *testing.B) {
			ctx := context.Background()
			s, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "loto.db"), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			d, err := Open(ctx, s)
			if err != nil {
				b.Fatal(err)
			}
			// Enough cards for any run: 300,000 (50,000 plates).
			file := strings.Replace(entranceYAML, "{code: A, kind: regular, cards: 600, color: jaune}", "{code: A, kind: regular, cards: 300000, color: jaune}", 1)
			if _, err := d.CreateEvent(ctx, org("org"), eventSpec(b, []byte(file))); err != nil {
				b.Fatal(err)
			}
			if _, err := d.OpenDesk(ctx, org("caissier"), "caisse-1", 15000); err != nil {
				b.Fatal(err)
			}
			n := 0
			for b.Loop() {
				n++
				var card string
				if what == "plate" {
					card, err = d.PlateCode("A", n)
				} else {
					card, _, err = d.CardAt("A", n)
				}
				if err != nil {
					b.Fatal(err)
				}
				_, err := d.Sell(WithKey(ctx, Key(fmt.Sprintf("bench-%d", n))), org("caissier"),
					SaleRequest{Desk: "caisse-1", Cards: cardCodes(b, []string{card}), Payments: cash(5000)})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sales/s")
		})
	}
}
