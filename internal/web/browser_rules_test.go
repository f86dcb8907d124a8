package web

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/rulebook"
)

// printMedia makes the tab lay its page out as for printing, or as for the
// screen again when on is false.
func printMedia(on bool) chromedp.Action[chromedp.Void] {
	media := ""
	if on {
		media = "print"
	}
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	})
}

// TestBrowser_R34_RulesPage: /reglement shows the rulebook built from the
// event (its title, prices, desks, programme and the car's card) at phone,
// tablet and laptop sizes, with no sideways scrolling on the phone, a
// working table of contents and a link to the PDF; printed, it drops the
// navigation and keeps the rules. axe-core finds no serious violation.
func TestBrowser_R34_RulesPage(t *testing.T) {
	t.Parallel()
	event := bytes.Replace(examples.MegaLoto, []byte("{cards: 3, cents: 1200}"), []byte("{cards: 3, cents: 1100}"), 1)
	l := startLiveEvent(t, Config{}, event)
	rb := rulebook.Of(l.day.Event())
	for _, size := range []struct {
		name string
		w, h int64
	}{{"telephone-390x844", 390, 844}, {"tablette-820x1180", 820, 1180}, {"portable-1366x768", 1366, 768}} {
		t.Run(size.name, func(t *testing.T) {
			tb := l.open("/reglement", size.w, size.h)
			tb.waitText("h1", "Règlement du jeu — Méga Loto du Rotary Saint-Brieuc")
			tb.waitText(".subtitle", "dimanche 16 mars 2025 — Salle Hermione, Saint-Brieuc")
			tb.waitText("main", "Tarif des cartes : 5 € la carte – 11 € la plaque de 3 – 20 € la plaque de 6.")
			tb.waitText("main", "Voiture Citroën Ami, offert par Garage du Légué (consolation en cas d'égalité : panier garni). Les frais d'immatriculation du véhicule sont à la charge du gagnant.")
			if got, want := tb.count("main section h2"), len(rb.Sections); got != want {
				t.Errorf("%d sections shown, the rulebook has %d", got, want)
			}
			if got, want := tb.count("main section ul.rules > li"), itemCount(rb); got != want {
				t.Errorf("%d rules shown, the rulebook has %d", got, want)
			}
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(size.w) {
				t.Errorf("the page is %d px wide in a %d px window: it scrolls sideways", w, size.w)
			}
			if px := eval[float64](tb, `parseFloat(getComputedStyle(document.querySelector(".rules li")).fontSize)`); px < 16 {
				t.Errorf("rules in %v px type, want 16 at least", px)
			}
			if href := tb.attr(".download a", "href"); href != "/reglement.pdf" {
				t.Errorf("download link to %q", href)
			}
			tb.axe()
			tb.screenshot("reglement-" + size.name)
			tb.noErrors()
		})
	}

	tb := l.open("/reglement", 390, 844)
	tb.waitText(".toc", "Tirage spécial : Tirage de la voiture")
	tb.run(chromedp.Click(chromedp.CSS(`.toc a[href="#partie-4"]`)))
	if top := eval[float64](tb, `document.getElementById("partie-4").getBoundingClientRect().top`); top < -1 || top > 50 {
		t.Errorf("after the table of contents' link the programme is at %v px from the top", top)
	}
	tb.screenshot("reglement-programme-telephone-390x844")
	tb.run(printMedia(true))
	for _, sel := range []string{"header", ".toc", ".download"} {
		if shown := eval[bool](tb, `getComputedStyle(document.querySelector("`+sel+`")).display !== "none"`); shown {
			t.Errorf("printed, %s still shows", sel)
		}
	}
	if shown := eval[bool](tb, `getComputedStyle(document.querySelector(".rules")).display !== "none"`); !shown {
		t.Error("printed, the rules do not show")
	}
}

// itemCount is how many rules the rulebook holds, sub-items apart.
func itemCount(r rulebook.Rulebook) int {
	n := 0
	for _, s := range r.Sections {
		n += len(s.Items)
	}
	return n
}

// TestR34_RulesPDFServed: /reglement.pdf is the rulebook's PDF, the
// event's prices in its text; /reglement and the PDF answer anyone.
func TestR34_RulesPDFServed(t *testing.T) {
	t.Parallel()
	event := bytes.Replace(examples.MegaLoto, []byte("{cards: 6, cents: 2000}"), []byte("{cards: 6, cents: 1900}"), 1)
	f := setUpEvent(t, Config{}, true, event)
	w := f.do("GET", "/reglement.pdf", "")
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("GET /reglement.pdf: %d %s %q", w.Code, w.Header().Get("Content-Type"), w.Body.Bytes()[:min(20, w.Body.Len())])
	}
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is missing: CI must install poppler-utils")
		}
		t.Skip("pdftotext is missing")
	}
	path := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(path, w.Body.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	if !strings.Contains(text, "12 € la plaque de 3 – 19 € la plaque de 6") {
		t.Errorf("the served PDF does not say the event's prices:\n%s", text)
	}
	if page := f.do("GET", "/reglement", ""); page.Code != 200 || !strings.Contains(page.Body.String(), "19 € la plaque de 6") {
		t.Errorf("GET /reglement: %d, without the event's prices", page.Code)
	}
}

// TestBrowser_R11_BoardRulesBetweenGames: between games the board shows
// the rulebook's summary (the stamp, the call, the control) at projector
// sizes, and hides it while a game is played.
func TestBrowser_R11_BoardRulesBetweenGames(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	summary := rulebook.Of(l.day.Event()).Summary
	boards := []*tab{l.open("/tableau", 1920, 1080), l.open("/tableau", 1280, 720)}
	for _, b := range boards {
		b.waitText(".rules", "tampon du jour")
		got := eval[[]string](b, `[...document.querySelectorAll(".between .rules li")].map(li => li.textContent)`)
		if strings.Join(got, "\n") != strings.Join(summary, "\n") {
			t.Errorf("the board's rules:\n%q\nwant the rulebook's summary:\n%q", got, summary)
		}
		if !eval[bool](b, `document.querySelector(".between").checkVisibility()`) {
			t.Error("the rules are not visible between games")
		}
		// The whole summary fits the panel: the projector cannot scroll.
		if over := eval[bool](b, `(() => { const r = document.querySelector(".rules").getBoundingClientRect(); return r.bottom > innerHeight })()`); over {
			t.Error("the rules run below the bottom of the screen")
		}
		b.axe()
	}
	boards[0].screenshot("tableau-regles-entre-parties-1920x1080")
	boards[1].screenshot("tableau-regles-entre-parties-1280x720")
	l.startGame()
	for _, b := range boards {
		b.waitFor("#board", func(string) bool {
			return !eval[bool](b, `document.querySelector(".between").checkVisibility()`)
		}, "to hide the rules once the game starts")
		b.noErrors()
	}
}
