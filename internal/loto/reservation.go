package loto

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"loto/internal/journal"
)

// ReservationSpec is a reservation as the organiser enters or imports it.
type ReservationSpec struct {
	Name    string
	Contact string // phone or e-mail, may be empty
	Tickets int    // tickets to issue, each worth one free card (R4)
	Line    int    // the line of the file it was read from, 0 when typed
}

// Reservation is a recorded reservation with its tickets.
type Reservation struct {
	ID      int       `json:"reservation"`
	Name    string    `json:"name"`
	Contact string    `json:"contact,omitempty"`
	Tickets []Ticket  `json:"tickets"`
	Time    time.Time `json:"time"`
	By      string    `json:"by"`
	// Personal says, when the name and contact are not there, why (P1):
	// Name then shows it in French ("effacé").
	Personal PersonalState `json:"personal,omitempty"`
}

// Ticket is a reservation ticket (R2-R5): its code with a check code keyed
// with the day's reservation key, the text of its QR code, and its crossing
// out at the door, if done.
type Ticket struct {
	Number      int       `json:"number"`
	Code        string    `json:"code"`
	QR          string    `json:"qr"`
	Reservation int       `json:"reservation"`
	Crossed     *Crossing `json:"crossed,omitempty"`
}

// Crossing is a ticket crossed out at the door: when, where, by whom, and
// the free card issued with it (R4, R5).
type Crossing struct {
	Seq  int64     `json:"seq"`
	Time time.Time `json:"time"`
	Door string    `json:"door"`
	By   string    `json:"by"`
	Card string    `json:"card"`
}

// ticketQRPrefix starts the text of a ticket's QR code.
const ticketQRPrefix = "LOTO-TICKET:"

// Limits on reservations: more is a mistake in the file.
const (
	maxTicketsPerReservation = 50
	maxTickets               = 999_999
	maxImport                = 20_000
)

// AddReservation records one reservation and issues its tickets. A holder
// may have several: the organiser typing one in means it.
func (d *Day) AddReservation(ctx context.Context, actor Actor, spec ReservationSpec) (Reservation, error) {
	rs, err := d.importReservations(ctx, actor, []ReservationSpec{spec}, true)
	if err != nil {
		return Reservation{}, err
	}
	return rs[0], nil
}

// ImportReservations records reservations all at once, or none: one bad
// reservation refuses the whole list, and so does a holder (same name, same
// contact) who already has a reservation, with ErrAlreadyReserved, since
// a list imported twice would double everyone's tickets. The first
// reservation of the day also draws the key of the tickets' check codes,
// kept as a secret.
func (d *Day) ImportReservations(ctx context.Context, actor Actor, specs []ReservationSpec) ([]Reservation, error) {
	return d.importReservations(ctx, actor, specs, false)
}

// ImportReservationsAgain is ImportReservations for a list whose holders
// may already have a reservation: each gets another one.
func (d *Day) ImportReservationsAgain(ctx context.Context, actor Actor, specs []ReservationSpec) ([]Reservation, error) {
	return d.importReservations(ctx, actor, specs, true)
}

// importReservations records the list; again lets a holder who already has
// a reservation have another.
func (d *Day) importReservations(ctx context.Context, actor Actor, specs []ReservationSpec, again bool) ([]Reservation, error) {
	if err := Authorize(actor, CmdReserve, ""); err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, Errorf(EInvalid, "aucune réservation à enregistrer")
	}
	if len(specs) > maxImport {
		return nil, Errorf(EInvalid, "%d réservations : %d au plus à la fois", len(specs), maxImport)
	}
	var bad []string
	for i := range specs {
		if err := CheckReservation(&specs[i]); err != nil {
			bad = append(bad, fmt.Sprintf("%s : %s", specPlace(i, specs[i]), ErrorMessage(err)))
		}
	}
	if err := RefusedList(bad); err != nil {
		return nil, err
	}
	e, err := d.run(ctx, TypeReservationCreated, func(st *State) ([]journal.Draft, int, error) {
		if !again {
			if err := st.alreadyReserved(specs); err != nil {
				return nil, 0, err
			}
		}
		return d.reservationDrafts(st, actor, specs)
	})
	if err != nil {
		return nil, err
	}
	var last reservationCreated
	if err := decode(e, &last); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []Reservation
	for i, id := 0, last.Reservation-len(specs)+1; i < len(specs); i, id = i+1, id+1 {
		// A key retried with another list would answer with the wrong
		// reservations (or none): the list must be the one first recorded.
		if id < 1 || !d.st.ent.reservations[id-1].is(specs[i]) {
			if keyOf(ctx) == "" {
				return nil, internalf(nil, "réservation n° %d enregistrée autrement que demandée", id)
			}
			return nil, Errorf(EConflict, "la clé %q a déjà servi à une autre liste de réservations : en donner une nouvelle", Shown(keyOf(ctx)))
		}
		out = append(out, d.st.ent.reservation(id))
	}
	return out, nil
}

