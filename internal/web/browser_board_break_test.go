package web

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// syncClock sets the fixture's clock, the server's, to the journal's,
// which times the breaks: the board tells an overdue break by the server's.
func syncClock(l *live) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.now = time.Now()
}

// TestBrowser_BoardSaysAnOverdueBreakResumesShortly: a break whose resume
// time has passed does not show that time, past, as if it were to come:
// the board says play resumes in a moment, at its first paint (by the
// server's clock) and live (by its own, set from the server's at load).
// Before that time it shows the time.
func TestBrowser_BoardSaysAnOverdueBreakResumesShortly(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	syncClock(l)
	onTime := l.open("/tableau", 1280, 720)
	onTime.waitText("#next", "Partie 1")
	br, err := l.day.StartBreak(context.Background(), l.devices[loto.RoleHost], "", 0)
	if err != nil {
		t.Fatal(err)
	}
	at := br.Resumes.In(l.day.Event().Location()).Format("15:04")
	onTime.waitText(".pause", "Reprise du jeu à "+at)
	if onTime.count("#resume-soon:not([hidden])") != 0 {
		t.Fatal("a break on time says play resumes in a moment")
	}

	l.advance(time.Until(br.Resumes) + time.Minute)
	page, err := io.ReadAll(l.get("/tableau").Body)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `id="resume-soon">`) || !strings.Contains(string(page), `id="resume-at" hidden`) {
		t.Errorf("the board painted after the resume time does not say play resumes in a moment")
	}
	late := l.open("/tableau", 1024, 768)
	late.waitText("#resume-soon", "Reprise du jeu dans un instant")
	if late.count("#resume-at[hidden]") != 1 {
		t.Error("the past resume time still shows")
	}
	late.axe()
	late.screenshot("tableau-pause-depassee-premier-affichage-1024x768")

	// The board open since before the break sees the time pass on its clock.
	eval[bool](onTime, `((now) => { Date.now = () => now() + (`+fmt.Sprint(time.Until(br.Resumes).Milliseconds())+` + 60000); return true; })(Date.now.bind(Date))`)
	onTime.waitUntil("the overdue break", func() (bool, string) {
		return onTime.count("#resume-soon:not([hidden])") == 1 && onTime.count("#resume-at[hidden]") == 1, "the resume time still shows"
	})
	onTime.waitText("#resume-soon", "Reprise du jeu dans un instant")
	onTime.noErrors()
	late.noErrors()
}

// TestBrowser_HostIsRemindedOfAnOverdueBreak: once a break's resume time
// has passed, the board says play resumes in a moment and the host's page
// says plainly that the hall waits: at its first paint (by the server's
// clock) and live (by its own, set from the server's at load). Before that
// time it says nothing of the kind.
func TestBrowser_HostIsRemindedOfAnOverdueBreak(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	syncClock(l)
	host := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	host.waitText("#live", "En direct")
	br, err := l.day.StartBreak(context.Background(), l.devices[loto.RoleHost], "", 0)
	if err != nil {
		t.Fatal(err)
	}
	host.waitText("#breakline", "reprise prévue à")
	if host.count("#breakover:not([hidden])") != 0 {
		t.Fatal("a break on time reminds the host that it is over")
	}

	// The page open since before the break sees the time pass on its clock.
	eval[bool](host, `((now) => { Date.now = () => now() + (`+fmt.Sprint(time.Until(br.Resumes).Milliseconds())+` + 60000); return true; })(Date.now.bind(Date))`)
	host.waitText("#breakover:not([hidden])", "reprenez le jeu")

	// Painted again after the time, it says so at once, by the server's clock.
	l.advance(time.Until(br.Resumes) + time.Minute)
	host.run(chromedp.Navigate(host.url))
	host.waitText("#live", "En direct")
	host.waitText("#breakover:not([hidden])", "L'heure de reprise est passée")
	host.axe()
	host.screenshot("meneur-pause-depassee-1366x768")
	host.noErrors()
}
