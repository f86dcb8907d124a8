package web

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/examples"
	"loto/internal/card"
	"loto/internal/loto"
)

// manualDay is the example day's event file with its draw mode switched
// to the ball machine (R14): the host types the numbers and the tokens.
func manualDay(t *testing.T) []byte {
	t.Helper()
	return manualOf(t, examples.MegaLoto)
}

// manualOf is the event file eventYAML with its draw mode switched to the
// ball machine.
func manualOf(t *testing.T, eventYAML []byte) []byte {
	t.Helper()
	out := bytes.Replace(eventYAML, []byte("\ndraw: rng\n"), []byte("\ndraw: manual\n"), 1)
	if bytes.Equal(out, eventYAML) {
		t.Fatal("the event file no longer says draw: rng")
	}
	return out
}

// tiePlan is a sequence of numbers to type after which exactly two sold
// cards, a and b, complete a line at the last number, and no sold card
// completes one before it.
type tiePlan struct {
	a, b    string
	numbers []card.Number
}

// findTie looks the sold cards up by serial and finds two with a line
// each sharing a number x: the other numbers of both lines, then x, make
// them call together. The shortest such plan where no third card wins is kept.
func findTie(t *testing.T, l *live, sold []string) tiePlan {
	t.Helper()
	type line struct {
		serial string
		nums   []card.Number
	}
	var lines []line
	for _, s := range sold {
		c, err := l.day.Card(mustSerial(t, s))
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range c {
			var ns []card.Number
			for _, x := range row {
				if x != 0 {
					ns = append(ns, x)
				}
			}
			lines = append(lines, line{s, ns})
		}
	}
	// done lists the cards with a line within drawn.
	done := func(drawn map[card.Number]bool) []string {
		var out []string
		for _, ln := range lines {
			if !slices.Contains(out, ln.serial) && !slices.ContainsFunc(ln.nums, func(x card.Number) bool { return !drawn[x] }) {
				out = append(out, ln.serial)
			}
		}
		return out
	}
	var best tiePlan
	for i, p := range lines {
		for _, q := range lines[i+1:] {
			if p.serial == q.serial {
				continue
			}
			for _, x := range p.nums {
				if !slices.Contains(q.nums, x) {
					continue
				}
				before := map[card.Number]bool{}
				var order []card.Number
				for _, n := range append(slices.Clone(p.nums), q.nums...) {
					if n != x && !before[n] {
						before[n] = true
						order = append(order, n)
					}
				}
				if best.numbers != nil && len(order)+1 >= len(best.numbers) || len(done(before)) > 0 {
					continue
				}
				before[x] = true
				if len(done(before)) == 2 {
					best = tiePlan{a: p.serial, b: q.serial, numbers: append(order, x)}
				}
			}
		}
	}
	if best.numbers == nil {
		t.Fatal("no two sold cards can complete a line at the same number")
	}
	return best
}

