package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/loto"
)

// newBareFixture is a server of a day with no event yet, its organiser's
// password set: the day the set-up pages begin with.
func newBareFixture(t *testing.T) *fixture { return setUpEvent(t, Config{}, true, nil) }

// badEventFile is the example day with two mistakes: a date written the
// French way on line 4, a series of no cards on line 22.
func badEventFile() []byte {
	b := bytes.Replace(examples.MegaLoto, []byte("date: 2025-03-16"), []byte("date: 16/03/2025"), 1)
	return bytes.Replace(b, []byte("cards: 6000"), []byte("cards: 0"), 1)
}

// send serves a request with a raw body (a file, not JSON).
func (f *fixture) send(method, path string, body []byte, ctype string, opts ...option) *httptest.ResponseRecorder {
	f.t.Helper()
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	for _, o := range opts {
		o(r)
	}
	w := httptest.NewRecorder()
	f.srv.ServeHTTP(w, r)
	return w
}

// fileError is an error answer with its mistakes.
type fileError struct {
	Code     string              `json:"code"`
	Message  string              `json:"message"`
	Details  []string            `json:"details"`
	Mistakes []eventfile.Mistake `json:"mistakes"`
}

func fileErrorOf(t *testing.T, w *httptest.ResponseRecorder) fileError {
	t.Helper()
	var e fileError
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Code == "" || e.Message == "" {
		t.Fatalf("error answer %d: %v %s", w.Code, err, w.Body)
	}
	return e
}

// An event file with two mistakes is refused with both at their lines,
// checked or sent to be created, and records nothing; fixed, it is
// created; a second event is a conflict.
func TestSetupAPI_EventFileMistakesAtTheirLinesThenCreated(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	org := f.as(loto.RoleOrganiser)
	before := f.head()
	for _, path := range []string{"/api/v1/event/check", "/api/v1/event"} {
		w := f.send("POST", path, badEventFile(), "text/plain", org)
		if w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("%s: %d %s, want 422", path, w.Code, w.Body)
		}
		e := fileErrorOf(t, w)
		if len(e.Mistakes) != 2 || e.Mistakes[0].Line != 4 || e.Mistakes[0].Path != "date" || e.Mistakes[1].Line != 22 || e.Mistakes[1].Path != "series[0].cards" {
			t.Errorf("%s: mistakes %+v, want the date at line 4 and the cards at line 22", path, e.Mistakes)
		}
		if !strings.Contains(e.Message, "2 erreurs") {
			t.Errorf("%s: message %q", path, e.Message)
		}
	}
	if f.head() != before || f.day.Event() != nil {
		t.Fatal("a refused event file recorded something")
	}
	w := f.send("POST", "/api/v1/event/check", examples.MegaLoto, "application/yaml", org)
	if w.Code != http.StatusOK || f.head() != before {
		t.Fatalf("check of the good file: %d %s (head %d -> %d)", w.Code, w.Body, before, f.head())
	}
	w = f.send("POST", "/api/v1/event", examples.MegaLoto, "text/plain", org)
	if w.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", w.Code, w.Body)
	}
	var created eventCreated
	json.Unmarshal(w.Body.Bytes(), &created)
	if created.Event.Name != "Méga Loto du Rotary Saint-Brieuc" || strings.Join(created.CreatedSeries, ",") != "A,V" {
		t.Errorf("created %+v", created)
	}
	if ev := f.day.Event(); ev == nil || ev.Venue != "Salle Hermione, Saint-Brieuc" {
		t.Fatalf("the day's event: %+v", ev)
	}
	if w := f.do("GET", "/api/v1/event", "", org); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "Salle Hermione") {
		t.Errorf("GET event: %d %s", w.Code, w.Body)
	}
	head := f.head()
	if w := f.send("POST", "/api/v1/event", examples.MegaLoto, "text/plain", org); w.Code != http.StatusConflict || f.head() != head {
		t.Errorf("a second event: %d %s, want 409 and nothing recorded", w.Code, w.Body)
	}
}

// Each kind of bad event file gets its French refusal and records nothing.
func TestSetupAPI_BadEventFilesAreRefusedInFrench(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	org := f.as(loto.RoleOrganiser)
	latin1 := bytes.Replace(examples.MegaLoto, []byte("Salle Hermione"), []byte("Salle d\xe9partementale"), 1)
	badColor := bytes.Replace(examples.MegaLoto, []byte("color: jaune"), []byte("color: chartreuse"), 1)
	for _, c := range []struct {
		name   string
		body   []byte
		status int
		want   string
		line   int
	}{
		{"Latin-1", latin1, 422, "n'est pas en UTF-8", 6},
		{"empty", []byte("  \n"), 422, "est vide", 0},
		{"not YAML", []byte("name: [Loto\n"), 422, "YAML", 0},
		{"unknown colour", badColor, 422, "couleur", 23},
		{"too large", bytes.Repeat([]byte("#"), maxBody+1), 413, "trop gros", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := f.head()
			w := f.send("POST", "/api/v1/event", c.body, "text/plain", org)
			if w.Code != c.status {
				t.Fatalf("%d %s, want %d", w.Code, w.Body, c.status)
			}
			e := fileErrorOf(t, w)
			if !strings.Contains(e.Message, c.want) {
				t.Errorf("message %q, want %q in it", e.Message, c.want)
			}
			if c.line > 0 && (len(e.Mistakes) != 1 || e.Mistakes[0].Line != c.line) {
				t.Errorf("mistakes %+v, want one at line %d", e.Mistakes, c.line)
			}
			if f.head() != before {
				t.Error("a refused file recorded something")
			}
		})
	}
	if w := f.do("GET", "/api/v1/event", "", org); w.Code != http.StatusNotFound {
		t.Errorf("GET event before it exists: %d, want 404", w.Code)
	}
}

