package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"loto/internal/cli/clitest"
)

// syncBuffer is a buffer the server writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// listening finds the address the server printed.
var listening = regexp.MustCompile(`à l'écoute sur (https?://\S+/)`)

// served is a `loto serve` running in-process.
type served struct {
	url            string
	stdout, stderr *syncBuffer
	stop           context.CancelFunc
	exit           chan int
}

// startServe runs `loto serve --addr 127.0.0.1:0 ARGS` in-process and waits
// for it to print its address; the test's end stops it.
func startServe(t *testing.T, args ...string) *served {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{stdout: &syncBuffer{}, stderr: &syncBuffer{}, stop: cancel, exit: make(chan int, 1)}
	go func() {
		s.exit <- Run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), strings.NewReader(""), s.stdout, s.stderr)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		// The banner is read whole: its last line is the way to stop.
		out := s.stdout.String()
		if m := listening.FindStringSubmatch(out); m != nil && strings.Contains(out, "arrêt : Ctrl+C\n") {
			s.url = m[1]
			break
		}
		select {
		case code := <-s.exit:
			cancel()
			t.Fatalf("serve exited %d before listening: %s %s", code, s.stdout, s.stderr)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("serve never listened: %s %s", s.stdout, s.stderr)
		}
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.exit:
		case <-time.After(15 * time.Second):
			t.Error("serve did not stop")
		}
	})
	return s
}

// status reads GET /api/v1/status.
func (s *served) status(t *testing.T) map[string]any {
	t.Helper()
	resp, err := http.Get(s.url + "api/v1/status")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatalf("status: %d %v", resp.StatusCode, err)
	}
	return v
}

// TestServe_EmptyDatabaseServesAnEmptyDay: on an empty database without
// --demo the server records nothing: it serves a day without event, says
// where the organiser prepares it and prints the one-time link for the
// organiser's password; no file is left behind until something is recorded.
func TestServe_EmptyDatabaseServesAnEmptyDay(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db)
	out := s.stdout.String()
	for _, want := range []string{"aucun événement encore", s.url + "organisateur/evenement", s.url + "connexion/initialiser?jeton=", s.url + "tableau", "arrêt : Ctrl+C"} {
		if !strings.Contains(out, want) {
			t.Errorf("the banner lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Méga Loto") || strings.Contains(s.stderr.String(), "journée d'exemple") {
		t.Errorf("the example day is announced without --demo:\n%s%s", out, s.stderr)
	}
	if st := s.status(t); st["code"] != "notfound" || st["message"] != "l'événement du jour n'est pas créé" {
		t.Fatalf("status of an empty day: %v", st)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("serving an empty base wrote the file: %v", err)
	}
}

// TestServe_EmptyDatabaseFollowsTheEventCreatedByTheCommandLine: the file
// an empty base's server does not create yet, the command line may: the
// event it records there shows in the server's status within seconds.
func TestServe_EmptyDatabaseFollowsTheEventCreatedByTheCommandLine(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db)
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		st := s.status(t)
		if st["event"] == "Méga Loto du Rotary Saint-Brieuc" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the event created by the command line is not served after 10 s: %v", st)
		}
	}
}

// TestServe_DemoOnEmptyDatabaseRecordsTheExampleDay: with --demo, an empty
// database gets the example day, as before, and the banner names it.
func TestServe_DemoOnEmptyDatabaseRecordsTheExampleDay(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db, "--demo", "--demo-interval", "1h")
	if out := s.stdout.String(); !strings.Contains(out, "journée « Méga Loto du Rotary Saint-Brieuc »") || strings.Contains(out, "aucun événement encore") {
		t.Fatalf("the banner of the demo day:\n%s", out)
	}
	if st := s.status(t); st["event"] != "Méga Loto du Rotary Saint-Brieuc" {
		t.Fatalf("status of the demo day: %v", st)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("the demo day is not in the file: %v", err)
	}
}

