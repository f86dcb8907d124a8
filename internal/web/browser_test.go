package web

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/loto"
)

// The browser tests run the pages in Debian's chromium, headless, driven
// by chromedp. One browser serves the whole package, each test opening
// tabs in it: starting a browser costs a second, a tab a few milliseconds.

// chromiumPath is Debian's chromium, which scripts/test.sh installs when
// missing. No tool downloads a browser of its own: the machines have no
// internet.
const chromiumPath = "/usr/bin/chromium"

// patience is the longest one step of a browser test may take: an action
// in a tab, a script, a wait for the page to show what the test expects, a
// download, the console's messages. Steps are bounded, not a tab's whole
// life: a machine loaded to 40 on 2 cores runs a page some twenty times
// slower, and a test of 5 s then takes minutes while each of its steps
// still takes seconds. A page that never shows what is expected fails
// after this long, whatever the length of its test.
const patience = 90 * time.Second

// browser is the package's one browser, started by the first test that
// needs it and stopped by TestMain.
var browser struct {
	once    sync.Once
	ctx     context.Context
	cancel  []context.CancelFunc
	dataDir string
	err     error
}

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(browser.cancel) - 1; i >= 0; i-- {
		browser.cancel[i]()
	}
	if browser.dataDir != "" {
		os.RemoveAll(browser.dataDir)
	}
	os.Exit(code)
}

// needBrowser returns the browser's context, starting it once. Without
// chromium the test is skipped on a developer's machine and fails under
// CI=true, where a skipped browser test would hide the pages untested.
func needBrowser(t testing.TB) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("chromium absent (%s) under CI: scripts/test.sh installs it", chromiumPath)
		}
		t.Skipf("chromium absent (%s): scripts/test.sh installs it", chromiumPath)
	}
	browser.once.Do(startBrowser)
	if browser.err != nil {
		t.Fatalf("starting chromium: %v", browser.err)
	}
	return browser.ctx
}

// startBrowser starts chromium with a fresh profile and every background
// service off: with no internet, its update checks, sync and QUIC probes
// would only flood the log with refused connections.
func startBrowser() {
	dir, err := os.MkdirTemp("", "loto-chromium-")
	if err != nil {
		browser.err = err
		return
	}
	browser.dataDir = dir
	ctx, cancel, err := launchBrowser(dir)
	browser.cancel = cancel
	if err != nil {
		browser.err = err
		return
	}
	browser.ctx = ctx
}

// launchBrowser starts a headless chromium on the profile dir with every
// background service off and the extra flags (e.g. a fake camera); the
// cancel functions stop it, in reverse order.
func launchBrowser(dir string, extra ...chromedp.ExecAllocatorOption) (context.Context, []context.CancelFunc, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("lang", "fr-FR"),
		chromedp.Env("LANGUAGE=fr", "LANG=fr_FR.UTF-8"),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(opts, extra...)...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	cancel := []context.CancelFunc{cancelAlloc, cancelCtx}
	return ctx, cancel, chromedp.Do(ctx)
}

// TestBrowser_SpeaksFrenchAsAHallsBrowsers: the test browser is a French
// one, as the hall's are: it asks for French pages and its own words (a
// required field's refusal) are French, which needs its French locale
// installed. Screenshots then show dates and refusals as volunteers see
// them.
func TestBrowser_SpeaksFrenchAsAHallsBrowsers(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	tb := l.open("/reglement", 390, 844)
	tb.waitText("h1", "Règlement du jeu")
	if lang := eval[string](tb, `navigator.language`); lang != "fr-FR" {
		t.Errorf("navigator.language = %q, want fr-FR", lang)
	}
	said := eval[string](tb, `(() => {
		const f = document.createElement("input");
		f.required = true;
		document.body.append(f);
		const m = f.validationMessage;
		f.remove();
		return m;
	})()`)
	if said != "Veuillez renseigner ce champ." {
		t.Errorf("an empty required field says %q, want the French browser's words", said)
	}
	date := eval[string](tb, `new Date(Date.UTC(2025, 2, 16, 12)).toLocaleDateString(undefined, {timeZone: "UTC"})`)
	if date != "16/03/2025" {
		t.Errorf("the browser writes 16 March 2025 as %q, want 16/03/2025", date)
	}
	tb.noErrors()
}

// live is a real server of the example day on a loopback port, with its
// live stream, for the browser.
type live struct {
	*fixture
	url    string
	broker *Broker
}

