package loto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"loto/internal/card"
	"loto/internal/journal"
)

// sameRequest checks that the event an idempotency key already made was
// made by the request now retried; otherwise it returns the conflict to
// answer. A retry must never pass for a new request whose content would be
// silently dropped (a sale of other cards answered with the first sale).
type sameRequest func(st *State, e journal.Event) error

// diffs collects what differs between a request and the event its key made.
type diffs []string

func (d *diffs) check(same bool, what string) {
	if !same {
		*d = append(*d, what)
	}
}

// err is the refusal of a key reused for another request, naming the key
// and what it first made, or nil when nothing differs.
func (d diffs) err(e journal.Event, first string) error {
	if len(d) == 0 {
		return nil
	}
	return Errorf(EConflict, "la clé d'idempotence « %s » a déjà servi à %s, avec %s : cette demande n'est pas enregistrée ; la refaire avec une nouvelle clé",
		Shown(e.Key), first, strings.Join(d, ", "))
}

// firstEvent names an event for a refusal: its number, kind and time.
func firstEvent(e journal.Event) string {
	return fmt.Sprintf("l'événement n° %d (%s, %s)", e.Seq, e.Type, hhmm(e.Time))
}

// decodeFor decodes the payload of the event a key made.
func decodeFor[T any](e journal.Event) (T, error) {
	var p T
	err := decode(e, &p)
	return p, err
}

// canonical writes a typed serial in its canonical form, or leaves it as
// typed when it does not parse (it then matches no recorded serial).
func canonical(text string) string {
	if s, err := card.ParseSerial(text); err == nil {
		return s.String()
	}
	return text
}

// deskName is the name of a desk as recorded, "" for an unknown desk.
func (st *State) deskName(name string) string {
	if dk, err := st.desk(name); err == nil {
		return dk.Name
	}
	return ""
}

// sameSet compares two lists of serials in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// requestSerials are the serials a sale request names, a plate code standing
// for its cards; a plate the state refuses is kept as written (it then
// matches no recorded serial).
func (st *State) requestSerials(codes []CardCode) []string {
	var out []string
	for _, code := range codes {
		if code.IsPlate() {
			if cards, _, err := st.plateCards(code.Plate); err == nil {
				for _, ref := range cards {
					s, _ := st.serialOf(ref)
					out = append(out, s)
				}
				continue
			}
		}
		out = append(out, code.String())
	}
	return out
}

// samePayments compares payments in any order.
func samePayments(a, b []Payment) bool {
	key := func(ps []Payment) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = fmt.Sprintf("%s:%d", p.Method, p.Cents)
		}
		return out
	}
	return sameSet(key(a), key(b))
}

func sameIdentity(a, b *Identity) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// ticketNumber is the number of a ticket as recorded, 0 when none and -1
// when its check code is wrong (no recorded ticket has it).
func (st *State) ticketNumber(tc *TicketCode) int {
	if tc == nil {
		return 0
	}
	if t, err := st.ticket(*tc); err == nil {
		return t.Number
	}
	return -1
}

// samePayer compares a sale request's identity document and cheque with
// those the sale recorded; once its record is erased nothing is left to
// compare, and a retry gets the first answer.
func samePayer(req SaleRequest, s *Sale) bool {
	if s.Personal != "" {
		return (req.Identity != nil) == (s.payer != nil)
	}
	return sameIdentity(req.Identity, s.Identity) && strings.TrimSpace(req.Cheque) == s.Cheque
}

// sameSale: the same desk, the same cards in any order, the same payments,
// identity document, cheque and ticket.
func sameSale(req SaleRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		s, err := decodeFor[saleRecorded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(st.deskName(req.Desk) == s.Desk, "une autre caisse")
		d.check(sameSet(st.requestSerials(req.Cards), s.Cards), "d'autres cartes")
		d.check(samePayments(req.Payments, s.Payments), "d'autres paiements")
		d.check(s.ID >= 1 && s.ID <= len(st.ent.sales) && samePayer(req, st.ent.sales[s.ID-1]), "une autre pièce d'identité ou un autre chèque")
		d.check(st.ticketNumber(req.Ticket) == s.Ticket, "un autre billet")
		return d.err(e, fmt.Sprintf("la vente n° %d (caisse « %s », %s)", s.ID, s.Desk, hhmm(e.Time)))
	}
}

func sameDeskOpen(desk string, float Cents) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[deskOpened](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(st.deskName(desk) == p.Desk, "une autre caisse")
		d.check(float == p.Float, "un autre fond de caisse")
		return d.err(e, fmt.Sprintf("l'ouverture de la caisse « %s » (session %d, %s)", p.Desk, p.Session, hhmm(e.Time)))
	}
}

func sameDeskClose(req CloseRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[deskClosed](e)
		if err != nil {
			return err
		}
		pieces := func(count []Denomination) map[Cents]int {
			m := map[Cents]int{}
			for _, dn := range count {
				if dn.Count != 0 {
					m[dn.Cents] += dn.Count
				}
			}
			return m
		}
		sameCents := func(a, b *Cents) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
		var d diffs
		d.check(st.deskName(req.Desk) == p.Desk, "une autre caisse")
		d.check(fmt.Sprint(pieces(req.Count)) == fmt.Sprint(pieces(p.Count)) && sameCents(req.Card, p.Card) && sameCents(req.Cheque, p.Cheque), "un autre comptage")
		return d.err(e, fmt.Sprintf("la clôture de la caisse « %s » (session %d, %s)", p.Desk, p.Session, hhmm(e.Time)))
	}
}

