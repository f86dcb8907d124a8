package journaltest

import (
	"context"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Cluster is a PostgreSQL server of a test's own, on a Unix socket in a
// directory of its own, that the test may stop and start again: the
// shared server of LOTO_TEST_PG must never be restarted under the other
// tests.
type Cluster struct {
	t    testing.TB
	bin  string // the directory of pg_ctl and initdb
	dir  string // the socket's directory; data/ and log inside
	URL  string // the postgres:// URL of its database postgres
	root bool   // run the server as the postgres user (initdb refuses root)
}

// StartCluster makes and starts a new cluster with the PostgreSQL binaries
// of the machine (see PGTool); it is stopped and removed when the test
// ends.
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	c := &Cluster{t: t, bin: filepath.Dir(PGTool(t, "pg_ctl")), root: os.Getuid() == 0}
	// Not t.TempDir(): its parents are closed to the postgres user.
	dir, err := os.MkdirTemp("", "loto-cluster-")
	if err != nil {
		t.Fatal(err)
	}
	c.dir = dir
	if c.root {
		if out, err := exec.Command("chown", "postgres", dir).CombinedOutput(); err != nil {
			t.Fatalf("chown %s: %v %s", dir, err, out)
		}
	}
	t.Cleanup(func() {
		c.pgctl("-m", "immediate", "stop")
		os.RemoveAll(dir)
	})
	if out, err := c.command(filepath.Join(c.bin, "initdb"), "-D", c.data(), "-U", "postgres", "-A", "trust", "--no-sync").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v %s", err, out)
	}
	c.Start()
	c.URL = "postgres://postgres@/postgres?host=" + dir + "&sslmode=disable"
	return c
}

// PGTool is the path of the PostgreSQL program name (pg_ctl, pg_dump):
// in the newest /usr/lib/postgresql/*/bin that holds it, where
// scripts/test.sh finds the server's, else on the PATH. Without it the
// test is skipped, except under CI=true where it fails.
func PGTool(t testing.TB, name string) string {
	t.Helper()
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs) // by version: the directories are named by major version
	for i := len(dirs) - 1; i >= 0; i-- {
		if p := filepath.Join(dirs[i], name); fileExists(p) {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	msg := name + " not found in /usr/lib/postgresql/*/bin nor on the PATH: scripts/test.sh installs PostgreSQL"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// fileExists reports whether there is a file at path.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// command runs a PostgreSQL program as the postgres user when the test runs as root.
func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	if c.root {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	return exec.Command(name, args...)
}

// pgctl runs pg_ctl on the cluster and returns its output and error.
func (c *Cluster) pgctl(args ...string) ([]byte, error) {
	return c.command(filepath.Join(c.bin, "pg_ctl"), append([]string{"-D", c.data(), "-w"}, args...)...).CombinedOutput()
}

// Start starts the server and waits until it accepts connections.
func (c *Cluster) Start() {
	c.t.Helper()
	out, err := c.pgctl("-l", filepath.Join(c.dir, "log"),
		"-o", "-c listen_addresses='' -k "+c.dir+" -c max_connections=100", "start")
	if err != nil {
		c.t.Fatalf("pg_ctl start: %v %s", err, out)
	}
}

// Crash stops the server at once, as a power cut would (pg_ctl -m
// immediate: no checkpoint, the clients cut); the next Start recovers
// from the write-ahead log.
func (c *Cluster) Crash() {
	c.t.Helper()
	if out, err := c.pgctl("-m", "immediate", "stop"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v %s", err, out)
	}
}

// SmallTablespace mounts a small disk of size bytes (SmallDisk) in the
// cluster's directory, makes it the tablespace name and the default one of
// the database postgres, and returns its directory: the journal's tables,
// created after, live on a disk a test can fill (FillDisk), while the
// write-ahead log stays on the machine's. When the test ends the server is
// stopped before the disk is unmounted.
func (c *Cluster) SmallTablespace(name string, size int64) string {
	c.t.Helper()
	dir := filepath.Join(c.dir, name)
	if err := os.Mkdir(dir, 0o700); err != nil {
		c.t.Fatal(err)
	}
	uid, gid := os.Getuid(), os.Getgid()
	if c.root {
		u, err := user.Lookup("postgres")
		if err != nil {
			c.t.Fatalf("the postgres user: %v", err)
		}
		uid, _ = strconv.Atoi(u.Uid)
		gid, _ = strconv.Atoi(u.Gid)
	}
	mountSmall(c.t, dir, size, uid, gid, func() { c.pgctl("-m", "immediate", "stop") })
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, c.URL)
	if err != nil {
		c.t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, sql := range []string{
		"CREATE TABLESPACE " + name + " LOCATION '" + dir + "'",
		"ALTER DATABASE postgres SET default_tablespace = " + name,
	} {
		if _, err := conn.Exec(ctx, sql); err != nil {
			c.t.Fatalf("%s: %v", sql, err)
		}
	}
	return dir
}
