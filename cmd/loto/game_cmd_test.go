package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"loto/internal/card"
	"loto/internal/loto"
)

// gameEvent is a small day of 12 cards (two plates), in the given draw
// mode: one game of a quine for a voucher, then a double quine for an object.
const gameEvent = eventDay + `series:
  - {code: A, kind: regular, cards: 12, color: jaune}
prices:
  regular: [{cards: 1, cents: 500}]
desks: [{name: caisse-1, pmr: true}]
draw: %s
programme:
  - title: Partie 1
    stages:
      - {stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}
      - {stage: double_quine, prize: {label: Robot tondeuse, kind: object, consolation: panier}}
`

// gameDB records that day in a new SQLite file and sells all its cards; it
// returns the database and the cards, in order.
func gameDB(t *testing.T, draw string) (string, []loto.ExportedCard) {
	t.Helper()
	db := newDB(t)
	file := filepath.Join(t.TempDir(), "event.yaml")
	if err := os.WriteFile(file, fmt.Appendf(nil, gameEvent, draw), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "event", "create", "--db", db, "--from", file)
	var cards []loto.ExportedCard
	for _, line := range strings.Split(strings.TrimSpace(mustRun(t, "series", "export", "--db", db, "--series", "A")), "\n") {
		var c loto.ExportedCard
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("export line %q: %v", line, err)
		}
		cards = append(cards, c)
	}
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	sell := []string{"sell", "--db", db, "--desk", "caisse-1", "--pay", "cash:60"}
	for _, c := range cards {
		sell = append(sell, c.Serial)
	}
	mustRun(t, sell...)
	return db, cards
}

// startedGame is gameDB with its game started.
func startedGame(t *testing.T, draw string) (string, []loto.ExportedCard) {
	t.Helper()
	db, cards := gameDB(t, draw)
	mustRun(t, "game", "start", "--db", db)
	return db, cards
}

// callableNow counts, independently of the engine, the cards with a row
// complete and holding the last number drawn (R16, R20).
func callableNow(cards []loto.ExportedCard, drawn []card.Number) int {
	last := drawn[len(drawn)-1]
	count := 0
	for _, c := range cards {
		for r := range 3 {
			row := c.Grid.Row(r)
			done := slices.Contains(row, last)
			for _, n := range row {
				done = done && slices.Contains(drawn, n)
			}
			if done {
				count++
				break
			}
		}
	}
	return count
}

// draw types numbers from the ball machine and checks each answer against
// the cards that could call out.
func draw(t *testing.T, db string, cards []loto.ExportedCard, drawn *[]card.Number, nums ...card.Number) {
	t.Helper()
	for _, n := range nums {
		out := mustRun(t, "game", "draw", strconv.Itoa(int(n)), "--db", db, "--by", "host")
		*drawn = append(*drawn, n)
		if !strings.Contains(out, fmt.Sprintf("\n%d — ", n)) {
			t.Fatalf("draw %d does not say the number plainly:\n%s", n, out)
		}
		want := "aucune carte ne peut annoncer"
		if k := callableNow(cards, *drawn); k == 1 {
			want = "1 carte peut annoncer"
		} else if k > 1 {
			want = fmt.Sprintf("%d cartes peuvent annoncer", k)
		}
		if !strings.Contains(out, want) {
			t.Fatalf("draw %d (drawn %v) does not say %q:\n%s", n, *drawn, want, out)
		}
	}
}

// statusView is the board's view as a machine reads it: numbers as JSON
// numbers (a base64 string would fail to decode).
type statusView struct {
	loto.Status
	Drawn []int `json:"drawn"`
}

// status reads the board's view as JSON.
func status(t *testing.T, db string) statusView {
	t.Helper()
	return mustJSON[statusView](t, "game", "status", "--json", "--db", db)
}

// readOut returns the numbers a control says to read out for a claim.
func readOut(t *testing.T, out string, claim int) []card.Number {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, fmt.Sprintf("annonce %d ", claim)) {
			continue
		}
		_, list, ok := strings.Cut(line, "à lire : ")
		if !ok {
			t.Fatalf("claim %d has nothing to read out: %q", claim, line)
		}
		list, _, _ = strings.Cut(list, " (R20)")
		var nums []card.Number
		for _, f := range strings.Split(list, ", ") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("read-out %q: %v", list, err)
			}
			nums = append(nums, card.Number(n))
		}
		return nums
	}
	t.Fatalf("control does not list claim %d:\n%s", claim, out)
	return nil
}

