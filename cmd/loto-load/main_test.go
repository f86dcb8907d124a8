package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain runs every measure at noon on the day of the example event,
// after the doors and the start of the games, as the loto tests do.
func TestMain(m *testing.M) {
	paris, _ := time.LoadLocation("Europe/Paris")
	clock = func() time.Time { return time.Date(2025, 3, 16, 12, 0, 0, 0, paris) }
	code := m.Run()
	if binary.path != "" { // built by the tests that serve with the real binary
		os.RemoveAll(filepath.Dir(binary.path))
	}
	os.Exit(code)
}

func itoa(n int) string { return strconv.Itoa(n) }

func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// runJSON runs the program with args, which must succeed, and reads what
// it printed as a JSON T.
func runJSON[T any](t *testing.T, args ...string) T {
	t.Helper()
	code, out, errs := run(t, args...)
	if code != 0 {
		t.Fatalf("loto-load %s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("loto-load %s printed %q: %v", strings.Join(args, " "), out, err)
	}
	return v
}

// binary is the loto binary built once for the tests that serve with it.
var binary struct {
	once sync.Once
	path string
	err  error
}

// buildBinary builds cmd/loto into a temporary file, once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	binary.once.Do(func() {
		dir, err := os.MkdirTemp("", "loto-bin-")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(dir, "loto")
		if out, err := exec.Command("go", "build", "-o", binary.path, "../loto").CombinedOutput(); err != nil {
			binary.err = fmt.Errorf("go build: %v %s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
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
