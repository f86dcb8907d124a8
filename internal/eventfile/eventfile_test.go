package eventfile

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"loto/internal/loto"
)

func TestR1_R6_R7_R12_R30_R31_R32_MegaLotoReproducesTheRulebook(t *testing.T) {
	spec, warnings, err := Parse(megaLoto(t))
	ok(t, err)
	a, okA := spec.SeriesSpec("A")
	v, okV := spec.SeriesSpec("V")
	if !okA || a.Kind != loto.Regular || a.Cards != 6000 || !okV || v.Kind != loto.Special || v.Cards != 600 || a.Color == v.Color {
		t.Fatalf("series %+v", spec.Series)
	}
	// R1, R12
	s := spec.Schedule
	if s.Doors.String() != "08:00" || s.Start.String() != "11:00" || len(s.Breaks) != 2 ||
		s.Breaks[0].At.String() != "12:30" || s.Breaks[0].Resumes().String() != "13:45" ||
		s.Breaks[1].At.String() != "15:30" || s.Breaks[1].Resumes().String() != "16:00" {
		t.Fatalf("schedule %+v", s)
	}
	// R7, R30
	if got := spec.Prices.Regular; len(got) != 3 || got[0] != (loto.PriceTier{Cards: 1, Cents: 500}) || got[1] != (loto.PriceTier{Cards: 3, Cents: 1200}) || got[2] != (loto.PriceTier{Cards: 6, Cents: 2000}) {
		t.Fatalf("regular prices %+v", got)
	}
	if got := spec.Prices.Special; len(got) != 1 || got[0] != (loto.PriceTier{Cards: 1, Cents: 600}) {
		t.Fatalf("special prices %+v", got)
	}
	// R6, R30
	want := []loto.Desk{{Name: "caisse-1"}, {Name: "caisse-2"}, {Name: "pmr", PMR: true}, {Name: "voiture", Special: true}}
	if len(spec.Desks) != len(want) {
		t.Fatalf("desks %+v", spec.Desks)
	}
	for i := range want {
		if spec.Desks[i] != want[i] {
			t.Fatalf("desk %d = %+v, want %+v", i, spec.Desks[i], want[i])
		}
	}
	// L1: the plate of 6 at 20 EUR warns, nothing else does.
	if len(warnings) != 1 || !strings.Contains(warnings[0], "prices.regular[2].cents") || !strings.Contains(warnings[0], "L1") {
		t.Fatalf("warnings %q", warnings)
	}
	// R31, R32: the car on the special card only; the last 3 games open to it too.
	n := len(spec.Programme)
	car, objects := -1, map[string]bool{}
	for i, g := range spec.Programme {
		for _, st := range g.Stages {
			if st.Prize.Kind == loto.Object {
				objects[st.Prize.Label] = true
			}
		}
		if g.Accepts(loto.Special) && !g.Accepts(loto.Regular) {
			car = i
			if !strings.Contains(g.Stages[0].Prize.Notes, "immatriculation") { // R33
				t.Fatalf("car prize notes %q", g.Stages[0].Prize.Notes)
			}
		}
		last3 := i >= n-3
		if g.Accepts(loto.Special) != (last3 || i == car) || (i != car && !g.Accepts(loto.Regular)) {
			t.Fatalf("game %d accepts %v", i+1, g.Kinds)
		}
	}
	if car < 0 || !objects["Robot tondeuse"] || !objects["Voyage pour deux personnes"] {
		t.Fatalf("programme lacks the car (%d), the robot mower or the trip: %v", car, objects)
	}
}

// mutate replaces old by new in the example file, which must contain old.
func mutate(t *testing.T, old, new string) []byte {
	t.Helper()
	src := string(megaLoto(t))
	if !strings.Contains(src, old) {
		t.Fatalf("example lacks %q", old)
	}
	return []byte(strings.Replace(src, old, new, 1))
}

// lineOf is the 1-based line of the first occurrence of s in the example.
func lineOf(t *testing.T, s string) int {
	t.Helper()
	src := string(megaLoto(t))
	i := strings.Index(src, s)
	if i < 0 {
		t.Fatalf("example lacks %q", s)
	}
	return strings.Count(src[:i], "\n") + 1
}

