package loto

import (
	"context"
	"time"

	"loto/internal/journal"
)

// A package beside loto that shares the day's journal (internal/access:
// the devices and the organiser's sessions) is a neighbour. Its event
// types stay in the catalogue, so that every reader of the journal (a
// replay, verify, the audit, the docs' table) knows them whether or not
// the neighbour is attached; what it keeps of them is its own, folded by
// the Day through Neighbour, under the Day's lock. Its commands run
// through Run, with the Day's clock and randomness.

// Neighbour folds the events of the journal into the state of a package
// beside loto. Fold is called for every event, after the day's own fold
// and under the Day's lock; an error breaks the Day as a fold's does.
type Neighbour interface {
	Fold(st *State, e journal.Event) error
	// Empty is a neighbour of the same kind that has folded nothing, for
	// a replay that judges the journal again from its first event (Verify).
	Empty() Neighbour
}

// empties are fresh neighbours of the kinds of ns.
func empties(ns []Neighbour) []Neighbour {
	out := make([]Neighbour, len(ns))
	for i, n := range ns {
		out[i] = n.Empty()
	}
	return out
}

// Plan checks a neighbour's command against the state, under the Day's
// lock, and returns its drafts with the index of the main one (which
// carries the idempotency key and the answer).
type Plan func(st *State) (drafts []journal.Draft, main int, err error)

// Run executes a neighbour's command of type typ and returns its main
// event, as the day's own commands run: checked against the state caught
// up, appended, folded, retried when another writer wins.
func (d *Day) Run(ctx context.Context, typ string, p Plan) (journal.Event, error) {
	return d.run(ctx, typ, plan(p))
}

// Draft builds the journal draft of a neighbour's event from its payload,
// signed by actor in its journal form.
func Draft(actor Actor, typ string, payload any) (journal.Draft, error) {
	return draft(actor, typ, payload)
}

// Decode decodes an event's payload, an internal error when it cannot.
func Decode[P any](e journal.Event) (P, error) { return decodeFor[P](e) }

// Clock is the time of a command by the Day's clock (Options.Clock).
func (d *Day) Clock() time.Time { return d.clock() }

// Random draws n bytes from the Day's source of randomness (Options.Rand).
// It must be called under the Day's lock: in a Run plan, or in View.
func (d *Day) Random(n int) ([]byte, error) { return d.randomBytes(n) }

// Secret is the secret kept beside the journal under name that the state
// was given with its event, or nil.
func (st *State) Secret(name string) []byte { return st.secrets[name] }

// DeskName is the desk of the day's event named name (any case), as
// recorded; EInvalid in French for a desk the event does not have.
func (st *State) DeskName(name string) (string, error) {
	dk, err := st.desk(name)
	if err != nil {
		return "", err
	}
	return dk.Name, nil
}

// ActorName is the name in an event's actor, as the state reads it.
func ActorName(actor string) string { return actorName(actor) }
