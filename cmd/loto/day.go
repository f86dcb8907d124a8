package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"loto/internal/journal"
	"loto/internal/loto"
)

// openDay opens the journal named by --db and replays it into a Day.
func openDay(ctx context.Context, db string) (*loto.Day, journal.Store, error) {
	s, err := openStore(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	d, err := loto.Open(ctx, s)
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	return d, s, nil
}

// actorFlag is who acts, recorded in each event.
const defaultActor = "cli"

// progress draws a bar on w for long work, at most every 1% of total, when
// w is a terminal (a log file or a test gets no bar).
func progress(w io.Writer, what string) func(done, total int) {
	if f, ok := w.(*os.File); !ok || !isTerminal(f) {
		return nil
	}
	last := -1
	return func(done, total int) {
		if total <= 0 {
			return
		}
		pct := done * 100 / total
		if pct == last && done != total {
			return
		}
		last = pct
		bar := pct / 4
		fmt.Fprintf(w, "\r%s [%-25s] %3d%% %d/%d", what, string(repeat('#', bar)), pct, done, total)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func repeat(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b
	}
	return out
}