// startLive serves the example day, on a temporary SQLite file, at
// 127.0.0.1 on a port of the system's choosing, with the stream mounted;
// the test's end stops it.
func startLive(t *testing.T, cfg Config) *live {
	t.Helper()
	return startLiveEvent(t, cfg, examples.MegaLoto)
}

// startLiveEvent is startLive of the day the event file eventYAML
// describes; nil leaves the day bare, as setUpEvent does.
func startLiveEvent(t *testing.T, cfg Config, eventYAML []byte) *live {
	t.Helper()
	return startLiveSpec(t, cfg, parseEvent(t, eventYAML))
}

// startLiveSpec is startLive of the day of an event spec.
func startLiveSpec(t *testing.T, cfg Config, spec *loto.EventSpec) *live {
	t.Helper()
	return startLiveAt(t, cfg, spec, filepath.Join(t.TempDir(), "loto.db"))
}

// startLiveAt is startLiveSpec on the SQLite file at path.
func startLiveAt(t *testing.T, cfg Config, spec *loto.EventSpec, path string) *live {
	t.Helper()
	return serveLive(t, cfg, setUpAt(t, cfg, true, spec, path))
}

// serveLive serves the fixture's day with its stream, as startLive does;
// with cfg.Cert over TLS (ServeTLS) and an https:// url.
func serveLive(t *testing.T, cfg Config, f *fixture) *live {
	t.Helper()
	return serveLiveStream(t, cfg, f, BrokerOptions{})
}

// serveLiveStream is serveLive with a stream of those options (a short
// heartbeat).
func serveLiveStream(t *testing.T, cfg Config, f *fixture, opt BrokerOptions) *live {
	t.Helper()
	b := NewBroker(f.day, opt)
	cfg.Day, cfg.Auth, cfg.Now, cfg.Stream = f.day, f.auth, f.clock, b
	f.srv = New(cfg)
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { defer close(ran); b.Run(ctx) }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := f.srv.HTTPServer(ln.Addr().String())
	served := make(chan struct{})
	scheme := "http://"
	go func() {
		defer close(served)
		if cfg.Cert != nil {
			ServeTLS(hs, ln, cfg.Cert.TLS)
			return
		}
		hs.Serve(ln)
	}()
	if cfg.Cert != nil {
		scheme = "https://"
	}
	t.Cleanup(func() {
		// Close, not Shutdown: chromium keeps a preconnected socket
		// that Shutdown would wait 5 s for; the streams end with the broker.
		stop()
		hs.Close()
		<-ran
		<-served
	})
	return &live{fixture: f, url: scheme + ln.Addr().String(), broker: b}
}

// sell sells the cards of series A numbered from..to (one sale) through
// the domain, by the fixture's cashier at caisse-1, opened on the first
// sale; it returns their serials.
func (l *live) sell(from, to int) []string {
	l.t.Helper()
	ctx := context.Background()
	if len(l.day.Sessions()) == 0 {
		l.openDesk()
	}
	var texts []string
	for n := from; n <= to; n++ {
		texts = append(texts, l.serial(n))
	}
	codes, err := loto.ParseCardCodes(texts)
	if err != nil {
		l.t.Fatal(err)
	}
	// A card costs at most 5 € (R7): that much per card always pays.
	req := loto.SaleRequest{Cards: codes, Payments: []loto.Payment{{Method: loto.Cash, Cents: loto.Cents(500 * len(codes))}}}
	if _, err := l.day.Sell(loto.WithKey(ctx, loto.Key(fmt.Sprintf("vente-%d-%d", from, to))), l.devices[loto.RoleCashier], req); err != nil {
		l.t.Fatal(err)
	}
	return texts
}

// tab is a page open in the browser at a viewport size. It records the
// page's uncaught exceptions and console errors (a script the CSP blocks
// shows there), which noErrors checks.
type tab struct {
	t   testing.TB
	ctx context.Context
	url string

	mu   sync.Mutex
	errs []string
	last string // the text of the last console message, for noErrors
}

// newTab opens a tab in the package's browser, with opts (e.g. a browser
// context of its own), that keeps the page's console errors for noErrors.
func (l *live) newTab(path string, opts ...chromedp.ContextOption) *tab {
	l.t.Helper()
	return l.newTabIn(needBrowser(l.t), path, opts...)
}

