package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/loto"
)

// eventDay is the name, date, place and schedule of the tests' small
// days; their series, prices and games follow.
const eventDay = `name: Petit loto
date: 2025-03-16
venue: Salle des fêtes
schedule:
  doors: "08:00"
  start: "11:00"
  breaks: [{label: pause repas, at: "12:30", minutes: 75}]
`

// saleEvent is a small day with the rulebook's prices (R7, R30).
const saleEvent = eventDay + `series:
  - {code: A, kind: regular, cards: 60, color: jaune}
  - {code: V, kind: special, cards: 12, color: rose}
prices:
  regular: [{cards: 1, cents: 500}, {cards: 3, cents: 1200}, {cards: 6, cents: 2000}]
  special: [{cards: 1, cents: 600}]
desks: [{name: caisse-1}, {name: pmr, pmr: true}, {name: voiture, special: true}]
programme:
  - {title: Partie, kinds: [regular, special], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}]}
`

// saleDB records that day in a new SQLite file.
func saleDB(t *testing.T) string {
	t.Helper()
	return saleDBOf(t, saleEvent)
}

// saleDBOf is saleDB of the event file eventYAML.
func saleDBOf(t *testing.T, eventYAML string) string {
	t.Helper()
	db := newDB(t)
	file := filepath.Join(t.TempDir(), "event.yaml")
	if err := os.WriteFile(file, []byte(eventYAML), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "event", "create", "--db", db, "--from", file)
	return db
}

// serialsOf returns the serials of cards 1..n of a series.
func serialsOf(t *testing.T, db, series string, n int) []string {
	t.Helper()
	var out []string
	for _, c := range exportCards(t, db, "--series", series, "--to", itoa(n)) {
		out = append(out, c["serial"].(string))
	}
	return out
}

// deskDay is a saleDB day with caisse-1 open on a float of 100 €, and
// the serials of the first n cards of series A.
func deskDay(t *testing.T, n int) (db string, a []string) {
	t.Helper()
	db = saleDB(t)
	a = serialsOf(t, db, "A", n)
	mustRun(t, "desk", "open", "caisse-1", "--float", "100", "--db", db)
	return db, a
}

// fails runs a command that must exit 1 with say in its message and write nothing.
func fails(t *testing.T, db, say string, args ...string) {
	t.Helper()
	refused(t, db, 1, say, args...)
}

// refused runs a command that must exit with the status want, say in its
// message, and write nothing; it returns what the command printed.
func refused(t *testing.T, db string, want int, say string, args ...string) (stdout, stderr string) {
	t.Helper()
	before := head(t, db)
	code, out, errs := run(t, args...)
	if code != want || !strings.Contains(errs, say) {
		t.Fatalf("loto %s: exit %d, stderr %q; want %d saying %q", strings.Join(args, " "), code, errs, want, say)
	}
	if h := head(t, db); h != before {
		t.Fatalf("loto %s was refused but wrote %d events", strings.Join(args, " "), h-before)
	}
	return out, errs
}

// saleJSON is what `loto sell` prints.
type saleJSON struct {
	Sale    int      `json:"sale"`
	Total   int64    `json:"total_cents"`
	Change  int64    `json:"change_cents"`
	Serials []string `json:"cards"`
	Key     string   `json:"key"`
}

func sellJSON(t *testing.T, args ...string) saleJSON {
	t.Helper()
	return mustJSON[saleJSON](t, append([]string{"sell"}, args...)...)
}

