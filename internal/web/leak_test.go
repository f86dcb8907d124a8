package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"loto/internal/journal"
	"loto/internal/loto"
)

// TestP1_NoSecretNorPersonalDataWhereItDoesNotBelong runs a short day
// through the API (the organiser's login, a reservation, a device paired,
// a sale by cheque with its identity document, a ticket at the door, a
// game drawn and a claim) with the server's log captured, then reads every
// page and every GET of the API as every role and anonymously, the public
// snapshot the stream sends after each act and every payload of the
// journal (what `loto journal export` writes), and the reports as CSV and
// as the day's PDF. It greps them all:
//   - the secrets (the series' seeds and check keys, the running game's
//     seed, the password's hash, the devices' code keys, in hex and
//     base64), the organiser's password and the devices' tokens appear
//     nowhere;
//   - the ticket's code, the holder's name and phone, the identity
//     document's number and the cheque's appear in no log, no payload, no
//     public snapshot and no answer of a role that does not need them: the
//     holder and the codes of her tickets only to the organiser and the
//     door, the identity document and the cheque only to the organiser,
//     and in no report, the organiser's included (they are exports).
func TestP1_NoSecretNorPersonalDataWhereItDoesNotBelong(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	f := newFixture(t, Config{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	ctx := context.Background()
	var public []string
	snapshot := func() {
		b, err := json.Marshal(f.day.Public())
		if err != nil {
			t.Fatal(err)
		}
		public = append(public, string(b))
	}
	// answers are the API's answers by the role they went to.
	answers := map[loto.Role][]string{}
	act := func(role loto.Role, method, path, body string, want int) *httptest.ResponseRecorder {
		t.Helper()
		var opts []option
		if role != "" {
			opts = append(opts, f.as(role))
		}
		w := f.do(method, path, body, append(opts, withHeader("Idempotency-Key", fmt.Sprintf("fuite-%d", len(public))))...)
		if w.Code != want {
			t.Fatalf("%s %s as %q: %d %s", method, path, role, w.Code, w.Body)
		}
		snapshot()
		return w
	}
	// say is act for a role whose answers are grepped with its reads.
	say := func(role loto.Role, method, path, body string, want int) {
		t.Helper()
		answers[role] = append(answers[role], act(role, method, path, body, want).Body.String())
	}
	const (
		holder   = "Hélène Lefèvre"
		phone    = "06 12 34 56 78"
		identity = "987654321"
		cheque   = "CHQ0042424"
	)
	// The organiser's acts: their answers may name the holder and her
	// tickets, and the new device's code and token, shown that once.
	res := decode[loto.Reservation](t, act(loto.RoleOrganiser, "POST", "/api/v1/reservations", `{"name":"`+holder+`","contact":"`+phone+`","tickets":2}`, http.StatusCreated))
	if len(res.Tickets) != 2 {
		t.Fatalf("reservation %+v", res)
	}
	ticket, doorTicket := res.Tickets[0].Code, res.Tickets[1].Code
	added := decode[pairingAnswer](t, act(loto.RoleOrganiser, "POST", "/api/v1/devices", `{"name":"tablette 2","role":"cashier","desk":"caisse-1"}`, http.StatusOK))
	paired := decode[pairAnswer](t, act("", "POST", "/appairer", `{"code":"`+added.Code+`"}`, http.StatusOK))
	act(loto.RoleOrganiser, "POST", "/api/v1/desks/caisse-1/open", `{"float_cents":10000}`, http.StatusOK)
	// The other roles' acts: their answers count with their reads.
	say(loto.RoleCashier, "POST", "/api/v1/sales",
		`{"cards":["`+f.serial(1)+`","`+f.serial(2)+`"],"payments":[{"method":"cheque","cents":1000}],"identity":"CNI `+identity+`","cheque":"`+cheque+`","ticket":"`+ticket+`"}`, http.StatusOK)
	say(loto.RoleDoor, "POST", "/api/v1/door", `{"ticket":"`+doorTicket+`","card":"`+f.serial(9)+`"}`, http.StatusOK)
	say(loto.RoleHost, "POST", "/api/v1/game/start", `{}`, http.StatusOK)
	for range 5 {
		say(loto.RoleHost, "POST", "/api/v1/game/draws", `{}`, http.StatusOK)
	}
	say(loto.RoleHost, "POST", "/api/v1/game/call", `{}`, http.StatusNoContent)
	say(loto.RoleController, "POST", "/api/v1/claims", `{"serial":"`+f.serial(1)+`"}`, http.StatusOK)

	// Every GET of the table, as every caller, but the streams (their
	// content is the public snapshot and the dashboard's, read above and
	// below) and the PDFs (compressed: their text is checked by the print
	// package's tests and the reports' browser test).
	// The reports are exports whoever downloads them (P1): they name
	// nobody, the organiser included.
	var exports []string
	callers := append([]loto.Role{"", loto.RoleOrganiser}, deviceRoles...)
	for _, rt := range routes {
		method, path := requestOf(t, rt.pattern)
		if method != "GET" || strings.HasSuffix(path, "/stream") || strings.HasSuffix(path, ".pdf") || strings.HasSuffix(path, "/z") {
			continue
		}
		queries := []string{"", "?q=lef&code=" + doorTicket + "&format=csv&card=" + f.serial(3)}
		if path == "/appairer" {
			queries = queries[:1] // it writes the code of its link back in its form
		}
		for _, q := range queries {
			for _, role := range callers {
				var opts []option
				if role != "" {
					opts = append(opts, f.as(role))
				}
				w := f.do(method, path+q, "", opts...)
				if strings.HasPrefix(path, "/api/v1/reports/") {
					exports = append(exports, rt.pattern+" → "+w.Body.String())
					continue
				}
				answers[role] = append(answers[role], rt.pattern+" → "+w.Body.String())
			}
		}
	}

	// What is secret everywhere: the secrets as stored, in every encoding
	// an answer could carry them, the password and the tokens.
	secret := map[string]string{"the organiser's password": testPassword, "the paired device's token": paired.Token}
	for role, tok := range f.tokens {
		secret["the token of the "+string(role)] = tok
	}
	names := []string{"game/1/seed", "organiser/password/1"}
	for _, s := range f.day.Series() {
		names = append(names, "series/"+s.Code+"/seed", "series/"+s.Code+"/key")
	}
	for id := 1; id <= len(f.tokens)+1; id++ {
		names = append(names, fmt.Sprintf("device/%d/code-key", id))
	}
	for _, name := range names {
		v, err := f.store.Secret(ctx, name)
		if err != nil {
			t.Fatalf("secret %s: %v", name, err)
		}
		for enc, text := range map[string]string{"hex": hex.EncodeToString(v), "base64": base64.StdEncoding.EncodeToString(v),
			"base64url": base64.RawURLEncoding.EncodeToString(v), "raw": string(v)} {
			if len(text) >= 8 {
				secret[name+" in "+enc] = text
			}
		}
	}
	personal := map[string]string{"the holder's name": holder, "the holder's phone": phone, "the phone's digits": "0612345678",
		"the ticket's code": ticket, "the door's ticket": doorTicket, "the identity's number": identity, "the cheque's number": cheque}

	// Where each may appear: nowhere for a secret; for a person's data,
	// in the answers of the roles that need it.
	var payloads []string
	if err := f.store.Read(ctx, 1, func(e journal.Event) error {
		payloads = append(payloads, e.Type+" "+e.Actor+" "+string(e.Payload))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	places := map[string][]string{"the server's log": {logs.String()}, "the journal's payloads": payloads, "the public snapshots": public,
		"the reports": exports}
	for role, list := range answers {
		places["the answers to "+string(role)] = list
	}
	if len(payloads) < 15 || len(public) < 10 || len(answers[""]) < 40 || len(exports) < 10 {
		t.Fatalf("too little read: %d payloads, %d snapshots, %d anonymous answers, %d reports", len(payloads), len(public), len(answers[""]), len(exports))
	}
	may := map[string]map[string]bool{
		"the answers to organiser": {"the holder's name": true, "the holder's phone": true, "the phone's digits": true, "the ticket's code": true,
			"the door's ticket": true, "the identity's number": true, "the cheque's number": true},
		// The door greets the holder and finds a reservation by name, with
		// the codes of the tickets not crossed out yet, for a holder who
		// came without them (its reads).
		"the answers to door": {"the holder's name": true, "the ticket's code": true, "the door's ticket": true},
	}
	for place, texts := range places {
		for _, text := range texts {
			for what, s := range secret {
				if strings.Contains(text, s) {
					t.Errorf("%s holds %s: %.300s", place, what, around(text, s))
				}
			}
			for what, s := range personal {
				if strings.Contains(text, s) && !may[place][what] {
					t.Errorf("%s holds %s: %.300s", place, what, around(text, s))
				}
			}
		}
	}
	// The day's report as the PDF the organiser downloads, by its text:
	// the free card the door gave is there by its numbers and its card,
	// with nobody's name.
	t.Run("the day's report PDF", func(t *testing.T) {
		w := f.do("GET", "/api/v1/reports/day?format=pdf", "", f.as(loto.RoleOrganiser))
		if w.Code != http.StatusOK {
			t.Fatalf("day report PDF: %d %s", w.Code, w.Body)
		}
		text, _ := pdfTextOf(t, w.Body.Bytes())
		for what, s := range personal {
			if strings.Contains(text, s) {
				t.Errorf("the day's report PDF holds %s: %.300s", what, around(text, s))
			}
		}
		for _, say := range []string{"Cartes gratuites remises à l'entrée (R4)", f.serial(9), "Sans nom (P1)"} {
			if !strings.Contains(text, say) {
				t.Errorf("the day's report PDF lacks %q:\n%s", say, text)
			}
		}
	})
}

// around is the part of text about s, for a failure's message.
func around(text, s string) string {
	i := strings.Index(text, s)
	return text[max(0, i-150):min(len(text), i+len(s)+100)]
}
