package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// wordThenS is a plural written "annonce(s)".
var wordThenS = regexp.MustCompile(`\p{L}\(s\)`)

func TestPlural_SingularUpToOne(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		n    int
		want string
	}{
		{"none", 0, "0 carte annulée"},
		{"one", 1, "1 carte annulée"},
		{"two", 2, "2 cartes annulées"},
		{"many", 6000, "6000 cartes annulées"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plural(tt.n, "carte annulée", "cartes annulées"); got != tt.want {
				t.Fatalf("plural(%d) = %q, want %q", tt.n, got, tt.want)
			}
		})
	}
}

// TestOutputSaysOneInTheSingular: what the commands print agrees with its
// counts ("1 carte", never "1 cartes" nor "carte(s)").
func TestOutputSaysOneInTheSingular(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	out := mustRun(t, "series", "create", "--db", db, "--series", "A", "--cards", "13")
	if !strings.Contains(out, "13 cartes, 3 plaques (la dernière plaque, n° 3, n'a que 1 carte)") {
		t.Errorf("series create: %q", out)
	}
	out = mustRun(t, "journal", "verify", "--db", db)
	if !strings.Contains(out, "journal intègre : 1 événement,") {
		t.Errorf("journal verify: %q", out)
	}
	// No message of the files of this package writes "annonce(s)".
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && wordThenS.MatchString(lit.Value) {
				t.Errorf("%s: %s writes a plural as (s): use plural", name, lit.Value)
			}
			return true
		})
	}
}