// TestBrowser_TieThroughTheHostPage: on a ball-machine day the host types
// numbers chosen so that two sold cards complete a line at the same number.
// Both are claimed on the controller's phone and controlled as winners
// (R20); the voucher would be shared (R18), the winners decline (key R),
// the host types one token per winner as drawn from the bag (R17), and the
// award gives the voucher to the highest token, a consolation to the other.
// Host and controller pages are checked at each step, axe-clean, and the
// controller's phone with the tokens is screenshot.
func TestBrowser_TieThroughTheHostPage(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	var sold []string
	for from := 1; from <= 300; from += 100 {
		sold = append(sold, l.sell(from, from+99)...)
	}
	plan := findTie(t, l, sold)
	host, ctl := l.openStaff()
	startByHand(host, ctl)

	// The numbers typed: none lets a card call until the last, which lets two.
	for i, n := range plan.numbers {
		typeNumber(host, ctl, i+1, n)
		want := 0
		if i == len(plan.numbers)-1 {
			want = 2
		}
		host.waitText("#callable", strconv.Itoa(want))
	}
	var callable []string
	l.day.View(func(s *loto.State) { callable, _ = s.CallableCards() })
	slices.Sort(callable)
	if want := []string{min(plan.a, plan.b), max(plan.a, plan.b)}; !slices.Equal(callable, want) {
		t.Fatalf("callable cards %v, want %v", callable, want)
	}

	// Both claims from the phone, then the control: two winners, a tie.
	for i, s := range []string{plan.a, plan.b} {
		claim(ctl, s)
		ctl.waitText("#said", fmt.Sprintf("Annonce %d enregistrée : carte %s", i+1, s))
	}
	// The host sees the first claim stop the draw; a later claim changes
	// nothing on the board, so the host's list may show it only at the control.
	host.waitText("#claims", plan.a)
	host.waitText("#phase", loto.PhaseCalled.French())
	host.press("c")
	host.waitText("#said", "2 gagnants : égalité.")
	host.waitText("#phase", loto.PhaseControl.French())
	st := l.status()
	if len(st.Winners) != 2 || st.Tie != loto.TieShare {
		t.Fatalf("winners %+v, tie %q: want two winners sharing the voucher", st.Winners, st.Tie)
	}
	for _, c := range st.Claims {
		read := "À lire : " + joinNumbers(c.ReadOut)
		for _, tb := range []*tab{host, ctl} {
			tb.waitText("#claims", loto.VerdictWin.French())
			tb.waitText("#claims", read)
		}
	}
	host.waitText("#tie", "Égalité : "+loto.TieShare.French())
	ctl.waitText("#tie", "Égalité : "+plainText(loto.TieShare.French()))
	if host.attr("#tokenform", "class") == "" || host.count(`[data-when="tokens"]:not([hidden])`) != 0 {
		t.Fatal("the token fields show before the share is declined")
	}

	// The winners decline the share (R18): the host's line says so, and
	// the page asks one token per winner. The phone learns it with the
	// tokens: a decline changes nothing on the board, so no change is streamed.
	host.press("r")
	host.waitText("#said", "Refus du partage noté")
	host.waitText("#tie", "Égalité : "+loto.TieDeclined.French())
	host.waitText(`label[for="token0"]`, "Pion de la carte "+plan.a)
	host.waitText(`label[for="token1"]`, "Pion de la carte "+plan.b)
	if n := host.count("#tokeninputs input"); n != 2 {
		t.Fatalf("%d token fields, want one per winner", n)
	}
	host.axe()

	// The tokens typed: the second claim's is the higher, so it wins (R17).
	host.run(chromedp.SendKeys("#token0", "12"), chromedp.SendKeys("#token1", "47"+kb.Enter))
	host.waitText("#said", fmt.Sprintf("Pions : carte %s → 12, carte %s → 47", plan.a, plan.b))
	ctl.waitText("#claims", "Pion : 12")
	ctl.waitText("#claims", "Pion : 47")
	ctl.waitText("#tie", "Égalité : "+plainText(loto.TieDeclined.French()))
	host.waitText("#claims", "Pion : 47")
	host.waitText("#boardline", fmt.Sprintf("%s (pion 47)", plan.b))
	if got := l.status().Tokens; len(got) != 2 || got[0].Token != 12 || got[1].Token != 47 {
		t.Fatalf("tokens recorded %+v, want 12 and 47 as typed", got)
	}
	ctl.axe()
	// On the phone (390×844) both tokens show without scrolling: the
	// verdicts come above the claim form during the control, which keeps
	// the focus for a late claim.
	ctl.waitText("#tie", "Égalité")
	if below := eval[[]string](ctl, `[...document.querySelectorAll("#claims .token")]
		.filter(e => e.getBoundingClientRect().bottom > innerHeight || window.scrollY > 0).map(e => e.textContent)`); len(below) > 0 || ctl.count("#claims .token") != 2 {
		t.Errorf("tokens below the phone's fold: %v", below)
	}
	if eval[string](ctl, `document.activeElement.id`) != "serial" {
		t.Errorf("the claim field lost the focus when the verdicts moved above it")
	}
	ctl.screenshot("controle-pions-manuel-390x844")

	// The award: the voucher to the highest token, a consolation to the other.
	host.press("v")
	host.waitText("#said", "Lot remis — quine : ")
	host.waitText("#said", fmt.Sprintf("carte %s (pion 47) → Bon d'achat de 30 €", plan.b))
	host.waitText("#said", fmt.Sprintf("carte %s (pion 12) → lot de consolation, bouteille de cidre", plan.a))
	host.waitText("#gameline", "double quine")
	ctl.waitText("#gameline", "double quine")
	host.axe()
	host.noErrors()
	ctl.noErrors()
}
