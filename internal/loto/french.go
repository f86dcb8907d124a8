package loto

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// plural writes n with its noun as French agrees it: the singular for 0
// and 1 ("0 minute", "1 carte"), the plural from 2 on ("2 cartes").
func plural(n int, one, many string) string {
	if n >= -1 && n <= 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Plural writes n with its noun as French agrees it, for the edges that
// word their own messages (the event file).
func Plural(n int, one, many string) string { return plural(n, one, many) }

// French names the kind of a series for people, in the singular: "ordinaire", "spéciale".
func (k Kind) French() string {
	if k == Special {
		return "spéciale"
	}
	return "ordinaire"
}

// kindFrench names the cards of a kind in the plural: "ordinaires", "spéciales".
func kindFrench(k Kind) string { return k.French() + "s" }

// cardsOfKind writes a count of cards of a kind: "1 carte ordinaire", "3 cartes spéciales".
func cardsOfKind(n int, k Kind) string {
	if n >= -1 && n <= 1 {
		return plural(n, "carte", "cartes") + " " + k.French()
	}
	return plural(n, "carte", "cartes") + " " + kindFrench(k)
}

// GameName writes a game as the pages and messages name it: its title
// when the title starts with the game's number ("Partie 1", "Partie 4 —
// avant le repas"), else the number then the title ("Partie 8 « Le tirage
// de la voiture »"); never "Partie 1 « Partie 1 »".
func GameName(n int, title string) string {
	num := "Partie " + strconv.Itoa(n)
	switch {
	case title == "":
		return num
	case title == num || strings.HasPrefix(title, num+" "):
		return title
	}
	return num + " « " + title + " »"
}

// gameNamed is GameName inside a sentence: "la partie 1", "la partie 4 —
// avant le repas", "la partie 8 (« Le tirage de la voiture »)".
func gameNamed(n int, title string) string {
	num := "partie " + strconv.Itoa(n)
	switch name := GameName(n, title); {
	case strings.Contains(name, "«"):
		return "la " + num + " (« " + title + " »)"
	default:
		return "la " + num + name[len(num):]
	}
}

// A rule id as the messages cite it: "R14", "P1", a range "R17-R19".
const ruleID = `[RLP][0-9]{1,2}(?:[-–][RLP][0-9]{1,2})?`

var (
	// citedAlone is a parenthesis of rule ids and the space before it:
	// " (R14)", " (R4, R30)", " (R17-R19, R25)".
	citedAlone = regexp.MustCompile(`[ \t]*\(` + ruleID + `(?:,[ \t]*` + ruleID + `)*\)`)
	// citedAfter is rule ids that end a parenthesis of other words:
	// "(exclusion n° 3, R28)" keeps "(exclusion n° 3)".
	citedAfter = regexp.MustCompile(`(?:,[ \t]*` + ruleID + `)+\)`)
)

// WithoutRuleIDs is a message of the program as the players and the
// volunteers read it: the rule ids it cites (docs/rules.md) taken out,
// the words kept. "le 12 est déjà sorti dans cette partie (R24)" reads
// "le 12 est déjà sorti dans cette partie". The host, the organiser and
// the command line keep the ids.
func WithoutRuleIDs(b []byte) []byte {
	if !citesRule(b) {
		return b // most answers: the regular expressions read 20 MB/s
	}
	b = citedAlone.ReplaceAll(b, nil)
	return citedAfter.ReplaceAll(b, []byte(")"))
}

// citesRule says whether b may cite a rule: an R, L or P after "(" or a
// space, before a digit.
func citesRule(b []byte) bool {
	for i := 1; i+1 < len(b); i++ {
		switch b[i] {
		case 'R', 'L', 'P':
			if (b[i-1] == '(' || b[i-1] == ' ') && '0' <= b[i+1] && b[i+1] <= '9' {
				return true
			}
		}
	}
	return false
}

// Ordinal writes a rank the French way: "1er", "2e", "3e"...
func Ordinal(n int) string {
	if n == 1 {
		return "1er"
	}
	return strconv.Itoa(n) + "e"
}

// French says a game's phase to the host and the board.
func (p Phase) French() string {
	switch p {
	case PhaseDrawing:
		return "tirage en cours"
	case PhaseCalled:
		return "annonce : tirage arrêté jusqu'au contrôle (R15)"
	case PhaseControl:
		return "contrôle : les gagnants attendent leur lot"
	case PhaseOver:
		return "partie terminée"
	}
	return string(p)
}

// upperFirst capitalises the first letter: "quine" → "Quine".
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}
