package loto

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ErrAlreadyReserved is the cause of a refused import whose holders already
// have a reservation, so that a caller can offer to import them again.
var ErrAlreadyReserved = errors.New("réservations déjà enregistrées")

// NameContains reports whether the holder's name contains text, ignoring
// case, accents and spacing: the door finds "Hélène Lefèvre" by "lefevre".
// Every name contains the empty text; an erased one contains no other.
func (r Reservation) NameContains(text string) bool {
	if fold(text) == "" {
		return true
	}
	return r.Personal == "" && strings.Contains(fold(r.Name), fold(text))
}

// Matches says whether a reservation answers the organiser's search: its
// holder's name (any case, any accent), the digits of its phone (three at
// least, +33 read as the leading 0), its e-mail, its number or one of its
// tickets' codes. An empty search finds all; an erased holder is found by
// nothing else.
func (r Reservation) Matches(q string) bool {
	q = strings.TrimSpace(q)
	switch {
	case q == "":
		return true
	case r.Personal != "":
		return false
	case r.NameContains(q), q == strconv.Itoa(r.ID):
		return true
	case len(phoneDigits(q)) >= 3 && strings.Contains(phoneDigits(r.Contact), phoneDigits(q)):
		return true
	case strings.Contains(q, "@") && strings.Contains(strings.ToLower(r.Contact), strings.ToLower(q)):
		return true
	}
	for _, t := range r.Tickets {
		if strings.EqualFold(t.Code, q) {
			return true
		}
	}
	return false
}

// AlreadyReserved is the refusal ImportReservations would give a list
// whose holders already have a reservation, or nil: a preview tells it
// before anything is recorded.
func (st *State) AlreadyReserved(specs []ReservationSpec) error { return st.alreadyReserved(specs) }

// alreadyReserved refuses a list whose holders (same name, same contact)
// already have a reservation of the day, naming each with its line: a
// file imported twice would give everyone twice their tickets.
func (st *State) alreadyReserved(specs []ReservationSpec) error {
	held := make(map[string]int, len(st.ent.reservations))
	for _, r := range st.ent.reservations {
		if r.Personal != "" {
			continue // erased: nobody can tell whose it was
		}
		held[holderKey(r.Name, r.Contact)] = r.ID
	}
	var bad []string
	for i, s := range specs {
		id, ok := held[holderKey(s.Name, s.Contact)]
		if !ok {
			continue
		}
		who := s.Name
		if s.Contact != "" {
			who += ", " + s.Contact
		}
		bad = append(bad, fmt.Sprintf("%s : %s a déjà la réservation n° %d", specPlace(i, s), who, id))
	}
	if len(bad) == 0 {
		return nil
	}
	return &Error{Code: EConflict, Err: ErrAlreadyReserved, Message: fmt.Sprintf("rien n'est enregistré, %s déjà une réservation (même nom, même contact : liste déjà importée ?) :\n  %s",
		plural(len(bad), "titulaire a", "titulaires ont"), listLines(bad))}
}

// specPlace names a reservation of a list for a refusal: its line in the
// file it was read from, else its rank in the list.
func specPlace(i int, s ReservationSpec) string {
	if s.Line > 0 {
		return fmt.Sprintf("ligne %d", s.Line)
	}
	return fmt.Sprintf("réservation %d", i+1)
}

// holderKey is what makes two reservations the same holder's: the name
// folded, and the contact as written in any style (a phone number's
// digits, +33 for the leading 0; an e-mail address in lower case).
func holderKey(name, contact string) string {
	contact = strings.TrimSpace(contact)
	if isPhone(contact) {
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, contact)
		if strings.HasPrefix(contact, "+33") && len(digits) == 11 {
			digits = "0" + digits[2:]
		}
		contact = digits
	}
	return fold(name) + "\x00" + strings.ToLower(contact)
}

// unaccented maps the accented letters of French and its neighbours, in
// lower case, to the letters typed without them.
var unaccented = map[rune]string{}

func init() {
	for _, p := range strings.Fields("àáâãäå:a ç:c èéêë:e ìíîï:i ñ:n òóôõöø:o ùúûü:u ýÿ:y æ:ae œ:oe ß:ss ’‘:' -:_") {
		from, to, _ := strings.Cut(p, ":")
		if to == "_" {
			to = " " // Jean-Pierre is found as "jean pierre"
		}
		for _, r := range from {
			unaccented[r] = to
		}
	}
}

// fold writes a name as people look it up: lower case, without accents
// (precomposed or typed as combining marks), in single spaces.
// FoldName writes a name as holders are compared: lower case, without
// accents, one space between words.
func FoldName(s string) string { return fold(s) }

func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if to, ok := unaccented[r]; ok {
			b.WriteString(to)
		} else if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
