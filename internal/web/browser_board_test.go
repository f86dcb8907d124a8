package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/card"
	"loto/internal/loto"
)

// TestBrowser_Board: the board (/tableau) in the real browser. At load it
// shows the snapshot (the rules between games, R11, and the programme,
// R12); live from the stream it shows the game's commitment before its
// first number (R14), each number drawn through the domain both huge and
// in the grid (lit, ticked and labelled), the prize of the stage (R13),
// "vérification en cours" on a call, and a banner with the winning card's
// serial; axe-core finds no serious violation at each step, and its
// screenshots are written at 1920×1080 and 1280×720.
func TestBrowser_Board(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	ctx := context.Background()
	sold := l.sell(1, 60)

	board := l.open("/tableau", 1920, 1080)
	board.waitText("#next", "Partie 1")
	if mode := board.attr("#board", "data-mode"); mode != "between" {
		t.Fatalf("board before the first game in mode %q, want between", mode)
	}
	board.waitText(".rules", "tampon du jour")
	board.waitText("#programme", "Voiture Citroën Ami")
	board.waitText(".playerqr code", l.url+"/joueur")
	board.axe()
	board.screenshot("tableau-avant-partie-1920x1080")

	host, controller := l.devices[loto.RoleHost], l.devices[loto.RoleController]
	start, err := l.day.StartGame(ctx, host)
	if err != nil {
		t.Fatal(err)
	}
	board.waitText("#commit code", start.SeedSHA256)
	board.waitText("#announce", "quine : Bon d'achat de 30 €")
	if got := board.text("#last"); got != "–" {
		t.Fatalf("last number before the first draw: %q", got)
	}

	// Draw until a sold card completes a line at the number just drawn;
	// on the way the board says how many cards wait for one number only.
	var winner string
	suspense := false
	for winner == "" {
		d, err := l.day.Draw(ctx, host, 0)
		if err != nil {
			t.Fatal(err)
		}
		n := strconv.Itoa(int(d.Number))
		board.waitFor("#last", func(s string) bool { return s == n }, "to be "+n)
		if cls := board.attr("#n"+n, "class"); cls != "drawn last" {
			t.Fatalf("cell %s has class %q, want drawn last", n, cls)
		}
		if got := board.text("#n" + n); got != n+" : dernier numéro" {
			t.Fatalf("cell %s reads %q to a screen reader", n, got)
		}
		board.waitText("#count", strconv.Itoa(len(l.day.Public().Drawn)))
		if away := l.day.Public().OneAway; away > 0 {
			suspense = true
			want := strconv.Itoa(away) + " carton"
			if away > 1 {
				want += "s"
			}
			board.waitText("#suspense", want+" à un numéro")
			if board.attr("#suspense", "hidden") != "" || board.count("#suspense:not([hidden])") != 1 {
				t.Fatal("the suspense count is hidden")
			}
		} else if board.count("#suspense[hidden]") != 1 {
			t.Fatal("the suspense count shows with no card one number short")
		}
		winner = lineDone(t, l, sold)
	}
	if !suspense {
		t.Fatal("no card was ever one number short: the suspense count went untested")
	}
	if got := board.count("#grid li.drawn"); got != len(l.day.Public().Drawn) {
		t.Fatalf("%d cells lit, %d numbers drawn", got, len(l.day.Public().Drawn))
	}
	if got := board.count("#grid li.last"); got != 1 {
		t.Fatalf("%d cells marked last", got)
	}

	if _, err := l.day.Claim(ctx, controller, mustSerial(t, winner)); err != nil {
		t.Fatal(err)
	}
	board.waitText("#checking", "Vérification en cours")
	if _, err := l.day.StartControl(ctx, host); err != nil {
		t.Fatal(err)
	}
	board.waitText("#winners", winner)
	board.waitText("#winners h2", "Carton gagnant")
	board.axe()
	board.screenshot("tableau-verification-1920x1080")

	// A board opened now shows the same at its first paint.
	small := l.open("/tableau", 1280, 720)
	small.waitText("#winners", winner)
	small.waitText("#checking", "Vérification en cours")
	small.axe()
	small.screenshot("tableau-verification-1280x720")
	board.noErrors()
	small.noErrors()
}

// lineDone is the serial of a sold card with a line complete at the
// last number drawn, "" when none has.
func lineDone(t *testing.T, l *live, sold []string) string {
	t.Helper()
	p := l.day.Public()
	drawn := map[card.Number]bool{}
	for _, n := range p.Drawn {
		drawn[n] = true
	}
	for _, serial := range sold {
		n, err := strconv.Atoi(strings.Split(serial, "-")[1])
		if err != nil {
			t.Fatal(err)
		}
		_, c, err := l.day.CardAt("A", n)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range c {
			full, last := 0, false
			for _, x := range row {
				if x != 0 && drawn[x] {
					full++
					last = last || x == p.Last
				}
			}
			if full == 5 && last {
				return serial
			}
		}
	}
	return ""
}

// TestBrowser_BoardOpenedBeforeTheEventTakesItsName: a board (/tableau)
// opened on an empty base, before the organiser records the event, shows
// the event's name, its programme and its start once the event is
// recorded, from the stream, and the rules' summary (R11), without a
// reload nor a fetch of its page: the stream's state carries them.
func TestBrowser_BoardOpenedBeforeTheEventTakesItsName(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, nil)
	board := l.open("/tableau", 1920, 1080)
	if got := board.text("#event"); got != "" || board.count("#rules[hidden]") != 1 {
		t.Fatalf("the board of an empty base names the event %q, or shows rules", got)
	}
	board.run(chromedp.Evaluate[chromedp.Void](`window.loaded = true`))
	board.screenshot("tableau-sans-evenement-1920x1080")

	spec := parseEvent(t, examples.MegaLoto)
	if _, err := l.day.CreateEvent(context.Background(), org, spec); err != nil {
		t.Fatal(err)
	}
	board.waitText("#event", "Méga Loto du Rotary Saint-Brieuc")
	board.waitText("#programme", "11.Partie 11 — la dernière — Bon d'achat de 1000 €")
	board.waitText("#programme li:nth-child(8)", "8.Le tirage de la voiture — Voiture Citroën Ami — Les frais d'immatriculation")
	board.waitText("#programme-label", "Programme · début 11:00 · pause repas 12:30 · entracte 15:30")
	board.waitText("#next", "Partie 1")
	board.waitText("#rules", "tampon du jour")
	if !eval[bool](board, `window.loaded === true`) {
		t.Fatal("the board was reloaded")
	}
	// The rules came with the stream's state: the board fetched no page.
	if n := eval[int](board, `performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname === "/tableau").length`); n != 0 {
		t.Errorf("the board fetched its page %d times for the rules", n)
	}
	// The rows made live are those the server paints.
	fresh := l.open("/tableau", 1280, 720)
	rows := `[...document.querySelectorAll("#programme li, #rules li")].map((li) => li.outerHTML)`
	if got, want := eval[[]string](board, rows), eval[[]string](fresh, rows); !slices.Equal(got, want) {
		t.Errorf("the programme made live reads\n%q\nthe one painted\n%q", got, want)
	}
	board.axe()
	board.screenshot("tableau-evenement-arrive-1920x1080")
	board.run(chromedp.EmulateViewport(1280, 720))
	board.screenshot("tableau-evenement-arrive-1280x720")
	board.noErrors()
	fresh.noErrors()
}
