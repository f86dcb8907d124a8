package eventfile

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"loto/internal/loto"
)

// english finds the words of the YAML library's messages.
var english = regexp.MustCompile(`(?i)\b(line|lines|found|expected|cannot|unmarshal|errors?|allowed|not|into|referenced|unknown|anchor|value|key)\b|yaml:`)

// TestParse_YAMLErrorsInFrenchOnOneLine: each way the YAML library
// refuses a file (its reader, scanner and parser, an alias without anchor,
// a second document, and the decoder: a field given twice, a value its
// tag does not read, an integer past int64) is told in French, each
// mistake on one line, at its line of the file.
func TestParse_YAMLErrorsInFrenchOnOneLine(t *testing.T) {
	desk := lineOf(t, "{name: caisse-2}")
	venue := lineOf(t, "venue: Salle")
	cards := lineOf(t, "cards: 6000")
	for _, c := range []struct {
		name, old, new string
		line           int // 0: the library's, not checked
		want           string
	}{
		{"raw control character", "{name: caisse-2}", "{name: caisse\x1b-2}", desk, "U+001B"},
		{"raw DEL", "{name: caisse-2}", "{name: caisse\x7f-2}", desk, "U+007F"},
		{"noncharacter", "{name: caisse-2}", "{name: caisse\ufffe-2}", desk, "U+FFFE"},
		{"unknown escape", "{name: caisse-2}", `{name: "caisse\q"}`, desk, "barre oblique inverse"},
		{"bad hexadecimal escape", "{name: caisse-2}", `{name: "caisse\uZZZZ"}`, desk, "code de caractère"},
		{"tab as indentation", "  - {name: caisse-2}", "\t- {name: caisse-2}", desk, "tabulation"},
		{"value starting with @", "venue: Salle", "venue: @Salle", venue, "guillemets"},
		{"colon inside a value", "venue: Salle", "venue: Salle: la grande", venue, "« : » inattendu"},
		{"alias without anchor", "venue: Salle", "venue: *salle", venue, "*salle"},
		{"alias", "venue: Salle Hermione, Saint-Brieuc", "venue: &salle Salle\nname: *salle", venue + 1, "*salle"},
		{"bad tag", "venue: Salle", "venue: !<tag:x Salle", venue, "étiquette"},
		{"unclosed brace", "{name: caisse-2}", "{name: caisse-2", 0, "accolade"},
		{"unclosed bracket", "{name: caisse-2}", "{name: [caisse-2}", 0, "crochet"},
		{"unclosed quote", "{name: caisse-2}", `{name: "caisse-2}`, 0, "guillemets"},
		{"second document", "draw: rng", "draw: rng\n---\ndraw: manual", lineOf(t, "draw: rng") + 2, "second document"},
		{"field given twice", "venue: Salle", "venue: Autre\nvenue: Salle", venue, "lignes " + strconv.Itoa(venue) + " et " + strconv.Itoa(venue+1)},
		{"tag the value does not fit", "cards: 6000", "cards: !!int beaucoup", cards, "nombre entier"},
		{"integer past int64", "cards: 6000", "cards: 9223372036854775808", cards, "trop grand"},
		{"binary that is not base64", "venue: Salle", "venue: !!binary é", venue, "étiquette « !!binary »"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Parse(mutate(t, c.old, c.new))
			wantCode(t, err, loto.EInvalid)
			ms := Mistakes(err)
			if len(ms) != 1 {
				t.Fatalf("mistakes %+v, want one", ms)
			}
			m := ms[0]
			if strings.Contains(m.Message, "\n") || english.MatchString(m.Message) || !strings.Contains(m.Message, c.want) {
				t.Errorf("mistake %q: want French on one line, saying %q", m.Message, c.want)
			}
			if m.Line == 0 || (c.line != 0 && m.Line != c.line) {
				t.Errorf("mistake at line %d, want %d", m.Line, c.line)
			}
			if msg := loto.ErrorMessage(err); english.MatchString(msg) || !strings.Contains(msg, "ligne "+strconv.Itoa(m.Line)) {
				t.Errorf("refusal %q: want French naming line %d", msg, m.Line)
			}
		})
	}
}

// TestYAMLProblems_French: what the library's explanations become is French.
func TestYAMLProblems_French(t *testing.T) {
	for _, p := range yamlProblems {
		if english.MatchString(p.french) {
			t.Errorf("%q told as %q", p.english, p.french)
		}
	}
}
