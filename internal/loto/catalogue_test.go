package loto

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// The catalogue's secrets and personal columns, read from each type's
// sample payload (the one its golden file pins), name what the payload
// commits to and refers to. A payload with a commitment (a field
// *_sha256 that is not the hash of a token, which is no secret) or a
// reference to a personal record, whose entry does not say so, fails:
// neither CheckSecrets nor CheckPersonal would see it.
func TestCatalogueNamesTheSecretsAndPersonalRecordsOfEachPayload(t *testing.T) {
	type columns struct {
		secrets  []string // name=commitment
		personal []string // ref=hmac
		erases   []string
	}
	want := map[string]columns{
		TypeSeriesCreated: {secrets: []string{
			"series/A/seed=" + strings.Repeat("ab", 32), "series/A/key=" + strings.Repeat("cd", 32)}},
		TypePersonalKeyCreated:   {secrets: []string{"day/personal-key=" + strings.Repeat("89", 32)}},
		TypePersonalErased:       {erases: []string{"reservation/1"}},
		TypeSaleRecorded:         {personal: []string{"sale/1=" + strings.Repeat("45", 32)}},
		TypeReservationCreated:   {secrets: []string{"day/reservation-key=" + strings.Repeat("23", 32)}, personal: []string{"reservation/1=" + strings.Repeat("67", 32)}},
		TypeGameStarted:          {secrets: []string{"game/1/seed=" + strings.Repeat("ef", 32)}},
		TypeDevicePaired:         {secrets: []string{"device/1/code-key=" + strings.Repeat("c3", 32)}},
		TypeOrganiserPasswordSet: {secrets: []string{"organiser/password/2=" + strings.Repeat("e5", 32)}},
	}
	for typ, sample := range payloadSamples(t) {
		b, err := json.Marshal(sample)
		ok(t, err)
		e := journal.Event{Seq: 1, Type: typ, Payload: b}
		var got columns
		for _, ref := range secretsOf(e) {
			got.secrets = append(got.secrets, ref.name+"="+ref.commit)
		}
		et := eventTypes[typ]
		if et == nil {
			t.Errorf("%s: not in the catalogue", typ)
			continue
		}
		if et.personal != nil {
			refs, err := et.personal(e)
			ok(t, err)
			for _, r := range refs {
				got.personal = append(got.personal, r.Ref+"="+r.MAC)
			}
		}
		if et.erases != nil {
			got.erases, err = et.erases(e)
			ok(t, err)
		}
		if !reflect.DeepEqual(got, want[typ]) {
			t.Errorf("%s: the catalogue reads %+v from its sample, want %+v", typ, got, want[typ])
		}
		var fields map[string]json.RawMessage
		ok(t, json.Unmarshal(b, &fields))
		for name := range fields {
			if strings.HasSuffix(name, "_sha256") && name != "token_sha256" && et.secrets == nil {
				t.Errorf("%s holds the commitment %s, but the catalogue names no secret it commits", typ, name)
			}
		}
		if holdsPersonalRef(reflect.TypeOf(sample)) && et.personal == nil {
			t.Errorf("%s holds a reference to a personal record, but the catalogue names none", typ)
		}
	}
}

// holdsPersonalRef reports whether a payload type has a field, at its top,
// that refers to a personal record.
func holdsPersonalRef(t reflect.Type) bool {
	ref := reflect.TypeFor[personalRef]()
	for i := range t.NumField() {
		if f := t.Field(i).Type; f == ref || f == reflect.PointerTo(ref) {
			return true
		}
	}
	return false
}

// journalDoc is the page that lists the event types for the reader of a journal.
const journalDoc = "../../docs/journal.md"

// eventTable is the table of events docs/journal.md shows: its header,
// then a row per entry of the catalogue, in its order.
func eventTable() []string {
	table := []string{"| event | secrets | personal records | what it records |", "| --- | --- | --- | --- |"}
	for _, e := range catalogue {
		var secrets, personal []string
		if e.secrets != nil {
			secrets = append(secrets, "commits")
		}
		if e.personal != nil {
			personal = append(personal, "names")
		}
		if e.erases != nil {
			personal = append(personal, "erases")
		}
		table = append(table, fmt.Sprintf("| `%s` | %s | %s | %s |", e.name, strings.Join(secrets, ", "), strings.Join(personal, ", "), e.doc))
	}
	return table
}

// docs/journal.md's table of events is the catalogue's: a type missing
// from it, one it lists that the catalogue does not hold, or a row that
// says otherwise than the entry (its doc line, its secrets, its personal
// records) fails, each named. -update writes the table again.
func TestJournalDocListsEveryEventType(t *testing.T) {
	b, err := os.ReadFile(journalDoc)
	ok(t, err)
	doc := strings.Split(string(b), "\n")
	want := eventTable()
	start := slices.Index(doc, want[0])
	if start < 0 {
		t.Fatalf("%s has no table of events: want its header %q under \"Event types and payloads\"", journalDoc, want[0])
	}
	end := start + 1
	for end < len(doc) && strings.HasPrefix(doc[end], "|") {
		end++
	}
	if *update {
		doc = slices.Concat(doc[:start], want, doc[end:])
		ok(t, os.WriteFile(journalDoc, []byte(strings.Join(doc, "\n")), 0o644))
		return
	}
	got := doc[start:end]
	rows := map[string]string{}
	for _, row := range got[min(2, len(got)):] {
		cell, _, _ := strings.Cut(strings.TrimPrefix(row, "|"), "|")
		rows[strings.Trim(strings.TrimSpace(cell), "`")] = row
	}
	for i, e := range catalogue {
		row, there := rows[e.name]
		delete(rows, e.name)
		switch {
		case !there:
			t.Errorf("%s's table of events has no row for %s: want\n%s", journalDoc, e.name, want[i+2])
		case row != want[i+2]:
			t.Errorf("%s's row of %s differs from the catalogue:\n got %s\nwant %s", journalDoc, e.name, row, want[i+2])
		}
	}
	for typ := range rows {
		t.Errorf("%s's table of events lists %s, which the catalogue does not hold", journalDoc, typ)
	}
	if !t.Failed() && !slices.Equal(got, want) {
		t.Errorf("%s's table of events is not in the catalogue's order (or its header differs): rerun with -update", journalDoc)
	}
}

// The decisions the organiser's page lists, with their act, and the acts
// of the staff that move the public snapshot's staff sequence, are those
// the catalogue marks: a type marked by mistake would show on the
// organiser's page, or make the host's and controllers' pages read their
// status at each event.
func TestCatalogueMarksTheDecisionsAndTheStaffActs(t *testing.T) {
	wantDecisions := map[string]string{
		TypePersonExcluded: "exclusion (R28)",
		TypeSaleRefunded:   "remboursement",
		TypeEventPostponed: "report du loto (R29)",
		TypeDayEnded:       "journée close",
		TypePersonalErased: "effacement de données personnelles (P1)",
		TypeRulingRecorded: "décision sur un litige (R27)",
		TypeDeviceRevoked:  "appareil révoqué",
		TypeCardsStamped:   "cartes tamponnées (R9)",
		TypeNumberUndone:   "numéro annulé",
	}
	decisions := map[string]string{}
	for _, e := range catalogue {
		if e.decision != "" {
			decisions[e.name] = e.decision
		}
	}
	if !reflect.DeepEqual(decisions, wantDecisions) {
		t.Errorf("the catalogue's decisions are %v, want %v", decisions, wantDecisions)
	}
}
