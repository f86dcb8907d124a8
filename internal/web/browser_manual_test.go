package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	l.sell(1, 10)
	host, ctl := l.openStaff()
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

// rowNumbers is row r of the card of serial, its numbers in order.
func (l *live) rowNumbers(serial string, r int) []card.Number {
	l.t.Helper()
	c, err := l.day.Card(mustSerial(l.t, serial))
	if err != nil {
		l.t.Fatal(err)
	}
	var ns []card.Number
	for _, x := range c[r] {
		if x != 0 {
			ns = append(ns, x)
		}
	}
	return ns
}

// TestBrowser_R23_HostIsToldTheNextStageTakesCallsAtTheSameNumber: the
// number n that gave card X its quine also completes card Y's second line.
// Once the quine is awarded, the host's page says that the double quine
// takes calls at n before the next draw; Y's call there, registered on the
// controller's phone, wins it.
func TestBrowser_R23_HostIsToldTheNextStageTakesCallsAtTheSameNumber(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	sold := l.sell(1, 12)
	ctx := context.Background()
	host := l.devices[loto.RoleHost]
	y := sold[1]
	second := l.rowNumbers(y, 1)
	n := second[len(second)-1]
	x, xRow := "", []card.Number(nil)
	for _, s := range sold[6:] { // cards 1 to 6 are one strip: each number once
		for r := range 3 {
			if row := l.rowNumbers(s, r); x == "" && slices.Contains(row, n) {
				x, xRow = s, row
			}
		}
	}
	if x == "" {
		t.Fatal("no card of the second strip holds the number that completes card 2's second line")
	}
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	var typed []card.Number
	for _, m := range append(append(l.rowNumbers(y, 0), second...), xRow...) {
		if m != n && !slices.Contains(typed, m) {
			typed = append(typed, m)
		}
	}
	for _, m := range append(typed, n) {
		if _, err := l.day.Draw(ctx, host, m); err != nil {
			t.Fatal(err)
		}
	}
	ctl := l.devices[loto.RoleController]
	if _, err := l.day.Claim(ctx, ctl, mustSerial(t, x)); err != nil {
		t.Fatal(err)
	}
	if r, err := l.day.StartControl(ctx, host); err != nil || r.Winners != 1 {
		t.Fatalf("the quine's control: %+v %v", r, err)
	}
	if _, err := l.day.Award(ctx, host); err != nil {
		t.Fatal(err)
	}

	page := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	phone := l.openAs(loto.RoleController, "/controle", 390, 844)
	page.waitText("#opened", fmt.Sprintf("Annonces ouvertes pour la double quine sur le n° %d", n))
	page.screenshot("meneur-annonces-ouvertes-1366x768")
	page.axe()
	phone.waitText("#live", "En direct")
	// The host's hands are on the number field, as while typing the balls;
	// the call hides it, and the host's next key is the control's.
	page.run(chromedp.Focus("#number"))
	head := l.head()
	claim(phone, y)
	phone.waitText("#said", "enregistrée : carte "+y)
	page.waitText("#phase", loto.PhaseCalled.French())
	if !eval[bool](page, `document.getElementById("opened").hidden`) {
		t.Error("the host is still told the stage opened once a call stopped the draw")
	}
	page.press("c")
	// Should the control not come, the host's page says why, or that
	// nothing was sent (an empty news line).
	page.waitUntil("the control's verdict on the host's page", func() (bool, string) {
		claims := page.text("#claims")
		return strings.Contains(claims, "✔ "+loto.VerdictWin.French()),
			fmt.Sprintf("claims %q, said %q, error %q, phase %q", claims, page.text("#said"), page.text("#error"), page.text("#phase"))
	})
	var verdicts []string
	if err := l.store.Read(ctx, head+1, func(e journal.Event) error {
		if e.Type == loto.TypeControlStarted {
			verdicts = append(verdicts, string(e.Payload))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(verdicts) != 1 || !strings.Contains(verdicts[0], `"win"`) || !strings.Contains(verdicts[0], y) {
		t.Fatalf("the double quine's control in the journal: %v, want card %s winning", verdicts, y)
	}
	page.noErrors()
}

// TestBrowser_HostKeyInAFieldJustHiddenIsTheNextAct: a call hides the
// number field under the host's fingers, and the browser may leave the
// focus in it until its next frame. The host's next key, C, opens the
// control even then, as a shortcut, not as typing.
func TestBrowser_HostKeyInAFieldJustHiddenIsTheNextAct(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	sold := l.sell(1, 6)
	ctx := context.Background()
	host := l.devices[loto.RoleHost]
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	for _, n := range []card.Number{7, 21, 45} {
		if _, err := l.day.Draw(ctx, host, n); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.day.Claim(ctx, l.devices[loto.RoleController], mustSerial(t, sold[0])); err != nil {
		t.Fatal(err)
	}
	page := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	page.waitText("#phase", loto.PhaseCalled.French())
	// The field, focused while the draw showed, is hidden, and the key
	// lands in it before any frame.
	focused := eval[bool](page, `(() => {
		const n = document.getElementById("number"), draw = n.closest("[data-when]");
		draw.hidden = false;
		n.focus();
		draw.hidden = true;
		const still = document.activeElement === n;
		n.dispatchEvent(new KeyboardEvent("keydown", { key: "c", bubbles: true, cancelable: true }));
		return still;
	})()`)
	if !focused {
		t.Fatal("the hidden field lost the focus at once: the test no longer makes the case it checks")
	}
	page.waitUntil("the control opened by the key", func() (bool, string) {
		claims := page.text("#claims")
		return strings.Contains(claims, "✔") || strings.Contains(claims, "✘"), fmt.Sprintf("claims %q, phase %q", claims, page.text("#phase"))
	})
	page.noErrors()
}

// TestBrowser_R15_ControllerIsWarnedOfACardAlreadyCalled: on the
// controller's phone the same card registered twice in one call is said at
// once, while the player is still there; the journal holds both claims,
// which the control judges once.
func TestBrowser_R15_ControllerIsWarnedOfACardAlreadyCalled(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	serials := l.sellStartAndDraw()
	ctl := l.openAs(loto.RoleController, "/controle", 390, 844)
	ctl.waitText("#live", "En direct")
	claim(ctl, serials[0])
	ctl.waitText("#said", "Annonce 1 enregistrée : carte "+serials[0])
	if !eval[bool](ctl, `document.getElementById("error").hidden`) {
		t.Fatalf("a first claim is warned: %q", ctl.text("#error"))
	}
	claim(ctl, serials[0])
	ctl.waitText("#said", "Annonce 2 enregistrée : carte "+serials[0])
	ctl.waitText("#error", "la carte "+serials[0]+" est déjà annoncée (annonce 1)")
	ctl.screenshot("controle-carte-deja-annoncee-390x844")
	ctl.axe()
	claims := 0
	if err := l.store.Read(context.Background(), 1, func(e journal.Event) error {
		if e.Type == loto.TypeClaimRegistered && strings.Contains(string(e.Payload), serials[0]) {
			claims++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if claims != 2 {
		t.Fatalf("%d claims of the card in the journal, want 2", claims)
	}
	ctl.noErrors()
}