func TestCLI_SellAtAnOpenDesk(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	a := serialsOf(t, db, "A", 12)
	v := serialsOf(t, db, "V", 1)
	fails(t, db, "fermée", "sell", "--db", db, "--desk", "caisse-1", "--pay", "cash:5", a[0])
	out := mustRun(t, "desk", "open", "caisse-1", "--float", "150.00", "--db", db)
	if !strings.Contains(out, "session 1") || !strings.Contains(out, "150,00 €") {
		t.Fatalf("desk open: %q", out)
	}
	mustRun(t, "desk", "open", "voiture", "--float", "0", "--db", db)
	s := sellJSON(t, "--db", db, "--desk", "caisse-1", "--key", "k1", "--pay", "cash:50", a[0], a[1], a[2], a[3], a[4], a[5], a[6])
	afterFirst := head(t, db)
	if s.Sale != 1 || s.Total != 2500 || s.Change != 2500 || len(s.Serials) != 7 || s.Key != "k1" {
		t.Fatalf("sale %+v: 7 cards are 20 + 5 € (R7)", s)
	}
	again := sellJSON(t, "--db", db, "--desk", "caisse-1", "--key", "k1", "--pay", "cash:50", a[0], a[1], a[2], a[3], a[4], a[5], a[6])
	if again.Sale != 1 || head(t, db) != afterFirst {
		t.Fatalf("a retried sale gave sale %d", again.Sale)
	}
	split := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:5,card:8", a[7], a[8])
	if split.Total != 1000 || split.Change != 300 || split.Key == "" {
		t.Fatalf("split payment %+v", split)
	}
	chq := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cheque:5", "--id", "CNI 123456", "--cheque", "0012345", a[9])
	if chq.Total != 500 {
		t.Fatalf("cheque sale %+v", chq)
	}
	// A plate code of a plate partly sold is refused (R7): cards 11 and 12 of plate 2 sell one by one.
	plate, err := replayDay(t, db).PlateCode("A", 2)
	if err != nil {
		t.Fatal(err)
	}
	fails(t, db, "scanner une à une", "sell", "--db", db, "--desk", "caisse-1", "--pay", "cash:20", plate)
	if p := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:10", a[10], a[11]); len(p.Serials) != 2 || p.Total != 1000 {
		t.Fatalf("sale of the rest of the plate %+v", p)
	}
	sp := sellJSON(t, "--db", db, "--desk", "voiture", "--pay", "card:6", v[0])
	if sp.Total != 600 {
		t.Fatalf("special sale %+v", sp)
	}
	for _, tc := range []struct {
		name string
		say  string
		args []string
	}{
		{"already sold", "déjà vendue (vente n° 1, caisse « caisse-1 »", []string{"--desk", "caisse-1", "--pay", "cash:5", a[0]}},
		{"unknown card", "série Q est inconnue", []string{"--desk", "caisse-1", "--pay", "cash:5", "Q-000001-22"}},
		{"special card at a regular desk (R30)", "R30", []string{"--desk", "caisse-1", "--pay", "cash:6", serialsOf(t, db, "V", 2)[1]}},
		{"cheque without identity (R8)", "R8", []string{"--desk", "caisse-1", "--pay", "cheque:5", "--cheque", "1", serialsOf(t, db, "A", 20)[19]}},
		{"cash below the total", "inférieures au total", []string{"--desk", "caisse-1", "--pay", "cash:4.99", serialsOf(t, db, "A", 20)[19]}},
		{"negative amount", "positif", []string{"--desk", "caisse-1", "--pay", "cash:-5", serialsOf(t, db, "A", 20)[19]}},
		{"absurd amount", "erreur de frappe", []string{"--desk", "caisse-1", "--pay", "cash:99999", serialsOf(t, db, "A", 20)[19]}},
		{"unknown method", "moyen de paiement", []string{"--desk", "caisse-1", "--pay", "bitcoin:5", serialsOf(t, db, "A", 20)[19]}},
		{"closed desk", "fermée", []string{"--desk", "pmr", "--pay", "cash:5", serialsOf(t, db, "A", 20)[19]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fails(t, db, tc.say, append([]string{"sell", "--db", db}, tc.args...)...)
		})
	}
	// The Z report: 150 float + 50 + 5 + 10 tendered - 25 - 3 change = 187 € expected; 180 € counted.
	out = mustRun(t, "desk", "close", "caisse-1", "--count", "50x3,20x1,10x1", "--card", "8", "--db", db)
	wantSays(t, "Z report", out, "4 ventes", "espèces", "187,00 €", "180,00 €", "-7,00 €", "carte bancaire")
	fails(t, db, "déjà fermée", "desk", "close", "caisse-1", "--count", "0", "--db", db)
	fails(t, db, "coupure", "desk", "close", "voiture", "--count", "3x1", "--db", db)
	misused(t, db, "--float est requis", "desk", "open", "pmr", "--db", db)
	var z loto.SessionReport
	if err := json.Unmarshal([]byte(mustRun(t, "desk", "close", "voiture", "--count", "0", "--json", "--db", db)), &z); err != nil || z.Sales != 1 || !z.Closed() {
		t.Fatalf("Z report as JSON: %+v %v", z, err)
	}
}