// A series created through the API; every bad request refused in French,
// recording nothing.
func TestSetupAPI_SeriesCreatedAndBadOnesRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	org := f.as(loto.RoleOrganiser)
	w := f.do("POST", "/api/v1/series", `{"code":"b","cards":30,"color":"vert","title":"Loto du soir"}`, org)
	if w.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", w.Code, w.Body)
	}
	var s seriesView
	json.Unmarshal(w.Body.Bytes(), &s)
	if s.Code != "B" || s.Cards != 30 || s.Plates != 5 || s.SeedSHA256 == "" {
		t.Errorf("series %+v", s)
	}
	for _, c := range []struct {
		name, body string
		status     int
		want       string
	}{
		{"bad code", `{"code":"B2","cards":6}`, 422, "invalide"},
		{"no cards", `{"code":"C","cards":0}`, 422, "nombre de cartes 0 invalide"},
		{"taken", `{"code":"B","cards":6}`, 409, "existe déjà"},
		{"unknown colour", `{"code":"C","cards":6,"color":"chartreuse"}`, 422, "couleur"},
		{"special without colour", `{"code":"C","cards":6,"special":true}`, 422, "R30"},
		{"malformed", `{"code":"C","cards":"six"}`, 400, "nombre entier"},
		{"unknown field", `{"code":"C","cards":6,"colour":"vert"}`, 400, "inconnu"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := f.head()
			w := f.do("POST", "/api/v1/series", c.body, org)
			if e := errorOf(t, w); w.Code != c.status || !strings.Contains(e.Message, c.want) {
				t.Errorf("%d %q, want %d and %q", w.Code, e.Message, c.status, c.want)
			}
			if f.head() != before {
				t.Error("a refused series recorded something")
			}
		})
	}
	if w := f.do("GET", "/api/v1/series", "", org); !strings.Contains(w.Body.String(), `"code":"B"`) {
		t.Errorf("series list: %s", w.Body)
	}
}

// pdfTextOf writes a PDF answer to a file and returns its text.
func pdfTextOf(t *testing.T, body []byte) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "answer.pdf")
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is missing: CI must install poppler-utils")
		}
		t.Skip("pdftotext is missing")
	}
	out, err := exec.Command(tool, "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out), path
}

// Cards download as a PDF by range and layout; a bad range or layout is a
// French refusal.
func TestSetupAPI_CardsPDFByRangeAndLayout(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	org := f.as(loto.RoleOrganiser)
	w := f.do("GET", "/api/v1/series/A/cards.pdf?from=7&to=12&layout=6&bleed=3&crop_marks=1", "", org)
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/pdf" || !strings.Contains(w.Header().Get("Content-Disposition"), "cartes-A-7-12.pdf") {
		t.Fatalf("cards: %d %v", w.Code, w.Header())
	}
	text, _ := pdfTextOf(t, w.Body.Bytes())
	code, err := f.day.PlateCode("A", 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{f.serial(7), f.serial(12), "Planche n° 2 — " + code} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, f.serial(13)) {
		t.Error("the PDF holds card 13, past the range")
	}
	for _, c := range []struct {
		query  string
		status int
		want   string
	}{
		{"?layout=4", 422, "mise en page 4"},
		{"?from=10&to=5", 422, "invalides"},
		{"?to=7000", 422, "va de 1 à 6000"},
		{"?from=x", 422, "illisible"},
		{"?bleed=9", 422, "fond perdu"},
	} {
		w := f.do("GET", "/api/v1/series/A/cards.pdf"+c.query, "", org)
		if e := errorOf(t, w); w.Code != c.status || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: %d %q, want %d and %q", c.query, w.Code, e.Message, c.status, c.want)
		}
	}
	if w := f.do("GET", "/api/v1/series/Z/cards.pdf", "", org); w.Code != http.StatusNotFound {
		t.Errorf("unknown series: %d", w.Code)
	}
	if w := f.do("GET", "/api/v1/series/A/cards.pdf", "", f.as(loto.RoleCashier)); w.Code != http.StatusForbidden {
		t.Errorf("a cashier downloads cards: %d", w.Code)
	}
}

