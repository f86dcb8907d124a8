package eventfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"loto/internal/loto"
)

// A page shows each mistake at its line: the refusal gives them one by one,
// with the line of each.
func TestParse_MistakesComeOneByOneWithTheirLines(t *testing.T) {
	file := bytes.Replace(eventYAML("rng", "  - {title: Partie 1, kinds: [regular], stages: [{stage: quine, prize: {label: Jambon, kind: object}}]}\n"),
		[]byte("date: 2025-03-16"), []byte("date: 16/03/2025"), 1)
	file = bytes.Replace(file, []byte("cards: 600"), []byte("cards: 0"), 1)
	_, _, err := Parse(file)
	got := Mistakes(err)
	if len(got) != 2 {
		t.Fatalf("mistakes %+v (err %v), want 2", got, err)
	}
	want := []Mistake{{Line: 2, Path: "date"}, {Line: 6, Path: "series[0].cards"}}
	for i, w := range want {
		if got[i].Line != w.Line || got[i].Path != w.Path || got[i].Message == "" {
			t.Errorf("mistake %d: %+v, want line %d at %s with a message", i, got[i], w.Line, w.Path)
		}
	}
	if loto.ErrorCode(err) != loto.EInvalid {
		t.Errorf("code %q, want invalid", loto.ErrorCode(err))
	}
	if Mistakes(errors.New("other")) != nil {
		t.Error("an error that is no file's refusal has mistakes")
	}
}

// A file saved in Latin-1 is refused in French at the line of its first
// accented letter, not read as other letters.
func TestParse_Latin1FileIsRefusedAtItsLine(t *testing.T) {
	file := bytes.Replace(eventYAML("rng", "  - {title: Partie 1, kinds: [regular], stages: [{stage: quine, prize: {label: Jambon, kind: object}}]}\n"),
		[]byte("Salle des fêtes"), []byte("Salle des f\xeates"), 1)
	_, _, err := Parse(file)
	msg := loto.ErrorMessage(err)
	if !strings.Contains(msg, "ligne 3") || !strings.Contains(msg, "pas en UTF-8") || !strings.Contains(msg, "Latin-1") {
		t.Errorf("message %q, want the line 3 and UTF-8 named", msg)
	}
	if m := Mistakes(err); len(m) != 1 || m[0].Line != 3 {
		t.Errorf("mistakes %+v, want one at line 3", m)
	}
	if _, _, err := Parse([]byte("\xff\xfen\x00a\x00")); !strings.Contains(loto.ErrorMessage(err), "UTF-16") {
		t.Errorf("UTF-16: %v", err)
	}
}

// A YAML syntax error names its line too.
func TestParse_YAMLSyntaxErrorHasItsLine(t *testing.T) {
	_, _, err := Parse([]byte("name: Loto\ndate: 2025-03-16\nvenue: [Salle\n"))
	if m := Mistakes(err); len(m) != 1 || m[0].Line == 0 {
		t.Errorf("mistakes %+v of %v, want one with its line", m, err)
	}
}

// The printer's colours are checked at their line when the caller knows them.
func TestParseChecked_ColourAtItsLine(t *testing.T) {
	file := bytes.Replace(eventYAML("rng", "  - {title: Partie 1, kinds: [regular], stages: [{stage: quine, prize: {label: Jambon, kind: object}}]}\n"),
		[]byte("color: jaune"), []byte("color: chartreuse"), 1)
	color := func(c string) error {
		if c == "chartreuse" {
			return errors.New("couleur de série inconnue")
		}
		return nil
	}
	_, _, err := ParseChecked(file, color)
	m := Mistakes(err)
	if len(m) != 1 || m[0].Line != 6 || m[0].Path != "series[0].color" || !strings.Contains(m[0].Message, "couleur") {
		t.Errorf("mistakes %+v, want the colour at line 6", m)
	}
	if _, _, err := Parse(file); err != nil {
		t.Errorf("Parse checks no colour, yet: %v", err)
	}
}