func TestL1_CashPrizeDoesNotExist(t *testing.T) {
	old := "{label: Bon d'achat de 30 €, kind: voucher, cents: 3000, consolation: bouteille de cidre}"
	_, _, err := Parse(mutate(t, old, "{label: 30 euros, kind: cash, cents: 3000}"))
	wantCode(t, err, loto.EInvalid)
	msg := loto.ErrorMessage(err)
	line := lineOf(t, old)
	for _, want := range []string{"programme[0].stages[0].prize.kind", "L1", "ligne " + strconv.Itoa(line)} {
		if !strings.Contains(msg, want) {
			t.Fatalf("message %q lacks %q", msg, want)
		}
	}
}

func TestL1_PriceOf20EurosOrMoreWarns(t *testing.T) {
	for _, tc := range []struct {
		cents string
		warn  bool
	}{{"1999", false}, {"2000", true}, {"2500", true}} {
		t.Run(tc.cents, func(t *testing.T) {
			_, w, err := Parse(mutate(t, "{cards: 6, cents: 2000}", "{cards: 6, cents: "+tc.cents+"}"))
			ok(t, err)
			if (len(w) == 1) != tc.warn {
				t.Fatalf("warnings %q", w)
			}
		})
	}
}

func TestParse_BadInputNamesThePlace(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string // in the message
	}{
		{"unknown field", "venue: Salle", "lieu: x\nvenue: Salle", []string{"lieu", "champ inconnu"}},
		{"cards not a number", "cards: 6000", "cards: beaucoup", []string{"series[0].cards", "nombre entier", "beaucoup"}},
		{"lower-case or digit code", "code: A\n", "code: a1\n", []string{"series[0].code"}},
		{"code already declared", "code: V\n", "code: A\n", []string{"series[1].code", "deux fois"}},
		{"no cards", "cards: 6000", "cards: 0", []string{"series[0].cards"}},
		{"too many cards", "cards: 6000", "cards: 2000000", []string{"series[0].cards"}},
		{"unknown kind", "kind: special ", "kind: golden ", []string{"series[1].kind"}},
		{"bad time", `doors: "08:00"`, `doors: "25:00"`, []string{"schedule.doors", "25:00"}},
		{"doors after start", `doors: "08:00"`, `doors: "12:00"`, []string{"schedule.start"}},
		{"break before start", `at: "12:30"`, `at: "10:30"`, []string{"schedule.breaks[0].at"}},
		{"bad date", "date: 2025-03-16", "date: 16/03/2025", []string{"date", "AAAA-MM-JJ"}},
		{"no PMR desk (R6)", "{name: pmr, pmr: true}", "{name: pmr}", []string{"desks", "au moins une caisse qui vend les cartes ordinaires doit être marquée PMR (pmr: true, R6)"}},
		{"no special desk (R30)", "{name: voiture, special: true}", "{name: voiture}", []string{"desks", "R30"}},
		{"desk twice", "{name: caisse-2}", "{name: caisse-1}", []string{"desks[1].name"}},
		{"desk twice in another case", "{name: caisse-2}", "{name: Caisse-1}", []string{"desks[1].name", "deux fois"}},
		{"PMR desk sells only the special card (R6)", "{name: pmr, pmr: true}        # caisse réservée PMR (R6)\n  - {name: voiture, special: true}", "{name: voiture, special: true, pmr: true}", []string{"desks", "au moins une caisse qui vend les cartes ordinaires doit être marquée PMR"}},
		{"absurd price", "{cards: 3, cents: 1200}", "{cards: 3, cents: 100000000}", []string{"prices.regular[1].cents"}},
		{"no single-card price", "{cards: 1, cents: 500}", "{cards: 2, cents: 900}", []string{"prices.regular", "cards: 1"}},
		{"zero price", "{cards: 3, cents: 1200}", "{cards: 3, cents: 0}", []string{"prices.regular[1].cents"}},
		{"bad draw mode", "draw: rng", "draw: dice", []string{"draw", "dice"}},
		{"unknown game kind", "kinds: [special]", "kinds: [gold]", []string{"programme[7].kinds[0]"}},
		{"stages out of order (R23)", "{stage: double_quine, prize: {label: Bon d'achat de 50 €", "{stage: quine, prize: {label: Bon d'achat de 50 €", []string{"programme[0].stages[1].stage"}},
		{"unknown stage", "stage: carton_plein\n", "stage: bingo\n", []string{"programme[7].stages[0].stage", "bingo"}},
		{"voucher without amount", "kind: voucher, cents: 3000, consolation", "kind: voucher, consolation", []string{"programme[0].stages[0].prize.cents"}},
		{"amount not in whole units", "kind: voucher, cents: 3000, consolation", "kind: voucher, cents: 3050, consolation", []string{"programme[0].stages[0].prize.cents", "multiple"}},
		{"object with an amount", "{label: Robot tondeuse, kind: object,", "{label: Robot tondeuse, kind: object, cents: 50000,", []string{"programme[8].stages[2].prize.cents"}},
		{"prize without label", "{label: Bon d'achat de 30 €, kind: voucher, cents: 3000, consolation: bouteille de cidre}", "{kind: voucher, cents: 3000}", []string{"programme[0].stages[0].prize.label", "R13"}},
		{"not YAML", "name: Méga", "name: [Méga", []string{"YAML"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse(mutate(t, tc.old, tc.new))
			wantCode(t, err, loto.EInvalid)
			msg := loto.ErrorMessage(err)
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Fatalf("message %q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestParse_EveryMistakeAtOnceWithItsLine(t *testing.T) {
	src := mutate(t, "cards: 600\n", "cards: 0\n")
	src = []byte(strings.Replace(string(src), "draw: rng", "draw: dice", 1))
	_, _, err := Parse(src)
	msg := loto.ErrorMessage(err)
	if !strings.Contains(msg, "2 erreurs") || !strings.Contains(msg, "ligne "+strconv.Itoa(lineOf(t, "cards: 600\n"))+", series[1].cards") ||
		!strings.Contains(msg, "ligne "+strconv.Itoa(lineOf(t, "draw: rng"))+", draw") {
		t.Fatalf("message %q", msg)
	}
}

func TestParse_Defaults(t *testing.T) {
	spec, _, err := Parse(eventYAML("", `  - title: Partie
    stages:
      - prize: {label: Bon, kind: voucher, cents: 1000}
      - prize: {label: Bon, kind: voucher, cents: 2000}
      - prize: {label: Robot, kind: object}
  - title: Carton seul
    stages:
      - {stage: carton plein, prize: {label: Voyage, kind: object}}
`))
	ok(t, err)
	g := spec.Programme[0]
	if spec.Draw != loto.DrawRNG || len(g.Kinds) != 1 || g.Kinds[0] != loto.Regular {
		t.Fatalf("draw %s kinds %v", spec.Draw, g.Kinds)
	}
	for i, want := range []loto.StageName{loto.Quine, loto.DoubleQuine, loto.FullCard} {
		if g.Stages[i].Stage != want || g.Stages[i].Lines != i+1 {
			t.Fatalf("stage %d = %+v", i, g.Stages[i])
		}
	}
	if p := g.Stages[0].Prize; p.UnitCents != 100 || p.Consolation != defaultConsolation {
		t.Fatalf("prize defaults %+v", p)
	}
	// R23: a game may have fewer stages, e.g. the full card only.
	if s := spec.Programme[1].Stages; len(s) != 1 || s[0].Stage != loto.FullCard || s[0].Lines != 3 {
		t.Fatalf("full card only: %+v", s)
	}
}

func TestParse_JSONFileIsAccepted(t *testing.T) {
	fromYAML, _, err := Parse(megaLoto(t))
	ok(t, err)
	var doc map[string]any
	ok(t, yaml.Unmarshal(megaLoto(t), &doc))
	doc["date"] = "2025-03-16" // YAML read the unquoted date as a time
	js, err := json.Marshal(doc)
	ok(t, err)
	fromJSON, _, err := Parse(js)
	ok(t, err)
	if !reflect.DeepEqual(fromYAML, fromJSON) {
		t.Fatalf("JSON file gives another day")
	}
	shown, err := Marshal(fromJSON)
	ok(t, err)
	if !strings.Contains(string(shown), `"doors": "08:00"`) {
		t.Fatalf("event show --json: %s", shown)
	}
}

func TestParse_Empty(t *testing.T) {
	_, _, err := Parse(nil)
	wantCode(t, err, loto.EInvalid)
}

func TestParse_MessagesAgreeWithTheirCount(t *testing.T) {
	t.Run("a price given twice for one card", func(t *testing.T) {
		_, _, err := Parse(mutate(t, "{cards: 3, cents: 1200}", "{cards: 1, cents: 1200}"))
		wantSays(t, err, []string{"deux prix pour 1 carte"}, "carte(s)")
	})
	t.Run("a break of 0 minute in the file", func(t *testing.T) {
		_, _, err := Parse(mutate(t, "minutes: 75", "minutes: 0"))
		wantSays(t, err, []string{"durée de 0 minute invalide"}, "0 minutes")
	})
}

func TestR30_SpecialSeriesHasAColourOfItsOwn(t *testing.T) {
	for _, tc := range []struct {
		name, new string
		want      []string
	}{
		{"no colour", "\n", []string{"ligne " + strconv.Itoa(lineOf(t, "code: V")) + ", series[1].color", "doit avoir une couleur", "R30"}},
		{"the colour of a regular series", "    color: Jaune \n", []string{"ligne " + strconv.Itoa(lineOf(t, "color: rose")) + ", series[1].color", "« Jaune »", "série ordinaire A", "R30"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse(mutate(t, "    color: rose\n", tc.new))
			wantCode(t, err, loto.EInvalid)
			wantSays(t, err, tc.want)
		})
	}
	// A regular series may share a colour with another regular one.
	_, _, err := Parse(mutate(t, "    title: Tirage de la voiture\n", "    title: Tirage de la voiture\n  - {code: B, cards: 60, color: jaune}\n"))
	ok(t, err)
}

// A few kilobytes of aliases of aliases expand to gigabytes;
// they are refused before anything walks the tree.
func TestParse_AliasesAreRefusedBeforeTheyExpand(t *testing.T) {
	bomb := "x0: &a0 [regular, regular, regular, regular, regular, regular, regular, regular, regular, regular]\n"
	for i := 1; i <= 5; i++ {
		p := fmt.Sprintf("*a%d", i-1)
		bomb += fmt.Sprintf("x%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(p+", ", 10), ", "))
	}
	// The anchors sit in a note; the programme's kinds use the last one.
	src := mutate(t, "kinds: [special]", "kinds: *a5")
	src = append(src, []byte("\n# "+strings.ReplaceAll(bomb, "\n", "\n# "))...)
	src = []byte(strings.Replace(string(src), "draw: rng", "draw: rng\nbomb:\n  "+strings.ReplaceAll(strings.TrimSpace(bomb), "\n", "\n  "), 1))
	_, _, err := Parse(src)
	wantCode(t, err, loto.EInvalid)
	wantSays(t, err, []string{"alias YAML (*a"}, "donné deux fois")
	if msg := loto.ErrorMessage(err); len(msg) > 300 {
		t.Fatalf("message of %d bytes", len(msg))
	}
}

// An event file has a size bound, and every text of it a
// length bound; a refusal never repeats a huge input.
func TestParse_SizesAreBounded(t *testing.T) {
	huge := strings.Repeat("Méga ", 2000)
	for _, tc := range []struct {
		name string
		src  []byte
		want []string
	}{
		{"a file too big", append(megaLoto(t), []byte("\n# "+strings.Repeat("x", MaxSize))...), []string{"trop gros", "262144 au plus"}},
		{"a title too long", mutate(t, "title: Méga Loto Rotary", "title: "+huge), []string{"series[0].title", "9999 caractères, c'est trop (200 au plus)"}},
		{"a note too long", mutate(t, "notes: ", "notes: "+huge+huge), []string{".notes", "(1000 au plus)"}},
		{"an unknown field with a huge name", mutate(t, "venue: Salle", strings.Repeat("k", 1000)+": x\nvenue: Salle"), []string{"coupé, 1000 caractères", "champ inconnu"}},
		{"a huge number", mutate(t, "cards: 6000", "cards: "+strings.Repeat("9", 5000)), []string{"series[0].cards", "coupé"}},
		{"a huge date", mutate(t, "date: 2025-03-16", "date: "+strings.Repeat("2", 150)), []string{"date", "coupé"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse(tc.src)
			wantCode(t, err, loto.EInvalid)
			wantSays(t, err, tc.want)
			if msg := loto.ErrorMessage(err); len(msg) > 600 {
				t.Fatalf("the refusal repeats the input: %d bytes", len(msg))
			}
		})
	}
	// A thousand mistakes: the first ones are listed, the rest counted.
	many := mutate(t, "title: Méga Loto Rotary", "title: Méga Loto Rotary\n"+strings.Repeat("    junk: 1\n", 1000))
	_, _, err := Parse(many)
	wantSays(t, err, []string{"1000 erreurs", "... et 970 autres"})
}

// A control or format character in any text of the file is
// refused with its line.
func TestParse_ControlCharactersAreRefusedWithTheirLine(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string
	}{
		{"escape in a desk", "{name: caisse-2}", `{name: "caisse-2\e[2J"}`, []string{"ligne " + strconv.Itoa(lineOf(t, "{name: caisse-2}")) + ", desks[1].name", "U+001B"}},
		{"bell in the name", "name: Méga Loto du Rotary Saint-Brieuc", `name: "Méga\a Loto"`, []string{"name", "U+0007"}},
		{"bidi override in a title", "title: Méga Loto Rotary", "title: \u202eMéga Loto Rotary", []string{"series[0].title", "U+202E"}},
		{"NUL in a prize", "{label: Robot tondeuse,", `{label: "Robot\0 tondeuse",`, []string{".prize.label", "U+0000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse(mutate(t, tc.old, tc.new))
			wantCode(t, err, loto.EInvalid)
			wantSays(t, err, tc.want)
		})
	}
}

// The event's time zone is a setting of the file, Europe/Paris
// when it names none; an unknown zone is refused with its line.
func TestR1_TimeZoneIsASettingOfTheFile(t *testing.T) {
	spec, _, err := Parse(mutate(t, "time_zone: Europe/Paris", "time_zone: America/Martinique"))
	ok(t, err)
	if spec.TimeZone != "America/Martinique" || spec.Location().String() != "America/Martinique" {
		t.Fatalf("zone %q", spec.TimeZone)
	}
	spec, _, err = Parse(mutate(t, "time_zone: Europe/Paris", ""))
	ok(t, err)
	if spec.TimeZone != loto.DefaultTimeZone {
		t.Fatalf("default zone %q", spec.TimeZone)
	}
	for _, bad := range []string{"Europe/Pariss", "Local", "../../etc/passwd"} {
		_, _, err = Parse(mutate(t, "time_zone: Europe/Paris", "time_zone: "+bad))
		wantSays(t, err, []string{"ligne " + strconv.Itoa(lineOf(t, "time_zone:")) + ", time_zone", "fuseau horaire"})
	}
}

// TestParse_EveryDeskCanBeBoundToADevice: a desk the file declares is one
// a cashier's device can be bound to (its actor signs the desk's events):
// a "/" is refused at the file, with its line, never after the event is
// recorded; any other character the actor takes passes.
func TestParse_EveryDeskCanBeBoundToADevice(t *testing.T) {
	line := "ligne " + strconv.Itoa(lineOf(t, "{name: caisse-2}")) + ", desks[1].name"
	for _, name := range []string{"caisse/2", "caisse 2 / entrée", "/", `"caisse-2/"`} {
		_, _, err := Parse(mutate(t, "{name: caisse-2}", "{name: "+name+"}"))
		wantCode(t, err, loto.EInvalid)
		wantSays(t, err, []string{line, "« / »"})
	}
	for _, name := range []string{"caisse n°2 (entrée)", `"caisse: 2"`, "caisse#2", `"caisse?2&x=1"`, `caisse\2`, "caisse%2F", "Caisse 2 — bar", "caisse.2"} {
		spec, _, err := Parse(mutate(t, "{name: caisse-2}", "{name: "+name+"}"))
		if err != nil {
			t.Fatalf("desk %s: %v", name, err)
		}
		for _, d := range spec.Desks {
			if err := (loto.Actor{Name: "tablette", Role: loto.RoleCashier, Desk: d.Name}).Check(); err != nil {
				t.Errorf("desk %q accepted by the file, refused to a device: %v", d.Name, err)
			}
		}
	}
}
