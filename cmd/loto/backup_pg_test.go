package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"loto/internal/journal/journaltest"
)

// TestBackup_PostgresDumpWhileServingRestoresAgainstTheAnchors runs what
// docs/deploy.md gives for a PostgreSQL day while a server records the
// demo day on it: pg_dump, pg_restore into an empty base, and `loto
// journal verify` of that base against the anchor printed before the dump.
func TestBackup_PostgresDumpWhileServingRestoresAgainstTheAnchors(t *testing.T) {
	t.Parallel()
	src := journaltest.PostgresURL(t)
	into := journaltest.PostgresURL(t)
	dump, restore := journaltest.PGTool(t, "pg_dump"), journaltest.PGTool(t, "pg_restore")
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
