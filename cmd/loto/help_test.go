package main

import (
	"regexp"
	"strings"
	"testing"
)

// englishWords are words of English that French help never uses. Values a
// user types (cash, card, cheque, organiser, host, win...) are not among them.
var englishWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the of and or to with for from print default each every is are
		file first last number who what why when its this that which without only string int value
		write read show list record start end open close cards game draw sale prize stage break
		ticket tickets day an it be by not one none given`) {
		englishWords[w] = true
	}
}

var (
	flagRef = regexp.MustCompile(`--?[a-z][a-z-]*`)
	wordRE  = regexp.MustCompile(`[\p{L}_]+`) // not_winner is one identifier
)

// englishIn returns the English words of text, once the command names and
// flag names it quotes are taken out.
func englishIn(text string) []string {
	for name := range commands {
		text = strings.ReplaceAll(text, "loto "+name, "")
	}
	text = flagRef.ReplaceAllString(text, "")
	var found []string
	for _, w := range wordRE.FindAllString(strings.ToLower(text), -1) {
		if englishWords[w] {
			found = append(found, w)
		}
	}
	return found
}

// TestHelpIsInFrench: the organisers read `loto help` and every -h: their
// summaries, flag descriptions and value placeholders are French; only code
// identifiers and flag names stay as they are.
func TestHelpIsInFrench(t *testing.T) {
	t.Parallel()
	if got := englishIn("print the cards of --series A (loto series list)"); strings.Join(got, " ") != "print the cards of" {
		t.Fatalf("the detector finds %q in an English phrase, want [print the cards of]", got)
	}
	code, out, _ := run(t, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, line := range strings.Split(out, "\n") {
		name := strings.TrimSpace(line)
		if i := strings.Index(name, "  "); i > 0 {
			name = name[:i]
		}
		if en := englishIn(strings.TrimPrefix(strings.TrimSpace(line), name)); len(en) > 0 {
			t.Errorf("loto help: %q speaks English %q", line, en)
		}
	}
	for name := range commands {
		args := append(strings.Fields(name), "-h")
		code, _, errs := run(t, args...)
		if code != 0 || !strings.Contains(errs, "usage : loto "+name) {
			t.Errorf("loto %s -h: exit %d %q", name, code, errs)
			continue
		}
		if en := englishIn(errs); len(en) > 0 {
			t.Errorf("loto %s -h speaks English %q:\n%s", name, en, errs)
		}
	}
}

// TestHelpListsNoLoadGenerator: the measures are loto-load's, apart from
// the hall's binary.
func TestHelpListsNoLoadGenerator(t *testing.T) {
	t.Parallel()
	_, out, _ := run(t, "help")
	if strings.Contains(out, "load") {
		t.Errorf("loto help lists a measure:\n%s", out)
	}
	if code, _, _ := run(t, "load", "stream"); code != 2 {
		t.Errorf("loto load stream: exit %d, want 2 (no such command)", code)
	}
}
