package loto

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"loto/internal/journal"
)

// roleCase is a command of the matrix: a scene where the command succeeds
// when an allowed role runs it, and the run itself.
type roleCase struct {
	name  string
	cmd   Command
	scene func(t *testing.T) (*Day, *memStore)
	run   func(t *testing.T, d *Day, a Actor) error
}

// The scenes of the matrix, each on a fresh journal.
func freshDay(t *testing.T) (*Day, *memStore)   { return newDay(t) }
func createdDay(t *testing.T) (*Day, *memStore) { return entranceDay(t) }
func deskDay(t *testing.T) (*Day, *memStore)    { return entranceDay(t, "caisse-1") }
func drawingDay(t *testing.T) (*Day, *memStore) { return manualDay(t, 1) }
func claimedDay(t *testing.T) (*Day, *memStore) { return manualDay(t, 2) }
func personDay(t *testing.T) (*Day, *memStore)  { d, s, _ := personalDay(t); return d, s }
func tiedDay(t *testing.T) (*Day, *memStore)    { d, s, _ := tieDay(t, voucher30, 2); return d, s }
func tokenedDay(t *testing.T) (*Day, *memStore) {
	d, s, _ := tieDay(t, robot, 2)
	_, err := d.DrawTokens(context.Background(), org("org"), nil)
	ok(t, err)
	return d, s
}

// manualDay starts a manual one-quine game and types a number; at step 2
// a stamped card claims too.
func manualDay(t *testing.T, step int) (*Day, *memStore) {
	d, s := gameDay(t, "manual", quineGame("regular", voucher30))
	sr := stamp(t, d, "A", 1)
	start(t, d)
	typeNumbers(t, d, 5)
	if step >= 2 {
		_, err := d.Claim(context.Background(), org("org"), serialIn(t, sr[0]))
		ok(t, err)
	}
	return d, s
}

func roleCases() []roleCase {
	ctx := context.Background()
	return []roleCase{
		{"create event", CmdCreateEvent, freshDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.CreateEvent(ctx, a, eventSpec(t, []byte(entranceYAML)))
			return err
		}},
		{"create series", CmdCreateSeries, freshDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.CreateSeries(ctx, a, SeriesSpec{Code: "C", Cards: 12})
			return err
		}},
		{"add reservation", CmdReserve, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.AddReservation(ctx, a, ReservationSpec{Name: "Marie", Tickets: 1})
			return err
		}},
		{"import reservations", CmdReserve, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.ImportReservations(ctx, a, []ReservationSpec{{Name: "Marie", Tickets: 1}, {Name: "Jean", Tickets: 2}})
			return err
		}},
		{"open desk", CmdOpenDesk, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.OpenDesk(ctx, a, "caisse-1", 15000)
			return err
		}},
		{"sell", CmdSell, deskDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Sell(keyed(), a, SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1)), Payments: cash(500)})
			return err
		}},
		{"stamp", CmdStamp, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Stamp(ctx, a, serialsIn(t, serials(t, d, "A", 1)))
			return err
		}},
		{"close desk", CmdCloseDesk, deskDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.CloseDesk(ctx, a, CloseRequest{Desk: "caisse-1"})
			return err
		}},
		{"admit", CmdAdmit, createdDay, func(t *testing.T, d *Day, a Actor) error {
			r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
			ok(t, err)
			_, err = d.Admit(ctx, a, "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 1)))
			return err
		}},
		{"refund", CmdRefund, deskDay, func(t *testing.T, d *Day, a Actor) error {
			s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
			_, err := d.Postpone(ctx, org("org"), "")
			ok(t, err)
			_, err = d.RefundSale(ctx, a, RefundRequest{Sale: s.ID, Reason: RefundPostponement, Note: "reporté"})
			return err
		}},
		{"exclude", CmdExclude, deskDay, func(t *testing.T, d *Day, a Actor) error {
			s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
			_, err := d.Exclude(ctx, a, ExclusionRequest{Why: "perturbe le jeu", Sales: []int{s.ID}})
			return err
		}},
		{"postpone", CmdPostpone, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Postpone(ctx, a, "trop peu de joueurs")
			return err
		}},
		{"start break", CmdStartBreak, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.StartBreak(ctx, a, "", 0)
			return err
		}},
		{"end break", CmdEndBreak, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.StartBreak(ctx, org("org"), "", 0)
			ok(t, err)
			_, err = d.EndBreak(ctx, a)
			return err
		}},
		{"start game", CmdStartGame, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.StartGame(ctx, a)
			return err
		}},
		{"draw", CmdDraw, drawingDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Draw(ctx, a, 6)
			return err
		}},
		{"undo", CmdUndo, drawingDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Undo(ctx, a, "")
			return err
		}},
		{"call", CmdCall, drawingDay, func(t *testing.T, d *Day, a Actor) error {
			return d.Call(ctx, a)
		}},
		{"claim", CmdClaim, drawingDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Claim(ctx, a, serialIn(t, serialOf(t, d, "A", 1)))
			return err
		}},
		{"control", CmdControl, claimedDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.StartControl(ctx, a)
			return err
		}},
		{"tokens", CmdTokens, tiedDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.DrawTokens(ctx, a, nil)
			return err
		}},
		{"decline", CmdDecline, tiedDay, func(t *testing.T, d *Day, a Actor) error {
			return d.DeclineShare(ctx, a)
		}},
		{"award", CmdAward, tokenedDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Award(ctx, a)
			return err
		}},
		{"rule", CmdRule, drawingDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Rule(ctx, a, Ruling{What: "la carte froissée reste valable", Why: "numéros lisibles"})
			return err
		}},
		{"end day", CmdEndDay, createdDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.EndDay(ctx, a, "salle fermée")
			return err
		}},
		{"erase", CmdErase, personDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.Erase(ctx, a, EraseRequest{Reservation: 1, Why: "demande par courriel"})
			return err
		}},
		{"record restore", CmdRecordRestore, freshDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.RecordRestore(ctx, a, journal.Anchor{Seq: 4, Hash: strings.Repeat("ab", 32)}, 1)
			return err
		}},
		{"purge", CmdPurge, personDay, func(t *testing.T, d *Day, a Actor) error {
			_, err := d.EndDay(ctx, org("org"), "fin de journée")
			ok(t, err)
			_, err = d.Purge(ctx, a, "fin de journée")
			return err
		}},
	}
}

