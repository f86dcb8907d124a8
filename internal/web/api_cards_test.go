package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/routers/legacy"

	"loto/examples"
	"loto/internal/loto"
)

// fromAddr sends a request from a client address.
func fromAddr(ip string) option { return func(r *http.Request) { r.RemoteAddr = ip + ":40000" } }

// forgedCheck changes the last check character of a serial.
func forgedCheck(serial string) string {
	const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	last := serial[len(serial)-1]
	i := strings.IndexByte(alphabet, last)
	return serial[:len(serial)-1] + string(alphabet[(i+1)%len(alphabet)])
}

// TestR10_CardLookupForPlayers: GET /api/v1/cards/{serial}, public, gives
// a sold card's grid, its state, the games it plays and the printed
// colours, in the documented shape; never the sale, the desk or the
// ticket. A wrong check code, a series not on sale and a malformed serial
// get a French refusal and no grid.
func TestR10_CardLookupForPlayers(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	router, err := legacy.NewRouter(servedDoc(t, f))
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{t: t, f: f, router: router}
	ctx := context.Background()
	cashier := f.bearerOf(loto.RoleCashier)
	v.do("POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 10000}`, cashier)
	sold := f.serial(5)
	if w := v.do("POST", "/api/v1/sales", `{"cards":["`+sold+`"],"payments":[{"method":"cash","cents":500}]}`, cashier, withHeader("Idempotency-Key", "k")); w.Code != http.StatusOK {
		t.Fatalf("sale: %d %s", w.Code, w.Body)
	}
	if _, err := f.day.CreateSeries(ctx, org, loto.SeriesSpec{Code: "B", Cards: 12}); err != nil {
		t.Fatal(err)
	}
	notOnSale, _, err := f.day.CardAt("B", 1)
	if err != nil {
		t.Fatal(err)
	}

	w := v.do("GET", "/api/v1/cards/"+strings.ToLower(strings.ReplaceAll(sold, "-", "")), "")
	if w.Code != http.StatusOK {
		t.Fatalf("lookup of a sold card: %d %s", w.Code, w.Body)
	}
	got := decode[cardAnswer](t, w)
	grid, _ := f.day.Card(mustSerial(t, sold))
	if got.Serial != sold || got.State != loto.PlayerStamped || got.Grid != grid || got.FromGame != 1 || got.Colors.Tint != "#fff6c7" {
		t.Fatalf("sold card %+v", got)
	}
	for _, secret := range []string{"caisse", `"sale"`, `"desk"`, `"ticket"`, "vente n°"} {
		if strings.Contains(w.Body.String(), secret) {
			t.Fatalf("a player's lookup tells %s: %s", secret, w.Body)
		}
	}
	if w := v.do("GET", "/api/v1/cards/"+f.serial(6), ""); w.Code != http.StatusOK || decode[cardAnswer](t, w).State != loto.PlayerUnsold {
		t.Fatalf("lookup of an unsold card: %d %s", w.Code, w.Body)
	}

	for _, c := range []struct {
		name, serial string
		status       int
		says         string
	}{
		{"wrong check code", forgedCheck(sold), http.StatusUnprocessableEntity, "code de contrôle faux"},
		{"series not on sale", notOnSale, http.StatusNotFound, "pas en vente aujourd'hui"},
		{"malformed", "bonjour", http.StatusUnprocessableEntity, "illisible"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := v.do("GET", "/api/v1/cards/"+c.serial, "", fromAddr("192.0.2.50"))
			if w.Code != c.status || !strings.Contains(errorOf(t, w).Message, c.says) || strings.Contains(w.Body.String(), "grid") {
				t.Fatalf("%s: %d %s, want %d saying %q", c.serial, w.Code, w.Body, c.status, c.says)
			}
		})
	}
}

