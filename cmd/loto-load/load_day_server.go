package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"loto/internal/cli"
)

// child is the server of a measure, a `loto serve`.
type child struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// listeningLine is the line of `loto serve` that says where it answers.
var listeningLine = regexp.MustCompile(`à l'écoute sur (http://\S+/)`)

// startServer starts `loto serve` of the program bin on the journal db (a SQLite file or a
// postgres:// URL) and a loopback port of the system's choosing, and
// returns once its status answers; its base address ends with a slash.
// The journal is named in the child's LOTO_DB, not on its command line,
// where any user of the machine would read a PostgreSQL password.
func startServer(ctx context.Context, bin, db string, e *env) (*child, string, error) {
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "LOTO_DB="+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	cmd.Stderr = e.stderr
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("serveur de la mesure : %w", err)
	}
	c := &child{cmd: cmd, done: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listeningLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, out)
		cmd.Wait()
		close(c.done)
	}()
	var base string
	select {
	case base = <-found:
	case <-c.done:
		return nil, "", fmt.Errorf("le serveur de la mesure s'est arrêté au démarrage : %v", cmd.ProcessState)
	case <-time.After(connectTimeout):
		c.stop()
		return nil, "", fmt.Errorf("le serveur de la mesure ne dit pas son adresse après %s", connectTimeout)
	case <-ctx.Done():
		c.stop()
		return nil, "", ctx.Err()
	}
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(connectTimeout); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		resp, err := client.Get(base + "api/v1/status")
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return c, base, nil
		}
	}
	c.stop()
	return nil, "", fmt.Errorf("le serveur de la mesure ne répond pas à %sapi/v1/status", base)
}

// stop asks the server to stop (SIGTERM: it finishes its requests), and
// kills it if it has not after a few seconds; once stopped, it does nothing.
func (c *child) stop() {
	select {
	case <-c.done:
		return
	default:
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
	}
}

// localPostgres checks that the database url names is PostgreSQL on this
// machine (a loopback address or a Unix socket): a measure loads only the
// machine it runs on.
func localPostgres(url string) error {
	if !cli.IsPostgres(url) {
		return usagef("--db : une base PostgreSQL vide de cette machine (postgres://...) ; sans --db, la mesure se fait sur un fichier SQLite temporaire")
	}
	cfg, err := pgconn.ParseConfig(url)
	if err != nil {
		return usagef("--db : URL PostgreSQL illisible : %v", err)
	}
	hosts := []string{cfg.Host}
	for _, f := range cfg.Fallbacks {
		hosts = append(hosts, f.Host)
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); !strings.HasPrefix(h, "/") && h != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return usagef("--db : la mesure charge cette machine seulement : PostgreSQL en 127.0.0.1, ::1, localhost ou par un socket Unix, pas %q", h)
		}
	}
	return nil
}
