package web

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// voiceStubs replace what the browser would play or say by a record of it
// (window.played: the recordings' URLs, window.said: the utterances), the
// recordings ending at once; voices is the list the browser's speech
// synthesis offers.
func voiceStubs(voices string) string {
	return fmt.Sprintf(`(() => {
		window.played = window.played || [];
		window.said = window.said || [];
		HTMLMediaElement.prototype.play = function () {
			played.push(new URL(this.src).pathname);
			setTimeout(() => this.dispatchEvent(new Event("ended")), 20);
			return Promise.resolve();
		};
		window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
		speechSynthesis.getVoices = () => %s;
		speechSynthesis.speak = (u) => said.push(u.lang + " " + u.text);
		speechSynthesis.cancel = () => {};
	})()`, voices)
}

// TestBrowser_BoardSpeaksEachNumberTwice: the board's voice, switched on
// by its button and remembered, says each new number twice: with the
// browser's French voice when it has one that works offline, else with the
// recording of that number, played twice ("Google français", which needs
// the network, is not used). A board reloaded with the voice on asks to be
// touched, as browsers speak only then. The recordings play in Chromium.
func TestBrowser_BoardSpeaksEachNumberTwice(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	ctx := context.Background()
	l.sell(1, 30)
	host := l.devices[loto.RoleHost]
	board := l.open("/tableau", 1920, 1080)
	board.waitText("#voice", "Voix : non")
	// The network voice only: the recordings speak.
	eval[chromedp.Void](board, voiceStubs(`[{lang: "fr-FR", localService: false, name: "Google français"}]`))
	board.run(chromedp.Click(chromedp.CSS("#voice")))
	board.waitText("#voice", "Voix : oui")
	if got := eval[string](board, `localStorage.getItem("loto.tableau.voix")`); got != "1" {
		t.Fatalf("the voice switched on is stored as %q", got)
	}
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	draw := func() string {
		t.Helper()
		d, err := l.day.Draw(ctx, host, 0)
		if err != nil {
			t.Fatal(err)
		}
		n := strconv.Itoa(int(d.Number))
		board.waitFor("#last", func(s string) bool { return s == n }, "to be "+n)
		return n
	}
	waitList := func(name string, want []string) {
		t.Helper()
		wantJSON := string(mustJSON(want))
		board.waitUntil("window."+name+" to be "+wantJSON, func() (bool, string) {
			got := eval[string](board, "JSON.stringify("+name+")")
			return got == wantJSON, "it is " + got
		})
	}
	first := draw()
	rec := "/tableau/voix/" + first + ".ogg"
	waitList("played", []string{rec, rec})
	second := draw()
	waitList("played", []string{rec, rec, "/tableau/voix/" + second + ".ogg", "/tableau/voix/" + second + ".ogg"})

	// A French voice of the machine's own: it says the number, twice.
	eval[chromedp.Void](board, voiceStubs(`[{lang: "en-GB", localService: true, name: "English"}, {lang: "fr-FR", localService: true, name: "eSpeak français"}]`))
	third := draw()
	waitList("said", []string{"fr-FR " + third, "fr-FR " + third})
	if got := eval[int](board, "played.length"); got != 4 {
		t.Fatalf("a recording played as well as the browser's voice: %d plays", got)
	}
	board.axe()
	board.screenshot("tableau-voix-1920x1080")

	// Reloaded, the board remembers the voice and asks for a touch.
	board.run(chromedp.Reload())
	board.waitText("#voice", "toucher l'écran")
	board.run(chromedp.Click(chromedp.CSS("#last")))
	board.waitFor("#voice", func(s string) bool { return s == "Voix : oui" }, `to be "Voix : oui"`)

	// Chromium decodes the recordings the server ships.
	secs := eval[float64](board, `new Promise((done, fail) => {
		const a = new Audio("/tableau/voix/90.ogg");
		a.addEventListener("loadedmetadata", () => done(a.duration));
		a.addEventListener("error", () => fail(new Error("error " + (a.error && a.error.code))));
		a.load();
	})`)
	if secs < 0.4 || secs > 3 {
		t.Fatalf("the recording of 90 lasts %.2f s", secs)
	}

	// Switched off, it says nothing more.
	eval[chromedp.Void](board, voiceStubs(`[]`))
	board.run(chromedp.Click(chromedp.CSS("#voice")))
	board.waitText("#voice", "Voix : non")
	if got := eval[string](board, `localStorage.getItem("loto.tableau.voix")`); got != "0" {
		t.Fatalf("the voice switched off is stored as %q", got)
	}
	draw()
	eval[chromedp.Void](board, `new Promise((done) => setTimeout(done, 300))`)
	if got := eval[int](board, "played.length + said.length"); got != 0 {
		t.Fatalf("the voice switched off still spoke %d times", got)
	}
	board.noErrors()
}