// actorIn is someone acting in role r; a cashier at caisse-1, the desk of the scenes.
func actorIn(r Role) Actor {
	a := Actor{Name: "Marie", Role: r}
	if r == RoleCashier {
		a.Desk = "caisse-1"
	}
	return a
}

// TestR27_RoleMatrix runs every command by every role: an allowed role's
// command is recorded, a refused one is EForbidden, names the role, and
// appends nothing. The rulings line is R27: the host or the organiser rules.
func TestR27_RoleMatrix(t *testing.T) {
	covered := map[Command]bool{}
	for _, rc := range roleCases() {
		covered[rc.cmd] = true
		for _, r := range Roles {
			t.Run(rc.name+"/"+string(r), func(t *testing.T) {
				d, store := rc.scene(t)
				before := store.count()
				err := rc.run(t, d, actorIn(r))
				if Allowed(r, rc.cmd) {
					ok(t, err)
					return
				}
				wantCode(t, err, EForbidden)
				if msg := ErrorMessage(err); !strings.Contains(msg, r.subject()) {
					t.Errorf("refusal %q does not name the role %q", msg, r.subject())
				}
				// The scene's own setup in run may append; the command may not.
				if n := store.count() - before; n > setupAppends(rc.name) {
					t.Fatalf("a refused command appended %d batches", n-setupAppends(rc.name))
				}
			})
		}
	}
	// The commands of internal/access run in its own matrix
	// (access.TestR27_RoleMatrix), on the same table.
	for _, c := range []Command{CmdSetPassword, CmdAddDevice, CmdRevokeDevice} {
		covered[c] = true
	}
	for _, c := range Commands() {
		if !covered[c] {
			t.Errorf("command %s is not in the matrix", c)
		}
	}
}

// setupAppends are the batches a case's run appends before its command.
func setupAppends(name string) int {
	switch name {
	case "admit", "end break", "exclude", "purge":
		return 1
	case "refund":
		return 2
	}
	return 0
}

func TestRoleTable(t *testing.T) {
	for _, tc := range []struct {
		role    Role
		allowed []Command
	}{
		{RoleOrganiser, Commands()},
		{RoleHost, []Command{CmdStartBreak, CmdEndBreak, CmdStartGame, CmdDraw, CmdUndo, CmdCall, CmdControl, CmdTokens, CmdDecline, CmdAward, CmdRule}},
		{RoleController, []Command{CmdClaim, CmdTokens}},
		{RoleCashier, []Command{CmdOpenDesk, CmdSell, CmdCloseDesk}},
		{RoleDoor, []Command{CmdAdmit}},
		{RoleBoard, nil},
		{RoleSystem, []Command{CmdEndBreak, CmdDraw, CmdTokens}},
	} {
		want := map[Command]bool{}
		for _, c := range tc.allowed {
			want[c] = true
		}
		for _, c := range Commands() {
			if got := Allowed(tc.role, c); got != want[c] {
				t.Errorf("Allowed(%s, %s) = %v, want %v", tc.role, c, got, want[c])
			}
		}
	}
	if Allowed(RoleOrganiser, "nimporte") {
		t.Error("an unknown command is allowed")
	}
}

