package web

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/loto"
)

// The pages that follow a live stream, each behind a relay whose stream
// connections die silently (stallProxy), as the hall's Wi-Fi drops a
// flow without a word: each page notices the missing heartbeats (every
// stallBeat here), says in words and with a symbol that its connection
// is lost, keeps trying, and once connections pass again says it is
// back and shows the change made meanwhile. The players' page has its
// own test (browser_player_stall_test.go).

// stallBeat is the heartbeat of the streams in these tests: a page takes
// a stream silent for 2.5 of them for dead (static/sse.js).
const stallBeat = 300 * time.Millisecond

// stallCase is what a page shows of its connection and of a change.
type stallCase struct {
	name   string     // the screenshots' prefix
	status string     // the selector of the connection's words
	lost   string     // its words once the stream is lost
	back   string     // its words once the stream is back
	sizes  [][2]int64 // the screenshots' viewports while lost, the first the page's
	// change makes a change while every stream is dead; the page shows
	// it as want in the element of the selector where.
	change func() (where, want string)
}

// serveStalled serves the day of eventYAML with streams beating every
// stallBeat, and a relay in front of it.
func serveStalled(t *testing.T, eventYAML []byte) (*live, *stallProxy) {
	t.Helper()
	cfg := Config{Heartbeat: stallBeat}
	l := serveLiveStream(t, cfg, setUpEvent(t, cfg, true, eventYAML), BrokerOptions{Heartbeat: stallBeat})
	return l, startStallProxy(t, strings.TrimPrefix(l.url, "http://"))
}

// moveTo opens path of the relay in the tab: its cookies are the
// server's, the relay being on the same host.
func (tb *tab) moveTo(relay *stallProxy, path string) {
	tb.t.Helper()
	tb.url = relay.url() + path
	tb.run(chromedp.Navigate(tb.url))
}

// openAsThrough opens path through relay in a tab paired as a device of
// role, as openAs does.
func (l *live) openAsThrough(relay *stallProxy, role loto.Role, path string, width, height int64) *tab {
	l.t.Helper()
	tb := l.openAs(role, path, width, height)
	tb.moveTo(relay, path)
	return tb
}

// stallAndHeal runs the case on tb, a page open through relay and live.
func stallAndHeal(t *testing.T, relay *stallProxy, tb *tab, c stallCase) {
	t.Helper()
	// A live stream is never taken for dead: its heartbeats alone keep it.
	eval[chromedp.Void](tb, `(() => {
		window.lost = 0;
		const el = document.querySelector(`+strconv.Quote(c.status)+`);
		new MutationObserver(() => { if (el.dataset.state === "off") window.lost++; })
			.observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
	})()`)
	time.Sleep(6 * stallBeat)
	if lost := eval[int](tb, `window.lost`); lost != 0 {
		t.Fatalf("%s: a live stream was taken %d times for lost", c.name, lost)
	}

	relay.stall()
	where, want := c.change()
	tb.waitText(c.status, c.lost)
	// The symbol goes with the colour, for who does not see it.
	symbol := eval[string](tb, `getComputedStyle(document.querySelector(`+strconv.Quote(c.status)+`), "::before").content`)
	if state := tb.attr(c.status, "data-state"); state != "off" || symbol != `"⚠ "` {
		t.Errorf("%s: the lost stream shows the state %q and the symbol %s", c.name, state, symbol)
	}
	time.Sleep(time.Second)
	if got := strings.TrimSpace(tb.text(where)); got == want {
		t.Fatalf("%s: the page got %s %q through a dead stream", c.name, where, got)
	}
	if got := tb.text(c.status); !strings.Contains(got, c.lost) {
		t.Fatalf("%s: while every stream is dead the page says %q", c.name, got)
	}
	tb.axe()
	for _, s := range c.sizes {
		tb.run(chromedp.EmulateViewport(s[0], s[1]))
		tb.screenshot(c.name + "-connexion-perdue-" + strconv.FormatInt(s[0], 10) + "x" + strconv.FormatInt(s[1], 10))
	}
	first := c.sizes[0]
	tb.run(chromedp.EmulateViewport(first[0], first[1]))

	tries := relay.streams.Load()
	relay.heal()
	tb.waitText(c.status, c.back)
	tb.waitFor(where, func(got string) bool { return strings.TrimSpace(got) == want }, strconv.Quote(want))
	if tries < 3 {
		t.Errorf("%s: %d streams opened, want the first and the tries while it was dead", c.name, tries)
	}
	if relay.resumed.Load() == 0 {
		t.Errorf("%s: no stream was resumed with Last-Event-ID", c.name)
	}
	tb.screenshot(c.name + "-reconnecte-" + strconv.FormatInt(first[0], 10) + "x" + strconv.FormatInt(first[1], 10))
	tb.noErrors()
}

// drawer returns a change that draws a number, shown as the count of
// numbers drawn (count) or as the last number.
func drawer(t *testing.T, l *live, count bool, selector string, format func(int) string) func() (string, string) {
	return func() (string, string) {
		d, err := l.day.Draw(context.Background(), l.devices[loto.RoleHost], 0)
		if err != nil {
			t.Fatal(err)
		}
		if count {
			return selector, format(l.day.Public().Count)
		}
		return selector, strconv.Itoa(int(d.Number))
	}
}

