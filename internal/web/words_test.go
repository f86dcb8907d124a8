package web

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"loto/internal/loto"
)

// Words the players and the volunteers never read: the devices' "jeton"
// for the tie's pion, a plural written "(s)", a rule id such as "R14"
// (those are the host's and the organiser's, and docs/rules.md's). A
// serial's check code, as the 'R7' of A-000005-R7, is not a rule id.
var (
	wordJeton   = regexp.MustCompile(`(?i)\bjetons?\b`)
	wordPluralS = regexp.MustCompile(`\p{L}\(s\)`)
	wordRuleID  = regexp.MustCompile(`(?:^|[^\w-])R[0-9]{1,2}\b`)
)

// jargon says which of the words a text holds, with a little context.
func jargon(text string) []string {
	var found []string
	for _, re := range []*regexp.Regexp{wordJeton, wordPluralS, wordRuleID} {
		for _, loc := range re.FindAllStringIndex(text, 3) {
			found = append(found, "…"+text[max(0, loc[0]-60):min(len(text), loc[1]+20)]+"…")
		}
	}
	return found
}

// plainText is a message as the players' and the volunteers' pages show
// it: without the rule ids it cites.
func plainText(s string) string { return string(loto.WithoutRuleIDs([]byte(s))) }

// scriptsOf lists the page's own scripts and the modules they import,
// by their hashed paths under /static/.
var (
	scriptSrc    = regexp.MustCompile(`(?:src|href)="(/static/[^"]+\.js)"`)
	scriptImport = regexp.MustCompile(`from "\./([^"]+\.js)"`)
)

