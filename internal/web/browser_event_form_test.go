package web

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/loto"
	"loto/internal/print"
)

// The event's form in the browser: the rulebook's day entered field by
// field, a mistake shown beside its field, the warnings, the preview of
// the rules and of the board, and nothing recorded before the confirmation.

// at is the selector of the form's field at a path of the event file.
func at(path string) string { return fmt.Sprintf(`#dayform [data-path=%q]`, path) }

// typeAt types text into the field at path, as the organiser does.
func (tb *tab) typeAt(path, text string) {
	tb.t.Helper()
	if text == "" {
		return
	}
	tb.run(chromedp.SendKeys(at(path), text))
}

// setAt sets the field at path (a select, a date, a time, a checkbox:
// "true" or "false") and tells the form as an edit does.
func (tb *tab) setAt(path, value string) {
	tb.t.Helper()
	p, _ := json.Marshal(at(path))
	v, _ := json.Marshal(value)
	eval[bool](tb, fmt.Sprintf(`((s, v) => { const f = document.querySelector(s); if (!f) throw new Error("no field " + s);
		if (f.type === "checkbox") f.checked = v === "true"; else f.value = v;
		f.dataset.touched = ""; f.dispatchEvent(new Event("input", {bubbles: true})); f.dispatchEvent(new Event("change", {bubbles: true})); return true })(%s, %s)`, p, v))
}

// press activates the button matching selector from the keyboard.
func (tb *tab) pressButton(selector string) {
	tb.t.Helper()
	tb.run(chromedp.Focus(selector), chromedp.KeyEvent("\r"))
}

// addTo presses a list's "Ajouter" button, from the keyboard.
func (tb *tab) addTo(list string) {
	tb.t.Helper()
	tb.pressButton(at(list) + " > .add")
}

// euroText writes cents as the organiser types euros: "12" or "12,50".
func euroText(c loto.Cents) string {
	if c%100 == 0 {
		return strconv.FormatInt(int64(c/100), 10)
	}
	return fmt.Sprintf("%d,%02d", c/100, c%100)
}

