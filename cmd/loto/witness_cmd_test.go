package main

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"loto/internal/journal"
)

var commitment = regexp.MustCompile(`empreinte du tirage \(SHA-256 de sa graine, R14\) : ([0-9a-f]{64})`)

// startGame runs `loto game start` on db and returns the commitment it printed.
func startGame(t *testing.T, db string) string {
	t.Helper()
	m := commitment.FindStringSubmatch(mustRun(t, "game", "start", "--db", db))
	if m == nil {
		t.Fatal("game start printed no commitment")
	}
	return m[1]
}

// TestRestore_AReRollIsRefusedWithoutForceAndRecordedWithIt plays the
// re-roll the organiser could make from the laptop: a backup, a game
// started (its commitment and anchor seen in the hall), the backup
// restored, the game started again. The restore over a started game is
// refused without --force, saying the hall will see it; with --force the
// restored journal extends the backup and then records that it replaced
// the journal whose head was the game's start. `loto serve --anchor` with
// the anchor the hall saw refuses the restored journal, in French, and
// serves it with the backup's anchor, the board saying "journal restauré".
func TestRestore_AReRollIsRefusedWithoutForceAndRecordedWithIt(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	b := backupOf(t, db, filepath.Join(t.TempDir(), "avant-partie.db"))
	first := startGame(t, db)
	seen := anchorOf(t, db).Anchor // the game's start: the anchor on the board
	fails(t, db, "la partie n° 1 y a déjà commencé : la remplacer se verra dans la salle", "restore", "--from", b.File, "--db", db)

	out := mustRun(t, "restore", "--from", b.File, "--db", db, "--force")
	if !strings.Contains(out, "restauration notée au journal") || !strings.Contains(out, "le journal d'ancre "+seen.Short()) {
		t.Fatalf("restore --force: %q", out)
	}
	ev := exported(t, db)
	var last struct {
		Seq     int64  `json:"seq"`
		Type    string `json:"type"`
		Payload struct {
			Replaced journal.Anchor `json:"replaced"`
			Games    int            `json:"games"`
		} `json:"payload"`
	}
	if err := json.Unmarshal([]byte(ev[len(ev)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last.Type != "journal.restored" || last.Seq != b.Anchor.Seq+1 || last.Payload.Replaced != seen || last.Payload.Games != 1 {
		t.Fatalf("the restored journal's last event: %s", ev[len(ev)-1])
	}
	if second := startGame(t, db); second == first {
		t.Fatal("the game started again with the same seed: the test shows nothing")
	}
	// The record alone cannot tell: verify and audit read the restored
	// journal, its restore event included, as sound.
	if v := mustRun(t, "journal", "verify", "--db", db, "--anchor", b.Anchor.String()); !strings.Contains(v, "journal intègre") {
		t.Fatalf("verify of the restored journal: %q", v)
	}
	mustRun(t, "audit", "draws", "--db", db)

	code, stdout, errs := run(t, "serve", "--addr", "127.0.0.1:0", "--db", db, "--anchor", seen.Short())
	if code != 1 || !strings.Contains(errs, "serveur non lancé : le journal ne prolonge pas les ancres données (--anchor) : journal réécrit : l'ancre "+seen.Short()) || strings.Contains(stdout, "à l'écoute") {
		t.Fatalf("serve --anchor on the restored journal: exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
	s := startServe(t, "--db", db, "--anchor", b.Anchor.Short(), "--read-only")
	if !strings.Contains(s.stdout.String(), "ancre "+b.Anchor.Short()+" : conforme, le journal servi la prolonge") {
		t.Fatalf("the banner does not confirm the anchor: %s", s.stdout)
	}
	resp, err := http.Get(s.url + "tableau")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// Shown, not merely in the page for board.js: the line is not hidden.
	if !strings.Contains(string(page), `class="restored">⚠ Journal restauré à `) || !strings.Contains(string(page), "journal d'ancre <code>"+seen.Short()+"</code>") {
		t.Fatalf("the board does not show the restore of the journal %s", seen.Short())
	}
}

// TestServe_AnchorOfTheWrongShapeIsAUsageError: a mistyped anchor stops
// the server before it opens anything.
func TestServe_AnchorOfTheWrongShapeIsAUsageError(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	code, _, errs := run(t, "serve", "--addr", "127.0.0.1:0", "--db", db, "--anchor", "12")
	if code != 2 || !strings.Contains(errs, "--anchor : ancre « 12 » invalide") {
		t.Fatalf("serve --anchor 12: exit %d %q", code, errs)
	}
}
