package web

import (
	"context"
	"testing"

	"loto/internal/loto"
)

// TestBrowser_HostPageFollowsClaimsAndRulingsItDidNotMake: the host page,
// open beside the ball machine, shows each claim a controller registers on
// their phone and a ruling recorded elsewhere (the organiser's), with no
// key pressed on it: the second claim of a call and a ruling that is a
// note change nothing the board shows, and the stream's staff_seq tells
// the page to read its status again.
func TestBrowser_HostPageFollowsClaimsAndRulingsItDidNotMake(t *testing.T) {
	l := startLive(t, Config{})
	serials := l.sellStartAndDraw()
	ctx := context.Background()
	host := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	ctl := l.openAs(loto.RoleController, "/controle", 390, 844)
	host.waitText("#live", "En direct")
	ctl.waitText("#live", "En direct")

	claim(ctl, serials[0])
	host.waitText("#claims", "Annonce 1 : carte "+serials[0])
	host.waitText("#phase", loto.PhaseCalled.French())
	// The second card once the phone has its answer to the first: the
	// host's page may see the claim before the phone does, and the phone
	// drops a code sent while it waits for an answer.
	ctl.waitText("#said", "Annonce 1 enregistrée")
	claim(ctl, serials[1])
	ctl.waitText("#said", "Annonce 2 enregistrée")
	host.waitText("#claims", "Annonce 2 : carte "+serials[1])

	if _, err := l.day.Rule(ctx, org, loto.Ruling{What: "le joueur de la table 4 est entendu", Why: "il dit avoir annoncé avant"}); err != nil {
		t.Fatal(err)
	}
	host.waitText("#rulings", "Décision (organisateur) : le joueur de la table 4 est entendu")
	host.screenshot("meneur-annonces-suivies-1366x768")
	host.noErrors()
	ctl.noErrors()
}
