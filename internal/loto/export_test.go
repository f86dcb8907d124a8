package loto

import (
	"testing"

	"loto/internal/journal"
)

// The external tests of this package (package loto_test) play simulated
// days: the simulation imports loto, so they cannot be internal tests. These
// give them the internal tests' in-memory journal and example day.

// NewTestDay opens a Day on a fresh in-memory journal with reproducible secrets.
func NewTestDay(t *testing.T) (*Day, journal.Store) { return newDay(t) }

// MegaLoto is the example day of the rulebook, read by the event-file parser.
func MegaLoto(t *testing.T) *EventSpec { return eventSpec(t, megaLoto(t)) }
