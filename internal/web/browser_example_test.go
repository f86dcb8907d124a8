package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/eventfile"
)

// englishWords are words of English that French never writes: a comment
// holding one is English.
var englishWords = map[string]bool{
	"the": true, "is": true, "are": true, "of": true, "and": true, "with": true, "this": true, "may": true,
	"its": true, "every": true, "here": true, "beside": true, "when": true, "by": true, "from": true, "to": true,
	"only": true, "card": true, "day": true, "prints": true, "remove": true, "adapt": true, "says": true,
}

// frenchWords are short words of French that a French sentence rarely lacks.
var frenchWords = map[string]bool{
	"le": true, "la": true, "les": true, "de": true, "des": true, "du": true, "d": true, "l": true, "et": true,
	"un": true, "une": true, "est": true, "sont": true, "en": true, "à": true, "au": true, "aussi": true, "seule": true,
}

// word is a word of a comment, letters and apostrophes' sides.
var word = regexp.MustCompile(`\pL+`)

// yamlComments are the comments of a YAML file: the text after a # that
// starts a line or follows a blank, outside a quoted string (the example
// quotes no #).
func yamlComments(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		if i := strings.Index(line, "#"); i >= 0 && (i == 0 || line[i-1] == ' ') {
			out = append(out, strings.TrimSpace(line[i+1:]))
		}
	}
	return out
}

// TestBrowserSetup_ExampleFileGuidesInFrench: the rulebook's example that
// "Partir de l'exemple du règlement" puts in the event page's editor is
// the embedded file, its comments (what the organiser reads to adapt it)
// are French, not one English word in them, and it is valid: the page
// says so, and the event file parser reads it.
func TestBrowserSetup_ExampleFileGuidesInFrench(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, nil)
	tb := l.openOrganiser("/organisateur/evenement", laptopW, laptopH)
	tb.run(chromedp.WaitVisible("#example"), chromedp.Click("#example"))
	tb.waitText("#result h2", "✓ Fichier valide : « Méga Loto du Rotary Saint-Brieuc », dimanche 16 mars 2025 — Salle Hermione, Saint-Brieuc")
	text := eval[string](tb, `document.getElementById("text").value`)
	if text != string(examples.MegaLoto) {
		t.Fatalf("the editor holds %d bytes, not the example's %d", len(text), len(examples.MegaLoto))
	}
	comments := yamlComments(text)
	if len(comments) < 10 {
		t.Fatalf("the example carries %d comments, want its guidance", len(comments))
	}
	sentences := 0
	for _, c := range comments {
		french := false
		for _, w := range word.FindAllString(strings.ToLower(c), -1) {
			if englishWords[w] {
				t.Errorf("the comment %q is in English (%q)", c, w)
			}
			french = french || frenchWords[w]
		}
		if french {
			sentences++
		}
	}
	if sentences < 8 {
		t.Errorf("%d of the example's comments read as French, want its guidance in French", sentences)
	}
	if _, _, err := eventfile.Parse([]byte(text)); err != nil {
		t.Errorf("the example in the editor does not parse: %v", err)
	}
	tb.screenshot("organisateur-evenement-exemple-laptop")
	tb.axe()
	tb.noScriptErrors()
}
