package loto

import (
	"testing"
	"time"

	"loto/internal/journal"
)

// The external tests of this package (package loto_test) play simulated
// days: the simulation imports loto, so they cannot be internal tests. These
// give them the internal tests' in-memory journal and example day.

// NewTestDay opens a Day on a fresh in-memory journal with reproducible secrets.
func NewTestDay(t *testing.T) (*Day, journal.Store) { return newDay(t) }

// MegaLoto is the example day of the rulebook, read by the event-file parser.
func MegaLoto(t *testing.T) *EventSpec { return eventSpec(t, megaLoto(t)) }

// The helpers of the package's tests, for its external tests (package
// loto_test), which read the day through internal/report.
var (
	CardCodes        = cardCodes
	PayCash          = cash
	CompareStates    = compareStates
	EntranceDay      = entranceDay
	ErrOf            = errOf
	HeadAnchor       = headAnchor
	Keyed            = keyed
	NothingWritten   = nothingWritten
	Ok               = ok
	Org              = org
	PersonalDay      = personalDay
	PersonalProblems = personalProblems
	RefOf            = refOf
	Reopen           = reopen
	SameSet          = sameSet
	Sell             = sell
	SerialIn         = serialIn
	SerialOf         = serialOf
	Serials          = serials
	SerialsIn        = serialsIn
	Start            = start
	TicketOf         = ticketOf
	TicketRef        = ticketRef
	TieDay           = tieDay
	Voucher20        = voucher20
	Voucher30        = voucher30
	WantCode         = wantCode
)

// SetClock sets the time the store gives the next events.
func (s *memStore) SetClock(t time.Time) { s.mu.Lock(); s.clock = t; s.mu.Unlock() }

// Count is how many events the store holds.
func (s *memStore) Count() int { return s.count() }

// All returns every event of the store.
func (s *memStore) All() []journal.Event { return s.all() }

// HasPersonal reports whether the store holds the personal record of ref.
func (s *memStore) HasPersonal(ref string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.personal[ref]
	return ok
}
