package loto

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
)

// publicYAML is a day of typed numbers (so that a tie can be made) with a
// scheduled break and two games, so that the day is not over after the first.
const publicYAML = `name: Loto public
date: 2025-03-16
venue: Salle des fêtes
schedule:
  doors: "08:00"
  start: "11:00"
  breaks:
    - {label: pause repas, at: "12:30", minutes: 75}
series:
  - {code: A, kind: regular, cards: 600, color: jaune}
prices:
  regular: [{cards: 1, cents: 500}]
  special: [{cards: 1, cents: 600}]
desks: [{name: caisse-1, pmr: true}]
draw: manual
programme:
  - {title: Partie un, kinds: [regular], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}]}
  - {title: Partie deux, kinds: [regular], stages: [{stage: quine, prize: {label: Robot, kind: object, consolation: panier}}]}
`

// The people of the test day: what no public snapshot may hold.
var publicSecrets = []string{"Jeanne Dupont", "Hélène Lefèvre", "06 12 34 56 78", "0612345678",
	"paul.martin@example.fr", "Paul Martin", "880692310285", "7654321", "conteste", "perturbe"}

// snapshots collects every public snapshot a Day publishes, encoded, and
// fails on one that holds a secret of the day.
type snapshots struct {
	t       *testing.T
	secrets []string
	seen    []*Public
}

func (s *snapshots) check(d *Day) {
	s.t.Helper()
	p := d.Public()
	if len(s.seen) > 0 && s.seen[len(s.seen)-1] == p {
		return
	}
	s.seen = append(s.seen, p)
	b, err := json.Marshal(p)
	ok(s.t, err)
	for _, secret := range s.secrets {
		if strings.Contains(string(b), secret) {
			s.t.Fatalf("the public snapshot at %d holds %q: %s", p.Seq, secret, b)
		}
	}
}

// act fails on the error of an act of d, else checks the snapshot d
// publishes after it.
func (s *snapshots) act(d *Day, err error) {
	s.t.Helper()
	ok(s.t, err)
	s.check(d)
}

// acts is act for the acts of d that answer a value beside their error.
func (s *snapshots) acts(d *Day) func(any, error) {
	return func(_ any, err error) {
		s.t.Helper()
		s.act(d, err)
	}
}

// addSecrets adds the codes of a reservation's tickets to the secrets.
func (s *snapshots) addTickets(r Reservation) {
	for _, tk := range r.Tickets {
		s.secrets = append(s.secrets, tk.Code, tk.Code[len(tk.Code)-4:])
	}
}

// postponedDay is a day postponed before its first game (R29): a
// reservation, a door, a cheque sale naming a ticket, its refund, the
// desk closed, the personal data erased, the day closed.
func postponedDay(t *testing.T, snap *snapshots) *memStore {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	jeanne := Actor{Name: "Jeanne Dupont", Role: RoleOrganiser}
	act := snap.acts(d)
	snap.check(d)
	r, err := d.AddReservation(ctx, jeanne, ReservationSpec{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2})
	ok(t, err)
	snap.addTickets(r)
	snap.check(d)
	act(d.Admit(ctx, jeanne, "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 1))))
	sale, err := d.Sell(keyed(), jeanne, SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 2)),
		Payments: []Payment{{Method: Cheque, Cents: 500}}, Identity: &Identity{Kind: "CNI", Number: "880692310285"},
		Cheque: "7654321", Ticket: ticketRef(t, r.Tickets[1].Code)})
	ok(t, err)
	snap.check(d)
	act(d.Postpone(ctx, jeanne, "Hélène Lefèvre a réservé la salle"))
	act(d.RefundSale(ctx, jeanne, RefundRequest{Sale: sale.ID, Reason: RefundPostponement, Note: "remis à Paul Martin"}))
	act(d.CloseDesk(ctx, jeanne, CloseRequest{Desk: "caisse-1", Count: []Denomination{{Cents: 500, Count: 30}}}))
	act(d.Erase(ctx, jeanne, EraseRequest{Reservation: r.ID, Why: "demande du 3 mars"}))
	act(d.EndDay(ctx, jeanne, "loto reporté : Jeanne Dupont prévient"))
	if p := d.Public(); !p.Postponed || !p.DayOver {
		t.Fatalf("the postponed day's snapshot %+v: want postponed and over", p)
	}
	return store
}

