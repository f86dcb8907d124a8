package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

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
		fmt.Fprintf(w, "\r%s [%-25s] %3d%% %d/%d", what, strings.Repeat("#", pct/4), pct, done, total)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
