package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"loto/internal/journal/journaltest"
	"loto/internal/loto"
)

// documentedNginx is the nginx block of docs/deploy.md, its upstreams
// replaced by the instances' addresses and its port by port.
func documentedNginx(t *testing.T, port int, instances ...string) string {
	t.Helper()
	doc, err := os.ReadFile("../../docs/deploy.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "```nginx\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 || !strings.Contains(block, "127.0.0.1:8081") || !strings.Contains(block, "127.0.0.1:8082") || !strings.Contains(block, "listen 80;") {
		t.Fatalf("docs/deploy.md has no nginx block with the upstreams 127.0.0.1:8081 and :8082 and listen 80:\n%s", block)
	}
	block = strings.NewReplacer("127.0.0.1:8081", instances[0], "127.0.0.1:8082", instances[1],
		"listen 80;", fmt.Sprintf("listen 127.0.0.1:%d;", port)).Replace(block)
	return block
}

// startNginx runs nginx in the foreground with the documented block in an
// http section of its own, and returns its base URL. Without nginx the
// test is skipped, except under CI=true (scripts/test.sh installs it).
func startNginx(t *testing.T, instances ...string) string {
	t.Helper()
	bin, err := exec.LookPath("nginx")
	if err != nil {
		if bin, err = exec.LookPath("/usr/sbin/nginx"); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("nginx is not installed: scripts/test.sh installs Debian's package")
			}
			t.Skip("nginx is not installed (Debian's package nginx)")
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir := t.TempDir()
	conf := fmt.Sprintf(`daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log;
events {}
http {
    access_log off;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
%[2]s
}
`, dir, documentedNginx(t, port, instances...))
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-p", dir, "-c", path)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := fmt.Sprintf("http://127.0.0.1:%d/", port)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(base + "api/v1/status"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
	}
	logs, _ := os.ReadFile(filepath.Join(dir, "error.log"))
	t.Fatalf("nginx never served the instances: %s %s", out, logs)
	return ""
}

// TestInstances_BehindNginx runs the nginx configuration of docs/deploy.md
// in front of two real instances on one PostgreSQL: a browser's login
// (its Origin the proxy's address, which the CSRF check compares with the
// Host nginx passes on) is known on every following request, whichever
// instance takes it; the host's draws, through nginx too, reach a live
// client of nginx's stream each within liveTarget (a buffering proxy
// would hold them back); and the stream survives the death of the
// instance it was on, its client coming back through nginx to the other.
func TestInstances_BehindNginx(t *testing.T) {
	t.Parallel()
	url := journaltest.PostgresURL(t)
	_, store, _, host := instancesDay(t, url)
	a := startBinary(t, url, "--proxy", "127.0.0.1")
	b := startBinary(t, url, "--proxy", "127.0.0.1")
	trim := func(u string) string { return strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/") }
	base := startNginx(t, trim(a.url), trim(b.url))
	client := &http.Client{Timeout: 10 * time.Second}

	req, _ := http.NewRequest("POST", base+"connexion", strings.NewReader(`{"password":"mot de passe des instances"}`))
	req.Header.Set("Origin", strings.TrimSuffix(base, "/"))
	session := loginCookie(t, client, req, "through nginx")
	for i := range 4 {
		if who := whoIs(t, base, session); who["role"] != string(loto.RoleOrganiser) {
			t.Fatalf("request %d after the login, through nginx: %v", i+1, who)
		}
	}

	l := openLive(t, base, true)
	if ans := post(t, client, base+"api/v1/game/start", host, "partie", "{}"); ans.code != http.StatusOK {
		t.Fatalf("game start through nginx: %s", ans)
	}
	// A POST that nginx sent on a kept-alive connection to an instance
	// that died is answered 502 (nginx never resends a POST): the host's
	// page, as the desk, sends it again with its key.
	retried := 0
	draw := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; retried++ {
			ans := post(t, client, base+"api/v1/game/draws", host, fmt.Sprintf("tirage-%d", n), "{}")
			if ans.code == http.StatusOK {
				break
			}
			if ans.code != http.StatusBadGateway || time.Now().After(deadline) {
				t.Fatalf("draw %d through nginx: %s", n, ans)
			}
			time.Sleep(100 * time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for n := 1; n <= 10; n++ {
		draw(n)
	}
	draws := drawEvents(t, store)
	l.waitFor(draws[len(draws)-1].Seq, 5*time.Second) // a loaded machine may hold the last one back
	got, missing := l.delays(draws)
	if len(missing) > 0 {
		t.Fatalf("the live client behind nginx missed the draws %v", missing)
	}
	t.Logf("live client behind nginx: %d draws, p50 %s, max %s from the append", len(got), percentile(got, 0.5), percentile(got, 1))
	if p50 := percentile(got, 0.5); p50 > liveTarget {
		t.Errorf("behind nginx the median draw took %s from its append, over %s", p50, liveTarget)
	}

	// Both instances die in turn; the client comes back through nginx.
	for _, p := range []*process{a, b} {
		if err := p.cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		p.done <- <-p.done
		startBinary(t, url, "--addr", trim(p.url), "--proxy", "127.0.0.1") // the same port: nginx's upstream
	}
	for n := 11; n <= 15; n++ {
		draw(n)
	}
	draws = drawEvents(t, store)
	// The stream's client retries after 100 ms here, nginx's failed
	// upstream after 5 s at most.
	l.waitFor(draws[len(draws)-1].Seq, 10*time.Second)
	if _, missing := l.delays(draws); len(missing) > 0 || len(draws) != 15 {
		t.Fatalf("after the instances were restarted, %d draws, the live client behind nginx missed %v", len(draws), missing)
	}
	t.Logf("%d draws sent again after a 502 of nginx", retried)
}
