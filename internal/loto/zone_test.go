package loto

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Every time the Day tells is read in the event's zone, a
// setting of the event file (Europe/Paris by default), never the machine's.
func TestR1_TimesAreReadInTheEventsZone(t *testing.T) {
	machine := time.Local
	defer func() { time.Local = machine }()
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	ok(t, err)
	time.Local = tokyo // a machine set to another zone than the hall's
	for _, tc := range []struct {
		zone string // the file's setting, "" for none
		want string // the journal's 08:00:01 UTC, read there
	}{
		{"", "09:00"},
		{"America/Martinique", "04:00"},
	} {
		t.Run("zone "+tc.zone, func(t *testing.T) {
			d, _ := newDay(t)
			file := entranceYAML
			if tc.zone != "" {
				file = strings.Replace(file, "date: 2025-03-16\n", "date: 2025-03-16\ntime_zone: "+tc.zone+"\n", 1)
			}
			ctx := context.Background()
			_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, []byte(file)))
			ok(t, err)
			s, err := d.OpenDesk(ctx, org("caissier"), "caisse-1", 0)
			ok(t, err)
			_, err = d.OpenDesk(ctx, org("caissier"), "caisse-1", 0)
			wantSays(t, err, []string{"depuis " + tc.want + ")"})
			if name, _ := s.OpenedAt.Zone(); tc.zone == "" && name != "CET" {
				t.Fatalf("the session opened in zone %s", name)
			}
		})
	}
}

// An event dated another day, a door opened before its time
// and a game started before the start of the games warn, and are recorded.
func TestR1_ActingOutOfTimeWarnsNeverRefuses(t *testing.T) {
	paris := (&EventSpec{}).Location()
	now := time.Date(2025, 3, 9, 20, 0, 0, 0, paris) // a week before the day
	store := newMemStore()
	d, err := OpenWith(context.Background(), store, Options{Rand: testRand(1), Clock: func() time.Time { return now }})
	ok(t, err)
	ctx := context.Background()
	ev, err := d.CreateEvent(ctx, org("org"), eventSpec(t, []byte(entranceYAML)))
	ok(t, err)
	wantWarns(t, ev.Warnings, "événement enregistré le 09/03/2025, mais l'événement est daté du 16/03/2025 (R1) : vérifier la date")

	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Dupont", Tickets: 2})
	ok(t, err)
	now = time.Date(2025, 3, 16, 7, 40, 0, 0, paris)
	in, err := d.Admit(ctx, org("porte"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 1)))
	ok(t, err)
	wantWarns(t, in.Warnings, "entrée à 07:40, avant l'ouverture des portes (08:00, R1)")
	// On time, nothing to say, whatever the zone of the clock.
	now = time.Date(2025, 3, 16, 7, 5, 0, 0, time.UTC) // 08:05 in Paris
	in, err = d.Admit(ctx, org("porte"), "porte-1", ticketOf(t, r.Tickets[1].Code), serialIn(t, serialOf(t, d, "A", 2)))
	ok(t, err)
	wantWarns(t, in.Warnings)

	now = time.Date(2025, 3, 16, 10, 45, 0, 0, paris)
	g, err := d.StartGame(ctx, org("host"))
	ok(t, err)
	wantWarns(t, g.Warnings, "partie n° 1 commencée à 10:45, avant le début des jeux (11:00, R1)")
	if len(events(t, store, TypeTicketCrossed)) != 2 || len(events(t, store, TypeGameStarted)) != 1 {
		t.Fatal("an act out of time was not recorded")
	}
}

// wantWarns fails unless warnings hold exactly want.
func wantWarns(t *testing.T, warnings []string, want ...string) {
	t.Helper()
	if strings.Join(warnings, "|") != strings.Join(want, "|") {
		t.Fatalf("warnings %q, want %q", warnings, want)
	}
}
