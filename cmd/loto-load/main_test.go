package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"loto/internal/cli/clitest"
)

// TestMain runs every measure at noon on the day of the example event,
// after the doors and the start of the games, as the loto tests do.
func TestMain(m *testing.M) {
	paris, _ := time.LoadLocation("Europe/Paris")
	clock = func() time.Time { return time.Date(2025, 3, 16, 12, 0, 0, 0, paris) }
	code := m.Run()
	clitest.RemoveBinaries()
	os.Exit(code)
}

func itoa(n int) string { return strconv.Itoa(n) }

// run runs the program in-process and returns its exit status and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(Run, "", args...)
}

// runJSON runs the program with args, which must succeed, and reads what
// it printed as a JSON T.
func runJSON[T any](t *testing.T, args ...string) T {
	t.Helper()
	return clitest.JSON[T](t, "loto-load", Run, args...)
}

// buildBinary builds cmd/loto into a temporary file, once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	return clitest.Binary(t, "../loto")
}

func TestHelpListsTheMeasures(t *testing.T) {
	code, out, _ := run(t, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, name := range []string{"stream", "claims", "sales", "day"} {
		if !strings.Contains(out, "  "+name+" ") {
			t.Errorf("loto-load help lists no %s:\n%s", name, out)
		}
	}
	if code, _, errs := run(t, "load"); code != 2 || !strings.Contains(errs, "inconnue") {
		t.Errorf("an unknown measure: exit %d, %q", code, errs)
	}
}
