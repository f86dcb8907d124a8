package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"loto/internal/journal/journaltest"
)

// pgTool is the path of a PostgreSQL program, found where scripts/test.sh
// finds the server's: the newest /usr/lib/postgresql/*/bin. Without it the
// test is skipped, except under CI=true.
func pgTool(t *testing.T, name string) string {
	t.Helper()
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs)
	for i := len(dirs) - 1; i >= 0; i-- {
		if p := filepath.Join(dirs[i], name); pgFileExists(p) {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s not found", name)
	}
	t.Skipf("%s not found", name)
	return ""
}

// pgFileExists reports whether there is a file at path.
func pgFileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestBackup_PostgresDumpWhileServingRestoresAgainstTheAnchors runs what
// docs/deploy.md gives for a PostgreSQL day while a server records the
// demo day on it: pg_dump, pg_restore into an empty base, and `loto
// journal verify` of that base against the anchor printed before the dump.
func TestBackup_PostgresDumpWhileServingRestoresAgainstTheAnchors(t *testing.T) {
	src := journaltest.PostgresURL(t)
	into := journaltest.PostgresURL(t)
	dump, restore := pgTool(t, "pg_dump"), pgTool(t, "pg_restore")
	startServe(t, "--db", src, "--demo", "--demo-interval", "5ms")
	waitUntil(t, 30*time.Second, func() bool { return anchorOf(t, src).Seq >= 20 }, "the demo recorded fewer than 20 events in 30 s")
	before := anchorOf(t, src)
	file := filepath.Join(t.TempDir(), "loto.dump")
	if out, err := exec.Command(dump, "--format=custom", "--file="+file, src).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v %s", err, out)
	}
	if out, err := exec.Command(restore, "--no-owner", "--dbname="+into, file).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v %s", err, out)
	}
	v := mustRun(t, "journal", "verify", "--db", into, "--anchor", before.Anchor.String())
	if !strings.Contains(v, "journal intègre") || !strings.Contains(v, "ancre "+before.Anchor.String()+" : conforme") || !strings.Contains(v, "secrets conformes") {
		t.Fatalf("verify of the restored base: %q", v)
	}
	t.Logf("anchor %d before the dump, %d in the restored base, %d at the end", before.Seq, anchorOf(t, into).Seq, anchorOf(t, src).Seq)
}