// newTabIn is newTab in another browser than the package's (one started
// with a fake camera).
func (l *live) newTabIn(parent context.Context, path string, opts ...chromedp.ContextOption) *tab {
	t := l.t
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent, opts...)
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, url: l.url + path}
	// The first call on a tab's context makes the tab, which lives as long
	// as that call's context: this one, with no deadline; the tab closes
	// at the test's end.
	var messages iter.Seq2[chromedp.ConsoleMessage, error]
	tb.within("opening a tab", func(context.Context) error {
		messages = chromedp.Console(ctx)
		return nil
	})
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			tb.mu.Lock()
			if m.Type == chromedp.ConsoleError || m.IsException() {
				tb.errs = append(tb.errs, m.String()+" "+m.URL)
			}
			tb.last = m.Text
			tb.mu.Unlock()
		}
	}()
	return tb
}

// open opens path of the server in a new tab of width×height CSS pixels
// and waits for the page to be loaded.
func (l *live) open(path string, width, height int64) *tab {
	t := l.t
	t.Helper()
	tb := l.newTab(path)
	tb.run(chromedp.EmulateViewport(width, height), chromedp.Navigate(tb.url))
	return tb
}

// within runs one step of the test in the tab, f on a context of the tab
// that ends after patience, failing the test on an error; what says which
// step, in the failure. f runs on a goroutine of its own, so that a call
// that ignores its context cannot hang the test.
func (tb *tab) within(what string, f func(ctx context.Context) error) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, patience)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			tb.t.Fatalf("%s: %s: %v", tb.url, what, err)
		}
	case <-ctx.Done():
		tb.t.Fatalf("%s: %s: not done in %v", tb.url, what, patience)
	}
}

// run runs actions in the tab, failing the test on an error.
func (tb *tab) run(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	tb.within("actions", func(ctx context.Context) error { return chromedp.Do(ctx, actions...) })
}

// eval evaluates a JavaScript expression in the page, failing the test
// on an error; a promise is awaited.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	var v T
	tb.within(expr, func(ctx context.Context) (err error) {
		v, err = chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
		return err
	})
	return v
}

// call runs a protocol command in the tab, failing the test on an error.
func call[P, R any](tb *tab, cmd cdp.Command[P, R], params P) R {
	tb.t.Helper()
	var r R
	tb.within(cmd.Method, func(ctx context.Context) (err error) {
		r, err = chromedp.Call(ctx, cmd, params)
		return err
	})
	return r
}

// text is the text of the first element matching a CSS selector, "" when none does.
func (tb *tab) text(selector string) string {
	tb.t.Helper()
	return eval[string](tb, textOf(selector))
}

// textOf is the script that reads the text of the first element matching
// selector, "" when none does.
func textOf(selector string) string {
	return fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, selector)
}

