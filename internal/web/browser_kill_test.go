package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// realServer is the real loto binary serving a SQLite file at a fixed
// loopback address, so that a restarted one answers the pages where the
// killed one did.
type realServer struct {
	t       *testing.T
	bin, db string
	addr    string
	cmd     *exec.Cmd
	out     bytes.Buffer
	done    chan struct{} // closed once cmd has exited
}

// buildLoto builds cmd/loto into the test's temporary folder.
func buildLoto(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the loto binary")
	}
	bin := filepath.Join(t.TempDir(), "loto")
	if out, err := exec.Command("go", "build", "-o", bin, "loto/cmd/loto").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v %s", err, out)
	}
	return bin
}

// freeAddr is a loopback address with a port free now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// loto runs a command of the binary on the database and returns its output.
func (s *realServer) loto(args ...string) []byte {
	s.t.Helper()
	out, err := exec.Command(s.bin, append(args, "--db", s.db)...).Output()
	if err != nil {
		s.t.Fatalf("loto %v: %v %s", args, err, out)
	}
	return out
}

// start runs `loto serve` and waits until it answers GET /api/v1/status.
func (s *realServer) start() {
	s.t.Helper()
	s.cmd = exec.Command(s.bin, "serve", "--addr", s.addr, "--db", s.db)
	s.out.Reset()
	s.cmd.Stdout, s.cmd.Stderr = &s.out, &s.out
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.done = make(chan struct{})
	go func(cmd *exec.Cmd, done chan struct{}) { cmd.Wait(); close(done) }(s.cmd, s.done)
	// As long as a browser step may take: a loaded machine starts the
	// binary and opens its day slowly.
	deadline := time.Now().Add(patience)
	for {
		if r, err := http.Get("http://" + s.addr + "/api/v1/status"); err == nil {
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("loto serve never answered on %s in %v", s.addr, patience)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (s *realServer) kill() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		s.t.Fatal(err)
	}
	<-s.done
}

// status is GET /api/v1/status of the running server.
func (s *realServer) status() loto.Status {
	s.t.Helper()
	r, err := http.Get("http://" + s.addr + "/api/v1/status")
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	var st loto.Status
	if err := json.NewDecoder(r.Body).Decode(&st); err != nil {
		s.t.Fatal(err)
	}
	return st
}

// TestBrowser_KillNineMidGameBoardAndHostComeBack: the real
// binary serves a SQLite file; a board and the host page are open, a game
// is started and drawn through the host page's keys; the server is killed
// with -9 in the middle of the game, both pages say the connection is
// lost; restarted on the same file and address, it serves the same
// state, and both pages reconnect by themselves, with no reload, showing
// the same last number and count; the host draws on from there.
func TestBrowser_KillNineMidGameBoardAndHostComeBack(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	s := &realServer{t: t, bin: buildLoto(t), db: filepath.Join(t.TempDir(), "loto.db"), addr: freeAddr(t)}
	s.loto("event", "create", "--from", filepath.Join("..", "..", "examples", "mega-loto.yaml"))
	var dev struct{ Code string }
	if err := json.Unmarshal(s.loto("device", "add", "meneur", "--role", "meneur", "--json"), &dev); err != nil || dev.Code == "" {
		t.Fatalf("device add: %v %+v", err, dev)
	}
	s.start()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		<-s.done
	})
	l := &live{fixture: &fixture{t: t}, url: "http://" + s.addr}

	board := l.open("/tableau", 1280, 720)
	host := l.newTab("/meneur", chromedp.WithNewBrowserContext())
	host.run(chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(l.url+"/appairer"),
		chromedp.SendKeys("#code", dev.Code),
		chromedp.Submit("#code"),
	)
	host.waitPath("/meneur")
	host.waitText("#live", "En direct")
	host.waitText("#startannounce", "Partie 1")
	host.press("l")
	host.waitText("#phase", loto.PhaseDrawing.French())
	for i := 1; i <= 4; i++ {
		host.press(" ")
		host.waitText("#count", fmt.Sprintf("%d / 90", i))
		host.waitText("#said", "Numéro ")
		board.waitText("#count", strconv.Itoa(i))
	}
	before := s.status()
	last := strconv.Itoa(int(before.Last))
	board.waitText("#last", last)
	host.waitText("#last", last)

	s.kill()
	host.waitText("#live", "Connexion perdue")
	board.waitFor("#conn", func(got string) bool { return got != "" }, "(the connection lost)")
	board.screenshot("tableau-kill-coupe-1280x720")

	s.start()
	after := s.status()
	if fmt.Sprint(after.Drawn) != fmt.Sprint(before.Drawn) || after.Game != before.Game || after.Phase != before.Phase {
		t.Fatalf("after kill -9 and restart the server serves %v (game %d, %s), before %v (game %d, %s)",
			after.Drawn, after.Game, after.Phase, before.Drawn, before.Game, before.Phase)
	}
	// The pages reconnect by themselves: sse.js retries (retry: 2000); the
	// board says so for a while, then nothing.
	host.waitText("#live", "En direct")
	board.waitFor("#conn", func(got string) bool { return got == "" || got == "Connexion rétablie" }, "(the connection back)")
	board.waitText("#last", last)
	board.waitText("#count", "4")
	host.waitText("#last", last)
	host.waitText("#count", "4 / 90")
	board.screenshot("tableau-kill-revenu-1280x720")
	host.screenshot("meneur-kill-revenu-1366x768")

	// The refused connections while the server was down were logged as
	// errors; from here on, none is expected.
	board.forgetErrors()
	host.forgetErrors()

	// And the game goes on from there, through the same open pages.
	host.press(" ")
	host.waitText("#count", "5 / 90")
	board.waitText("#count", "5")
	if st := s.status(); len(st.Drawn) != 5 || fmt.Sprint(st.Drawn[:4]) != fmt.Sprint(before.Drawn) {
		t.Fatalf("the draw after the restart: %v, before the kill %v", st.Drawn, before.Drawn)
	}
	board.axe()
	host.axe()
	board.noErrors()
	host.noErrors()
}

// forgetErrors drops the console errors the tab logged so far: those of
// a server the test stopped on purpose (refused connections).
func (tb *tab) forgetErrors() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.errs = nil
}
