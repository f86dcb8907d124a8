package loto

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"loto/internal/journal"
)

// EraseRequest names whose personal data to erase, on that person's
// request (P1): a reservation holder (with the cheque records of the sales
// that named one of its tickets), or the payer of a cheque sale.
type EraseRequest struct {
	Reservation int
	Sale        int
	Why         string // recorded in the journal, e.g. "demande du 3 mars par courriel"
}

// Erasure is what an erasure removed, and a warning when the store could
// not yet scrub its files.
type Erasure struct {
	Seq          int64    `json:"seq"`
	Refs         []string `json:"refs"`
	Reservations int      `json:"reservations"`
	Sales        int      `json:"sales"`
	Warning      string   `json:"warning,omitempty"`
}

// maxWhy bounds the reason of an erasure, which the journal keeps for ever.
const maxWhy = 200

// Erase removes one person's personal data for good (P1): the records are
// deleted in the transaction that appends the erasure event (which records,
// by whom, why; no data), then the store scrubs its files. The journal still
// verifies; lists, reports and the door show "effacé" in their place.
func (d *Day) Erase(ctx context.Context, actor Actor, req EraseRequest) (Erasure, error) {
	why, err := erasureWhy(actor, CmdErase, req.Why)
	if err != nil {
		return Erasure{}, err
	}
	if (req.Reservation > 0) == (req.Sale > 0) {
		return Erasure{}, Errorf(EInvalid, "effacer les données d'une réservation ou d'une vente : l'une des deux, pas les deux")
	}
	return d.erase(ctx, actor, func(st *State) (personalErased, error) {
		p := personalErased{Reservation: req.Reservation, Sale: req.Sale, Why: why}
		if req.Reservation > 0 {
			refs, err := st.holderRefs(req.Reservation)
			p.Refs = refs
			return p, err
		}
		if req.Sale > len(st.ent.sales) {
			return p, Errorf(ENotFound, "vente n° %d inconnue : le jour en compte %d", req.Sale, len(st.ent.sales))
		}
		s := st.ent.sales[req.Sale-1]
		if s.payer == nil {
			return p, Errorf(EInvalid, "la vente n° %d n'est pas payée par chèque : elle ne garde aucune donnée personnelle", req.Sale)
		}
		if s.Personal == PersonalErased {
			return p, Errorf(EConflict, "les données du payeur de la vente n° %d sont déjà effacées (événement n° %d)", req.Sale, st.priv.erasure[s.payer.Ref])
		}
		p.Refs = []string{s.payer.Ref}
		return p, nil
	})
}

// Purge removes every personal record of a day that is over (P1): the
// names and contacts of the holders, the identity documents and cheque
// numbers. It is refused while the day goes on, since the door and the
// desks still need them (R5, R8).
func (d *Day) Purge(ctx context.Context, actor Actor, why string) (Erasure, error) {
	why, err := erasureWhy(actor, CmdPurge, why)
	if err != nil {
		return Erasure{}, err
	}
	return d.erase(ctx, actor, func(st *State) (personalErased, error) {
		p := personalErased{Purge: true, Why: why}
		if st.event == nil || st.dayOver() == "" {
			return p, Errorf(EConflict, "la journée n'est pas finie : les données personnelles servent encore à l'entrée et aux caisses ; les purger après le dernier lot ou la clôture (event end)")
		}
		for _, ref := range st.priv.refs {
			if st.priv.state[ref] != PersonalErased {
				p.Refs = append(p.Refs, ref)
			}
		}
		if len(p.Refs) == 0 {
			return p, Errorf(EConflict, "aucune donnée personnelle à effacer : tout est déjà effacé")
		}
		return p, nil
	})
}

// erasureWhy checks who erases and why.
func erasureWhy(actor Actor, cmd Command, why string) (string, error) {
	if err := Authorize(actor, cmd, ""); err != nil { // the organiser's alone (P1)
		return "", err
	}
	why = strings.Join(strings.Fields(why), " ")
	switch {
	case why == "":
		return "", Errorf(EInvalid, "la raison de l'effacement est requise (elle figure au journal, sans aucune donnée personnelle)")
	}
	if err := CheckText("raison de l'effacement", why, maxWhy); err != nil {
		return "", err
	}
	return why, nil
}

