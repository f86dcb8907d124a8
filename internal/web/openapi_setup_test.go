package web

import (
	"net/http"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/legacy"

	"loto/examples"
	"loto/internal/loto"
)

func init() {
	// The PDFs are downloads: their bytes are checked by the print tests.
	openapi3filter.RegisterBodyDecoder("application/pdf", openapi3filter.FileBodyDecoder)
}

// TestOpenAPI_SetupAnswersValidate drives the day's set-up through the
// handlers on SQLite (the event file refused then recorded, a series, its
// cards, reservations previewed, imported, added, searched, their tickets)
// and validates each request and answer against the document.
func TestOpenAPI_SetupAnswersValidate(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	router, err := legacy.NewRouter(servedDoc(t, f))
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{t: t, f: f, router: router}
	org := f.as(loto.RoleOrganiser)
	text := withHeader("Content-Type", "text/plain")
	csv := withHeader("Content-Type", "text/csv")
	want := func(w interface{ Result() *http.Response }, status int) {
		t.Helper()
		if got := w.Result().StatusCode; got != status {
			t.Errorf("status %d, want %d", got, status)
		}
	}
	want(v.do("GET", "/api/v1/event", "", org), 404)
	want(v.do("POST", "/api/v1/event/check", string(badEventFile()), org, text), 422)
	want(v.do("POST", "/api/v1/event/check", string(examples.MegaLoto), org, text), 200)
	form, ctype := eventForm(t, part{partEvent, "jour.yaml", sponsoredFile("logo.png")}, part{partFiles, "logo.png", pngOf(t, 20, 10, 9)})
	want(v.do("POST", "/api/v1/event/check", string(form), org, withHeader("Content-Type", ctype)), 200)
	form, ctype = eventForm(t, part{partEvent, "jour.yaml", sponsoredFile("absent.png")})
	want(v.do("POST", "/api/v1/event/check", string(form), org, withHeader("Content-Type", ctype)), 422)
	want(v.do("POST", "/api/v1/event/preview", string(badEventFile()), org, text), 422)
	want(v.do("POST", "/api/v1/event/preview", string(examples.MegaLoto), org, text), 200)
	want(v.do("POST", "/api/v1/event", string(examples.MegaLoto), org, text), 201)
	want(v.do("POST", "/api/v1/event/preview", string(examples.MegaLoto), org, text), 409)
	want(v.do("GET", "/api/v1/event", "", org), 200)
	want(v.do("POST", "/api/v1/series", `{"code":"B","cards":12,"color":"vert"}`, org), 201)
	want(v.do("POST", "/api/v1/series", `{"code":"B","cards":12}`, org), 409)
	want(v.do("GET", "/api/v1/series", "", org), 200)
	want(v.do("GET", "/api/v1/series/B/cards.pdf?layout=3", "", org), 200)
	want(v.do("GET", "/api/v1/series/B/cards.pdf?from=3&to=2", "", org), 422)
	bad := "Nom;Billets\nLefèvre;2\n;1\n"
	good := "Nom;Téléphone;Billets\nLefèvre Hélène;06 12 34 56 78;2\n"
	want(v.do("POST", "/api/v1/reservations/preview", bad, org, csv), 422)
	want(v.do("POST", "/api/v1/reservations/preview", good, org, csv), 200)
	want(v.do("POST", "/api/v1/reservations/import", good, org, csv), 201)
	want(v.do("POST", "/api/v1/reservations/import?again=0", good, org, csv), 409)
	want(v.do("POST", "/api/v1/reservations", `{"name":"Jeanne Dupont","tickets":1}`, org), 201)
	want(v.do("GET", "/api/v1/reservations?q=dupont", "", org), 200)
	want(v.do("GET", "/api/v1/reservations/tickets.pdf", "", org), 200)
	want(v.do("GET", "/api/v1/reservations/tickets.pdf?reservation=7", "", org), 404)
}