func TestR20_GameCLI_WinnerReadOutStartsWithTheLastNumber(t *testing.T) {
	t.Parallel()
	db, cards := gameDB(t, "manual")
	out := mustRun(t, "game", "start", "--db", db, "--by", "host")
	if !strings.Contains(out, "Partie 1 commence") || !strings.Contains(out, "quine : Bon de 30 €") {
		t.Fatalf("start does not announce the prize (R13):\n%s", out)
	}
	row := cards[0].Grid.Row(0)
	var drawn []card.Number
	draw(t, db, cards, &drawn, row...)
	mustRun(t, "game", "call", "--db", db)
	if st := status(t, db); st.Phase != loto.PhaseCalled || !slices.Equal(st.Drawn, ints(drawn)) {
		t.Fatalf("status after the call: %+v", st)
	}
	fails(t, db, "R15", "game", "draw", "1", "--db", db)
	if out := mustRun(t, "game", "claim", cards[0].Serial, "--db", db); !strings.Contains(out, "annonce 1 — "+cards[0].Serial+" : enregistrée") {
		t.Fatalf("claim:\n%s", out)
	}
	out = mustRun(t, "game", "control", "--db", db, "--by", "controleur")
	var board struct {
		Winners []struct {
			ReadOut []int `json:"read_out"`
		} `json:"winners"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "game", "status", "--json", "--db", db)), &board); err != nil || len(board.Winners) != 1 || board.Winners[0].ReadOut[0] != int(row[4]) {
		t.Fatalf("status of the control as JSON: %+v %v", board, err)
	}
	if !strings.Contains(out, "carton gagnant") || !strings.Contains(out, "1 gagnant") {
		t.Fatalf("control:\n%s", out)
	}
	read := readOut(t, out, 1)
	if read[0] != row[4] || len(read) != 5 || !slices.Equal(slices.Sorted(slices.Values(read)), row) {
		t.Fatalf("read-out %v: want the row %v, its last drawn (%d) first (R20)", read, row, row[4])
	}

	// R21: a card claimed once the control started is recorded as late.
	before := head(t, db)
	if out := mustRun(t, "game", "claim", cards[1].Serial, "--db", db); !strings.Contains(out, "non retenue (R21)") {
		t.Fatalf("late claim:\n%s", out)
	}
	if head(t, db) != before+1 {
		t.Fatal("a late claim must be recorded")
	}
	// The board shows it with its verdict beside the claims of the control.
	late := "annonce 2 — " + cards[1].Serial + " : annonce après le début du contrôle : non retenue (R21)"
	if text := mustRun(t, "game", "status", "--db", db); !strings.Contains(text, late) || !strings.Contains(text, "annonce 1 — "+cards[0].Serial) {
		t.Fatalf("status does not show the late claim %q:\n%s", late, text)
	}
	if st := status(t, db); len(st.Claims) != 2 || st.Claims[1].Serial != cards[1].Serial || st.Claims[1].Verdict != loto.VerdictLate || len(st.Winners) != 1 {
		t.Fatalf("status as JSON, claims %+v winners %+v: want the late claim second, not a winner", st.Claims, st.Winners)
	}

	out = mustRun(t, "game", "award", "--db", db, "--by", "host")
	wantSays(t, "award", out, cards[0].Serial+" : Bon de 30 €, montant 30,00 €", "étape suivante : double quine : Robot tondeuse")
	if strings.Contains(out, cards[1].Serial) {
		t.Fatalf("the late claim was given a prize (R21):\n%s", out)
	}
	st := status(t, db)
	if st.Game != 1 || st.Stage != loto.DoubleQuine || st.Phase != loto.PhaseDrawing || !slices.Equal(st.Drawn, ints(drawn)) || st.Last != row[4] {
		t.Fatalf("status after the award: %+v", st)
	}
	text := mustRun(t, "game", "status", "--db", db)
	wantSays(t, "status", text, "Partie 1, double quine (2 lignes) — tirage en cours", "dernier numéro : "+strconv.Itoa(int(row[4])))
}

func TestR22_GameCLI_WrongClaimTheGameGoesOn(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	row := cards[0].Grid.Row(0)
	var drawn []card.Number
	draw(t, db, cards, &drawn, row[0], row[1])
	// The claim itself stops the draw (R15): no separate call needed.
	mustRun(t, "game", "claim", cards[1].Serial, "--db", db)
	out := mustRun(t, "game", "control", "--db", db)
	if !strings.Contains(out, "annonce 1 — "+cards[1].Serial+" : pas gagnant") || !strings.Contains(out, "la partie continue") {
		t.Fatalf("control of a wrong claim:\n%s", out)
	}
	if st := status(t, db); st.Phase != loto.PhaseDrawing || len(st.Drawn) != 2 {
		t.Fatalf("after a wrong claim: %+v", st)
	}
	fails(t, db, "aucun numéro à annuler", "game", "undo", "--db", db) // the control relied on them
	fails(t, db, "déjà sorti", "game", "draw", strconv.Itoa(int(row[0])), "--db", db)

	// A slip: a number of another card typed, taken back, typed again later.
	slip := cards[1].Grid.Row(0)[0]
	draw(t, db, cards, &drawn, slip)
	if out := mustRun(t, "game", "undo", "--db", db); !strings.Contains(out, fmt.Sprintf("numéro %d annulé", slip)) || !strings.Contains(out, fmt.Sprintf("dernier numéro : %d", row[1])) {
		t.Fatalf("undo:\n%s", out)
	}
	drawn = drawn[:len(drawn)-1]
	if st := status(t, db); !slices.Equal(st.Drawn, ints(drawn)) {
		t.Fatalf("after undo drawn %v, want %v", st.Drawn, drawn)
	}
	draw(t, db, cards, &drawn, row[2], slip)
}

// drawTie draws the numbers that make card 1 and a card of plate 2 win the
// quine on the same number, and returns that card and the number.
func drawTie(t *testing.T, db string, cards []loto.ExportedCard) (loto.ExportedCard, card.Number) {
	t.Helper()
	// Card 1 is on plate 1, so each number of its first row is on a row of a
	// card of plate 2: both rows complete on that number, a tie.
	x := cards[0].Grid.Row(0)
	var y []card.Number
	var other loto.ExportedCard
	shared := x[0]
	for _, c := range cards[6:] {
		for r := range 3 {
			if row := c.Grid.Row(r); slices.Contains(row, shared) {
				y, other = row, c
			}
		}
	}
	var first []card.Number
	for _, n := range append(slices.Clone(x), y...) {
		if n != shared && !slices.Contains(first, n) {
			first = append(first, n)
		}
	}
	var drawn []card.Number
	draw(t, db, cards, &drawn, append(first, shared)...)
	return other, shared
}

func TestR18_GameCLI_TieDeclinedHighestTokenTakesTheVoucher(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	other, shared := drawTie(t, db, cards)
	mustRun(t, "game", "claim", cards[0].Serial, other.Serial, "--db", db)
	out := mustRun(t, "game", "control", "--db", db)
	if readOut(t, out, 1)[0] != shared || readOut(t, out, 2)[0] != shared {
		t.Fatalf("both read-outs start with %d:\n%s", shared, out)
	}
	if !strings.Contains(out, "égalité entre 2 gagnants (R17)") || !strings.Contains(out, "parts égales (R18)") {
		t.Fatalf("control of a tie:\n%s", out)
	}
	mustRun(t, "game", "decline", "--db", db)
	fails(t, db, "1 pion donné pour 2 gagnants", "game", "tokens", "12", "--db", db)
	fails(t, db, "deux fois", "game", "tokens", "12", "12", "--db", db)
	if out := mustRun(t, "game", "tokens", "12", "57", "--db", db); !strings.Contains(out, "plus haut pion : 57 ("+other.Serial+")") {
		t.Fatalf("tokens:\n%s", out)
	}
	out = mustRun(t, "game", "award", "--db", db)
	wantSays(t, "award", out, other.Serial+" (pion 57) : Bon de 30 €, montant 30,00 €", cards[0].Serial+" (pion 12) : lot de consolation, cidre")
}

func TestR27_GameCLI_RulingOverturnsAVerdict(t *testing.T) {
	t.Parallel()
	db, cards := startedGame(t, "manual")
	row := cards[0].Grid.Row(0)
	var drawn []card.Number
	draw(t, db, cards, &drawn, row[0])
	mustRun(t, "game", "claim", cards[1].Serial, "--db", db)
	mustRun(t, "game", "control", "--db", db)
	fails(t, db, "a déjà ce verdict", "game", "rule", "--role", "host", "--claim", "1", "--verdict", "not_winner", "--why", "x", "--db", db)
	out := mustRun(t, "game", "rule", "--role", "organiser", "--claim", "1", "--verdict", "win", "--why", "pion tombé, carte vérifiée", "--db", db)
	if !strings.Contains(out, "annonce 1 déclarée gagnante") || !strings.Contains(out, "par l'organisateur") || !strings.Contains(out, "loto game award") {
		t.Fatalf("ruling:\n%s", out)
	}
	if out := mustRun(t, "game", "award", "--db", db); !strings.Contains(out, cards[1].Serial+" : Bon de 30 €") {
		t.Fatalf("the award does not follow the ruling:\n%s", out)
	}
	before := head(t, db)
	if out := mustRun(t, "game", "rule", "--role", "host", "--what", "joueur averti", "--why", "bruit", "--db", db); !strings.Contains(out, "joueur averti ; motif : bruit") {
		t.Fatalf("note:\n%s", out)
	}
	// The roles are said in French too (R27: l'organisateur ou le meneur de jeu).
	for role, who := range map[string]string{"Meneur": "par le meneur de jeu", "organisateur": "par l'organisateur"} {
		if out := mustRun(t, "game", "rule", "--role", role, "--what", "joueur averti", "--why", "bruit", "--db", db); !strings.Contains(out, who) {
			t.Fatalf("a ruling by --role %s:\n%s", role, out)
		}
	}
	if head(t, db) != before+3 {
		t.Fatal("every note must be recorded")
	}
	fails(t, db, "déjà attribué", "game", "rule", "--role", "host", "--game", "1", "--stage", "1", "--claim", "1", "--verdict", "not_winner", "--why", "x", "--db", db)
}

func TestGameCLI_RNGDrawsWithoutANumber(t *testing.T) {
	t.Parallel()
	db, _ := startedGame(t, "rng")
	seen := map[card.Number]bool{}
	for i := 1; i <= 3; i++ {
		var r drawJSON
		if err := json.Unmarshal([]byte(mustRun(t, "game", "draw", "--json", "--db", db)), &r); err != nil {
			t.Fatal(err)
		}
		if !r.Number.Valid() || !r.RNG || r.Drawn != i || seen[r.Number] {
			t.Fatalf("draw %d: %+v", i, r)
		}
		seen[r.Number] = true
	}
	out := mustRun(t, "game", "draw", "--db", db)
	if lines := strings.Split(out, "\n"); len(lines) < 5 || !strings.Contains(lines[0], "#") || !strings.Contains(out, "4e numéro de la partie 1") {
		t.Fatalf("draw is not printed big:\n%s", out)
	}
	fails(t, db, "mode rng", "game", "draw", "5", "--db", db)
	fails(t, db, "mode rng", "game", "undo", "--db", db)
}

// TestGameCLI_RefusalsExit1InFrenchWriteNothing: each act the state of the
// game forbids is refused, said in French, and leaves the journal as it was.
func TestGameCLI_RefusalsExit1InFrenchWriteNothing(t *testing.T) {
	t.Parallel()
	db, cards := gameDB(t, "manual")
	mustRun(t, "break", "start", "--db", db)
	if out := mustRun(t, "game", "status", "--db", db); !strings.Contains(out, "pause repas en cours : reprise du jeu à") || !strings.Contains(out, "aucune partie commencée") {
		t.Fatalf("status during the break:\n%s", out)
	}
	fails(t, db, "la pause « pause repas » est en cours", "game", "start", "--db", db)
	mustRun(t, "break", "end", "--db", db)
	fails(t, db, "aucune partie en cours", "game", "draw", "5", "--db", db)
	mustRun(t, "game", "start", "--db", db)
	for _, tc := range []struct {
		name, say string
		args      []string
	}{
		{"a second game while one runs", "n'est pas finie", []string{"start"}},
		{"manual draw without its number", "tirage manuel", []string{"draw"}},
		{"a number above 90", "de 1 à 90", []string{"draw", "91"}},
		{"a number that would wrap to 0", "de 1 à 90", []string{"draw", "256"}},
		{"draw of a word", "« douze » n'est pas un numéro : de 1 à 90", []string{"draw", "douze"}},
		{"token not a number", "pion « x » : attendu un nombre de 1 à 90", []string{"tokens", "x"}},
		{"token out of the bag", "pion 91 invalide : de 1 à 90", []string{"tokens", "91"}},
		{"a call before any number", "aucun numéro n'est encore sorti", []string{"call"}},
		{"a claim before any number", "aucun numéro n'est encore sorti", []string{"claim", cards[0].Serial}},
		{"an unreadable serial", "illisible", []string{"claim", cards[0].Serial, "XYZ"}},
		{"undo with nothing drawn", "aucun numéro à annuler", []string{"undo"}},
		{"control without a call", "aucun appel à contrôler", []string{"control"}},
		{"tokens without a control", "aucun gagnant n'attend", []string{"tokens"}},
		{"decline without a control", "aucun gagnant n'attend", []string{"decline"}},
		{"award without a control", "aucun gagnant n'attend", []string{"award"}},
		{"ruling on a claim not controlled", "n'est pas dans le dernier contrôle", []string{"rule", "--role", "host", "--claim", "1", "--verdict", "win", "--why", "x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fails(t, db, tc.say, append(append([]string{"game"}, tc.args...), "--db", db)...)
		})
	}
}

// TestGameCLI_UsageErrorsExit2: a game command line of the wrong shape.
func TestGameCLI_UsageErrorsExit2(t *testing.T) {
	t.Parallel()
	db, _ := gameDB(t, "manual")
	for _, tc := range []struct {
		name, say string
		args      []string
	}{
		{"draw of two numbers", "un seul numéro", []string{"draw", "1", "2"}},
		{"claim without a card", "aucune carte", []string{"claim"}},
		{"start with an argument", "ne prend pas d'argument", []string{"start", "2"}},
		{"rule by a role that cannot decide", "--role « president » inconnu : organisateur (organiser) ou meneur (host)", []string{"rule", "--role", "president", "--why", "x", "--what", "y"}},
		{"rule without a reason", "--why est requis", []string{"rule", "--role", "host", "--what", "y"}},
		{"rule with an unknown verdict", "--verdict « maybe » inconnu", []string{"rule", "--role", "host", "--why", "x", "--claim", "1", "--verdict", "maybe"}},
		{"verdict without a claim", "--verdict va avec --claim", []string{"rule", "--role", "host", "--why", "x", "--verdict", "win"}},
		{"note without what", "--what est requis", []string{"rule", "--role", "host", "--why", "x"}},
		{"stage without game", "--stage va avec --game", []string{"rule", "--role", "host", "--why", "x", "--what", "y", "--stage", "2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			misused(t, db, tc.say, append(append([]string{"game"}, tc.args...), "--db", db)...)
		})
	}
}

// ints converts numbers to what a JSON reader sees: plain integers.
func ints(nums []card.Number) []int {
	out := make([]int, len(nums))
	for i, n := range nums {
		out[i] = int(n)
	}
	return out
}

func TestR12_BreakMinutesGivenMustBePositive(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	before := head(t, db)
	for _, m := range []string{"0", "-5"} {
		code, _, errs := run(t, "break", "start", "--db", db, "--minutes", m)
		if code != 1 || errs == "" {
			t.Fatalf("break of %s minutes: exit %d %q", m, code, errs)
		}
	}
	if h := head(t, db); h != before {
		t.Fatal("a refused break wrote an event")
	}
	if out := mustRun(t, "break", "start", "--db", db); !strings.Contains(out, "75 minutes") {
		t.Fatalf("the scheduled break: %q", out)
	}
}
