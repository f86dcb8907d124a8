package loto

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"loto/internal/journal"
)

// typeConstants reads the package's source (tests aside) and returns every
// exported constant named Type... with its value: the event types, found
// without a list to keep up to date.
func typeConstants(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	ok(t, err)
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		ok(t, err)
		f, err := parser.ParseFile(fset, name, src, 0)
		ok(t, err)
		for _, decl := range f.Decls {
			gd, isGen := decl.(*ast.GenDecl)
			if !isGen || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !strings.HasPrefix(id.Name, "Type") || !id.IsExported() {
						continue
					}
					if i >= len(vs.Values) {
						t.Fatalf("%s: constant %s has no value of its own", fset.Position(id.Pos()), id.Name)
					}
					lit, isLit := vs.Values[i].(*ast.BasicLit)
					if !isLit || lit.Kind != token.STRING {
						t.Fatalf("%s: event type %s is not a string literal", fset.Position(id.Pos()), id.Name)
					}
					v, err := strconv.Unquote(lit.Value)
					ok(t, err)
					out[id.Name] = v
				}
			}
		}
	}
	return out
}

// Every Type constant of the source is in the catalogue, once, with a fold
// and a line of doc, and the catalogue holds nothing else.
func TestEveryEventTypeIsRegistered(t *testing.T) {
	consts := typeConstants(t)
	if len(consts) < 20 {
		t.Fatalf("found %d event types in the source, want the day's two dozen", len(consts))
	}
	values := map[string]string{}
	for name, v := range consts {
		if other, dup := values[v]; dup {
			t.Errorf("%s and %s are both %q", name, other, v)
		}
		values[v] = name
		if eventTypes[v] == nil {
			t.Errorf("event type %s (%q) is not in the catalogue", name, v)
		}
	}
	if len(eventTypes) != len(catalogue) {
		t.Errorf("the catalogue holds %d entries for %d types: one is written twice", len(catalogue), len(eventTypes))
	}
	for _, e := range catalogue {
		if _, isConst := values[e.name]; !isConst {
			t.Errorf("the catalogue holds %q, which no Type constant names", e.name)
		}
		if e.fold == nil || e.payload == nil {
			t.Errorf("the catalogue's %s has no fold or no payload", e.name)
		}
		if e.doc == "" || strings.ContainsAny(e.doc, "|\n") {
			t.Errorf("the catalogue's %s has doc %q, want one line without a |", e.name, e.doc)
		}
	}
}

func TestApplyRefusesAnUnknownType(t *testing.T) {
	st := NewState()
	err := st.Apply(journal.Event{Seq: 1, Type: "device.registered", Payload: []byte(`{}`)})
	wantCode(t, err, EInternal)
	if !strings.Contains(err.Error(), "événement 1") || !strings.Contains(err.Error(), "device.registered") || st.Head() != 0 {
		t.Fatalf("error %q, head %d: want the event named and nothing folded", err, st.Head())
	}
}