// TestCardLookup_RateLimitedPerClient: a client gets 30 lookups a minute;
// a refused lookup costs 5, so a guesser of check codes is stopped after
// 6 for a minute and told in French when to come back (429, Retry-After),
// while another address and a found card are unaffected.
func TestCardLookup_RateLimitedPerClient(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	router, err := legacy.NewRouter(servedDoc(t, f))
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{t: t, f: f, router: router}
	guesser, other := fromAddr("192.0.2.7"), fromAddr("192.0.2.8")
	for i := range lookupLimit / lookupMissing {
		if w := v.do("GET", "/api/v1/cards/"+forgedCheck(f.serial(i+1)), "", guesser); w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("guess %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	w := v.do("GET", "/api/v1/cards/"+f.serial(1), "", guesser)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "60" {
		t.Fatalf("lookup after 6 wrong codes: %d %q %s, want 429 Retry-After 60", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	if msg := errorOf(t, w).Message; msg != "trop de cartes cherchées depuis cet appareil : réessayer dans 60 secondes" {
		t.Fatalf("refusal %q", msg)
	}
	if w := v.do("GET", "/api/v1/cards/"+f.serial(1), "", other); w.Code != http.StatusOK {
		t.Fatalf("another address: %d %s", w.Code, w.Body)
	}
	f.advance(lookupWindow)
	if w := v.do("GET", "/api/v1/cards/"+f.serial(1), "", guesser); w.Code != http.StatusOK {
		t.Fatalf("after %s: %d %s", lookupWindow, w.Code, w.Body)
	}
	// A phone's cards: its 30 found lookups pass, the 31st waits.
	phone := fromAddr("192.0.2.9")
	for i := range lookupLimit {
		if w := f.do("GET", "/api/v1/cards/"+f.serial(i+1), "", phone); w.Code != http.StatusOK {
			t.Fatalf("lookup %d of a phone: %d %s", i+1, w.Code, w.Body)
		}
	}
	if w := f.do("GET", fmt.Sprintf("/api/v1/cards/%s", f.serial(40)), "", phone); w.Code != http.StatusTooManyRequests {
		t.Fatalf("lookup %d of a phone: %d, want 429", lookupLimit+1, w.Code)
	}
	f.advance(time.Minute)
	if w := f.do("GET", "/api/v1/cards/"+f.serial(40), "", phone); w.Code != http.StatusOK {
		t.Fatalf("a minute later: %d %s", w.Code, w.Body)
	}
}

// TestBoard_QRCodeToThePlayersPage: the board carries, in its footer, the
// QR code and the address of /joueur at the host the board reached.
func TestBoard_QRCodeToThePlayersPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	w := f.do("GET", "/tableau", "", withHost("192.168.1.10:8080"))
	body := w.Body.String()
	if w.Code != http.StatusOK || !strings.Contains(body, "<code>http://192.168.1.10:8080/joueur</code>") ||
		!strings.Contains(body, `aria-label="Code QR de la page des joueurs : http://192.168.1.10:8080/joueur"`) ||
		!strings.Contains(body, `<path fill="#000" d="M`) {
		t.Fatalf("board %d without the players' QR code", w.Code)
	}
}

// TestBoard_QRCodeToThePublicAddress: with the day's public address, the
// board's QR code leads there, even to a board that reached the server as
// localhost, which no phone reaches.
func TestBoard_QRCodeToThePublicAddress(t *testing.T) {
	t.Parallel()
	spec := parseEvent(t, examples.MegaLoto)
	spec.PublicURL = "https://loto.example.org"
	f := setUpSpec(t, Config{}, true, spec)
	w := f.do("GET", "/tableau", "", withHost("localhost:8080"))
	body := w.Body.String()
	if w.Code != http.StatusOK || !strings.Contains(body, "<code>https://loto.example.org/joueur</code>") ||
		!strings.Contains(body, `aria-label="Code QR de la page des joueurs : https://loto.example.org/joueur"`) || strings.Contains(body, "localhost") {
		t.Fatalf("board %d without the public address's QR code", w.Code)
	}
}

// withHost sends a request to a host, as the board's browser names the server.
func withHost(h string) option { return func(r *http.Request) { r.Host = h } }

// TestR10_CardLookupBeforeTheEvent: before the event no card is on sale,
// and a player's look-up says so whatever the serial, readable or not.
func TestR10_CardLookupBeforeTheEvent(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	for _, serial := range []string{"A-000001-22", "bonjour"} {
		w := f.do("GET", "/api/v1/cards/"+serial, "")
		if w.Code != http.StatusNotFound || !strings.Contains(errorOf(t, w).Message, "l'événement du jour n'est pas créé") {
			t.Fatalf("look-up of %s before the event: %d %s", serial, w.Code, w.Body)
		}
	}
}