// attr is an attribute of the first element matching a CSS selector, "" when none.
func (tb *tab) attr(selector, name string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(document.querySelector(%q) || {getAttribute() {}}).getAttribute(%q) || ""`, selector, name))
}

// count is how many elements match a CSS selector.
func (tb *tab) count(selector string) int {
	tb.t.Helper()
	return eval[int](tb, fmt.Sprintf(`document.querySelectorAll(%q).length`, selector))
}

// waitText waits until the element matching selector holds want in its
// text; it fails after patience with the last text seen.
func (tb *tab) waitText(selector, want string) {
	tb.t.Helper()
	tb.waitFor(selector, func(got string) bool { return strings.Contains(got, want) }, "to contain "+strconv.Quote(want))
}

// waitFor waits until the text of the element matching selector satisfies ok.
func (tb *tab) waitFor(selector string, ok func(string) bool, what string) {
	tb.t.Helper()
	tb.waitUntil(selector+": the text "+what, func() (bool, string) {
		got, err := tb.peek(selector)
		if err != nil {
			// A page that reloads itself after an act (the organiser's
			// decisions do) cannot be read while it loads: not yet.
			return false, "the page could not be read: " + err.Error()
		}
		return ok(got), fmt.Sprintf("it is %q", got)
	})
}

// waitValue waits until the field matching selector holds want.
func (tb *tab) waitValue(selector, want string) {
	tb.t.Helper()
	tb.waitUntil(fmt.Sprintf("%s to hold %q", selector, want), func() (bool, string) {
		v := tb.value(selector)
		return v == want, fmt.Sprintf("it holds %q", v)
	})
}

// peek is text without failing: the text of the first element matching
// selector, or the error of a page that cannot be read now (loading, or
// not answering within 10 s).
func (tb *tab) peek(selector string) (string, error) {
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[string](textOf(selector)))
}

// waitUntil polls done until it is true, the page's condition that a test
// waits for; it fails after patience with what was awaited and what done
// saw last.
func (tb *tab) waitUntil(what string, done func() (ok bool, seen string)) {
	tb.t.Helper()
	for deadline := time.Now().Add(patience); ; time.Sleep(20 * time.Millisecond) {
		ok, seen := done()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("%s: waited %v for %s; %s%s", tb.url, patience, what, seen, tb.saying())
		}
	}
}

// saying is what the page says in its message and live lines, for a
// failure to tell what the page answered: "" when it has neither.
func (tb *tab) saying() string {
	said, _ := tb.peek("#said")
	live, _ := tb.peek("#live")
	if said == "" && live == "" {
		return ""
	}
	return fmt.Sprintf(" (the page says %q, its live line %q)", strings.TrimSpace(said), strings.TrimSpace(live))
}

// screenshotDir is where the browser tests write their screenshots: the
// folder screenshots/ at the repository's root (gitignored), or
// LOTO_SCREENSHOTS when set.
func screenshotDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("LOTO_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// screenshot writes what the tab shows, its viewport, as name.png.
func (tb *tab) screenshot(name string) string {
	tb.t.Helper()
	var png []byte
	tb.within("screenshot "+name, func(ctx context.Context) (err error) {
		png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
		return err
	})
	path := filepath.Join(screenshotDir(tb.t), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	tb.t.Logf("screenshot %s", abs)
	return path
}

// axeSource is axe-core, vendored under testdata/axe-core with its licence
// (npm pack axe-core); tests never fetch it.
var axeSource = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", "axe-core", "axe.min.js"))
	return string(b), err
})

// axeViolation is one rule axe-core finds broken, with where.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		HTML   string `json:"html"`
		Target []any  `json:"target"`
	} `json:"nodes"`
}

// axe runs axe-core in the page (WCAG 2 A and AA, and its best
// practices) and fails on a serious or critical violation; lesser ones
// are logged.
func (tb *tab) axe() {
	tb.t.Helper()
	src, err := axeSource()
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.run(chromedp.Evaluate[chromedp.Void](src))
	vs := eval[[]axeViolation](tb, `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations)`)
	for _, v := range vs {
		where, _ := json.Marshal(v.Nodes)
		if v.Impact == "serious" || v.Impact == "critical" {
			tb.t.Errorf("%s: axe-core %s violation %s: %s at %s", tb.url, v.Impact, v.ID, v.Help, where)
		} else {
			tb.t.Logf("%s: axe-core %s violation %s: %s at %s", tb.url, v.Impact, v.ID, v.Help, where)
		}
	}
}

// settle waits until the console has delivered every message the page
// logged so far. The console's messages come in order but on their own
// goroutine: a marker logged now is seen after every message before it.
// Without the marker, the errors noErrors checks would not all be in.
func (tb *tab) settle() {
	tb.t.Helper()
	eval[chromedp.Void](tb, `console.info("loto: fin des messages")`)
	tb.waitUntil("the console's messages", func() (bool, string) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		return tb.last == "loto: fin des messages", fmt.Sprintf("the last is %q", tb.last)
	})
}

// dropErrors forgets the console errors the test caused on purpose (those
// expected reports), once every message so far has come: the browser logs
// each 4xx answer and each load a cut network failed as an error.
func (tb *tab) dropErrors(expected func(string) bool) {
	tb.t.Helper()
	tb.settle()
	tb.mu.Lock()
	tb.errs = slices.DeleteFunc(tb.errs, expected)
	tb.mu.Unlock()
}

// noErrors fails when the page threw or logged an error: a script that
// failed, or one the Content-Security-Policy refused.
func (tb *tab) noErrors() {
	tb.t.Helper()
	tb.settle()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, e := range tb.errs {
		tb.t.Errorf("%s: %s", tb.url, e)
	}
}

// get fetches a path of the live server with a plain HTTP client.
func (l *live) get(path string) *http.Response {
	l.t.Helper()
	res, err := http.Get(l.url + path)
	if err != nil {
		l.t.Fatal(err)
	}
	l.t.Cleanup(func() { res.Body.Close() })
	return res
}