// A CSV with a bad line is previewed as refused, naming the line, and
// records nothing; fixed, it previews then imports; imported twice, it is
// refused; one reservation is added; the search finds holders by name and
// phone; the tickets print.
func TestSetupAPI_ReservationsPreviewImportSearchPrint(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	org := f.as(loto.RoleOrganiser)
	bad := []byte("Nom;Téléphone;Billets\nLefèvre Hélène;06 12 34 56 78;2\nMartin Paul;pas un numéro;1\n")
	before := f.head()
	for _, path := range []string{"/api/v1/reservations/preview", "/api/v1/reservations/import"} {
		w := f.send("POST", path, bad, "text/csv", org)
		e := fileErrorOf(t, w)
		if w.Code != http.StatusUnprocessableEntity || len(e.Details) != 1 || !strings.HasPrefix(e.Details[0], "ligne 3 : contact") {
			t.Errorf("%s: %d %+v, want 422 naming line 3", path, w.Code, e)
		}
	}
	if f.head() != before || len(f.day.Reservations()) != 0 {
		t.Fatal("a refused CSV recorded something")
	}
	good := []byte("Nom;Téléphone;Billets\nLefèvre Hélène;06 12 34 56 78;2\nMartin Paul;paul@example.fr;1\n")
	w := f.send("POST", "/api/v1/reservations/preview", good, "text/csv", org)
	var p reservationsPreview
	json.Unmarshal(w.Body.Bytes(), &p)
	if w.Code != http.StatusOK || len(p.Reservations) != 2 || p.Tickets != 3 || p.Reservations[1].Line != 3 || f.head() != before {
		t.Fatalf("preview: %d %s", w.Code, w.Body)
	}
	if w := f.send("POST", "/api/v1/reservations/import", good, "text/csv", org); w.Code != http.StatusCreated {
		t.Fatalf("import: %d %s", w.Code, w.Body)
	}
	head := f.head()
	w = f.send("POST", "/api/v1/reservations/import", good, "text/csv", org)
	if e := fileErrorOf(t, w); w.Code != http.StatusConflict || len(e.Details) != 2 || f.head() != head {
		t.Errorf("import twice: %d %+v, want 409 naming both lines", w.Code, e)
	}
	json.Unmarshal(f.send("POST", "/api/v1/reservations/preview", good, "text/csv", org).Body.Bytes(), &p)
	if len(p.Already) != 2 || !strings.HasPrefix(p.Already[0], "ligne 2 :") {
		t.Errorf("preview of a file imported: already %v", p.Already)
	}
	if w := f.do("POST", "/api/v1/reservations", `{"name":"Jeanne Dupont","contact":"07 00 11 22 33","tickets":1}`, org); w.Code != http.StatusCreated {
		t.Fatalf("add: %d %s", w.Code, w.Body)
	}
	for _, c := range []struct{ body, want string }{
		{`{"name":"","tickets":1}`, "le nom est requis"},
		{`{"name":"Paul","contact":"nulle part"}`, "contact « nulle part » invalide"},
		{`{"name":"Paul","tickets":60}`, "entre 1 et 50"},
	} {
		head := f.head()
		if w := f.do("POST", "/api/v1/reservations", c.body, org); w.Code != 422 || !strings.Contains(errorOf(t, w).Message, c.want) || f.head() != head {
			t.Errorf("add %s: %d %s, want 422 %q", c.body, w.Code, w.Body, c.want)
		}
	}
	found := func(q string) []string {
		var a reservationsFound
		json.Unmarshal(f.do("GET", "/api/v1/reservations?q="+q, "", org).Body.Bytes(), &a)
		if a.Total != len(a.Reservations) {
			t.Errorf("search %q: total %d for %d listed", q, a.Total, len(a.Reservations))
		}
		var names []string
		for _, r := range a.Reservations {
			names = append(names, r.Name)
		}
		return names
	}
	for q, want := range map[string]string{"lefevre": "Lefèvre Hélène", "0700": "Jeanne Dupont", "%2B33%207%2000": "Jeanne Dupont", "paul%40example.fr": "Martin Paul", "": "Lefèvre Hélène,Martin Paul,Jeanne Dupont", "personne": ""} {
		if got := strings.Join(found(q), ","); got != want {
			t.Errorf("search %q: %q, want %q", q, got, want)
		}
	}
	w = f.do("GET", "/api/v1/reservations/tickets.pdf?reservation=1", "", org)
	if w.Code != http.StatusOK {
		t.Fatalf("tickets: %d %s", w.Code, w.Body)
	}
	text, _ := pdfTextOf(t, w.Body.Bytes())
	r := f.day.Reservations()[0]
	if !strings.Contains(text, r.Tickets[0].Code) || !strings.Contains(text, r.Tickets[1].Code) || !strings.Contains(text, "Lefèvre Hélène") {
		t.Errorf("the tickets' PDF lacks the codes or the holder:\n%s", text)
	}
	if w := f.do("GET", "/api/v1/reservations/tickets.pdf?reservation=9", "", org); w.Code != http.StatusNotFound {
		t.Errorf("tickets of an unknown reservation: %d", w.Code)
	}
	if w := f.do("GET", "/api/v1/reservations?q=lefevre", "", f.as(loto.RoleDoor)); w.Code != http.StatusForbidden {
		t.Errorf("the door reads the organiser's list: %d", w.Code)
	}
}
