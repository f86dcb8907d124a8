package loto

import (
	"context"

	"loto/internal/journal"
)

// What a read model of the day (internal/report) may ask the State. It is
// called under the Day's lock (Day.Read, Day.View); the pointers it
// returns are the State's own: a caller reads them and keeps copies only.

// Read catches up with the journal and calls fn with the state, under the
// lock: fn must not keep it.
func (d *Day) Read(ctx context.Context, fn func(st *State)) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.catchUp(ctx); err != nil {
		return err
	}
	fn(d.st)
	return nil
}

// Anchor is the journal's head: the last event applied and its hash.
func (st *State) Anchor() journal.Anchor { return journal.Anchor{Seq: st.head, Hash: st.headHash} }

// DayOver reports whether the day is over: its last game awarded, or ended early.
func (st *State) DayOver() bool { return st.dayOver() != "" }

// SessionReports returns every desk session, in opening order, as Z reports.
func (st *State) SessionReports() []SessionReport {
	out := make([]SessionReport, 0, len(st.ent.sessions))
	for _, s := range st.ent.sessions {
		out = append(out, s.report())
	}
	return out
}

// Sales returns the day's sales, by number.
func (st *State) Sales() []*Sale { return st.ent.sales }

// Tickets returns the reservation tickets, by number.
func (st *State) Tickets() []*Ticket { return st.ent.tickets }

// ReservationCount is how many reservations are recorded.
func (st *State) ReservationCount() int { return len(st.ent.reservations) }

// Refunds returns the refunds, by number.
func (st *State) Refunds() []*Refund { return st.ent.refunds }

// Exclusions returns the exclusions (R28), by number.
func (st *State) Exclusions() []*Exclusion { return st.ent.exclusions }

// Postponement returns the postponement (R29) with the sales still to
// refund, nil when the day is not postponed.
func (st *State) Postponement() *Postponement {
	if st.ent.postponed == nil {
		return nil
	}
	pp := st.postponement()
	return &pp
}

// Breaks returns the day's breaks, in order.
func (st *State) Breaks() []BreakState { return st.ent.breaks }

// VoidedCards returns the cards voided, in no order.
func (st *State) VoidedCards() []CardRef {
	out := make([]CardRef, 0, len(st.voided))
	for ref := range st.voided {
		out = append(out, ref)
	}
	return out
}

// copies returns the values of the records rs points to, in order, never
// nil: what the Day hands out of the State's records without sharing them.
func copies[T any](rs []*T) []T {
	out := make([]T, 0, len(rs))
	for _, r := range rs {
		out = append(out, *r)
	}
	return out
}
