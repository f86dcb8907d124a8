package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"loto/internal/loto"
)

// FuzzAPI sends the routes table arbitrary requests: a route (named by its
// pattern, so that a corpus entry keeps its meaning when routes are
// added), a caller (anonymous, the organiser or a device of each role), a
// value for the path's wildcards, a query, a content type, an
// Idempotency-Key (the input's own, one shared by all) or none, and a body. The day is the example day on a real
// SQLite file, with a reservation and an open desk, and it goes on from
// input to input: what one input sold, the next may refund. Whatever comes:
//   - no answer is a 5xx (an internal error is a bug: bad input is the
//     caller's mistake, told as such);
//   - every 4xx records nothing: the journal's head is where it was;
//   - a route the table says reads records nothing either, whatever it answers;
//   - an API's refusal is the error JSON with a French message of bounded
//     lines that repeats no invisible character.
//
// In a body, a wildcard value or a query, $S1..$S9 stand for the serials
// of cards 1..9 of series A, $P1 for the code of its first plate and $T1 for
// the reservation's first ticket, so that mutations of the seeds reach the
// sales, the door and the game with real codes. The streams and the PDFs
// are left out: a stream does not end, a PDF of thousands of cards takes
// seconds, and neither reads a body.
func FuzzAPI(f *testing.F) {
	days := newFuzzDays(f)
	for _, s := range apiSeeds {
		f.Add(s.pattern, s.caller, s.wild, s.query, s.kind, []byte(s.body))
	}
	f.Fuzz(func(t *testing.T, pattern string, caller uint8, wild, query string, kind uint8, body []byte) {
		fx := days.current(t)
		rt, ok := fuzzRoute(pattern)
		if !ok {
			return
		}
		method, path, _ := strings.Cut(rt.pattern, " ")
		wild, query, body = days.codes.fill(wild), days.codes.fill(query), []byte(days.codes.fill(string(body)))
		r := httptest.NewRequest(method, "/", bytes.NewReader(body))
		r.URL.Path = fillWildcards(strings.TrimSuffix(path, "{$}"), wild)
		r.URL.RawQuery = query
		switch kind % 4 {
		case 0:
			r.Header.Set("Content-Type", "application/json")
		case 1:
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		case 2:
			r.Header.Set("Content-Type", "text/csv; charset=utf-8")
		}
		if kind&16 != 0 {
			// A file with its images, as a browser drops them.
			r.Header.Set("Content-Type", "multipart/form-data; boundary=loto")
		}
		switch {
		case kind&8 != 0:
			// One key for every input with it: a later input replays an earlier one's.
			r.Header.Set("Idempotency-Key", "fuzz")
		case kind&4 != 0:
			// The input's own key: run again, it gets its first answer.
			h := sha256.Sum256(fmt.Append(nil, pattern, caller, wild, query, kind, body))
			r.Header.Set("Idempotency-Key", fmt.Sprintf("fuzz-%x", h[:8]))
		}
		days.authenticate(r, fuzzCallers[int(caller)%len(fuzzCallers)])
		ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		defer cancel()
		r = r.WithContext(ctx)

		before := fuzzHead(t, fx)
		w := httptest.NewRecorder()
		fx.srv.ServeHTTP(w, r)
		after := fuzzHead(t, fx)
		switch {
		case w.Code >= 500:
			t.Fatalf("%s %s?%s as %q: %d %s", method, r.URL.Path, query, fuzzCallers[int(caller)%len(fuzzCallers)], w.Code, w.Body)
		case w.Code >= 400 && after != before:
			t.Fatalf("%s %s: refused with %d but recorded events %d..%d: %s", method, r.URL.Path, w.Code, before+1, after, w.Body)
		case !rt.writes && !sessionRoutes[rt.pattern] && after != before:
			t.Fatalf("%s %s reads, but recorded events %d..%d: %d %s", method, r.URL.Path, before+1, after, w.Code, w.Body)
		case w.Code >= 400 && strings.HasPrefix(r.URL.Path, "/api/"):
			fairRefusal(t, w)
		}
	})
}

// fuzzCallers are the callers of FuzzAPI: anonymous, the organiser, and
// the fixture's device of each role.
var fuzzCallers = append([]loto.Role{"", loto.RoleOrganiser}, deviceRoles...)

// fuzzRoute is the route of a pattern, or for any other text one of the
// table's chosen by its hash; ok is false for a route left out.
func fuzzRoute(pattern string) (route, bool) {
	rt := routes[0]
	found := false
	for _, r := range routes {
		if r.pattern == pattern {
			rt, found = r, true
		}
	}
	if !found {
		h := sha256.Sum256([]byte(pattern))
		rt = routes[int(h[0])%len(routes)]
	}
	method, path, ok := strings.Cut(rt.pattern, " ")
	if !ok || method == "GET" && (strings.HasSuffix(path, "/stream") || strings.HasSuffix(path, ".pdf")) {
		return route{}, false
	}
	return rt, true
}

