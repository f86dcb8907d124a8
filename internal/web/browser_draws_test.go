package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/game"
)

// hallURL is the live server's address by the hall's name, over plain
// http: no secure context, so no crypto.subtle nor crypto.randomUUID.
func (l *live) hallURL() string {
	return strings.Replace(l.url, "127.0.0.1", hallName, 1)
}

// hallTab opens path at the hall's name in the browser ctx (hallBrowser),
// at a phone's size, and checks that the page is no secure context.
func (l *live) hallTab(ctx context.Context, base, path string) *tab {
	l.t.Helper()
	tb := l.newTabIn(ctx, path)
	tb.url = base + path
	tb.run(chromedp.EmulateViewport(390, 844), chromedp.Navigate(tb.url))
	if !eval[bool](tb, `!window.isSecureContext && !(window.crypto && window.crypto.subtle) && location.hostname === "`+hallName+`"`) {
		tb.t.Fatalf("%s is a secure context: the test would not be the hall's", tb.url)
	}
	return tb
}

// hallNoErrors is noErrors for a page over plain http at the hall's
// name, where chromium logs that it ignores the server's
// Cross-Origin-Opener-Policy (it applies to trustworthy origins only): a
// warning of the browser about the transport, not the page's error.
func (tb *tab) hallNoErrors() {
	tb.t.Helper()
	tb.dropErrors(func(e string) bool {
		return strings.Contains(e, "The Cross-Origin-Opener-Policy header has been ignored")
	})
	tb.noErrors()
}

// goDraws is the Go drawer's whole game for a seed: the 90 numbers in order.
func goDraws(t *testing.T, seed []byte, g int) []int {
	t.Helper()
	var drawn game.Drawn
	d := game.NewDrawer(seed, g)
	out := make([]int, 0, 90)
	for range 90 {
		n, err := d.Next(&drawn)
		if err != nil {
			t.Fatal(err)
		}
		if err := drawn.Add(n); err != nil {
			t.Fatal(err)
		}
		out = append(out, int(n))
	}
	return out
}

// TestBrowser_VerifierDrawsAsTheGoDrawerOn1000Seeds: draws.js, in a
// phone's page over plain http on the hall's name (no crypto.subtle),
// gives for 1,000 seeds the SHA-256 and the 90 numbers of
// internal/game's drawer, game numbers past 2^32 included; and its check
// names the first number recorded that the seed does not give.
func TestBrowser_VerifierDrawsAsTheGoDrawerOn1000Seeds(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	phone := l.hallTab(hallBrowser(t), l.hallURL(), "/joueur")
	type sample struct {
		Seed string `json:"seed"`
		Game int    `json:"game"`
	}
	var samples []sample
	var want []string
	for i := range 1000 {
		sum := sha256.Sum256(fmt.Appendf(nil, "loto/verifier/%d", i))
		g := 1 + i%40
		if i%7 == 0 {
			g = 1<<33 + i // the game number's high word counts too
		}
		samples = append(samples, sample{hex.EncodeToString(sum[:]), g})
		commit := sha256.Sum256(sum[:])
		want = append(want, hex.EncodeToString(commit[:])+" "+strings.Trim(fmt.Sprint(goDraws(t, sum[:], g)), "[]"))
	}
	in, _ := json.Marshal(samples)
	got := eval[[]string](phone, `import("`+staticPath("draws.js")+`").then((m) => `+string(in)+`.map((s) => {
		const seed = m.fromHex(s.seed);
		return m.toHex(m.sha256(seed)) + " " + m.drawAll(seed, s.game, 90).join(" ");
	}))`)
	if len(got) != len(want) {
		t.Fatalf("%d results for %d seeds", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("seed %s, game %d:\n JS %s\n Go %s", samples[i].Seed, samples[i].Game, got[i], want[i])
		}
	}

	// The check: the numbers recorded as drawn are the seed's, or the
	// first that is not is named with the seed's.
	seed, _ := hex.DecodeString(samples[1].Seed)
	draws := goDraws(t, seed, samples[1].Game)[:30]
	swapped := append([]int(nil), draws...)
	swapped[11], swapped[12] = swapped[12], swapped[11]
	check := func(recorded []int) string {
		b, _ := json.Marshal(recorded)
		return eval[string](phone, fmt.Sprintf(`import(%q).then((m) => JSON.stringify(m.checkDraws(%q, %d, %s)))`,
			staticPath("draws.js"), samples[1].Seed, samples[1].Game, b))
	}
	if c := check(draws); c != "null" {
		t.Fatalf("the seed's own draws: %s", c)
	}
	if c, w := check(swapped), fmt.Sprintf(`{"index":11,"want":%d,"got":%d}`, draws[11], draws[12]); c != w {
		t.Fatalf("two numbers swapped: %s, want %s", c, w)
	}
	phone.hallNoErrors()
}