// enterEvent enters spec through the form: typed where typed says, set
// through the fields otherwise; every row added by the form's buttons.
func (tb *tab) enterEvent(spec *loto.EventSpec, typed func(game int) bool) {
	tb.t.Helper()
	put := func(game int, path, v string) {
		if typed(game) {
			tb.typeAt(path, v)
		} else {
			tb.setAt(path, v)
		}
	}
	tb.typeAt("name", spec.Name)
	tb.setAt("date", spec.Date)
	tb.typeAt("venue", spec.Venue)
	tb.setAt("schedule.doors", spec.Schedule.Doors.String())
	tb.setAt("schedule.start", spec.Schedule.Start.String())
	tb.typeAt("hall.back_row_m", strings.Replace(strconv.FormatFloat(spec.Hall.BackRowM, 'f', -1, 64), ".", ",", 1))
	tb.typeAt("hall.screen_height_m", strings.Replace(strconv.FormatFloat(spec.Hall.ScreenHeightM, 'f', -1, 64), ".", ",", 1))
	for i, b := range spec.Schedule.Breaks {
		tb.addTo("schedule.breaks")
		p := fmt.Sprintf("schedule.breaks[%d]", i)
		tb.typeAt(p+".label", b.Label)
		tb.setAt(p+".at", b.At.String())
		tb.typeAt(p+".minutes", strconv.Itoa(b.Minutes))
	}
	for i, s := range spec.Series {
		if i > 0 {
			tb.addTo("series")
		}
		p := fmt.Sprintf("series[%d]", i)
		tb.typeAt(p+".code", s.Code)
		tb.setAt(p+".kind", string(s.Kind))
		tb.typeAt(p+".cards", strconv.Itoa(s.Cards))
		tb.typeAt(p+".color", s.Color)
		tb.typeAt(p+".title", s.Title)
	}
	tiers := func(list string, ts []loto.PriceTier, first bool) {
		for i, pt := range ts {
			p := fmt.Sprintf("%s[%d]", list, i)
			if i > 0 || !first {
				tb.addTo(list)
				tb.typeAt(p+".cards", strconv.Itoa(pt.Cards))
			} else {
				tb.setAt(p+".cards", strconv.Itoa(pt.Cards))
			}
			tb.typeAt(p+".cents", euroText(pt.Cents))
		}
	}
	tiers("prices.regular", spec.Prices.Regular, true)
	tiers("prices.special", spec.Prices.Special, false)
	for i, d := range spec.Desks {
		if i > 0 {
			tb.addTo("desks")
		}
		p := fmt.Sprintf("desks[%d]", i)
		tb.typeAt(p+".name", d.Name)
		if d.PMR {
			tb.run(chromedp.Focus(at(p+".pmr")), chromedp.KeyEvent(" "))
		}
		if d.Special {
			tb.run(chromedp.Focus(at(p+".special")), chromedp.KeyEvent(" "))
		}
	}
	for i, g := range spec.Programme {
		if i > 0 {
			tb.addTo("programme")
		}
		p := fmt.Sprintf("programme[%d]", i)
		put(i, p+".title", g.Title)
		tb.setAt(p+".kinds.regular", strconv.FormatBool(g.Accepts(loto.Regular)))
		tb.setAt(p+".kinds.special", strconv.FormatBool(g.Accepts(loto.Special)))
		put(i, p+".notes", g.Notes)
		// A new game has its three stages: those it lacks are removed.
		names := map[loto.StageName]bool{}
		for _, st := range g.Stages {
			names[st.Stage] = true
		}
		for j := len(loto.Stages()) - 1; j >= 0; j-- {
			if !names[loto.Stages()[j]] {
				tb.pressButton(fmt.Sprintf("%s > .rows > .row:nth-child(%d) > button.remove", at(p+".stages"), j+1))
			}
		}
		for j, st := range g.Stages {
			sp := fmt.Sprintf("%s.stages[%d]", p, j)
			tb.setAt(sp+".stage", string(st.Stage))
			put(i, sp+".prize.label", st.Prize.Label)
			tb.setAt(sp+".prize.kind", string(st.Prize.Kind))
			if st.Prize.Kind == loto.Voucher {
				put(i, sp+".prize.cents", euroText(st.Prize.Cents))
			}
			put(i, sp+".prize.consolation", st.Prize.Consolation)
			put(i, sp+".prize.notes", st.Prize.Notes)
			if st.Prize.Sponsor != nil {
				put(i, sp+".prize.sponsor.name", st.Prize.Sponsor.Name)
			}
		}
	}
}

