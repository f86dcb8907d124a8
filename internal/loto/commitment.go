package loto

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"loto/internal/journal"
)

// A secret (a series' seed and key, a game's seed, the reservation ticket
// key, a device's code key, the organiser's password hash) is kept beside
// the journal, out of the chain: an event that creates one holds its
// commitment, the hex SHA-256 of its value, so that a secret replaced in the store is a broken journal, named by its event, and never
// a silent change of every card's check code (R27).

// secretRef names a secret an event's fold needs and the commitment the event holds to it.
type secretRef struct {
	name   string
	commit string // hex SHA-256 of the value
}

// secretsOf names the secrets an event's fold needs, with their
// commitments, as the catalogue's secrets column reads them. An event whose
// payload does not decode names none: its fold refuses it.
func secretsOf(e journal.Event) []secretRef {
	t, known := eventTypes[e.Type]
	if !known || t.secrets == nil {
		return nil
	}
	refs, err := t.secrets(e)
	if err != nil {
		return nil
	}
	return refs
}

// checkCommitment refuses a secret whose value is not the one event e committed to.
func checkCommitment(e journal.Event, ref secretRef, value []byte) error {
	if sha256Hex(value) != ref.commit {
		return &journal.BrokenError{Seq: e.Seq,
			Reason: fmt.Sprintf("le secret « %s » ne correspond pas à l'engagement (SHA-256) que l'événement en garde", ref.name)}
	}
	return nil
}

// CheckSecrets reads the whole journal and checks every secret its events
// created against their commitments; it returns how many it checked. A
// replaced secret is a *journal.BrokenError naming the event that created it.
// An event of a type this version does not fold is refused too, naming it,
// as replay would: a journal no command can read is not sound.
func CheckSecrets(ctx context.Context, s journal.Store) (int, error) {
	type need struct {
		e   journal.Event
		ref secretRef
	}
	// Collected first, fetched after: a store with one connection cannot
	// query a secret inside a streaming read.
	var needs []need
	var unknown *journal.Event
	err := s.Read(ctx, 1, func(e journal.Event) error {
		if _, known := eventTypes[e.Type]; !known && unknown == nil {
			unknown = &journal.Event{Seq: e.Seq, Type: e.Type}
		}
		for _, ref := range secretsOf(e) {
			needs = append(needs, need{journal.Event{Seq: e.Seq, Type: e.Type}, ref})
		}
		return nil
	})
	if err != nil {
		return 0, internalf(err, "lecture du journal")
	}
	if unknown != nil {
		return 0, unknownType(*unknown)
	}
	for _, n := range needs {
		v, err := s.Secret(ctx, n.ref.name)
		if errors.Is(err, journal.ErrNotFound) {
			return 0, &journal.BrokenError{Seq: n.e.Seq, Reason: fmt.Sprintf("le secret « %s » qu'il a créé est absent", n.ref.name)}
		}
		if err != nil {
			return 0, internalf(err, "secret %s de l'événement %d", n.ref.name, n.e.Seq)
		}
		if err := checkCommitment(n.e, n.ref, v); err != nil {
			return 0, err
		}
	}
	return len(needs), nil
}

// sha256Hex is the hex SHA-256 of b, as the commitments write it.
func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
