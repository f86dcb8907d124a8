package loto

import (
	"time"

	"loto/internal/journal"
)

// entrance is the part of the state that the desks and the door make:
// sessions, sales, reservations, tickets, refunds, postponement, breaks.
// Sold cards and free cards also go into State.stamped, so that the game
// counts them in play (R9), and refunded ones into State.voided (R28).
type entrance struct {
	sessions     []*Session           // by id - 1
	open         map[string]*Session  // desk -> its open session
	sales        []*Sale              // by id - 1
	holders      map[CardRef]holder   // who got each card sold or issued
	reservations []*reservationRecord // by id - 1
	tickets      []*Ticket            // by number - 1
	keyed        bool                 // the reservation key exists (State.secrets holds it)
	refunds      []*Refund            // by id - 1
	exclusions   []*Exclusion         // by id - 1
	refundOf     map[int]int          // sale -> refund id
	postponed    *Postponement
	breaks       []BreakState
}

// holder is the sale or the ticket that got a card; exactly one is set.
type holder struct {
	sale   int
	ticket int
}

func newEntrance() *entrance {
	return &entrance{open: map[string]*Session{}, holders: map[CardRef]holder{}, refundOf: map[int]int{}}
}

func (st *State) applyPostponed(e journal.Event, p eventPostponed) error {
	if st.ent.postponed != nil {
		return internalf(nil, "événement %d : loto déjà reporté", e.Seq)
	}
	st.ent.postponed = &Postponement{Time: e.Time, By: actorName(e.Actor), Reason: p.Reason}
	return nil
}

func (st *State) applyBreakStarted(e journal.Event, p breakStarted) error {
	if st.ent.onBreak() != nil {
		return internalf(nil, "événement %d : pause déjà en cours", e.Seq)
	}
	st.ent.breaks = append(st.ent.breaks, BreakState{Label: p.Label, Minutes: p.Minutes, Scheduled: p.Scheduled,
		Started: e.Time, Resumes: e.Time.Add(time.Duration(p.Minutes) * time.Minute), By: actorName(e.Actor), Seq: e.Seq})
	return nil
}

func (st *State) applyBreakEnded(e journal.Event) error {
	b := st.ent.onBreak()
	if b == nil {
		return internalf(nil, "événement %d : fin de pause sans pause", e.Seq)
	}
	t := e.Time
	b.Ended = &t
	return nil
}

func (st *State) applyDeskOpened(e journal.Event, p deskOpened) error {
	ent := st.ent
	if p.Session != len(ent.sessions)+1 || ent.open[p.Desk] != nil {
		return internalf(nil, "événement %d : session %d de la caisse %s hors séquence", e.Seq, p.Session, p.Desk)
	}
	s := &Session{ID: p.Session, Desk: p.Desk, Float: p.Float, OpenedAt: e.Time, OpenedBy: actorName(e.Actor),
		received: map[Method]Cents{}, payments: map[Method]int{}}
	ent.sessions = append(ent.sessions, s)
	ent.open[p.Desk] = s
	return nil
}

func (st *State) applyDeskClosed(e journal.Event, p deskClosed) error {
	s := st.ent.open[p.Desk]
	if s == nil || s.ID != p.Session {
		return internalf(nil, "événement %d : la session %d de la caisse %s n'est pas ouverte", e.Seq, p.Session, p.Desk)
	}
	t := e.Time
	s.ClosedAt, s.ClosedBy, s.closed, s.closeAnchor = &t, actorName(e.Actor), &p, &journal.Anchor{Seq: e.Seq, Hash: e.Hash}
	delete(st.ent.open, p.Desk)
	return nil
}

func (st *State) applyReservation(e journal.Event, p reservationCreated) error {
	ent := st.ent
	if p.Reservation != len(ent.reservations)+1 || p.First != len(ent.tickets)+1 || (p.NewKey == ent.keyed) || p.Tickets < 1 {
		return internalf(nil, "événement %d : réservation %d hors séquence", e.Seq, p.Reservation)
	}
	ent.keyed = true
	key, err := st.reservationKey()
	if err != nil {
		return err
	}
	var holder holderRecord
	ps, err := st.openPersonal(e, p.Holder, &holder)
	if err != nil {
		return err
	}
	r := &reservationRecord{Reservation: Reservation{ID: p.Reservation, Name: holder.Name, Contact: holder.Contact, Time: e.Time, By: actorName(e.Actor)},
		first: p.First, count: p.Tickets}
	for n := p.First; n < p.First+p.Tickets; n++ {
		code := ticketCode(key, n)
		ent.tickets = append(ent.tickets, &Ticket{Number: n, Code: code, QR: ticketQRPrefix + code, Reservation: p.Reservation})
	}
	ent.reservations = append(ent.reservations, r)
	if ps != "" {
		st.showPersonal(p.Holder.Ref, ps)
	}
	return nil
}

func (st *State) applyCrossing(e journal.Event, p ticketCrossed) error {
	ent := st.ent
	if p.Number < 1 || p.Number > len(ent.tickets) || ent.tickets[p.Number-1].Crossed != nil || ent.tickets[p.Number-1].Reservation != p.Reservation {
		return internalf(nil, "événement %d : billet n° %d inconnu ou déjà barré", e.Seq, p.Number)
	}
	if err := st.hold(e, []string{p.Card}, holder{ticket: p.Number}); err != nil {
		return err
	}
	ent.tickets[p.Number-1].Crossed = &Crossing{Seq: e.Seq, Time: e.Time, Door: p.Door, By: actorName(e.Actor), Card: p.Card}
	return nil
}

func (st *State) applyRefund(e journal.Event) error {
	r, err := refundOf(e)
	if err != nil {
		return err
	}
	ent := st.ent
	s := ent.open[r.Desk]
	if r.ID != len(ent.refunds)+1 || r.Sale < 1 || r.Sale > len(ent.sales) || ent.refundOf[r.Sale] != 0 || s == nil || s.ID != r.Session {
		return internalf(nil, "événement %d : remboursement %d hors séquence", e.Seq, r.ID)
	}
	if err := st.void(e, append(r.Cards, r.FreeCards...), string(r.Reason)); err != nil {
		return err
	}
	ent.refunds = append(ent.refunds, &r)
	ent.refundOf[r.Sale] = r.ID
	s.Refunds++
	s.RefundedCents += r.Cents
	return nil
}

// onBreak returns the break in progress, nil when play is on.
func (ent *entrance) onBreak() *BreakState {
	if n := len(ent.breaks); n > 0 && ent.breaks[n-1].Ended == nil {
		return &ent.breaks[n-1]
	}
	return nil
}