// TestBrowserEventForm_RulebookDayEqualsTheFile enters the rulebook's day
// through the form, the first game and the car game typed key by key and
// every row added with the form's buttons; a mistake shows beside its
// field, the car's missing note warns (R33), the preview shows the rules
// and the board, and nothing is recorded until the confirmation, after
// which the day's event is the one examples/mega-loto.yaml creates.
func TestBrowserEventForm_RulebookDayEqualsTheFile(t *testing.T) {
	t.Parallel()
	want, _, err := eventfile.ParseChecked(examples.MegaLoto, print.CheckColor)
	if err != nil {
		t.Fatal(err)
	}
	l := startLiveEvent(t, Config{}, nil)
	tb := l.openOrganiser("/organisateur/evenement", laptopW, laptopH)
	tb.run(chromedp.WaitVisible(at("name")))
	before := l.head()

	// A mistake, beside its field, as one types.
	tb.typeAt("series[0].cards", "0")
	tb.waitText(at("series[0].cards")+" ~ .fielderr", "nombre de cartes")
	if got := tb.attr(at("series[0].cards"), "aria-invalid"); got != "true" {
		t.Errorf("the field in error has aria-invalid %q", got)
	}
	tb.run(chromedp.ScrollIntoView(at("series[0].code")))
	tb.screenshot("org_event_form_error")
	tb.axe()
	eval[bool](tb, `(document.querySelector('#dayform [data-path="series[0].cards"]').value = "", true)`)

	car := -1
	for i, g := range want.Programme {
		if g.Accepts(loto.Special) && !g.Accepts(loto.Regular) {
			car = i
		}
	}
	// The car prize's note is left out first: the form warns of it (R33).
	noNote := *want
	noNote.Programme = append([]loto.GameSpec(nil), want.Programme...)
	carGame := noNote.Programme[car]
	carGame.Stages = append([]loto.StageSpec(nil), carGame.Stages...)
	carGame.Stages[0].Prize.Notes = ""
	noNote.Programme[car] = carGame
	tb.enterEvent(&noNote, func(game int) bool { return game == 0 || game == car })
	notePath := fmt.Sprintf("programme[%d].stages[0].prize.notes", car)
	tb.pressButton("#fcheck")
	tb.waitText(at(notePath)+" ~ .fieldwarn", "immatriculation")
	tb.typeAt(notePath, want.Programme[car].Stages[0].Prize.Notes)
	tb.pressButton("#fcheck")
	tb.waitText("#fsummary", "Aucune erreur")
	if n := tb.count("#dayform .fielderr"); n != 0 {
		t.Fatalf("%d mistakes shown: %s", n, tb.text("#fsummary"))
	}
	tb.run(chromedp.ScrollIntoView(at(fmt.Sprintf("programme[%d].title", car))))
	tb.screenshot("org_event_form_programme")
	tb.run(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	tb.screenshot("org_event_form")

	// The file the form makes is the same day, for the file's way.
	next := tb.downloads()
	tb.pressButton("#fyaml")
	yml, err := os.ReadFile(next())
	if err != nil {
		t.Fatal(err)
	}
	fromFile, _, err := eventfile.ParseChecked(yml, print.CheckColor)
	if err != nil {
		t.Fatalf("the form's file is refused: %v\n%s", err, yml)
	}
	if a, b := mustJSON(fromFile), mustJSON(want); string(a) != string(b) {
		t.Errorf("the form's file differs from the rulebook's:\n%s", lineDiff(string(b), string(a)))
	}
	if l.head() != before || l.day.Event() != nil {
		t.Fatal("the form recorded something before its preview")
	}

	// The preview: the rules and the board of the unsaved day.
	// Each frame counts its loads: its style and its type are in once it has loaded.
	eval[bool](tb, `(() => { window.frameLoads = {}; for (const id of ["prev-rules", "prev-board"]) { window.frameLoads[id] = 0; document.getElementById(id).addEventListener("load", () => window.frameLoads[id]++); } return true; })()`)
	tb.pressButton("#fpreview")
	tb.run(chromedp.WaitVisible("#apercu"))
	tb.waitUntil("the preview's frames to load", func() (bool, string) {
		loads := eval[string](tb, `JSON.stringify(window.frameLoads)`)
		return eval[bool](tb, `window.frameLoads["prev-rules"] > 0 && window.frameLoads["prev-board"] > 0`), loads
	})
	rules := eval[string](tb, `document.getElementById("prev-rules").srcdoc`)
	board := eval[string](tb, `document.getElementById("prev-board").srcdoc`)
	for _, w := range []string{"Méga Loto du Rotary Saint-Brieuc", "Seule cette carte joue à la partie", "Les frais d&#39;immatriculation"} {
		if !strings.Contains(rules, w) {
			t.Errorf("the rules' preview lacks %q", w)
		}
	}
	for _, w := range []string{`data-mode="between"`, "Prochaine partie : <span id=\"next\">Partie 1</span>", "Bon d&#39;achat de 100 €", "Les règles du jeu", "aperçu, rien n&#39;est encore enregistré"} {
		if !strings.Contains(board, w) {
			t.Errorf("the board's preview lacks %q", w)
		}
	}
	tb.run(chromedp.ScrollIntoView("#prev-board"))
	// The board's type is fitted to its frame as on the hall's screen: no
	// panel's words overflow it, and the frame keeps the unsaved day's
	// first paint (it follows no stream, whose day has no event).
	tb.waitUntil("the board's preview to fit its frame", func() (bool, string) {
		seen := eval[[]string](tb, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => {
			const d = document.getElementById("prev-board").contentDocument, main = d.getElementById("board");
			const over = [...d.querySelectorAll(".fit")].filter((el) => el.checkVisibility() &&
				(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)).map((el) => "débordé : " + el.className);
			if (main.dataset.mode !== "between") over.push("mode " + main.dataset.mode);
			ok(over);
		})))`)
		return len(seen) == 0, strings.Join(seen, "; ")
	})
	tb.screenshot("org_event_preview")
	tb.axe()
	if l.head() != before || l.day.Event() != nil {
		t.Fatal("the preview recorded something")
	}

	// The confirmation names what is fixed and the warnings, and waits for the box.
	tb.run(chromedp.ScrollIntoView("#confirmbox"))
	for _, w := range []string{"ne se modifie plus", "le programme", "les prix des cartes", "les séries de cartes", "adresse publique"} {
		if !strings.Contains(tb.text("#confirmbox"), w) {
			t.Errorf("the confirmation lacks %q", w)
		}
	}
	if !strings.Contains(tb.text("#confirm-warnings"), "20 €") || strings.Contains(tb.text("#confirm-warnings"), "prices.regular") || !strings.Contains(tb.text("#confirm-read-label"), "avertissements") {
		t.Errorf("the confirmation's warnings: %q, %q", tb.text("#confirm-warnings"), tb.text("#confirm-read-label"))
	}
	if !tb.enabledSel("#confirm-ok", false) {
		t.Error("the confirmation's button is enabled before the box is ticked")
	}
	tb.run(chromedp.Focus("#confirm-read"), chromedp.KeyEvent(" "))
	tb.screenshot("org_event_confirm")
	if l.head() != before || l.day.Event() != nil {
		t.Fatal("ticking the box recorded something")
	}
	tb.pressButton("#confirm-ok")
	tb.waitText(".done", "Événement enregistré")

	got := l.day.Event()
	gj, _ := json.MarshalIndent(got, "", " ")
	wj, _ := json.MarshalIndent(want, "", " ")
	if string(gj) != string(wj) {
		t.Fatalf("the form's event differs from the file's:\n%s", lineDiff(string(wj), string(gj)))
	}
	tb.noScriptErrors()
}

// confirmEvent gives the confirmation the preview waits for, the box
// ticked and the button pressed, from the keyboard.
func (tb *tab) confirmEvent() {
	tb.t.Helper()
	tb.run(chromedp.WaitVisible("#confirm-read"), chromedp.Focus("#confirm-read"), chromedp.KeyEvent(" "))
	tb.pressButton("#confirm-ok")
}

// enabledSel says whether the element matching selector is enabled, is want.
func (tb *tab) enabledSel(selector string, want bool) bool {
	tb.t.Helper()
	return eval[bool](tb, fmt.Sprintf(`!document.querySelector(%q).disabled`, selector)) == want
}

// lineDiff shows the first lines where two texts differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var out []string
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			out = append(out, fmt.Sprintf("line %d: want %s\n         got  %s", i+1, a, b))
			if len(out) == 8 {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}

// TestBrowserEventForm_ExampleFillsTheForm: "Remplir avec l'exemple du
// règlement" puts the rulebook's day in the form's fields, which the
// check then finds without a mistake, and its YAML download is that day.
func TestBrowserEventForm_ExampleFillsTheForm(t *testing.T) {
	t.Parallel()
	want, _, err := eventfile.ParseChecked(examples.MegaLoto, print.CheckColor)
	if err != nil {
		t.Fatal(err)
	}
	l := startLiveEvent(t, Config{}, nil)
	tb := l.openOrganiser("/organisateur/evenement", laptopW, laptopH)
	tb.run(chromedp.WaitVisible("#fexample"))
	tb.pressButton("#fexample")
	tb.waitText("#fsummary", "Aucune erreur")
	if got := tb.value(at("programme[7].stages[0].prize.label")); got != "Voiture Citroën Ami" {
		t.Errorf("the car's prize reads %q", got)
	}
	next := tb.downloads()
	tb.pressButton("#fyaml")
	yml, err := os.ReadFile(next())
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := eventfile.ParseChecked(yml, print.CheckColor)
	if err != nil {
		t.Fatalf("the form's file is refused: %v", err)
	}
	if a, b := mustJSON(got), mustJSON(want); string(a) != string(b) {
		t.Errorf("the example in the form differs from the file:\n%s", lineDiff(string(b), string(a)))
	}
	if l.day.Event() != nil {
		t.Fatal("filling the form recorded something")
	}
	tb.noScriptErrors()
}

// value is the value of the field matching selector.
func (tb *tab) value(selector string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`document.querySelector(%q).value`, selector))
}
