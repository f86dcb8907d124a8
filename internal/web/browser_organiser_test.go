package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
	"loto/internal/report"
)

// openOrganiser opens path in a tab of its own browser context after the
// organiser's login on /connexion, as the organiser does on the laptop.
func (l *live) openOrganiser(path string, width, height int64) *tab {
	l.t.Helper()
	tb := l.newTab(path, chromedp.WithNewBrowserContext())
	tb.run(chromedp.EmulateViewport(width, height),
		chromedp.Navigate(l.url+"/connexion"),
		chromedp.SendKeys("#password", testPassword),
		chromedp.Submit("#password"),
		chromedp.WaitVisible("nav.orgnav"), // the login lands on the organiser's desk
		chromedp.Navigate(tb.url),
	)
	return tb
}

// api calls the live server over HTTP as the fixture's device of role,
// with an Idempotency-Key on a write; it returns the status and the body.
func (l *live) api(role loto.Role, method, path, body string) (int, []byte) {
	l.t.Helper()
	r, err := http.NewRequest(method, l.url+path, strings.NewReader(body))
	if err != nil {
		l.t.Fatal(err)
	}
	r.Header.Set("Authorization", "Bearer "+l.tokens[role])
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	if method == "POST" {
		r.Header.Set("Idempotency-Key", fmt.Sprintf("test-%d", apiKeys.Add(1)))
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		l.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// apiKeys numbers the Idempotency-Keys of api's writes.
var apiKeys atomic.Int64

// must calls api and fails the test unless the answer is a 2xx.
func (l *live) must(role loto.Role, method, path, body string) []byte {
	l.t.Helper()
	code, b := l.api(role, method, path, body)
	if code/100 != 2 {
		l.t.Fatalf("%s %s %s as %s: %d %s", method, path, body, role, code, b)
	}
	return b
}

// cardsJSON is the serials of series A numbered from..to as a JSON list.
func (l *live) cardsJSON(from, to int) string {
	var s []string
	for n := from; n <= to; n++ {
		s = append(s, strconv.Quote(l.serial(n)))
	}
	return "[" + strings.Join(s, ",") + "]"
}

// TestBrowser_OrganiserDashboardMatchesADayPlayedThroughTheAPI: a day
// played through the API (a desk opened, a cash sale with change and a
// card sale, a ticket crossed out at the door with its free card, the
// first game's quine won and awarded) shows on the organiser's dashboard
// with its figures: takings per desk and method, cards per series, free
// cards, attendance, prizes awarded and to play; a sale made afterwards
// shows without a reload. Laptop and tablet screenshots; axe-clean.
func TestBrowser_OrganiserDashboardMatchesADayPlayedThroughTheAPI(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	l.must(loto.RoleCashier, "POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 5000}`)
	// 3 cards for 12 € paid with 20 €: 8 € of change; 1 card by bank card, 5 €.
	l.must(loto.RoleCashier, "POST", "/api/v1/sales", `{"cards":`+l.cardsJSON(1, 3)+`,"payments":[{"method":"cash","cents":2000}]}`)
	l.must(loto.RoleCashier, "POST", "/api/v1/sales", `{"cards":`+l.cardsJSON(4, 4)+`,"payments":[{"method":"card","cents":500}]}`)
	res, err := l.day.AddReservation(t.Context(), org, loto.ReservationSpec{Name: "Jeanne Martin", Tickets: 2})
	if err != nil {
		t.Fatal(err)
	}
	l.must(loto.RoleDoor, "POST", "/api/v1/door", `{"ticket":"`+res.Tickets[0].Code+`","card":"`+l.serial(10)+`"}`)
	l.must(loto.RoleHost, "POST", "/api/v1/game/start", "")
	var winners []string
	for i := 0; i < 90 && len(winners) == 0; i++ {
		l.must(loto.RoleHost, "POST", "/api/v1/game/draws", "{}")
		l.day.View(func(st *loto.State) { winners, _ = st.CallableCards() })
	}
	l.must(loto.RoleHost, "POST", "/api/v1/game/call", "")
	for _, w := range winners {
		l.must(loto.RoleController, "POST", "/api/v1/claims", `{"serial":"`+w+`"}`)
	}
	l.must(loto.RoleHost, "POST", "/api/v1/game/control", "")
	if len(winners) > 1 {
		l.must(loto.RoleHost, "POST", "/api/v1/game/tokens", "{}")
	}
	l.must(loto.RoleHost, "POST", "/api/v1/game/award", "")

	// The figures through the API first: the dashboard route says the same.
	var d report.Dashboard
	code, b := l.api(loto.RoleCashier, "GET", "/api/v1/dashboard", "")
	if code != http.StatusForbidden {
		t.Fatalf("a cashier reads the dashboard: %d %s", code, b)
	}

	tb := l.openOrganiser("/organisateur", 1366, 768)
	tb.waitText("#live", "En direct")
	games := fmt.Sprintf("0 / %d", len(l.day.Event().Programme))
	for sel, want := range map[string]string{
		"#net": "17,00 €", "#cards": "4", "#free": "1", "#crossed": "1 / 2", "#walkin": "2", "#games": games,
	} {
		if got := strings.TrimSpace(tb.text(sel)); got != want {
			t.Errorf("%s shows %q, want %q", sel, got, want)
		}
	}
	// Per desk: caisse-1 open with its 2 sales and 4 cards, 17 €.
	tb.waitText("#desks tbody tr:nth-child(1)", "caisse-1● ouverte24")
	if got := tb.text("#desks tbody tr:nth-child(1)"); !strings.Contains(got, "17,00 €") {
		t.Errorf("caisse-1's row %q", got)
	}
	// Per method: cash received 20 €, 8 € back, net 12 €; card 5 €.
	if got := tb.text("#methods tbody tr:nth-child(1)"); !strings.Contains(got, "20,00 €8,00 €12,00 €") {
		t.Errorf("cash row %q", got)
	}
	if got := tb.text("#methods tbody tr:nth-child(2)"); !strings.Contains(got, "15,00 €") {
		t.Errorf("card row %q", got)
	}
	// Per series: A sold 4, 1 free.
	if got := tb.text("#series tbody tr:nth-child(1)"); !strings.Contains(got, "A (") || !strings.Contains(got, "41017,00 €") {
		t.Errorf("series A row %q", got)
	}
	// The quine of game 1 awarded to its winners; the other stages to play.
	for _, w := range winners {
		tb.waitText("#awarded", w)
	}
	ev := l.day.Event()
	stages := 0
	for _, g := range ev.Programme {
		stages += len(g.Stages)
	}
	tb.waitText("#toplay-title", fmt.Sprintf("Lots à jouer (%d)", stages-1))
	if n := tb.count("#toplay tbody tr"); n != stages-1 {
		t.Errorf("%d stages to play listed, want %d", n, stages-1)
	}
	// Both charts drawn, with their text alternatives.
	if n := tb.count("figure.chart svg rect.bar"); n < 2 {
		t.Errorf("%d bars drawn", n)
	}
	tb.waitText("#ventes-title", "4 cartes en tout")
	tb.waitText("#entrees-title", "1 billet en tout")
	tb.screenshot("organisateur-portable")
	tb.axe()

	// A sale now, and the page shows it without a reload.
	l.must(loto.RoleCashier, "POST", "/api/v1/sales", `{"cards":`+l.cardsJSON(20, 25)+`,"payments":[{"method":"cash","cents":2000}]}`)
	tb.waitText("#cards", "10")
	tb.waitText("#net", "37,00 €")
	tb.noErrors()

	tab := l.openOrganiser("/organisateur", 820, 1180)
	tab.waitText("#cards", "10")
	tab.screenshot("organisateur-tablette")
	tab.axe()
	tab.noErrors()

	// The JSON says the same as the page.
	if err := json.Unmarshal(l.orgGet(tab, "/api/v1/dashboard"), &d); err != nil {
		t.Fatal(err)
	}
	if d.Totals.Cards != 10 || d.Totals.NetCents != 3700 || d.Attendance.Crossed != 1 || len(d.Awarded) != len(winners) {
		t.Errorf("dashboard JSON %+v", d.Totals)
	}
}

// orgGet reads path with the organiser's session of tab, in its page.
func (l *live) orgGet(tb *tab, path string) []byte {
	l.t.Helper()
	s := eval[string](tb, fmt.Sprintf(`fetch(%q, {credentials: "same-origin"}).then(r => r.text())`, path))
	return bytes.TrimSpace([]byte(s))
}
