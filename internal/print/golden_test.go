package print

import (
	"os"
	"path/filepath"
	"testing"
)

// checkGolden compares got with testdata/name.golden, rewriting the file
// first under -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("text differs from %s (rerun with -update if the change is intended):\n--- got\n%s", golden, got)
	}
}