// RefusedList is the error of a list with bad items, each named, or nil:
// nothing of the list is recorded.
func RefusedList(bad []string) error {
	switch len(bad) {
	case 0:
		return nil
	case 1:
		return Errorf(EInvalid, "rien n'est enregistré, une erreur :\n  %s", bad[0])
	}
	return Errorf(EInvalid, "rien n'est enregistré, %d erreurs :\n  %s", len(bad), listLines(bad))
}

// listLines writes the items of a refusal one a line, the first 50 of them.
func listLines(bad []string) string {
	if len(bad) > 50 {
		bad = append(bad[:50:50], "... et "+plural(len(bad)-50, "autre", "autres"))
	}
	return strings.Join(bad, "\n  ")
}

func (d *Day) reservationDrafts(st *State, actor Actor, specs []ReservationSpec) ([]journal.Draft, int, error) {
	if err := st.selling(); err != nil {
		return nil, 0, err
	}
	total := len(st.ent.tickets)
	for _, s := range specs {
		total += s.Tickets
	}
	if total > maxTickets {
		return nil, 0, Errorf(EInvalid, "%d billets : le jour en compte %d au plus", total, maxTickets)
	}
	var secrets map[string][]byte
	key, err := st.reservationKey()
	if err != nil {
		return nil, 0, err
	}
	if key == nil {
		if key, err = d.randomBytes(32); err != nil {
			return nil, 0, err
		}
		secrets = map[string][]byte{reservationKeySecret: key}
	}
	sl, err := d.sealer(st, actor)
	if err != nil {
		return nil, 0, err
	}
	id, next := len(st.ent.reservations), len(st.ent.tickets)+1
	var drafts []journal.Draft
	for i, s := range specs {
		id++
		ref, rec, err := sl.seal(reservationRef(id), func(salt string) any {
			return holderRecord{Salt: salt, Name: s.Name, Contact: s.Contact}
		})
		if err != nil {
			return nil, 0, err
		}
		p := reservationCreated{Reservation: id, Holder: ref, First: next, Tickets: s.Tickets, NewKey: i == 0 && secrets != nil}
		if p.NewKey {
			p.KeySHA256 = sha256Hex(key)
		}
		next += s.Tickets
		dr, err := draft(actor, TypeReservationCreated, p)
		if err != nil {
			return nil, 0, err
		}
		if p.NewKey {
			dr.Secrets = secrets
		}
		dr.Personal = map[string][]byte{ref.Ref: rec}
		drafts = append(drafts, dr)
	}
	drafts, main := sl.batch(drafts, len(drafts)-1)
	return drafts, main, nil
}

// CheckReservation trims and checks a reservation: a name, a contact that
// is a phone number or an e-mail address if given, 1 to 50 tickets.
func CheckReservation(s *ReservationSpec) error {
	s.Name, s.Contact = strings.Join(strings.Fields(s.Name), " "), strings.TrimSpace(s.Contact)
	switch {
	case !utf8.ValidString(s.Name) || !utf8.ValidString(s.Contact):
		// JSON would record U+FFFD in place of each bad byte: another name.
		return Errorf(EInvalid, "nom ou contact illisible : il n'est pas écrit en UTF-8 (fichier enregistré en Windows-1252 ?)")
	case s.Name == "":
		return Errorf(EInvalid, "le nom est requis")
	case CheckText("nom du titulaire", s.Name, MaxName) != nil:
		return CheckText("nom du titulaire", s.Name, MaxName)
	case CheckText("contact", s.Contact, MaxName) != nil:
		return CheckText("contact", s.Contact, MaxName)
	case s.Contact != "" && !isEmail(s.Contact) && !isPhone(s.Contact):
		return Errorf(EInvalid, "contact « %s » invalide : un numéro de téléphone ou une adresse e-mail", Shown(s.Contact))
	case s.Tickets < 1 || s.Tickets > maxTicketsPerReservation:
		return Errorf(EInvalid, "nombre de billets %d invalide : entre 1 et %d", s.Tickets, maxTicketsPerReservation)
	}
	return nil
}