func TestCashierSellsAtItsOwnDeskOnly(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "caisse-2")
	ctx := context.Background()
	c1 := Actor{Name: "Marie", Role: RoleCashier, Desk: "caisse-1"}
	before := store.count()
	_, err := d.Sell(keyed(), c1, SaleRequest{Desk: "caisse-2", Cards: cardCodes(t, serials(t, d, "A", 1)), Payments: cash(500)})
	wantCode(t, err, EForbidden)
	if got := ErrorMessage(err); got != "un caissier de caisse-1 ne peut pas vendre à caisse-2" {
		t.Fatalf("message %q", got)
	}
	_, err = d.CloseDesk(ctx, c1, CloseRequest{Desk: "caisse-2"})
	wantCode(t, err, EForbidden)
	_, err = d.OpenDesk(ctx, c1, "pmr", 0)
	wantCode(t, err, EForbidden)
	nothingWritten(t, store, before)
	// A cashier that names no desk acts at its own.
	z, err := d.CloseDesk(ctx, Actor{Name: "Jo", Role: RoleCashier, Desk: "caisse-2"}, CloseRequest{})
	ok(t, err)
	if z.Desk != "caisse-2" {
		t.Fatalf("closed %s, want the cashier's own caisse-2", z.Desk)
	}
	// The desk is matched as the day matches desk names.
	s, err := d.Sell(keyed(), c1, SaleRequest{Desk: " Caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1)), Payments: cash(500)})
	ok(t, err)
	if s.Actor != "Marie" {
		t.Fatalf("sale by %q", s.Actor)
	}
	if e := store.all()[len(store.all())-1]; e.Actor != "cashier:caisse-1/Marie" {
		t.Fatalf("journal actor %q", e.Actor)
	}
}

func TestBoardWritesNothing(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	before := store.count()
	_, err := d.Draw(context.Background(), Actor{Name: "écran", Role: RoleBoard}, 0)
	wantCode(t, err, EForbidden)
	if got := ErrorMessage(err); !strings.Contains(got, "le tableau ne peut rien enregistrer") {
		t.Fatalf("message %q", got)
	}
	nothingWritten(t, store, before)
}

// TestEveryCommandChecksTheRole calls every method of Day that takes an
// Actor, with zero arguments, as the board: each must refuse it before it
// looks at anything, so a new command cannot forget the role table.
func TestEveryCommandChecksTheRole(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	before := store.count()
	actorType := reflect.TypeOf(Actor{})
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	dv := reflect.ValueOf(d)
	n := 0
	for i := range dv.NumMethod() {
		m := dv.Type().Method(i)
		mt := dv.Method(i).Type()
		if mt.NumIn() < 2 || mt.In(0) != ctxType || mt.In(1) != actorType {
			continue
		}
		n++
		args := []reflect.Value{reflect.ValueOf(context.Background()), reflect.ValueOf(Actor{Name: "écran", Role: RoleBoard})}
		for j := 2; j < mt.NumIn(); j++ {
			args = append(args, reflect.Zero(mt.In(j)))
		}
		out := dv.Method(i).Call(args)
		err, _ := out[len(out)-1].Interface().(error)
		if ErrorCode(err) != EForbidden {
			t.Errorf("%s by the board: %v, want forbidden", m.Name, err)
		}
	}
	nothingWritten(t, store, before)
	if n < len(Commands()) {
		t.Fatalf("only %d commands take an Actor, the table has %d", n, len(Commands()))
	}
}

func TestR27_HostRulesInItsOwnName(t *testing.T) {
	d, store := manualDay(t, 1)
	ctx := context.Background()
	host := Actor{Name: "Paul", Role: RoleHost}
	before := store.count()
	_, err := d.Rule(ctx, host, Ruling{By: RoleOrganiser, What: "x", Why: "y"})
	wantCode(t, err, EForbidden)
	nothingWritten(t, store, before)
	r, err := d.Rule(ctx, host, Ruling{What: "la carte froissée reste valable", Why: "numéros lisibles"})
	ok(t, err)
	if r.By != RoleHost {
		t.Fatalf("ruling by %q, want the host", r.By)
	}
	// The organiser may record the host's decision, as the CLI does.
	r, err = d.Rule(ctx, org("org"), Ruling{By: RoleHost, What: "x", Why: "y"})
	ok(t, err)
	if r.By != RoleHost {
		t.Fatalf("ruling by %q, want the host", r.By)
	}
}
