package loto

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
	"loto/internal/journal/postgres"
	"loto/internal/journal/sqlite"
)

// instances is how many Days share one journal, as processes or instances
// of the program would; attempts run on them in goroutines, several per Day.
const (
	instances = 4
	attempts  = 100
)

// backend opens stores on one shared journal: each call is a new connection, as another process's.
type backend struct {
	name string
	open func(t *testing.T) func() journal.Store
}

func backends() []backend {
	return []backend{
		{"sqlite", func(t *testing.T) func() journal.Store {
			return connections(t, sqlite.Open, filepath.Join(t.TempDir(), "loto.db"))
		}},
		{"postgres", func(t *testing.T) func() journal.Store {
			return connections(t, postgres.Open, journaltest.PostgresURL(t)) // skipped without LOTO_TEST_PG, failed under CI
		}},
	}
}

// connections opens a new connection to the journal at where with each
// call, closed when the test ends.
func connections[S journal.Store](t *testing.T, open func(context.Context, string, journal.Clock) (S, error), where string) func() journal.Store {
	return func() journal.Store {
		s, err := open(context.Background(), where, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

// sharedDay sets up a day on a fresh journal (event, two open desks, one
// reservation of one ticket) and returns Days opened on it, each on its own
// connection, with the ticket's code.
func sharedDay(t *testing.T, open func() journal.Store) ([]*Day, string) {
	t.Helper()
	ctx := context.Background()
	first, err := Open(ctx, open())
	ok(t, err)
	_, err = first.CreateEvent(ctx, org("org"), eventSpec(t, []byte(entranceYAML)))
	ok(t, err)
	for _, dk := range []string{"caisse-1", "caisse-2"} {
		_, err = first.OpenDesk(ctx, org("caissier"), dk, 0)
		ok(t, err)
	}
	r, err := first.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	days := []*Day{first}
	for len(days) < instances {
		d, err := Open(ctx, open())
		ok(t, err)
		days = append(days, d)
	}
	return days, r.Tickets[0].Code
}

// race runs attempts of fn at once, spread over the Days, and returns their errors.
func race(days []*Day, fn func(d *Day, i int) error) []error {
	errs := make([]error, attempts)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range attempts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = fn(days[i%len(days)], i)
		}()
	}
	close(start)
	wg.Wait()
	return errs
}

// oneWins checks that exactly one attempt succeeded and every other was refused with say.
func oneWins(t *testing.T, errs []error, say string) {
	t.Helper()
	wins := 0
	for _, err := range errs {
		switch {
		case err == nil:
			wins++
		case ErrorCode(err) != EConflict || !strings.Contains(ErrorMessage(err), say):
			t.Fatalf("refusal %v (%s), want a conflict saying %q", err, ErrorCode(err), say)
		}
	}
	if wins != 1 {
		t.Fatalf("%d of %d attempts succeeded, want exactly 1", wins, len(errs))
	}
}

// events counts the journal's events of a type.
func events(t *testing.T, s journal.Store, typ string) []journal.Event {
	t.Helper()
	var out []journal.Event
	ok(t, s.Read(context.Background(), 1, func(e journal.Event) error {
		if e.Type == typ {
			out = append(out, e)
		}
		return nil
	}))
	return out
}

func TestConcurrency_SameCardAtTwoDesks(t *testing.T) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			open := b.open(t)
			days, _ := sharedDay(t, open)
			card := serialOf(t, days[0], "A", 1)
			errs := race(days, func(d *Day, i int) error {
				desk := []string{"caisse-1", "caisse-2"}[i%2]
				ctx := WithKey(context.Background(), Key(fmt.Sprintf("sale-%d", i)))
				_, err := d.Sell(ctx, org(fmt.Sprintf("caissier-%d", i)), SaleRequest{Desk: desk, Cards: cardCodes(t, []string{card}), Payments: cash(500)})
				return err
			})
			oneWins(t, errs, "déjà vendue")
			if n := len(events(t, open(), TypeSaleRecorded)); n != 1 {
				t.Fatalf("%d sales in the journal, want 1", n)
			}
		})
	}
}

func TestConcurrency_R5_SameTicketAtTwoDoors(t *testing.T) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			open := b.open(t)
			days, ticket := sharedDay(t, open)
			free := make([]string, attempts)
			for i := range free {
				free[i] = serialOf(t, days[0], "A", 100+i)
			}
			errs := race(days, func(d *Day, i int) error {
				_, err := d.Admit(context.Background(), org(fmt.Sprintf("portier-%d", i)), []string{"porte-1", "porte-2"}[i%2], ticketOf(t, ticket), serialIn(t, free[i]))
				return err
			})
			oneWins(t, errs, "déjà barré")
			crossed := events(t, open(), TypeTicketCrossed)
			if len(crossed) != 1 {
				t.Fatalf("%d crossings in the journal, want 1", len(crossed))
			}
			d, err := Open(context.Background(), open())
			ok(t, err)
			d.View(func(st *State) {
				if st.StampedCount() != 1 {
					t.Fatalf("%d free cards issued, want 1", st.StampedCount())
				}
			})
		})
	}
}

func TestConcurrency_RetriedSaleReturnsTheFirst(t *testing.T) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			open := b.open(t)
			days, _ := sharedDay(t, open)
			req := SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, days[0], "A", 1, 2, 3)), Payments: cash(1200)}
			ids := make([]int, attempts)
			errs := race(days, func(d *Day, i int) error {
				s, err := d.Sell(WithKey(context.Background(), "the-same-sale"), org("caissier"), req)
				ids[i] = s.ID
				return err
			})
			for i, err := range errs {
				if err != nil || ids[i] != 1 {
					t.Fatalf("attempt %d: sale %d, %v; want sale 1", i, ids[i], err)
				}
			}
			if n := len(events(t, open(), TypeSaleRecorded)); n != 1 {
				t.Fatalf("%d sales in the journal, want 1", n)
			}
		})
	}
}
