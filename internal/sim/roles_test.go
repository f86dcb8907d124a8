package sim

import (
	"testing"

	"loto/internal/loto"
)

// TestPlayActsInTheRoleOfEachAct checks that a simulated day signs
// each act with the role a real day would: the cashier of the desk that
// sells, the door, the host, the controllers, the organiser.
func TestPlayActsInTheRoleOfEachAct(t *testing.T) {
	_, store, _ := simulate(t, "manual", 120, 3)
	want := map[string]loto.Role{
		loto.TypeDeskOpened: loto.RoleCashier, loto.TypeSaleRecorded: loto.RoleCashier,
		loto.TypeTicketCrossed:      loto.RoleDoor,
		loto.TypeReservationCreated: loto.RoleOrganiser, loto.TypeSaleRefunded: loto.RoleOrganiser,
		loto.TypeGameStarted: loto.RoleHost, loto.TypeNumberDrawn: loto.RoleHost, loto.TypeNumberUndone: loto.RoleHost, loto.TypeControlStarted: loto.RoleHost,
		loto.TypeTieDeclined: loto.RoleHost, loto.TypePrizeAwarded: loto.RoleHost, loto.TypeBreakStarted: loto.RoleHost, loto.TypeBreakEnded: loto.RoleHost,
		loto.TypeClaimRegistered: loto.RoleController, loto.TypeTieTokens: loto.RoleController,
	}
	seen := wantRoles(t, store, simName, want)
	for _, typ := range []string{loto.TypeDeskOpened, loto.TypeSaleRecorded, loto.TypeTicketCrossed, loto.TypeNumberDrawn, loto.TypeClaimRegistered, loto.TypePrizeAwarded} {
		if !seen[typ] {
			t.Errorf("the simulation made no %s", typ)
		}
	}
}