func sameRefund(req RefundRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[saleRefunded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(req.Sale == p.Sale, "une autre vente")
		d.check(req.Reason == p.Reason, "une autre raison")
		d.check(strings.TrimSpace(req.Desk) == "" || st.deskName(req.Desk) == p.Desk, "une autre caisse")
		d.check(strings.TrimSpace(req.Note) == p.Note, "une autre note")
		return d.err(e, fmt.Sprintf("le remboursement n° %d (vente n° %d, %s)", p.ID, p.Sale, hhmm(e.Time)))
	}
}

func sameAdmission(door string, ticket TicketCode, serial card.Serial) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[ticketCrossed](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(st.ticketNumber(&ticket) == p.Number, "un autre billet")
		d.check(serial.String() == p.Card, "une autre carte gratuite")
		d.check(strings.TrimSpace(door) == p.Door, "une autre entrée")
		return d.err(e, fmt.Sprintf("l'entrée du billet n° %d (« %s », %s)", p.Number, p.Door, hhmm(e.Time)))
	}
}

func samePostponement(reason string) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[eventPostponed](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(reason == p.Reason, "une autre raison")
		return d.err(e, fmt.Sprintf("le report du loto (%s)", hhmm(e.Time)))
	}
}

// sameBreak: an empty label or no minutes take the schedule's, which any
// recorded break matches.
func sameBreak(label string, minutes int) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[breakStarted](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(label == "" || strings.EqualFold(label, p.Label), "une autre pause")
		d.check(minutes == 0 || minutes == p.Minutes, "une autre durée")
		return d.err(e, fmt.Sprintf("la pause « %s » (%s)", p.Label, hhmm(e.Time)))
	}
}

func sameClaim(serial card.Serial) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[claimRegistered](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(serial.String() == p.Serial, "une autre carte")
		return d.err(e, fmt.Sprintf("l'annonce n° %d (carte %s, %s)", p.Claim, p.Serial, hhmm(e.Time)))
	}
}

// sameDraw: a number typed from the ball machine must be the one recorded.
func sameDraw(typed card.Number) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[numberDrawn](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(typed == 0 && p.RNG || typed == p.Number && !p.RNG, "un autre numéro")
		return d.err(e, fmt.Sprintf("le tirage du %d (partie n° %d, %s)", p.Number, p.Game, hhmm(e.Time)))
	}
}

func sameTokens(typed []int) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[tieTokens](e)
		if err != nil {
			return err
		}
		drawn := make([]int, len(p.Tokens))
		for i, t := range p.Tokens {
			drawn[i] = t.Token
		}
		var d diffs
		d.check(typed == nil && p.RNG || !p.RNG && slices.Equal(typed, drawn), "d'autres pions")
		return d.err(e, fmt.Sprintf("le tirage des pions (partie n° %d, %s)", p.Game, hhmm(e.Time)))
	}
}

func sameRuling(r Ruling) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[rulingRecorded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(r.By == p.By && r.What == p.What && r.Why == p.Why && r.Claim == p.Claim && r.Verdict == p.Verdict &&
			(r.Game == 0 || r.Game == p.Game && r.Stage == p.Stage), "une autre décision")
		return d.err(e, fmt.Sprintf("la décision « %s » (partie n° %d, %s)", p.What, p.Game, hhmm(e.Time)))
	}
}

// sameCards: the same serials in any order, and the same reason.
func sameCards(serials []string, reason string) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[cardsStamped](e)
		if err != nil {
			return err
		}
		typed := make([]string, len(serials))
		for i, s := range serials {
			typed[i] = canonical(s)
		}
		var d diffs
		d.check(sameSet(typed, p.Cards), "d'autres cartes")
		d.check(reason == p.Reason, "une autre raison")
		return d.err(e, firstEvent(e))
	}
}

func sameSeries(spec SeriesSpec) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[seriesCreated](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(spec.Code == p.Code && spec.Cards == p.Cards && spec.Special == (p.Kind == Special) &&
			strings.TrimSpace(spec.Color) == p.Color && strings.TrimSpace(spec.Title) == p.Title, "une autre série")
		return d.err(e, fmt.Sprintf("la création de la série %s (%s)", p.Code, hhmm(e.Time)))
	}
}

func sameEvent(spec *EventSpec) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[eventCreated](e)
		if err != nil {
			return err
		}
		want, err1 := json.Marshal(spec)
		got, err2 := json.Marshal(p.Event)
		var d diffs
		d.check(p.Event != nil && err1 == nil && err2 == nil && bytes.Equal(want, got), "un autre fichier d'événement")
		return d.err(e, fmt.Sprintf("la création de l'événement du jour (%s)", hhmm(e.Time)))
	}
}

func sameEndDay(reason string) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[dayEnded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(reason == p.Reason, "une autre raison")
		return d.err(e, fmt.Sprintf("la clôture de la journée (%s)", hhmm(e.Time)))
	}
}
