package loto

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
)

// The door's reads (R4, R5): a ticket checked as soon as it is scanned,
// before a free card is handed over; a reservation found by its holder's
// name or phone when the holder comes without the printed ticket; and the
// count of tickets crossed out and still to come. They name holders: only
// the door (and the organiser) may make them.

// DoorTicket is a scanned ticket as the door sees it before the free card:
// whose it is, and when, where and by whom it was crossed out if it was.
type DoorTicket struct {
	Number      int       `json:"number"`
	Reservation int       `json:"reservation"`
	Name        string    `json:"name"`
	Tickets     int       `json:"tickets"` // the reservation's tickets
	Left        int       `json:"left"`    // of them, those not crossed out yet
	Crossed     *Crossing `json:"crossed,omitempty"`
	// Excluded is the exclusion that named the ticket (R28), 0 when none:
	// its holder was sent out of the hall and is refused at the door.
	Excluded int `json:"excluded,omitempty"`
}

// CheckTicket finds a scanned ticket of this day: a forged one, or one of
// another day (another key), is refused (R5); one crossed out already is
// answered with its crossing, which the door shows as a refusal.
func (d *Day) CheckTicket(actor Actor, tc TicketCode) (DoorTicket, error) {
	if err := Authorize(actor, CmdAdmit, ""); err != nil {
		return DoorTicket{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.st.ticket(tc)
	if err != nil {
		return DoorTicket{}, err
	}
	r := d.st.ent.reservation(t.Reservation)
	dt := DoorTicket{Number: t.Number, Reservation: r.ID, Name: r.Name, Tickets: len(r.Tickets)}
	if x := d.st.ent.exclusionOf(t.Number); x != nil {
		dt.Excluded = x.ID
	}
	for _, x := range r.Tickets {
		if x.Crossed == nil {
			dt.Left++
		}
		if x.Number == t.Number && x.Crossed != nil {
			c := *x.Crossed
			dt.Crossed = &c
		}
	}
	return dt, nil
}

// exclusionOf is the exclusion that named ticket number n (R28), or nil.
func (ent *entrance) exclusionOf(n int) *Exclusion {
	for _, x := range ent.exclusions {
		if slices.Contains(x.Tickets, n) {
			return x
		}
	}
	return nil
}

// maxFound bounds the reservations a search returns: the door then types more.
const maxFound = 10

// The shortest texts a search takes. Each search may list maxFound
// holders: with two letters, the 26×26 pairs would list most of the
// hall's names in a few hundred searches.
const (
	minFindLetters = 3
	minFindDigits  = 4
)

// FindReservations returns the reservations, at most 10, whose holder's
// name contains text (ignoring case, accents and spacing), or whose phone
// contains it when text is digits ("06 12", "+33 6 12", "5678"), and how
// many matched in all. Fewer than 4 digits or 3 letters are refused. An
// erased holder is never found.
func (d *Day) FindReservations(actor Actor, text string) ([]Reservation, int, error) {
	if err := Authorize(actor, CmdAdmit, ""); err != nil {
		return nil, 0, err
	}
	digits, phone := phoneQuery(text)
	if (phone && len(digits) < minFindDigits) || (!phone && letters(fold(text)) < minFindLetters) {
		return nil, 0, Errorf(EInvalid, "taper au moins %d lettres du nom, ou %d chiffres du téléphone", minFindLetters, minFindDigits)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var found []Reservation
	total := 0
	for _, r := range d.st.ent.reservations {
		if r.Personal != "" {
			continue // erased: nobody can tell whose it was
		}
		match := r.NameContains(text)
		if phone {
			match = isPhone(r.Contact) && strings.Contains(phoneDigits(r.Contact), digits)
		}
		if !match {
			continue
		}
		total++
		if len(found) < maxFound {
			found = append(found, d.st.ent.reservation(r.ID))
		}
	}
	return found, total, nil
}

// letters counts the letters and digits of s, not its spaces nor its
// punctuation.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			n++
		}
	}
	return n
}

// phoneQuery reads text as the start, end or middle of a phone number:
// its digits, with +33 as the leading 0, when it has a digit and nothing
// but digits, spaces, dots, dashes and a leading +.
func phoneQuery(text string) (string, bool) {
	text = strings.TrimSpace(text)
	if n, ok := phoneLength(text); !ok || n == 0 {
		return "", false
	}
	return phoneDigits(text), true
}

// phoneDigits writes a phone number as its digits, +33 as the leading 0,
// so that "+33 6 12 34 56 78" and "06.12.34.56.78" are the same number.
func phoneDigits(s string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
	if strings.HasPrefix(strings.TrimSpace(s), "+33") {
		digits = "0" + digits[2:]
	}
	return digits
}

// DoorCount is the door's tally (R4, R5): the tickets issued, those
// crossed out, and those still to come, with the count of each door.
type DoorCount struct {
	Expected int         `json:"expected"`
	Crossed  int         `json:"crossed"`
	ToCome   int         `json:"to_come"`
	Doors    []DoorTally `json:"doors"`
}

// DoorTally is the tickets crossed out at one door.
type DoorTally struct {
	Door    string `json:"door"`
	Crossed int    `json:"crossed"`
}

// CountDoor counts the tickets crossed out, by door, and those to come.
func (d *Day) CountDoor(actor Actor) (DoorCount, error) {
	if err := Authorize(actor, CmdAdmit, ""); err != nil {
		return DoorCount{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	c := DoorCount{Expected: len(d.st.ent.tickets), Doors: []DoorTally{}}
	by := map[string]int{}
	for _, t := range d.st.ent.tickets {
		if t.Crossed != nil {
			c.Crossed++
			by[t.Crossed.Door]++
		}
	}
	c.ToCome = c.Expected - c.Crossed
	for door, n := range by {
		c.Doors = append(c.Doors, DoorTally{Door: door, Crossed: n})
	}
	slices.SortFunc(c.Doors, func(a, b DoorTally) int { return cmp.Compare(a.Door, b.Door) })
	return c, nil
}
