package web

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"loto/internal/loto"
)

// servedDoc loads the document as the server serves it, and checks it is
// a valid OpenAPI 3.1 document.
func servedDoc(t *testing.T, f *fixture) *openapi3.T {
	t.Helper()
	w := f.do("GET", "/api/v1/openapi.json", "")
	if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("GET /api/v1/openapi.json: %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	doc, err := openapi3.NewLoader().LoadFromData(w.Body.Bytes())
	if err != nil {
		t.Fatalf("the served document does not load: %v", err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("openapi %q, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml is not a valid OpenAPI document: %v", err)
	}
	return doc
}

// TestOpenAPI_EveryRouteDocumentedAndEveryDocumentedRouteServed: the routes
// table under /api/v1 and the paths of openapi.yaml are the same set of
// method and pattern, the public routes documented as public.
func TestOpenAPI_EveryRouteDocumentedAndEveryDocumentedRouteServed(t *testing.T) {
	t.Parallel()
	doc := servedDoc(t, newFixture(t, Config{}))
	documented := map[string]*openapi3.Operation{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			documented[method+" "+path] = op
		}
	}
	served := map[string]bool{}
	for _, rt := range routes {
		method, path, ok := strings.Cut(rt.pattern, " ")
		if !ok || !strings.HasPrefix(path, "/api/v1/") {
			continue
		}
		served[rt.pattern] = true
		op := documented[rt.pattern]
		if op == nil {
			t.Errorf("route %q of routes.go is not documented: add %s under paths: %q: in internal/web/openapi.yaml", rt.pattern, strings.ToLower(method), path)
			continue
		}
		if open := op.Security != nil && len(*op.Security) == 0; open != (rt.cmd == public) {
			t.Errorf("route %q: public in routes.go %v, in openapi.yaml (security: []) %v", rt.pattern, rt.cmd == public, open)
		}
		if rt.writes && op.Parameters.GetByInAndName("header", "Idempotency-Key") == nil {
			t.Errorf("route %q writes but openapi.yaml documents no Idempotency-Key header for it", rt.pattern)
		}
		// Any write may find the disk full, the journal's PostgreSQL away or
		// the journal too busy with other instances' writes: a 503 to retry.
		// A read that reads the store finds its PostgreSQL away:
		// TestOpenAPI_ReadsOfTheStoreDeclareTheir503 tells which, with it down.
		unavailable := op.Responses.Status(http.StatusServiceUnavailable)
		if rt.writes && unavailable == nil {
			t.Errorf("route %q writes but openapi.yaml does not declare its 503: add \"503\": {$ref: \"#/components/responses/Unavailable\"}", rt.pattern)
		}
		if unavailable != nil && unavailable.Ref != "#/components/responses/Unavailable" {
			t.Errorf("route %q declares a 503 other than the journal's: use \"503\": {$ref: \"#/components/responses/Unavailable\"}", rt.pattern)
		}
	}
	var extra []string
	for k := range documented {
		if !served[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		t.Errorf("openapi.yaml documents %q, which routes.go does not serve", k)
	}
}

// TestOpenAPI_ErrorStatusesDocumented: every status writeError may answer
// has its code in the document's Error schema.
func TestOpenAPI_ErrorStatusesDocumented(t *testing.T) {
	t.Parallel()
	doc := servedDoc(t, newFixture(t, Config{}))
	codes := doc.Components.Schemas["Error"].Value.Properties["code"].Value.Enum
	for code := range statuses {
		found := false
		for _, c := range codes {
			found = found || c == code
		}
		if !found {
			t.Errorf("error code %q (status %d) is not in the Error schema of openapi.yaml", code, statuses[code])
		}
	}
}

// validator checks requests and answers of the real handlers against the
// served document.
type validator struct {
	t      *testing.T
	f      *fixture
	router routers.Router
}

// do serves a request, validates it and its answer against the document,
// and returns the answer.
func (v *validator) do(method, path, body string, opts ...option) *httptest.ResponseRecorder {
	v.t.Helper()
	return v.serve(true, method, path, body, opts...)
}

// serve is do; a request made bad on purpose (checked is false) must not
// match the document, and only its answer is validated.
func (v *validator) serve(checked bool, method, path, body string, opts ...option) *httptest.ResponseRecorder {
	v.t.Helper()
	r := newRequest(method, path, body, opts...)
	route, params, err := v.router.FindRoute(r)
	if err != nil {
		v.t.Fatalf("%s %s is not in the document: %v", method, path, err)
	}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); !checked && err == nil {
		v.t.Errorf("bad request %s %s %s matches the document", method, path, body)
	} else if checked && err != nil {
		v.t.Errorf("request %s %s %s does not match the document: %v", method, path, body, err)
	}
	r.Body = io.NopCloser(strings.NewReader(body))
	w := httptest.NewRecorder()
	v.f.srv.ServeHTTP(w, r)
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: w.Code, Header: w.Header(),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	out.SetBodyBytes(bytes.Clone(w.Body.Bytes()))
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		v.t.Errorf("answer %d of %s %s does not match the document: %v\n%s", w.Code, method, path, err, w.Body)
	}
	return w
}