// jsText is a script's string literals, what a page can show; its
// comments, which speak English to programmers and may cite rules, and
// its code are left out.
func jsText(src string) string {
	src = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(src, "")
	src = regexp.MustCompile(`(?m)(^|[\s;,{}()])//.*$`).ReplaceAllString(src, "$1")
	literal := regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`(?:[^`\\\\]|\\\\.)*`")
	return strings.Join(literal.FindAllString(src, -1), "\n")
}

// TestPagesForPlayersAndVolunteers_SayNoJargon: every page a player or a
// volunteer opens (the board, /joueur, /verifier, the desk, the door, the
// controllers'), the scripts it loads, and the answers and errors of the
// API calls they make, with messages that cite rules in the domain (R4,
// R8, R9, R10, R20…), hold neither "jeton", nor "(s)", nor a rule id. The
// host and the organiser still read the ids: the same card looked up by
// the organiser cites R9.
func TestPagesForPlayersAndVolunteers_SayNoJargon(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	ctx := context.Background()
	f.openDesk()
	res, err := f.day.AddReservation(ctx, org, loto.ReservationSpec{Name: "Jeanne Martin", Tickets: 1})
	if err != nil {
		t.Fatal(err)
	}
	host, cashier, door, ctl := f.as(loto.RoleHost), f.as(loto.RoleCashier), f.as(loto.RoleDoor), f.as(loto.RoleController)
	// A game with a claim on an unsold card (R9), controlled: its verdict
	// and reason are in the controllers' status.
	for _, step := range []string{"/api/v1/game/start", "/api/v1/game/draws"} {
		if w := f.do("POST", step, "{}", host); w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", step, w.Code, w.Body)
		}
	}
	if w := f.do("POST", "/api/v1/claims", `{"serial":"`+f.serial(1)+`"}`, ctl); w.Code != http.StatusOK {
		t.Fatalf("claim: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/game/control", "", host); w.Code != http.StatusOK {
		t.Fatalf("control: %d %s", w.Code, w.Body)
	}
	// A serial of series A with a wrong check code (R10).
	bad, last := f.serial(2), "A"
	if strings.HasSuffix(bad, "A") {
		last = "B"
	}
	bad = bad[:len(bad)-1] + last

	type read struct {
		method, path, body string
		as                 []option
	}
	pages := []read{
		{"GET", "/tableau", "", nil},
		{"GET", "/joueur", "", nil},
		{"GET", "/verifier", "", nil},
		{"GET", "/tableau", "", []option{f.as(loto.RoleBoard)}},
		{"GET", "/caisse?caisse=caisse-1", "", []option{cashier}},
		{"GET", "/entree", "", []option{door}},
		{"GET", "/controle", "", []option{ctl}},
	}
	answers := []read{
		{"GET", "/api/v1/status", "", nil},
		{"GET", "/api/v1/status", "", []option{ctl}},
		{"GET", "/api/v1/cards/" + f.serial(3), "", nil},
		{"GET", "/api/v1/cards/" + bad, "", nil},
		{"POST", "/api/v1/sales", `{"cards":["` + f.serial(4) + `"],"payments":[{"method":"cheque","cents":500}]}`, []option{cashier, withHeader("Idempotency-Key", "cheque-sans-piece")}},
		{"POST", "/api/v1/sales", `{"cards":["` + f.serial(5) + `"],"payments":[{"method":"cash","cents":500}]}`, []option{cashier, withHeader("Idempotency-Key", "vente-en-partie")}},
		{"POST", "/api/v1/door", `{"ticket":"` + res.Tickets[0].Code + `"}`, []option{door}},
		{"POST", "/api/v1/claims", `{"serial":"` + bad + `"}`, []option{ctl}},
		{"GET", "/caisse?caisse=inconnue", "", []option{cashier}},
		{"GET", "/controle", "", []option{cashier}},
	}
	scripts := map[string]bool{}
	for _, rd := range append(pages, answers...) {
		w := f.do(rd.method, rd.path, rd.body, rd.as...)
		text := w.Body.String()
		if len(text) < 20 {
			t.Fatalf("%s %s: %d %q", rd.method, rd.path, w.Code, text)
		}
		for _, j := range jargon(text) {
			t.Errorf("%s %s (%d) says %s", rd.method, rd.path, w.Code, j)
		}
		for _, m := range scriptSrc.FindAllStringSubmatch(text, -1) {
			scripts[m[1]] = true
		}
	}
	// The scripts, and the modules they import, once each.
	for todo := keys(scripts); len(todo) > 0; {
		path := todo[0]
		todo = todo[1:]
		w := f.do("GET", path, "")
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d", path, w.Code)
		}
		for _, j := range jargon(jsText(w.Body.String())) {
			t.Errorf("%s says %s", path, j)
		}
		for _, m := range scriptImport.FindAllStringSubmatch(w.Body.String(), -1) {
			if p := "/static/" + m[1]; !scripts[p] {
				scripts[p] = true
				todo = append(todo, p)
			}
		}
	}
	for _, must := range []string{"live", "desk", "door", "controller", "board", "player", "french"} {
		found := false
		for p := range scripts {
			found = found || strings.HasPrefix(p, "/static/"+must+".")
		}
		if !found {
			t.Errorf("the pages load no %s.js: %v", must, keys(scripts))
		}
	}
	// The organiser reads the rule the same answer applies.
	w := f.do("GET", "/api/v1/cards/"+f.serial(3), "", f.as(loto.RoleOrganiser))
	if !strings.Contains(w.Body.String(), "(R9)") {
		t.Errorf("the organiser's answer lost its rule id: %s", w.Body)
	}
}

// keys lists a set's members.
func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestJargon_ReadsRuleIDsNotSerials: the words' check finds a rule id
// wherever a page may print one, and not in a serial's check code.
func TestJargon_ReadsRuleIDsNotSerials(t *testing.T) {
	t.Parallel()
	for _, cited := range []string{"R14", "non tamponnée (R9)", "<td>R20</td>", "règle R3, puis"} {
		if len(jargon(cited)) == 0 {
			t.Errorf("jargon(%q) finds nothing", cited)
		}
	}
	for _, serial := range []string{`"cards":["A-000005-R7"]`, "carte B-000123-R12 vendue", "R2D2"} {
		if j := jargon(serial); len(j) != 0 {
			t.Errorf("jargon(%q) = %q", serial, j)
		}
	}
}