// twoGameSaleDB is saleDB with a second game, for the cards sold or given
// once the first has started.
func twoGameSaleDB(t *testing.T) string {
	t.Helper()
	game := "  - {title: Partie, kinds: [regular, special], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}]}\n"
	if !strings.Contains(saleEvent, game) {
		t.Fatal("the sale day's game is not as the test knows it")
	}
	return saleDBOf(t, strings.Replace(saleEvent, game, game+game, 1))
}

func TestCLI_R14_SaleAfterTheStartWarnsOnStderr(t *testing.T) {
	t.Parallel()
	db := twoGameSaleDB(t)
	a := serialsOf(t, db, "A", 2)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	mustRun(t, "game", "start", "--db", db) // no number out yet
	code, out, errs := run(t, "sell", "--db", db, "--desk", "caisse-1", "--pay", "cash:5", a[0])
	if code != 0 || !strings.Contains(out, `"total_cents": 500`) {
		t.Fatalf("sell after the start: exit %d %q %q", code, out, errs)
	}
	if !strings.Contains(errs, "la partie n° 1 a commencé : ces cartes jouent à partir de la partie suivante (R14)") {
		t.Fatalf("no warning on stderr: %q", errs)
	}
	// The last game started: a card sold now would play nothing.
	one := saleDB(t)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", one)
	mustRun(t, "game", "start", "--db", one)
	fails(t, one, "plus aucune partie ne reste pour les cartes ordinaires", "sell", "--db", one, "--desk", "caisse-1", "--pay", "cash:5", serialsOf(t, one, "A", 1)[0])
}

func TestCLI_SellKeyReusedForOtherCardsFails(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	a := serialsOf(t, db, "A", 3)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	sellJSON(t, "--db", db, "--desk", "caisse-1", "--key", "k1", "--pay", "cash:10", a[0], a[1])
	if again := sellJSON(t, "--db", db, "--desk", "caisse-1", "--key", "k1", "--pay", "cash:10", a[1], a[0]); again.Sale != 1 {
		t.Fatalf("the same sale retried in another order gave %+v", again)
	}
	fails(t, db, "« k1 » a déjà servi à la vente n° 1", "sell", "--db", db, "--desk", "caisse-1", "--key", "k1", "--pay", "cash:10", a[0], a[2])
}

// TestCLI_P1_SaleReceiptHoldsNoPayerIdentity: the receipt `loto sell`
// prints for a cheque sale is the one the desk's page is answered, without
// the payer's identity nor the cheque's number, which the journal keeps
// apart (R8, P1).
func TestCLI_P1_SaleReceiptHoldsNoPayerIdentity(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	a := serialsOf(t, db, "A", 1)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	out := mustRun(t, "sell", "--db", db, "--desk", "caisse-1", "--pay", "cheque:5", "--id", "CNI 880692310285", "--cheque", "7654321", a[0])
	if !strings.Contains(out, `"total_cents": 500`) {
		t.Fatalf("no receipt: %q", out)
	}
	for _, secret := range []string{"880692310285", "7654321", `"identity"`, `"cheque":`} {
		if strings.Contains(out, secret) {
			t.Fatalf("the receipt repeats %q: %s", secret, out)
		}
	}
}