// playedDay is a day played: a break, a number typed then undone, a call,
// claims, a control with a tie, a ruling, tokens, a declined share, the
// award and its revealed seed, an exclusion, cards voided by hand (an
// older journal's event), the day closed before its second game.
func playedPublicDay(t *testing.T, snap *snapshots) *memStore {
	d, store := newDay(t)
	ctx := context.Background()
	jeanne := Actor{Name: "Jeanne Dupont", Role: RoleOrganiser}
	act := snap.acts(d)
	act(d.CreateEvent(ctx, jeanne, eventSpec(t, []byte(publicYAML))))
	_, err := d.OpenDesk(ctx, jeanne, "caisse-1", 15000)
	ok(t, err)
	// A device named after its holder, its code and tokens, the password
	// and a session: the events of internal/access.
	snap.secrets = append(snap.secrets, accessEvents(t, d, jeanne)...)
	snap.check(d)
	paul, err := d.AddReservation(ctx, jeanne, ReservationSpec{Name: "Paul Martin", Contact: "paul.martin@example.fr", Tickets: 1})
	ok(t, err)
	snap.addTickets(paul)
	cards, typed := tie(t, d, "A", 2)
	tied := serials(t, d, "A", cards...)
	_, err = d.Sell(keyed(), jeanne, SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, tied[:1]),
		Payments: []Payment{{Method: Cheque, Cents: 500}}, Identity: &Identity{Kind: "CNI", Number: "880692310285"},
		Cheque: "7654321", Ticket: ticketRef(t, paul.Tickets[0].Code)})
	ok(t, err)
	sell(t, d, "caisse-1", 500, tied[1])
	snap.check(d)
	act(d.Stamp(ctx, jeanne, serialsIn(t, serials(t, d, "A", 599))))
	act(d.StartBreak(ctx, jeanne, "", 0))
	if p := d.Public(); p.Break == nil || p.Break.Label != "pause repas" {
		t.Fatalf("the snapshot during the break: %+v", p.Break)
	}
	act(d.EndBreak(ctx, jeanne))
	act(d.RecordRestore(ctx, jeanne, journal.Anchor{Seq: 9, Hash: strings.Repeat("5e", 32)}, 1))
	act(d.StartGame(ctx, jeanne))
	other := card.Number(1)
	for slices.Contains(typed, other) {
		other++
	}
	typeNumbers(t, d, other)
	snap.check(d)
	act(d.Undo(ctx, jeanne, ""))
	for _, n := range typed {
		act(d.Draw(ctx, jeanne, n))
	}
	snap.act(d, d.Call(ctx, jeanne))
	for _, s := range tied {
		act(d.Claim(ctx, jeanne, serialIn(t, s)))
	}
	act(d.StartControl(ctx, jeanne))
	act(d.Rule(ctx, jeanne, Ruling{What: "l'égalité tient", Why: "Hélène Lefèvre conteste"}))
	act(d.DrawTokens(ctx, jeanne, []int{12, 47}))
	if p := d.Public(); len(p.Winners) != 2 || p.Winners[0].Serial != tied[0] || p.Winners[0].Token == nil || !p.Checking {
		t.Fatalf("the snapshot of the control: winners %+v, checking %v", p.Winners, p.Checking)
	}
	snap.act(d, d.DeclineShare(ctx, jeanne))
	act(d.Award(ctx, jeanne))
	if p := d.Public(); len(p.Awarded) != 1 || len(p.Awarded[0].Winners) != 2 || p.Seed == "" || p.NextGame != 2 {
		t.Fatalf("the snapshot after the award: %+v", p)
	}
	act(d.Exclude(ctx, jeanne, ExclusionRequest{Why: "perturbe le jeu", Tickets: ticketCodes(t, []string{paul.Tickets[0].Code})}))
	// No command voids cards by hand any more; an older journal does.
	voided, err := json.Marshal(cardsVoided{Cards: tied[1:], Reason: "Paul Martin perturbe le jeu"})
	ok(t, err)
	_, err = store.Append(ctx, d.Head(), journal.Draft{Actor: jeanne.String(), Type: TypeCardsVoided, Payload: voided})
	ok(t, err)
	snap.act(d, d.Refresh(ctx))
	act(d.Erase(ctx, jeanne, EraseRequest{Reservation: paul.ID, Why: "demande du 3 mars"}))
	act(d.EndDay(ctx, jeanne, "Jeanne Dupont ferme la salle"))
	return store
}

