package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// BenchmarkAppend measures appends of one event, each its own durable commit
// (WAL, synchronous=FULL).
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	s := openAt(b, filepath.Join(b.TempDir(), "bench.db"))
	defer s.Close()
	d := journaltest.Draft("card.sold", map[string]any{"serial": "A-000123-K7", "desk": "caisse-1", "cents": 500})
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Append(ctx, int64(i), d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}

// BenchmarkReplay100k reads 100,000 events into memory, as a restart does.
func BenchmarkReplay100k(b *testing.B) {
	ctx := context.Background()
	s := openAt(b, filepath.Join(b.TempDir(), "replay.db"))
	defer s.Close()
	const total, batch = 100_000, 1000
	for i := 0; i < total; i += batch {
		ds := make([]journal.Draft, batch)
		for j := range ds {
			ds[j] = journaltest.Draft("card.sold", map[string]any{"serial": "A-000123-K7", "desk": "caisse-1", "n": i + j})
		}
		if _, err := s.Append(ctx, int64(i), ds...); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		events := make([]journal.Event, 0, total)
		if err := s.Read(ctx, 1, func(e journal.Event) error {
			events = append(events, e)
			return nil
		}); err != nil {
			b.Fatal(err)
		}
		if len(events) != total {
			b.Fatalf("replayed %d events", len(events))
		}
	}
}
