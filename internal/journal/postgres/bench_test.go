package postgres

import (
	"context"
	"testing"

	"loto/internal/journal/journaltest"
)

// BenchmarkAppend appends one event per durable commit, from one writer.
func BenchmarkAppend(b *testing.B) {
	s := open(b, testURL(b))
	d := journaltest.Draft("card.sold", map[string]any{"serial": "A-001234-K7", "desk": "caisse-1", "cents": 500})
	ctx := context.Background()
	b.ResetTimer()
	var seq int64
	for b.Loop() {
		if _, err := s.Append(ctx, seq, d); err != nil {
			b.Fatal(err)
		}
		seq++
	}
	b.ReportMetric(float64(seq)/b.Elapsed().Seconds(), "appends/s")
}