// TestServe_FollowsTheCommandLine: a game started by the command line on
// the same file, another process's append, shows in the server's status
// within a second.
func TestServe_FollowsTheCommandLine(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	s := startServe(t, "--db", db)
	if code, _, errs := run(t, "game", "start", "--db", db, "--as", "meneur", "--by", "Paul"); code != 0 {
		t.Fatalf("game start: %d %s", code, errs)
	}
	appended := time.Now()
	for {
		if st := s.status(t); st["game"] == 1.0 {
			break
		}
		if time.Since(appended) > time.Second {
			t.Fatalf("the command line's game start not served after a second: %v", s.status(t))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// breakJournal edits event seq of the SQLite file at path, so that its
// hash no longer matches.
func breakJournal(t *testing.T, path string, seq int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE events SET actor = 'mallory' WHERE seq = ?`, seq); err != nil {
		t.Fatal(err)
	}
}

// TestServe_BrokenChainRefusesToStart: on an edited journal the server does
// not start and names the first bad event; with --read-only it serves the
// events before it and refuses every write.
func TestServe_BrokenChainRefusesToStart(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	if code, _, errs := run(t, "event", "create", "--from", "../../examples/mega-loto.yaml", "--db", db); code != 0 {
		t.Fatalf("event create: %s", errs)
	}
	if code, _, errs := run(t, "game", "start", "--db", db); code != 0 {
		t.Fatalf("game start: %s", errs)
	}
	breakJournal(t, db, 4)
	code, out, errs := run(t, "serve", "--addr", "127.0.0.1:0", "--db", db)
	if code != 1 || !strings.Contains(errs, "journal corrompu à l'événement n° 4") || !strings.Contains(errs, "--read-only") || strings.Contains(out, "à l'écoute") {
		t.Fatalf("serve on a broken journal: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	s := startServe(t, "--db", db, "--read-only")
	if !strings.Contains(s.stdout.String(), "LECTURE SEULE : journal corrompu à l'événement n° 4") {
		t.Fatalf("the banner does not say why it only reads: %s", s.stdout)
	}
	st := s.status(t)
	if st["event"] != "Méga Loto du Rotary Saint-Brieuc" || st["game"] != 0.0 || !strings.Contains(st["read_only"].(string), "n° 4") {
		t.Fatalf("status of the sound part: %v", st)
	}
	resp, err := http.Post(s.url+"api/v1/game/start", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a write on a read-only server: %d", resp.StatusCode)
	}
}

// buildBinary builds cmd/loto into a temporary file, once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	return clitest.Binary(t, ".")
}

// process is a `loto serve` running as its own process.
type process struct {
	cmd            *exec.Cmd
	url            string
	stdout, stderr *syncBuffer
	done           chan error
}

// startBinary runs the real binary's `loto serve` on port 0 and db, with
// more options if given, and waits for it to print its address; the test's
// end kills it if needed.
func startBinary(t *testing.T, db string, options ...string) *process {
	t.Helper()
	p := &process{stdout: &syncBuffer{}, stderr: &syncBuffer{}, done: make(chan error, 1)}
	p.cmd = exec.Command(buildBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, options...)...)
	p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m := listening.FindStringSubmatch(p.stdout.String()); m != nil {
			p.url = m[1]
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("never listened: %s %s", p.stdout, p.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServe_SIGTERMStopsCleanly drives the real binary: SIGTERM ends it at
// once, an open live stream included, with status 0, saying so, and what
// it recorded stays.
func TestServe_SIGTERMStopsCleanly(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	p := startBinary(t, db)
	// A live stream open: the stop must end it rather than wait for it.
	resp, err := http.Get(p.url + "api/v1/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	first := make([]byte, 512)
	if n, err := resp.Body.Read(first); err != nil || !strings.Contains(string(first[:n]), "event: state") || resp.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
		t.Fatalf("stream: %v %q %v", err, first[:n], resp.Header)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p.done:
		p.done <- err // for the cleanup
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s%s", err, p.stdout, p.stderr)
		}
	case <-time.After(shutdownGrace / 2):
		t.Fatal("SIGTERM did not stop the server at once")
	}
	if !strings.Contains(p.stdout.String(), "serveur arrêté proprement") {
		t.Fatalf("no word of the stop: %s", p.stdout)
	}
	if code, out, errs := run(t, "journal", "verify", "--db", db); code != 0 {
		t.Fatalf("journal after the stop: %s %s", out, errs)
	}
}

// TestServe_KillLosesNothingAcknowledged: numbers drawn through the API
// and acknowledged are all there after a kill -9; the restarted server
// serves the same board and draws on from there.
func TestServe_KillLosesNothingAcknowledged(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	if code, _, errs := run(t, "event", "create", "--from", "../../examples/mega-loto.yaml", "--db", db); code != 0 {
		t.Fatalf("event create: %s", errs)
	}
	code, out, errs := run(t, "device", "add", "meneur", "--role", "meneur", "--json", "--db", db)
	var dev struct{ Token string }
	if code != 0 || json.Unmarshal([]byte(out), &dev) != nil || dev.Token == "" {
		t.Fatalf("device add: %d %s %s", code, out, errs)
	}
	host := func(p *process, path string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", p.url+path, strings.NewReader("{}"))
		req.Header.Set("Authorization", "Bearer "+dev.Token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	p := startBinary(t, db)
	if resp := host(p, "api/v1/game/start"); resp.StatusCode != http.StatusOK {
		t.Fatalf("game start: %d", resp.StatusCode)
	}
	for range 5 {
		if resp := host(p, "api/v1/game/draws"); resp.StatusCode != http.StatusOK {
			t.Fatalf("draw: %d", resp.StatusCode)
		}
	}
	before := (&served{url: p.url}).status(t)
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done
	p.done <- nil
	again := startBinary(t, db)
	after := (&served{url: again.url}).status(t)
	if fmt.Sprint(after["drawn"]) != fmt.Sprint(before["drawn"]) || after["last"] != before["last"] || len(after["drawn"].([]any)) != 5 {
		t.Fatalf("after kill -9: %v, before: %v", after["drawn"], before["drawn"])
	}
	if resp := host(again, "api/v1/game/draws"); resp.StatusCode != http.StatusOK {
		t.Fatalf("draw after the restart: %d", resp.StatusCode)
	}
}

// TestServe_OneTimeLinkSetsThePassword: on a day without an organiser
// password the console prints a one-time link; it sets the password and
// logs the organiser in, and the password then opens a session.
func TestServe_OneTimeLinkSetsThePassword(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db)
	m := regexp.MustCompile(`(http://\S+/connexion/initialiser\?jeton=(\S+))`).FindStringSubmatch(s.stdout.String())
	if m == nil {
		t.Fatalf("no one-time link on the console:\n%s", s.stdout)
	}
	post := func(path, body string) *http.Response {
		t.Helper()
		resp, err := http.Post(s.url+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := post("connexion/initialiser", `{"token":"`+m[2]+`","password":"un mot de passe long","confirm":"un mot de passe long"}`); resp.StatusCode != http.StatusOK {
		t.Fatalf("setting the password by the link: %d", resp.StatusCode)
	}
	if resp := post("connexion", `{"password":"un mot de passe long"}`); resp.StatusCode != http.StatusOK || len(resp.Cookies()) == 0 {
		t.Fatalf("login with the new password: %d", resp.StatusCode)
	}
	if resp := post("connexion/initialiser", `{"token":"`+m[2]+`","password":"un autre mot de passe","confirm":"un autre mot de passe"}`); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("the link used twice: %d", resp.StatusCode)
	}
}

// TestServe_DemoPlaysTheDayToItsEnd: `loto serve --demo` on an empty file
// plays the example day to its last award by itself; the chain verifies
// and the draws audit passes on the file.
func TestServe_DemoPlaysTheDayToItsEnd(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db, "--demo", "--demo-interval", "1ms")
	waitUntil(t, 60*time.Second, func() bool { return strings.Contains(s.stdout.String(), "démo terminée") },
		"the demo did not end: %s %s", s.stdout, s.stderr)
	stopCleanly(t, s)
	for _, args := range [][]string{{"journal", "verify", "--db", db}, {"audit", "draws", "--db", db}} {
		if code, out, errs := run(t, args...); code != 0 {
			t.Fatalf("%v: %d %s %s", args, code, out, errs)
		}
	}
}

// TestServe_DemoStopsPromptly: a server stopped in the middle of a demo
// stops at once, the demo with it.
func TestServe_DemoStopsPromptly(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db, "--demo", "--demo-interval", "1h")
	time.Sleep(200 * time.Millisecond)
	s.stop()
	select {
	case code := <-s.exit:
		s.exit <- code
		if code != 0 {
			t.Fatalf("serve exited %d: %s", code, s.stderr)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("serve did not stop within 3 s in the middle of a demo")
	}
}
