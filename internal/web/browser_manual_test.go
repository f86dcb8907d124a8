package web

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/card"
	"loto/internal/journal"
	"loto/internal/loto"
)

// drawnInJournal is every number the journal records as drawn, in order.
func (l *live) drawnInJournal() []card.Number {
	l.t.Helper()
	var got []card.Number
	err := l.store.Read(context.Background(), 1, func(e journal.Event) error {
		if e.Type != loto.TypeNumberDrawn {
			return nil
		}
		var p struct{ Number card.Number }
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		got = append(got, p.Number)
		return nil
	})
	if err != nil {
		l.t.Fatal(err)
	}
	return got
}

// TestBrowser_R24_ARefusedNumberLeavesNoDigitForTheNextBall: on a ball
// machine's day the host types a number already out (R24): it is refused,
// and its digits leave the field, so the next ball typed (3, then Enter) is
// recorded as 3, the ball the hall sees, not as 73 (R14).
func TestBrowser_R24_ARefusedNumberLeavesNoDigitForTheNextBall(t *testing.T) {
	l := startLiveEvent(t, Config{}, manualDay(t))
	l.sell(1, 10)
	host := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	ctl := l.openAs(loto.RoleController, "/controle", 390, 844)
	startByHand(host, ctl)
	typeNumber(host, ctl, 1, 7)

	head := l.head()
	host.run(chromedp.SendKeys("#number", "7"+kb.Enter))
	host.waitText("#error", "le 7 est déjà sorti")
	if l.head() != head {
		t.Fatal("a number already out was recorded")
	}
	if v := eval[string](host, `document.getElementById("number").value`); v != "" {
		t.Fatalf("the refused number's digits stay in the field: %q", v)
	}
	host.screenshot("meneur-numero-refuse-1366x768")
	typeNumber(host, ctl, 2, 3)
	if got, want := l.drawnInJournal(), []card.Number{7, 3}; !slices.Equal(got, want) {
		t.Fatalf("the journal's draws %v, want %v", got, want)
	}
	host.dropErrors(func(string) bool { return true }) // the refusal's 409
	host.noErrors()
}