func isEmail(s string) bool {
	user, host, ok := strings.Cut(s, "@")
	return ok && user != "" && len(s) <= 100 && strings.Contains(host, ".") && !strings.HasSuffix(host, ".") &&
		!strings.HasPrefix(host, ".") && !strings.ContainsAny(s, " \t,;<>\"") && !strings.Contains(host, "@")
}

func isPhone(s string) bool {
	n, ok := phoneLength(s)
	return ok && n >= 10 && n <= 15
}

// phoneLength counts the digits of s, false when s holds anything but
// digits, spaces, dots, dashes and a leading +.
func phoneLength(s string) (int, bool) {
	n := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			n++
		case r == ' ' || r == '.' || r == '-' || (r == '+' && i == 0):
		default:
			return 0, false
		}
	}
	return n, true
}

// ticketCode writes the code of ticket number n: R-000042-7KQ, with three
// check characters of HMAC-SHA256(reservation key, "R-000042"), so a forged
// ticket or one of another day (another key) passes once in 29,791 tries.
func ticketCode(key []byte, n int) string {
	return fmt.Sprintf("R-%06d-%s", n, check3(key, fmt.Sprintf("R-%06d", n)))
}

// check3 reduces HMAC-SHA256(key, text) to three check characters.
func check3(key []byte, text string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(text))
	sum := mac.Sum(nil)
	n := uint64(len(checkAlphabet))
	v := binary.BigEndian.Uint64(sum) % (n * n * n)
	return string([]byte{checkAlphabet[v/(n*n)], checkAlphabet[v/n%n], checkAlphabet[v%n]})
}

// ticket finds a ticket of this day by its code: a wrong check code is a
// forged ticket or one of another day (R5).
func (st *State) ticket(tc TicketCode) (*Ticket, error) {
	key, err := st.reservationKey()
	if err != nil {
		return nil, err
	}
	if key == nil || subtle.ConstantTimeCompare([]byte(check3(key, fmt.Sprintf("R-%06d", tc.Number))), []byte(tc.Check)) != 1 {
		return nil, Errorf(EInvalid, "billet %s refusé : code de contrôle faux, billet falsifié ou d'un autre jour (R5)", tc)
	}
	if tc.Number < 1 || tc.Number > len(st.ent.tickets) {
		return nil, Errorf(ENotFound, "billet %s inconnu : aucune réservation ne l'a émis", tc)
	}
	return st.ent.tickets[tc.Number-1], nil
}

// reservationKey returns the key of the ticket codes, which the Day gave
// the state with the first reservation; nil before it.
func (st *State) reservationKey() ([]byte, error) {
	if !st.ent.keyed {
		return nil, nil
	}
	k, ok := st.secrets[reservationKeySecret]
	if !ok {
		return nil, internalf(nil, "clé des billets de réservation absente")
	}
	return k, nil
}

// Reservations returns every reservation with its tickets, in order.
func (d *Day) Reservations() []Reservation {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Reservation, 0, len(d.st.ent.reservations))
	for id := range d.st.ent.reservations {
		out = append(out, d.st.ent.reservation(id+1))
	}
	return out
}

// reservation returns a reservation with copies of its tickets, safe to keep.
func (ent *entrance) reservation(id int) Reservation {
	r := ent.reservations[id-1]
	c := r.Reservation
	c.Tickets = make([]Ticket, 0, r.count)
	for n := r.first; n < r.first+r.count; n++ {
		t := *ent.tickets[n-1]
		if t.Crossed != nil {
			x := *t.Crossed
			t.Crossed = &x
		}
		c.Tickets = append(c.Tickets, t)
	}
	return c
}

// reservationRecord is a reservation in the state: its tickets live in
// entrance.tickets, numbered first to first+count-1.
type reservationRecord struct {
	Reservation
	first, count int
}

// is reports whether the record is the reservation spec asked for.
func (r *reservationRecord) is(s ReservationSpec) bool {
	return r.Name == s.Name && r.Contact == s.Contact && r.count == s.Tickets
}
