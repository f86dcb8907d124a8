package loto

import (
	"reflect"
	"sort"
	"testing"
)

// structsOf collects the struct types of this package reachable from t
// through exported fields (what a caller or an encoder sees), pointers,
// slices, arrays and maps.
func structsOf(t reflect.Type, seen map[reflect.Type]bool) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		structsOf(t.Elem(), seen)
	case reflect.Map:
		structsOf(t.Key(), seen)
		structsOf(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] || t.PkgPath() != reflect.TypeOf((*Day)(nil)).Elem().PkgPath() {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				structsOf(f.Type, seen)
			}
		}
	}
}

// No command's answer is, embeds or holds a journal payload: an answer may
// change with the API and the CLI, a payload never. The small values both
// carry as they are (a payment, a price bundle, a coin count, the
// organiser's event spec) are pinned by the golden payloads.
func TestAnswersAreNotPayloads(t *testing.T) {
	payloads := map[reflect.Type]bool{}
	for _, p := range payloadSamples(t) {
		structsOf(reflect.TypeOf(p), payloads)
	}
	shared := map[reflect.Type]bool{}
	for _, v := range []any{Payment{}, Bundle{}, Denomination{}, EventSpec{}} {
		structsOf(reflect.TypeOf(v), shared)
	}
	answers := map[reflect.Type]bool{}
	day := reflect.TypeOf(&Day{})
	for i := range day.NumMethod() {
		m := day.Method(i).Type
		for j := range m.NumOut() {
			structsOf(m.Out(j), answers)
		}
	}
	var both []string
	for typ := range answers {
		if payloads[typ] && !shared[typ] {
			both = append(both, typ.String())
		}
	}
	sort.Strings(both)
	if len(both) > 0 {
		t.Fatalf("answers of Day's methods hold journal payload types %v: give the answer a type of its own", both)
	}
	if len(answers) < 20 {
		t.Fatalf("found %d answer types, want the day's many", len(answers))
	}
}
