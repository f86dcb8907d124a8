package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/legacy"

	"loto/internal/loto"
)

// TestOpenAPI_OrganiserRoutesValidate drives the organiser's routes on a
// real day (SQLite) and validates each request and answer against the
// document: the dashboard, the journal's head and verification, a stamp,
// an exclusion (R28), a postponement (R29) and a refund, the reports as
// files, an erasure and the purge (P1) once the day is ended; and bad
// input refused with a French error, recording nothing.
func TestOpenAPI_OrganiserRoutesValidate(t *testing.T) {
	t.Parallel()
	openapi3filter.RegisterBodyDecoder("application/pdf", openapi3filter.FileBodyDecoder)
	openapi3filter.RegisterBodyDecoder("text/csv", openapi3filter.FileBodyDecoder)
	f := newFixture(t, Config{})
	router, err := legacy.NewRouter(servedDoc(t, f))
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{t: t, f: f, router: router}
	org, cashier := f.as(loto.RoleOrganiser), f.bearerOf(loto.RoleCashier)
	key := func(k string) option { return withHeader("Idempotency-Key", k) }
	ok := func(w interface{ Result() *http.Response }, what string) {
		t.Helper()
		if res := w.Result(); res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", what, res.StatusCode)
		}
	}

	v.do("POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 5000}`, cashier)
	ok(v.do("POST", "/api/v1/sales", `{"cards":["`+f.serial(1)+`","`+f.serial(2)+`","`+f.serial(3)+`"],"payments":[{"method":"cash","cents":1200}]}`, cashier, key("v1")), "sale 1")
	ok(v.do("POST", "/api/v1/sales", `{"cards":["`+f.serial(4)+`"],"payments":[{"method":"cheque","cents":500}],"identity":"CNI 123456789","cheque":"0001234"}`, cashier, key("v2")), "sale 2")
	ok(v.do("POST", "/api/v1/sales", `{"cards":["`+f.serial(5)+`"],"payments":[{"method":"card","cents":500}]}`, cashier, key("v3")), "sale 3")

	if _, err := f.day.AddReservation(context.Background(), organiser, loto.ReservationSpec{Name: "Jeanne Martin", Tickets: 1}); err != nil {
		t.Fatal(err)
	}
	ok(v.do("GET", "/api/v1/dashboard", "", org), "dashboard")
	ok(v.do("GET", "/api/v1/journal/head", "", org), "head")
	head := decode[headAnswer](t, v.do("GET", "/api/v1/journal/head", "", org))
	w := v.do("GET", "/api/v1/journal/verify?anchor="+head.Anchor.Short(), "", org)
	if got := decode[loto.Verification](t, w); !got.OK || got.Events != head.Seq || len(got.Anchors) != 1 {
		t.Fatalf("verification %+v, want ok over %d events with one anchor", got, head.Seq)
	}
	ok(v.do("POST", "/api/v1/stamps", `{"cards":["`+f.serial(100)+`"]}`, org, key("s")), "stamp")
	x := v.do("POST", "/api/v1/exclusions", `{"why":"a perturbé la partie","sales":[3]}`, org, key("x"))
	if got := decode[loto.Exclusion](t, x); got.Why != "a perturbé la partie" || len(got.Refunds) != 1 || got.Cents != 500 {
		t.Fatalf("exclusion %+v", got)
	}
	ok(v.do("POST", "/api/v1/event/postpone", `{"reason":"manque de joueurs"}`, org, key("p")), "postpone")
	ok(v.do("POST", "/api/v1/refunds", `{"sale":1,"reason":"postponement","note":"rendu en espèces"}`, org, key("r")), "refund")
	for _, path := range []string{"/api/v1/reports/day?format=pdf", "/api/v1/reports/day?format=csv", "/api/v1/reports/sessions/1?format=pdf",
		"/api/v1/reports/sessions/1?format=csv", "/api/v1/reports/refunds?format=pdf", "/api/v1/reports/refunds?format=csv"} {
		ok(v.do("GET", path, "", org), path)
	}
	ok(v.do("POST", "/api/v1/privacy/erase", `{"sale":2,"why":"demande du payeur par courriel"}`, org, key("e")), "erase")
	ok(v.do("POST", "/api/v1/event/end", `{"reason":"loto reporté"}`, org, key("end")), "end")
	if w := v.do("POST", "/api/v1/privacy/purge", `{"why":"fin de la journée"}`, org, key("purge")); w.Code != http.StatusOK {
		t.Fatalf("purge: %d %s", w.Code, w.Body)
	}

	// Bad input: a French error, nothing recorded.
	for _, c := range []struct {
		method, path, body string
		want               int
		says               string
	}{
		{"POST", "/api/v1/exclusions", `{"why":"","sales":[2]}`, http.StatusUnprocessableEntity, "la raison de l'exclusion est requise"},
		{"POST", "/api/v1/exclusions", `{"why":"bruit","sales":[99]}`, http.StatusNotFound, "vente n° 99 inconnue"},
		{"POST", "/api/v1/event/end", `{"reason":"encore"}`, http.StatusConflict, "la journée est déjà close"},
		{"POST", "/api/v1/refunds", `{"sale":2,"reason":"cadeau"}`, http.StatusUnprocessableEntity, "remboursement refusé"},
		{"POST", "/api/v1/privacy/erase", `{"reservation":1,"why":""}`, http.StatusUnprocessableEntity, "la raison de l'effacement est requise"},
		{"GET", "/api/v1/reports/day?format=docx", "", http.StatusUnprocessableEntity, "format « docx » inconnu"},
		{"GET", "/api/v1/reports/sessions/7?format=pdf", "", http.StatusNotFound, "session de caisse « 7 » inconnue"},
		{"GET", "/api/v1/journal/verify?anchor=12", "", http.StatusUnprocessableEntity, "ancre « 12 » invalide"},
	} {
		before := f.head()
		w := v.serve(!strings.Contains(c.path, "docx"), c.method, c.path, c.body, org, key("bad "+c.path+c.body))
		if w.Code != c.want || !strings.Contains(errorOf(t, w).Message, c.says) {
			t.Errorf("%s %s %s: %d %s, want %d saying %q", c.method, c.path, c.body, w.Code, w.Body, c.want, c.says)
		}
		if f.head() != before {
			t.Errorf("%s %s %s recorded events", c.method, c.path, c.body)
		}
	}
}
