package loto

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds of the texts people give, in characters: what a real one needs,
// far below what would fill a journal, a screen or a printed ticket.
const (
	MaxName  = 100  // a person's name, a desk, a door, a contact
	MaxTitle = 200  // the event's name and venue, titles, labels, prizes
	MaxNote  = 1000 // free texts: notes, reasons, rulings
)

// CheckText refuses, in French, a text that is not UTF-8, longer than max
// characters, or holding a control or format character (ESC, BEL, NUL,
// bidi overrides, zero-width marks, line separators): written to a
// terminal, a page or a printed ticket, those rewrite what people see.
// field names the text in the message ("nom du titulaire"). The message
// never repeats the text.
func CheckText(field, s string, max int) error {
	if !utf8.ValidString(s) {
		return Errorf(EInvalid, "%s : texte illisible, il n'est pas écrit en UTF-8", field)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return Errorf(EInvalid, "%s : %d caractères, c'est trop (%d au plus)", field, n, max)
	}
	i := 0
	for _, r := range s {
		i++
		if spoofs(r) {
			return Errorf(EInvalid, "%s : caractère invisible %U refusé (%de caractère), il pourrait brouiller l'affichage", field, r, i)
		}
	}
	return nil
}

// spoofs says whether r is a control or format character: invisible, it
// can move the cursor, ring, erase or reorder what a screen shows.
func spoofs(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Zl, unicode.Zp)
}

// maxShown is how much of a person's text a message repeats.
const maxShown = 40

// Shown is a text given by a person as a message may repeat it: control
// and format characters written as U+XXXX, cut after 40 characters with
// the length said, so a refusal never replays a huge or hostile input.
func Shown(s string) string { return Cut(s, maxShown) }

// Cut is Shown for a text of up to max characters: a whole message that
// holds a person's text, as the flag package writes it.
func Cut(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == max {
			fmt.Fprintf(&b, "… (coupé, %d caractères)", utf8.RuneCountInString(s))
			break
		}
		n++
		if spoofs(r) {
			fmt.Fprintf(&b, "%U", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
