package loto

import (
	"context"
	"errors"
	"strings"
	"testing"

	"loto/internal/journal"
)

// TestR27_ReplacedSecretIsABrokenJournal: each secret a day keeps beside
// the journal is committed in the event that creates it. Replacing one in
// the store (the audit replaced a series key: every printed card was then
// refused, and verify passed) is a broken journal naming that event, on
// replay and for CheckSecrets alike.
func TestR27_ReplacedSecretIsABrokenJournal(t *testing.T) {
	ctx := context.Background()
	d, store := newDay(t)
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	_, err = d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	_, err = d.StartGame(ctx, org("host"))
	ok(t, err)
	creator := map[string]int64{}
	for _, e := range store.all() {
		for _, ref := range secretsOf(e) {
			creator[ref.name] = e.Seq
		}
	}
	for _, name := range []string{seriesKeySecret("A"), seriesSeedSecret("A"), gameSeedSecret(1), reservationKeySecret} {
		t.Run(name, func(t *testing.T) {
			seq, found := creator[name]
			if !found {
				t.Fatalf("no event commits to %s", name)
			}
			if n, err := CheckSecrets(ctx, store); err != nil || n < 4 {
				t.Fatalf("CheckSecrets before: %d, %v", n, err)
			}
			old := store.secrets[name]
			forged := append([]byte(nil), old...)
			forged[0] ^= 1
			store.secrets[name] = forged
			defer func() { store.secrets[name] = old }()

			_, err := Open(ctx, store)
			var broken *journal.BrokenError
			if !errors.As(err, &broken) || broken.Seq != seq || !strings.Contains(err.Error(), name) {
				t.Fatalf("replay with %s replaced: %v; want a broken journal at event %d naming it", name, err, seq)
			}
			_, err = CheckSecrets(ctx, store)
			if !errors.As(err, &broken) || broken.Seq != seq {
				t.Fatalf("CheckSecrets with %s replaced: %v; want a broken journal at event %d", name, err, seq)
			}
			delete(store.secrets, name)
			if _, err = CheckSecrets(ctx, store); !errors.As(err, &broken) || !strings.Contains(err.Error(), "absent") {
				t.Fatalf("CheckSecrets with %s deleted: %v; want it said absent", name, err)
			}
		})
	}
}