// holderRefs are the references of a reservation's holder and of the cheque
// payers of the sales that named one of its tickets, not yet erased.
func (st *State) holderRefs(id int) ([]string, error) {
	if id < 1 || id > len(st.ent.reservations) {
		return nil, Errorf(ENotFound, "réservation n° %d inconnue : le jour en compte %d", id, len(st.ent.reservations))
	}
	ref := reservationRef(id)
	if st.priv.state[ref] == PersonalErased {
		return nil, Errorf(EConflict, "les données de la réservation n° %d sont déjà effacées (événement n° %d)", id, st.priv.erasure[ref])
	}
	refs := []string{ref}
	for _, s := range st.ent.sales {
		if s.Ticket > 0 && st.ent.tickets[s.Ticket-1].Reservation == id && s.payer != nil && s.Personal != PersonalErased {
			refs = append(refs, s.payer.Ref)
		}
	}
	return refs, nil
}

// erase appends the erasure that plan makes, deleting its records in the
// same transaction, then scrubs the store's files.
func (d *Day) erase(ctx context.Context, actor Actor, plan func(st *State) (personalErased, error)) (Erasure, error) {
	e, err := d.run(ctx, TypePersonalErased, func(st *State) ([]journal.Draft, int, error) {
		p, err := plan(st)
		if err != nil {
			return nil, 0, err
		}
		if err := st.reasonRepeats(p.Why, p.Refs); err != nil {
			return nil, 0, err
		}
		sort.Strings(p.Refs)
		dr, err := draft(actor, TypePersonalErased, p)
		dr.Erase = p.Refs
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Erasure{}, err
	}
	p, err := decodeFor[personalErased](e)
	if err != nil {
		return Erasure{}, err
	}
	out := Erasure{Seq: e.Seq, Refs: p.Refs}
	for _, ref := range p.Refs {
		if strings.HasPrefix(ref, "sale/") {
			out.Sales++
		} else {
			out.Reservations++
		}
	}
	if err := d.Scrub(ctx); err != nil {
		out.Warning = ErrorMessage(err)
	}
	return out, nil
}

// Scrub makes the store remove the traces of erased records from its files
// (see journal.PersonalStore); an erasure does it at once, and this again
// when another program was reading the journal then.
func (d *Day) Scrub(ctx context.Context) error {
	if err := d.store.Scrub(ctx); err != nil {
		return Errorf(EConflict, "données supprimées de la base, mais un autre programme lit encore le journal : leur trace dans les fichiers disparaîtra quand il aura fini (relancer alors loto privacy scrub)")
	}
	return nil
}

// reasonRepeats refuses a reason that repeats data being erased (a word of
// a holder's name, a contact, an identity document or cheque number): the
// journal would keep it for ever, in the very event that erases it.
func (st *State) reasonRepeats(why string, refs []string) error {
	words := map[string]bool{}
	for _, w := range nameWords(why) {
		words[fold(w)] = true
	}
	text, digits := fold(why), digitsOf(why)
	for _, ref := range refs {
		names, numbers := st.personalPieces(ref)
		for _, w := range names {
			if words[fold(w)] {
				return repeated(w)
			}
		}
		for _, n := range numbers {
			if d := digitsOf(n); (len(d) >= 4 && strings.Contains(digits, d)) || (len(d) < 4 && strings.Contains(text, fold(n))) {
				return repeated(n)
			}
		}
	}
	return nil
}

func repeated(piece string) error {
	return Errorf(EInvalid, "la raison reprend une donnée à effacer (« %s ») : le journal la garderait pour toujours ; décrire la demande sans nom ni numéro", piece)
}

// nameWords splits a text into its words, at spaces, hyphens, apostrophes
// and punctuation.
func nameWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) })
}

// personalPieces are the parts of the record of ref that the state still
// shows: the words of three letters or more of a holder's name, and the
// numbers and addresses (a contact, a payer's identity and cheque numbers).
func (st *State) personalPieces(ref string) (names, numbers []string) {
	var id int
	if _, err := fmt.Sscanf(ref, "reservation/%d", &id); err == nil && id >= 1 && id <= len(st.ent.reservations) {
		r := st.ent.reservations[id-1]
		if r.Personal != "" {
			return nil, nil
		}
		for _, w := range nameWords(r.Name) {
			if utf8.RuneCountInString(w) >= 3 {
				names = append(names, w)
			}
		}
		if r.Contact != "" {
			numbers = append(numbers, r.Contact)
		}
	} else if _, err := fmt.Sscanf(ref, "sale/%d", &id); err == nil && id >= 1 && id <= len(st.ent.sales) {
		if s := st.ent.sales[id-1]; s.Personal == "" && s.Identity != nil {
			numbers = append(numbers, s.Identity.Number, s.Cheque)
		}
	}
	return names, numbers
}

// digitsOf keeps the digits of s: a phone number in any spacing.
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}
