package loto

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The rules the messages cite are defined in the repository's own
// docs/rules.md (R34): R1..R34, L1 and P1, each once and in order.
func TestRulesDocDefinesEveryRuleInOrder(t *testing.T) {
	b, err := os.ReadFile("../../docs/rules.md")
	ok(t, err)
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^- \*\*([A-Z]\d+)\*\* `).FindAllStringSubmatch(string(b), -1) {
		got = append(got, m[1])
	}
	var want []string
	for n := 1; n <= 34; n++ {
		want = append(want, "R"+strconv.Itoa(n))
	}
	want = append(want, "L1", "P1")
	if !slices.Equal(got, want) {
		t.Fatalf("docs/rules.md defines %v, want %v", got, want)
	}
}

// Every rule the code, the docs and the examples cite (R21, ...) is one that
// docs/rules.md defines, and no file points to rules outside the repository.
func TestEveryRuleCitedIsDefinedHere(t *testing.T) {
	cited := regexp.MustCompile(`\bR(\d{1,3})\b`)
	// Built from parts so that this file does not match itself.
	outside := []string{"../" + "shared", "shared" + "/RULES", "shared" + "/seed"}
	err := filepath.WalkDir("../..", func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if e.Name() == ".git" || e.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".yaml", ".yml", ".sh", ".sql":
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range cited.FindAllStringSubmatch(string(b), -1) {
			if n, _ := strconv.Atoi(m[1]); n < 1 || n > 34 {
				t.Errorf("%s cites %s, which docs/rules.md does not define", path, m[0])
			}
		}
		for _, o := range outside {
			if strings.Contains(string(b), o) {
				t.Errorf("%s points outside the repository (%q): cite docs/rules.md", path, o)
			}
		}
		return nil
	})
	ok(t, err)
}
