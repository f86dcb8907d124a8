package web

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/card"
	"loto/internal/loto"
)

// TestBrowser_DoorCameraReadsAQueue: the door opens the camera once and
// films a queue, as a volunteer shows the codes one after the other: a
// ticket, its free card, the next holder's ticket, its free card, each
// held in view for seconds. The camera stays open; each code gets its
// answer (the holder asked for the card, then the admission); a code held
// in view is checked once (two tickets checked, two admissions, no
// search); both tickets are crossed out in the journal.
func TestBrowser_DoorCameraReadsAQueue(t *testing.T) {
	t.Parallel()
	l, rs := doorDay(t)
	qr := func(n int) string {
		s, err := card.ParseSerial(l.serial(n))
		if err != nil {
			t.Fatal(err)
		}
		return card.QRText(s)
	}
	// Three frames a second: each code in view for 4 s, 1.5 s between,
	// and a long blank once the queue is done, before the film loops.
	const fps = 3
	film := filepath.Join(t.TempDir(), "file.y4m")
	writeQRFilm(t, film, 320, 240, fps, []shot{
		{rs[0].Tickets[0].QR, 4 * fps}, {"", 5},
		{qr(7), 4 * fps}, {"", 5},
		{rs[1].Tickets[0].QR, 4 * fps}, {"", 5},
		{qr(8), 4 * fps}, {"", 12 * fps},
	})
	door := l.openAsIn(cameraBrowser(t, film), loto.RoleDoor, "/entree", 390, 844)
	door.waitText("#live", "En ligne")
	// The page's calls to the server, to count the checks.
	door.run(chromedp.Evaluate[chromedp.Void](`(() => {
		window.calls = [];
		const fetch0 = window.fetch;
		window.fetch = (url, opts) => {
			window.calls.push(((opts && opts.method) || "GET") + " " + String(url));
			return fetch0(url, opts);
		};
	})()`))
	door.run(chromedp.Click("#camera"))
	door.waitText("#holder", "Billet n° 1 de Hélène Lefèvre")
	door.waitText("#atitle", "Bienvenue Hélène Lefèvre")
	door.waitText("#holder", fmt.Sprintf("Billet n° %d de Paul Martin", rs[1].Tickets[0].Number))
	door.waitText("#atitle", "Bienvenue Paul Martin")
	if kind := door.attr("#answer", "data-kind"); kind != "admitted" {
		t.Errorf("Paul's admission shows %q", kind)
	}
	if !eval[bool](door, `!document.getElementById("video").hidden && document.getElementById("preview").srcObject !== null`) {
		t.Error("the camera closed during the queue")
	}
	door.axe()
	door.screenshot("entree-camera-file-390x844")
	door.run(chromedp.EmulateViewport(820, 1180))
	door.screenshot("entree-camera-file-820x1180")
	door.run(chromedp.Click("#closecamera"))

	calls := eval[[]string](door, `window.calls`)
	count := func(prefix string) int {
		n := 0
		for _, c := range calls {
			if strings.HasPrefix(c, prefix) {
				n++
			}
		}
		return n
	}
	if count("GET /api/v1/door/ticket") != 2 || count("POST /api/v1/door") != 2 || count("GET /api/v1/door/reservations") != 0 {
		t.Errorf("the queue of four codes made the calls %q, want two ticket checks, two admissions and no search", calls)
	}
	for _, n := range []int{rs[0].Tickets[0].Number, rs[1].Tickets[0].Number} {
		if l.crossing(n) == nil {
			t.Errorf("ticket %d is not crossed out", n)
		}
	}
	door.noErrors()
}
