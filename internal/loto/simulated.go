package loto

import (
	"encoding/json"

	"loto/internal/journal"
)

// Simulated reports whether the journal whose first event is first holds a
// simulated day (Options.Simulation, loto simulate): its seeds follow from
// a number anyone may choose, so its draws, verified as they are, prove
// nothing of a real day. The mark is in the payload of the events that
// create the day, the first of them included; a journal written before
// the mark existed reads as a real day.
func Simulated(first journal.Event) bool {
	if first.Seq != 1 || (first.Type != TypeSeriesCreated && first.Type != TypeEventCreated) {
		return false
	}
	var p struct {
		Simulated bool `json:"simulated"`
	}
	return json.Unmarshal(first.Payload, &p) == nil && p.Simulated
}
