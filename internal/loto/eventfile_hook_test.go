package loto

import "testing"

// parseEventFile is the event-file parser (internal/eventfile.Parse). That
// package imports loto, so loto's own tests cannot import it: the external
// test package sets it (parser_test.go), and the test binary links both.
var parseEventFile func([]byte) (*EventSpec, []string, error)

// SetEventParser lets the external test package hand the parser to loto's tests.
func SetEventParser(parse func([]byte) (*EventSpec, []string, error)) { parseEventFile = parse }

// eventSpec parses an event file that a test knows to be valid.
func eventSpec(t testing.TB, file []byte) *EventSpec {
	t.Helper()
	spec, _, err := parseEventFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}