func TestPublicSnapshotsHoldNoPersonalDataOverEveryEventType(t *testing.T) {
	snap := &snapshots{t: t, secrets: publicSecrets}
	stores := []*memStore{postponedDay(t, snap), playedPublicDay(t, snap)}
	seen := map[string]bool{}
	for _, store := range stores {
		for _, e := range store.all() {
			seen[e.Type] = true
		}
		// A replay publishes the same last snapshot, checked too.
		snap.check(reopen(t, store))
	}
	for typ := range eventTypes {
		if !seen[typ] {
			t.Errorf("no event %s in the test days: every event type must be shown to leave the public snapshot clean", typ)
		}
	}
	// The secrets were in the journal's days, so their absence means something.
	var found bool
	for _, e := range stores[1].all() {
		found = found || strings.Contains(string(e.Payload), "Hélène Lefèvre") || strings.Contains(e.Actor, "Jeanne Dupont")
	}
	if !found || len(snap.seen) < 20 {
		t.Fatalf("the test days show %d snapshots and no names in their events: the test proves nothing", len(snap.seen))
	}
}

func TestPublicSnapshotIsPublishedAfterEachBatchAndReadWithoutTheLock(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	stamp(t, d, "A", 1)
	start(t, d)
	before, changed := d.Watch()
	typeNumbers(t, d, 17)
	select {
	case <-changed:
	default:
		t.Fatal("a draw did not wake the watchers")
	}
	after := d.Public()
	if after.Seq != d.Head() || after.Count != 1 || after.Last != 17 || len(before.Drawn) != 0 {
		t.Fatalf("after a draw: %+v (before: %+v)", after, before)
	}
	// An event that changes nothing public publishes nothing.
	_, changed = d.Watch()
	stamp(t, d, "A", 2)
	select {
	case <-changed:
		t.Fatal("a stamp woke the watchers: nothing public changed")
	default:
	}
	if d.Public() != after {
		t.Fatal("a stamp replaced the snapshot")
	}
	// Another process's draw is published by the catch-up.
	other := reopen(t, store)
	_, err := other.Draw(ctx, org("host"), 42)
	ok(t, err)
	ok(t, d.Refresh(ctx))
	if p := d.Public(); p.Count != 2 || p.Last != 42 || p.Seq != other.Head() {
		t.Fatalf("after another process's draw and a refresh: %+v", p)
	}
	if after.Count != 1 || len(after.Drawn) != 1 {
		t.Fatalf("a published snapshot changed: %+v", after)
	}
	// A reader never waits on a command: the Day's lock held, it still reads.
	d.mu.Lock()
	read := make(chan *Public)
	go func() { read <- d.Public(); p, _ := d.Watch(); read <- p }()
	for range 2 {
		select {
		case p := <-read:
			if p.Last != 42 {
				t.Fatalf("read %+v under the lock", p)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("reading the snapshot waits on the Day's lock")
		}
	}
	d.mu.Unlock()
}

// TestStaffActsMoveTheDayNotThePublicSnapshot: a second claim during a
// call and a ruling that is a note change nothing the board shows, so
// they publish no snapshot (the public stream says nothing of the staff's
// acts); they move the day, which is the staff pages' one signal to read
// their status again (Day.Moved), as a sale is.
func TestStaffActsMoveTheDayNotThePublicSnapshot(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := stamp(t, d, "A", 1, 2, 3)
	start(t, d)
	typeNumbers(t, d, 17)
	_, err := d.Claim(ctx, org("ctl"), serialIn(t, cards[0]))
	ok(t, err)
	moved := func(what string, public bool, act func()) {
		t.Helper()
		before, signal := d.Public(), d.Moved()
		act()
		select {
		case <-signal:
		default:
			t.Fatalf("%s did not move the day", what)
		}
		if published := d.Public() != before; published != public {
			t.Fatalf("%s: a snapshot published %v, want %v", what, published, public)
		}
	}
	moved("a second claim during the call", false, func() { _, err := d.Claim(ctx, org("ctl"), serialIn(t, cards[1])); ok(t, err) })
	moved("a ruling that is a note", false, func() {
		_, err := d.Rule(ctx, org("meneur"), Ruling{What: "réclamation notée", Why: "bruit dans la salle"})
		ok(t, err)
	})
	moved("a stamping", false, func() { stamp(t, d, "A", 4) })
	b, err := json.Marshal(d.Public())
	ok(t, err)
	if strings.Contains(string(b), "staff") {
		t.Fatalf("the public snapshot tells of the staff's acts: %s", b)
	}
}

// TestR11_PublicSnapshotCarriesTheRulesSummary: the board recalls the
// rules' summary between games from the public snapshot alone, as the
// stream sends it: none before the event, the rulebook's from the event's
// creation on, kept by every later snapshot (the same lines, not a copy
// per snapshot) and by a replay.
func TestR11_PublicSnapshotCarriesTheRulesSummary(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	if p := d.Public(); p.Rules != nil {
		t.Fatalf("the snapshot of a day without event has rules: %q", p.Rules)
	}
	jeanne := Actor{Name: "Jeanne Dupont", Role: RoleOrganiser}
	_, err := d.CreateEvent(ctx, jeanne, eventSpec(t, []byte(publicYAML)))
	ok(t, err)
	want := d.Event().Reminder()
	created := d.Public()
	if len(want) == 0 || !slices.Equal(created.Rules, want) {
		t.Fatalf("the snapshot's rules %q, want the rulebook's summary %q", created.Rules, want)
	}
	b, err := json.Marshal(created)
	ok(t, err)
	if !strings.Contains(string(b), `"rules":["Vérifiez le tampon du jour`) {
		t.Fatalf("the stream's state carries no rules: %s", b)
	}
	_, err = d.StartBreak(ctx, jeanne, "", 0)
	ok(t, err)
	later := d.Public()
	if later == created || !slices.Equal(later.Rules, want) || &later.Rules[0] != &created.Rules[0] {
		t.Fatalf("after a break the snapshot's rules are %q (shared: %v)", later.Rules, &later.Rules[0] == &created.Rules[0])
	}
	if got := reopen(t, store).Public().Rules; !slices.Equal(got, want) {
		t.Fatalf("a replay's rules %q, want %q", got, want)
	}
}

// TestPublicSnapshotSaysTheBoardsMode: the snapshot names which of the
// board's panels show, so that the board's page and its script read one
// answer: the welcome before the event, between games, a break, a game,
// the day over.
func TestPublicSnapshotSaysTheBoardsMode(t *testing.T) {
	d, _ := newDay(t)
	ctx := context.Background()
	want := func(at string, m BoardMode) {
		t.Helper()
		if got := d.Public().Mode; got != m {
			t.Fatalf("%s: mode %q, want %q", at, got, m)
		}
	}
	want("before the event", ModeWelcome)
	jeanne := Actor{Name: "Jeanne Dupont", Role: RoleOrganiser}
	_, err := d.CreateEvent(ctx, jeanne, eventSpec(t, []byte(publicYAML)))
	ok(t, err)
	want("the event recorded", ModeBetween)
	_, err = d.StartBreak(ctx, jeanne, "", 0)
	ok(t, err)
	want("a break", ModeBreak)
	_, err = d.EndBreak(ctx, jeanne)
	ok(t, err)
	want("the break over", ModeBetween)
	_, err = d.StartGame(ctx, jeanne)
	ok(t, err)
	want("a game started", ModeGame)
	_, err = d.EndDay(ctx, jeanne, "salle fermée")
	ok(t, err)
	want("the day ended", ModeOver)
	b, err := json.Marshal(d.Public())
	ok(t, err)
	if !strings.Contains(string(b), `"mode":"over"`) {
		t.Fatalf("the snapshot's JSON has no mode: %s", b)
	}
}
