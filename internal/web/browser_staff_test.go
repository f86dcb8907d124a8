package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
)

// TestBrowser_HostPageFollowsClaimsAndRulingsItDidNotMake: the host page,
// open beside the ball machine, shows each claim a controller registers on
// their phone and a ruling recorded elsewhere (the organiser's), with no
// key pressed on it: the second claim of a call and a ruling that is a
// note change nothing the board shows, and the game's stream, moved by
// every event, tells the page to read its status again.
func TestBrowser_HostPageFollowsClaimsAndRulingsItDidNotMake(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	serials := l.sellStartAndDraw()
	ctx := context.Background()
	host, ctl := l.openStaff()

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

// TestBrowser_StaffPagesShowAClaimWithinASecond: a claim registered on a
// controller's phone that changes nothing the board shows (the second of
// a call) shows on the host's page within a second, and one made on the
// host's side (the organiser's) on the controller's: both follow the
// game's stream, which moves with every event of the journal.
func TestBrowser_StaffPagesShowAClaimWithinASecond(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	serials := l.sellStartAndDraw()
	host, ctl := l.openStaff()
	claim(ctl, serials[0])
	host.waitText("#claims", "Annonce 1 : carte "+serials[0])
	ctl.waitText("#said", "Annonce 1 enregistrée")

	within := func(tb *tab, what, want string) time.Duration {
		t.Helper()
		start := time.Now()
		for !strings.Contains(tb.text("#claims"), want) {
			if time.Since(start) > time.Second {
				t.Fatalf("%s: not shown within 1 s; the claims say %q", what, tb.text("#claims"))
			}
			time.Sleep(10 * time.Millisecond)
		}
		return time.Since(start)
	}
	claim(ctl, serials[1])
	took := within(host, "the controller's second claim on the host's page", "Annonce 2 : carte "+serials[1])
	t.Logf("the controller's claim on the host's page in %v", took)

	start := time.Now()
	if _, err := l.day.Claim(context.Background(), org, mustSerial(t, serials[2])); err != nil {
		t.Fatal(err)
	}
	within(ctl, "a claim made elsewhere on the controller's page", "Annonce 3 : carte "+serials[2])
	t.Logf("a claim made elsewhere on the controller's page in %v", time.Since(start))
	host.noErrors()
	ctl.noErrors()
}