// TestOpenAPI_RealAnswersValidate drives a real day on SQLite through the
// handlers (a sale, a door admission, a game started, drawn until a sold
// card wins, its claim, the control, the award, the status, errors) and
// validates each request and answer against the document.
func TestOpenAPI_RealAnswersValidate(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	router, err := legacy.NewRouter(servedDoc(t, f))
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{t: t, f: f, router: router}
	cashier, host, controller := f.bearerOf(loto.RoleCashier), f.bearerOf(loto.RoleHost), f.bearerOf(loto.RoleController)
	key := func(k string) option { return withHeader("Idempotency-Key", k) }

	v.do("GET", "/api/v1/session", "", cashier)
	v.do("GET", "/api/v1/desks/caisse-1", "", cashier)
	v.do("POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 10000}`, cashier)
	if w := v.do("GET", "/api/v1/sales/quote?card="+f.serial(1)+"&card="+f.serial(2), "", cashier); w.Code != http.StatusOK {
		t.Fatalf("quote: %d %s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/desks/caisse-1", "", cashier)
	var cards []string
	for i := 1; i <= 12; i++ {
		cards = append(cards, `"`+f.serial(i)+`"`)
	}
	if w := v.do("POST", "/api/v1/sales", `{"cards":[`+strings.Join(cards, ",")+`],"payments":[{"method":"cash","cents":10000}],"taken_at":"2026-12-01T13:58:12.345Z"}`, cashier, key("vente")); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"taken_at"`) {
		t.Fatalf("sale: %d %s", w.Code, w.Body)
	}
	r, err := f.day.AddReservation(context.Background(), org, loto.ReservationSpec{Name: "Jeanne Martin", Tickets: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w := v.do("POST", "/api/v1/door", `{"ticket":"`+r.Tickets[0].Code+`","card":"`+f.serial(20)+`"}`, f.bearerOf(loto.RoleDoor)); w.Code != http.StatusOK {
		t.Fatalf("door: %d %s", w.Code, w.Body)
	}
	door := f.bearerOf(loto.RoleDoor)
	v.do("GET", "/api/v1/door", "", door)
	v.do("GET", "/api/v1/door/ticket?code="+r.Tickets[0].Code, "", door)
	v.do("GET", "/api/v1/door/reservations?q=jeanne", "", door)
	if w := v.do("POST", "/api/v1/game/start", "", host); w.Code != http.StatusOK {
		t.Fatalf("start: %d %s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/status", "")
	v.do("GET", "/api/v1/games", "")
	var winners []string
	for i := 0; i < 90 && len(winners) == 0; i++ {
		if w := v.do("POST", "/api/v1/game/draws", "{}", host); w.Code != http.StatusOK {
			t.Fatalf("draw: %d %s", w.Code, w.Body)
		}
		f.day.View(func(st *loto.State) { winners, err = st.CallableCards() })
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(winners) == 0 {
		t.Fatal("no sold card could call after 90 numbers")
	}
	if w := v.do("POST", "/api/v1/game/call", "", host); w.Code != http.StatusNoContent {
		t.Fatalf("call: %d %s", w.Code, w.Body)
	}
	if w := v.do("POST", "/api/v1/claims", `{"serial":"`+winners[0]+`"}`, controller); w.Code != http.StatusOK {
		t.Fatalf("claim: %d %s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/status", "")
	if w := v.do("POST", "/api/v1/game/control", "", host); w.Code != http.StatusOK {
		t.Fatalf("control: %d %s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/status", "")
	if w := v.do("POST", "/api/v1/game/rulings", `{"what":"réclamation rejetée","why":"annonce faite après le numéro suivant"}`, host, key("decision")); w.Code != http.StatusOK {
		t.Fatalf("ruling: %d %s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/status", "", host)
	if len(winners) > 1 {
		v.do("POST", "/api/v1/game/tokens", "{}", host)
	}
	if w := v.do("POST", "/api/v1/game/award", "", host); w.Code != http.StatusOK {
		t.Fatalf("award: %d %s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/status", "")
	v.do("GET", "/api/v1/games", "")

	// Errors: each has the documented shape and status.
	for _, c := range []struct {
		method, path, body string
		opts               []option
		want               int
		checked            bool
	}{
		{"POST", "/api/v1/sales", `{"cards":[],"payments":[]}`, []option{key("anonyme")}, http.StatusForbidden, true},
		{"POST", "/api/v1/game/draws", `{"number": 12}`, []option{host}, http.StatusUnprocessableEntity, true},
		{"POST", "/api/v1/game/award", "", []option{host}, http.StatusConflict, true},
		{"POST", "/api/v1/claims", `{"serial": 12}`, []option{controller}, http.StatusBadRequest, false},
	} {
		if w := v.serve(c.checked, c.method, c.path, c.body, c.opts...); w.Code != c.want {
			t.Errorf("%s %s %s: %d %s, want %d", c.method, c.path, c.body, w.Code, w.Body, c.want)
		}
	}

	// The rest of the API: devices, breaks, the desk's close.
	org := f.as(loto.RoleOrganiser)
	v.do("POST", "/api/v1/devices", `{"name":"tablette","role":"meneur"}`, org)
	v.do("GET", "/api/v1/devices", "", org)
	v.do("POST", "/api/v1/devices/1/revoke", `{"why":"perdue"}`, org)
	v.do("POST", "/api/v1/breaks", "{}", host)
	v.do("POST", "/api/v1/breaks/end", "", host)
	v.do("POST", "/api/v1/desks/caisse-1/close", `{"count":[{"cents":2000,"count":2}],"card_cents":0,"cheque_cents":0}`, cashier)
	v.do("GET", "/api/v1/desks/caisse-1", "", cashier)
	if w := v.do("GET", "/api/v1/sessions/1/z", "", cashier); w.Code != http.StatusOK || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF")) {
		t.Fatalf("Z report: %d %.200s", w.Code, w.Body)
	}
	v.do("GET", "/api/v1/sales/quote?card="+f.serial(1), "", cashier) // sold: the conflict
}