// TestBrowser_BoardNoticesADeadStreamAndRecovers: the board (/tableau) on
// the projector says "connexion perdue" when its stream dies silently,
// then "connexion rétablie", and shows the number drawn meanwhile.
func TestBrowser_BoardNoticesADeadStreamAndRecovers(t *testing.T) {
	t.Parallel()
	l, relay := serveStalled(t, examples.MegaLoto)
	l.sellStartAndDraw()
	board := l.newTab("/tableau")
	board.run(chromedp.EmulateViewport(1920, 1080))
	board.moveTo(relay, "/tableau")
	// The board shows nothing of its connection while all is well.
	if got := board.text("#conn"); got != "" {
		t.Fatalf("the live board says %q of its connection", got)
	}
	stallAndHeal(t, relay, board, stallCase{
		name: "tableau", status: "#conn",
		lost: "Connexion perdue : reconnexion en cours…", back: "Connexion rétablie",
		sizes:  [][2]int64{{1920, 1080}, {1280, 720}},
		change: drawer(t, l, false, "#last", nil),
	})
}

// TestBrowser_HostNoticesADeadStreamAndRecovers: the host's page
// (/meneur) says "connexion perdue" when its stream dies silently, then
// "en direct", and counts the number drawn meanwhile.
func TestBrowser_HostNoticesADeadStreamAndRecovers(t *testing.T) {
	t.Parallel()
	l, relay := serveStalled(t, examples.MegaLoto)
	l.sellStartAndDraw()
	host := l.openAsThrough(relay, loto.RoleHost, "/meneur", 1366, 768)
	host.waitText("#live", "En direct")
	host.waitText("#count", "1 / 90")
	stallAndHeal(t, relay, host, stallCase{
		name: "meneur", status: "#live", lost: "Connexion perdue : reconnexion…", back: "En direct",
		sizes:  [][2]int64{{1366, 768}, {820, 1180}},
		change: drawer(t, l, true, "#count", func(n int) string { return strconv.Itoa(n) + " / 90" }),
	})
}

// TestBrowser_ControllerNoticesADeadStreamAndRecovers: a controller's
// phone (/controle) says "connexion perdue" when its stream dies
// silently, then "en direct", and shows the number drawn meanwhile.
func TestBrowser_ControllerNoticesADeadStreamAndRecovers(t *testing.T) {
	t.Parallel()
	l, relay := serveStalled(t, examples.MegaLoto)
	l.sellStartAndDraw()
	ctl := l.openAsThrough(relay, loto.RoleController, "/controle", 390, 844)
	ctl.waitText("#live", "En direct")
	ctl.waitText("#last", strconv.Itoa(int(l.day.Public().Last)))
	stallAndHeal(t, relay, ctl, stallCase{
		name: "controle", status: "#live", lost: "Connexion perdue : reconnexion…", back: "En direct",
		sizes:  [][2]int64{{390, 844}, {820, 1180}},
		change: drawer(t, l, false, "#last", nil),
	})
}

// TestBrowser_DoorNoticesADeadStreamAndRecovers: the door's phone
// (/entree) says "connexion perdue" when its stream dies silently, then
// "en ligne", and counts the ticket another door crossed out meanwhile.
func TestBrowser_DoorNoticesADeadStreamAndRecovers(t *testing.T) {
	t.Parallel()
	l, relay := serveStalled(t, todayLoto(t))
	rs, err := l.day.ImportReservations(context.Background(), org, []loto.ReservationSpec{{Name: "Paul Martin", Tickets: 2}})
	if err != nil {
		t.Fatal(err)
	}
	door := l.openAsThrough(relay, loto.RoleDoor, "/entree", 390, 844)
	door.waitText("#live", "En ligne")
	door.waitText("#crossed", "0")
	stallAndHeal(t, relay, door, stallCase{
		name: "entree", status: "#live", lost: "Connexion perdue : reconnexion…", back: "En ligne",
		sizes: [][2]int64{{390, 844}, {820, 1180}},
		change: func() (string, string) {
			ctx := loto.WithKey(context.Background(), "porte-sud-1")
			if _, err := l.day.Admit(ctx, l.devices[loto.RoleDoor], "porte-sud", mustTicket(t, rs[0].Tickets[0].Code), mustSerial(t, l.serial(202))); err != nil {
				t.Fatal(err)
			}
			return "#crossed", "1"
		},
	})
}

// TestBrowser_DashboardNoticesADeadStreamAndRecovers: the organiser's
// dashboard (/organisateur) says "connexion perdue" when its stream dies
// silently, then "en direct", and counts the cards sold meanwhile.
func TestBrowser_DashboardNoticesADeadStreamAndRecovers(t *testing.T) {
	t.Parallel()
	l, relay := serveStalled(t, examples.MegaLoto)
	l.sell(1, 2)
	tb := l.openOrganiser("/organisateur", 1366, 768)
	tb.moveTo(relay, "/organisateur")
	tb.waitText("#live", "En direct")
	tb.waitText("#cards", "2")
	stallAndHeal(t, relay, tb, stallCase{
		name: "organisateur", status: "#live", lost: "Connexion perdue : reconnexion…", back: "En direct",
		sizes: [][2]int64{{1366, 768}, {820, 1180}},
		change: func() (string, string) {
			l.sell(3, 6)
			return "#cards", "6"
		},
	})
}