// fillWildcards writes value, escaped, in each wildcard of a path.
func fillWildcards(path, value string) string {
	for {
		i := strings.Index(path, "{")
		j := strings.Index(path, "}")
		if i < 0 || j < i {
			return path
		}
		path = path[:i] + url.PathEscape(value) + path[j+1:]
	}
}

// fuzzHead is the journal's head sequence.
func fuzzHead(t *testing.T, fx *fixture) int64 {
	t.Helper()
	h, err := fx.store.Head(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return h.Seq
}

// fairRefusal fails unless an API's refusal is the error JSON, its code
// known, its message and details French lines of at most 400 characters
// with no invisible character.
func fairRefusal(t *testing.T, w *httptest.ResponseRecorder) {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Code == "" || e.Message == "" || e.Details == nil {
		t.Fatalf("%d: not the error JSON: %s", w.Code, w.Body)
	}
	if statusOf(e.Code) != w.Code {
		t.Fatalf("%d with the code %q", w.Code, e.Code)
	}
	for _, text := range append([]string{e.Message}, e.Details...) {
		for _, line := range strings.Split(text, "\n") {
			if !utf8.ValidString(line) || utf8.RuneCountInString(line) > 400 ||
				strings.IndexFunc(line, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) >= 0 {
				t.Fatalf("%d: a line of the refusal is too long or repeats an invisible character: %q", w.Code, line)
			}
		}
	}
}

// fuzzDays holds FuzzAPI's day: one made before the inputs, and again
// when its day is over (ended, postponed) or after many inputs, so that
// every input finds a day still on sale.
type fuzzDays struct {
	dir      string
	cleanups []func()
	fx       *fixture
	codes    dayCodes
	inputs   int
	session  string // the organiser's session id
}

// maxDayInputs is how many inputs one day takes before a new one: past
// that, revoked devices and closed desks would narrow what inputs reach.
const maxDayInputs = 2000

func newFuzzDays(f *testing.F) *fuzzDays {
	dir, err := os.MkdirTemp("", "loto-fuzz-")
	if err != nil {
		f.Fatal(err)
	}
	d := &fuzzDays{dir: dir}
	f.Cleanup(func() {
		for i := len(d.cleanups) - 1; i >= 0; i-- {
			d.cleanups[i]()
		}
		os.RemoveAll(dir)
	})
	d.make(f)
	return d
}

// current is the day for the next input, a new one when the last is over.
func (d *fuzzDays) current(t *testing.T) *fixture {
	d.inputs++
	if p := d.fx.day.Public(); p.DayOver || p.Postponed || d.inputs > maxDayInputs {
		for i := len(d.cleanups) - 1; i >= 0; i-- {
			d.cleanups[i]()
		}
		d.cleanups, d.inputs = nil, 0
		d.make(t)
	}
	d.fx.t = t
	return d.fx
}

// make makes a day: the example day, a reservation of two tickets, caisse-1 open.
func (d *fuzzDays) make(t testing.TB) {
	fx := setUp(lastingTB{TB: t, days: d}, Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, true)
	ctx := context.Background()
	res, err := fx.day.AddReservation(ctx, org, loto.ReservationSpec{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fx.day.OpenDesk(ctx, org, "caisse-1", 10000); err != nil {
		t.Fatal(err)
	}
	d.codes = dayCodes{"$T1": res.Tickets[0].Code}
	for n := 1; n <= 9; n++ {
		s, _, err := fx.day.CardAt("A", n)
		if err != nil {
			t.Fatal(err)
		}
		d.codes[fmt.Sprintf("$S%d", n)] = s
	}
	if d.codes["$P1"], err = fx.day.PlateCode("A", 1); err != nil {
		t.Fatal(err)
	}
	d.fx = fx
	if d.session, err = fx.auth.OpenOrganiserSession(ctx, testPassword); err != nil {
		t.Fatal(err)
	}
}

// authenticate makes r come from caller: the organiser's session (opened
// again if an input closed it, without a login the limiter would count),
// a device's token, or nobody.
func (d *fuzzDays) authenticate(r *http.Request, caller loto.Role) {
	switch caller {
	case "":
	case loto.RoleOrganiser:
		if _, err := d.fx.auth.SessionActor(d.session); err != nil {
			d.session, _ = d.fx.auth.OpenOrganiserSession(r.Context(), testPassword)
		}
		r.AddCookie(&http.Cookie{Name: sessionCookie, Value: d.session})
	default:
		r.Header.Set("Authorization", "Bearer "+d.fx.tokens[caller])
	}
}

// dayCodes are the real codes of a day by the names inputs give them.
type dayCodes map[string]string

// fill writes the codes in place of their names.
func (c dayCodes) fill(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	for _, n := range []string{"$S1", "$S2", "$S3", "$S4", "$S5", "$S6", "$S7", "$S8", "$S9", "$P1", "$T1"} {
		s = strings.ReplaceAll(s, n, c[n])
	}
	return s
}

// lastingTB is the test a fuzz day is made with: the day outlives the
// input that made it, so its folders and cleanups are the fuzz target's
// (a *testing.F's own may not be used while inputs run); failures go to
// the test or input at hand.
type lastingTB struct {
	testing.TB
	days *fuzzDays
}

func (l lastingTB) Helper() {}

func (l lastingTB) Cleanup(f func()) { l.days.cleanups = append(l.days.cleanups, f) }

func (l lastingTB) TempDir() string {
	dir, err := os.MkdirTemp(l.days.dir, "day-")
	if err != nil {
		l.TB.Fatal(err)
	}
	l.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// apiSeed is a seed of FuzzAPI: a request that the day takes or refuses.
type apiSeed struct {
	pattern string
	caller  uint8 // index in fuzzCallers: 0 anonymous, 1 organiser, 2 host, 3 controller, 4 cashier, 5 door, 6 board
	wild    string
	query   string
	kind    uint8 // 0 JSON, 1 form, 2 CSV, 3 none; +4 with its own Idempotency-Key, +8 with one shared by all; +16 multipart
	body    string
}

// apiSeeds are a request of each kind a route takes, valid ones first.
var apiSeeds = []apiSeed{
	{"POST /api/v1/sales", 4, "", "", 4, `{"cards":["$S1","$S2"],"payments":[{"method":"cash","cents":2000}]}`},
	{"POST /api/v1/sales", 4, "", "", 8, `{"cards":["$S3"],"payments":[{"method":"cash","cents":500}]}`},
	{"POST /api/v1/sales", 4, "", "", 4, `{"cards":["$P1"],"payments":[{"method":"card","cents":1500}],"ticket":"$T1"}`},
	{"POST /api/v1/sales", 4, "", "", 4, `{"cards":["$S7"],"payments":[{"method":"cheque","cents":500}],"identity":"CNI 123456","cheque":"0012"}`},
	{"POST /api/v1/sales", 1, "", "", 4, `{"desk":"caisse-1","cards":["$S8"],"payments":[{"method":"cash","cents":500}]}`},
	{"GET /api/v1/sales/quote", 4, "", "card=$S1&card=$P1&desk=caisse-1", 3, ``},
	{"POST /api/v1/door", 5, "", "", 4, `{"ticket":"$T1","card":"$S9","door":"porte-nord"}`},
	{"GET /api/v1/door/ticket", 5, "", "code=$T1", 3, ``},
	{"GET /api/v1/door/reservations", 5, "", "q=lef", 3, ``},
	{"GET /api/v1/cards/{serial}", 0, "$S1", "", 3, ``},
	{"POST /api/v1/game/start", 2, "", "", 4, `{}`},
	{"POST /api/v1/game/start", 2, "", "", 8, `{}`},
	{"POST /api/v1/game/draws", 2, "", "", 4, `{}`},
	{"POST /api/v1/game/draws", 2, "", "", 0, `{}`},
	{"POST /api/v1/game/draws", 2, "", "", 4, `{"number":42}`},
	{"POST /api/v1/game/call", 2, "", "", 4, `{}`},
	{"POST /api/v1/claims", 3, "", "", 4, `{"serial":"$S1"}`},
	{"POST /api/v1/game/control", 2, "", "", 4, `{}`},
	{"POST /api/v1/game/award", 2, "", "", 4, `{}`},
	{"POST /api/v1/game/undo", 2, "", "", 4, `{"reason":"boule mal lue"}`},
	{"POST /api/v1/game/tokens", 2, "", "", 4, `{"tokens":[12,40]}`},
	{"POST /api/v1/game/decline", 2, "", "", 4, `{}`},
	{"POST /api/v1/game/rulings", 1, "", "", 4, `{"what":"claim","why":"carte mal lue","claim":1,"verdict":"win","by":"host"}`},
	{"POST /api/v1/breaks", 2, "", "", 4, `{"label":"Entracte","minutes":15}`},
	{"POST /api/v1/breaks/end", 2, "", "", 4, `{}`},
	{"POST /api/v1/desks/{desk}/open", 4, "caisse-1", "", 4, `{"float_cents":10000}`},
	{"POST /api/v1/desks/{desk}/close", 4, "caisse-1", "", 4, `{"count":[{"cents":5000,"count":2},{"cents":50,"count":3}],"card_cents":1500,"cheque_cents":0}`},
	{"GET /api/v1/desks/{desk}", 4, "caisse-1", "", 3, ``},
	{"GET /api/v1/sessions/{id}/z", 1, "1", "", 3, ``},
	{"POST /api/v1/devices", 1, "", "", 4, `{"name":"tablette 2","role":"cashier","desk":"caisse-1"}`},
	{"POST /api/v1/devices/{id}/revoke", 1, "9", "", 4, `{"why":"tablette perdue"}`},
	{"POST /api/v1/event/check", 1, "", "", 2, "name: Petit loto\ndate: 2025-03-16\n"},
	{"POST /api/v1/event", 1, "", "", 2, "name: [\n"},
	{"POST /api/v1/event/check", 1, "", "", 16, "--loto\r\nContent-Disposition: form-data; name=\"event\"; filename=\"loto.yaml\"\r\n\r\nname: Loto\r\n--loto\r\n" +
		"Content-Disposition: form-data; name=\"files\"; filename=\"logo.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--loto--\r\n"},
	{"POST /api/v1/series", 1, "", "", 4, `{"code":"B","cards":120,"special":false,"color":"vert","title":"Série B"}`},
	{"POST /api/v1/reservations", 1, "", "", 4, `{"name":"Paul Martin","contact":"paul.martin@example.fr","tickets":1}`},
	{"POST /api/v1/reservations/preview", 1, "", "", 2, "Nom;Prénom;Téléphone;Billets\nDurand;Marie;06 11 22 33 44;2\n"},
	{"POST /api/v1/reservations/import", 1, "", "again=1", 2, "Nom;Billets\nDurand;2\n"},
	{"GET /api/v1/reservations", 1, "", "q=dur", 3, ``},
	{"GET /api/v1/journal/verify", 1, "", "anchor=1:0f3a9c2e71b4", 3, ``},
	{"GET /api/v1/reports/sessions/{id}", 1, "1", "", 3, ``},
	{"POST /api/v1/exclusions", 1, "", "", 4, `{"why":"triche","tickets":["$T1"],"cards":["$S2"],"sales":[1],"desk":"caisse-1"}`},
	{"POST /api/v1/refunds", 1, "", "", 4, `{"sale":1,"reason":"mistake","desk":"caisse-1","note":"erreur de carte"}`},
	{"POST /api/v1/stamps", 1, "", "", 4, `{"cards":["$S1"]}`},
	{"POST /api/v1/privacy/erase", 1, "", "", 4, `{"reservation":1,"why":"demande de la personne"}`},
	{"POST /api/v1/privacy/purge", 1, "", "", 4, `{"why":"fin de la saison"}`},
	{"POST /api/v1/event/postpone", 1, "", "", 4, `{"reason":"tempête"}`},
	{"POST /api/v1/event/end", 1, "", "", 4, `{"reason":"fin"}`},
	{"POST /connexion", 0, "", "", 1, "password=faux"},
	{"POST /connexion", 0, "", "", 0, `{"password":"mot-de-passe-du-test"}`},
	{"POST /deconnexion", 1, "", "", 1, ""},
	{"POST /connexion/initialiser", 0, "", "", 1, "token=x&password=abcdefghijkl&confirm=abcdefghijkl"},
	{"POST /appairer", 0, "", "", 1, "code=ABCD2345"},
	{"GET /appairer", 0, "", "code=%ZZ", 3, ``},
	{"GET /organisateur/reservations", 1, "", "q=\u202e", 3, ``},
	{"POST /api/v1/sales", 4, "", "", 4, `{"cards":["$S1"],"payments":[{"method":"cash","cents":-1}]}`},
	{"POST /api/v1/sales", 4, "", "", 4, `{"cards":"A","unknown":1}`},
	{"POST /api/v1/sales", 4, "", "", 4, `{"cards":["$S1"]} {}`},
	{"POST /api/v1/game/draws", 2, "", "", 4, `{"number":256}`},
	{"POST /api/v1/game/draws", 2, "", "", 4, `{"number":1e400}`},
	{"POST /api/v1/desks/{desk}/close", 4, "caisse-1", "", 4, `{"count":[{"cents":7,"count":9223372036854775807}]}`},
	{"POST /api/v1/sales", 4, "", "", 1, "cards=x"},
	{"POST /api/v1/claims", 3, "", "", 4, "\xff\xfe{"},
}

// sessionRoutes record the organiser's sessions in the journal, though
// they are no write of the day's (a read-only server still logs in).
var sessionRoutes = map[string]bool{"POST /connexion": true, "POST /deconnexion": true}
