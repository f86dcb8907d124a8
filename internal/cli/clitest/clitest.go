// Package clitest drives the hall's programs in their tests: a command
// line run in-process, its output read as JSON, and the loto binary built
// once for the tests that need a real process.
package clitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// RunFunc is a program's Run: it runs a command line and returns the exit
// status.
type RunFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Run runs the command line in-process, stdin its input, and returns its
// exit status and what it wrote.
func Run(run RunFunc, stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// MustRun runs the command line of the program named prog, which must
// succeed, and returns what it printed.
func MustRun(t testing.TB, prog string, run RunFunc, args ...string) string {
	t.Helper()
	code, out, errs := Run(run, "", args...)
	if code != 0 {
		t.Fatalf("%s %s: exit %d: %s", prog, strings.Join(args, " "), code, errs)
	}
	return out
}

// JSON runs the command line as MustRun does and reads what it printed as
// a JSON T.
func JSON[T any](t testing.TB, prog string, run RunFunc, args ...string) T {
	t.Helper()
	out := MustRun(t, prog, run, args...)
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%s %s printed %q: %v", prog, strings.Join(args, " "), out, err)
	}
	return v
}

// built is a binary built once for the whole test run.
type built struct {
	once sync.Once
	path string
	err  error
}

var (
	mu       sync.Mutex
	binaries = map[string]*built{}
)

// Binary builds the loto binary from its package directory dir ("." in
// cmd/loto, "../loto" beside it) into a temporary file, once per test
// run, and returns its path. It skips the test in -short mode.
func Binary(t testing.TB, dir string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	mu.Lock()
	b, ok := binaries[dir]
	if !ok {
		b = &built{}
		binaries[dir] = b
	}
	mu.Unlock()
	b.once.Do(func() {
		tmp, err := os.MkdirTemp("", "loto-bin-")
		if err != nil {
			b.err = err
			return
		}
		b.path = filepath.Join(tmp, "loto")
		if out, err := exec.Command("go", "build", "-o", b.path, dir).CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %v %s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// RemoveBinaries removes what Binary built; TestMain calls it once the
// tests have run.
func RemoveBinaries() {
	mu.Lock()
	defer mu.Unlock()
	for _, b := range binaries {
		if b.path != "" {
			os.RemoveAll(filepath.Dir(b.path))
		}
	}
}
