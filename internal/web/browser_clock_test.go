package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// TestBrowser_R1_HostShowsTheEventsZoneOnADeviceInUTC: every time a page
// writes is in the event's zone (R1, Europe/Paris here), whatever the
// device's: the host's tablet left on UTC reads the break's resume time
// as the board and the hall's clocks say it, not an hour earlier.
func TestBrowser_R1_HostShowsTheEventsZoneOnADeviceInUTC(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	b := hallBrowser(t, chromedp.Env("TZ=UTC"))
	host := l.openAsIn(b, loto.RoleHost, "/meneur", 1366, 768)
	if zone := eval[string](host, "Intl.DateTimeFormat().resolvedOptions().timeZone"); zone != "UTC" && zone != "Etc/UTC" {
		t.Fatalf("the browser's zone is %s, want UTC: the test proves nothing", zone)
	}
	br, err := l.day.StartBreak(context.Background(), l.devices[loto.RoleHost], "", 0)
	if err != nil {
		t.Fatal(err)
	}
	hall := br.Resumes.In(l.day.Event().Location()).Format("15:04")
	utc := br.Resumes.UTC().Format("15:04")
	if hall == utc {
		t.Fatalf("the event's zone %s is UTC's hour at %v: the test proves nothing", l.day.Event().Location(), br.Resumes)
	}
	host.waitFor("#breakline", func(s string) bool { return strings.HasSuffix(s, "reprise prévue à "+hall) }, "the resume time "+hall+" (not UTC's "+utc+")")
	host.waitFor("#boardline", func(s string) bool { return strings.Contains(s, "reprise à "+hall) }, "the board's mirror at "+hall)
	host.noErrors()
}
