package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// backupOf runs `loto backup --json` of db into out and returns what it printed.
func backupOf(t *testing.T, db, out string) backupJSON {
	t.Helper()
	return mustJSON[backupJSON](t, "backup", "--db", db, "--out", out, "--json")
}

// anchorOf runs `loto journal head --json` on db.
func anchorOf(t *testing.T, db string) headJSON {
	t.Helper()
	return mustJSON[headJSON](t, "journal", "head", "--json", "--db", db)
}

// exported returns the lines of `loto journal export` of db.
func exported(t *testing.T, db string) []string {
	t.Helper()
	return strings.Split(strings.TrimSpace(mustRun(t, "journal", "export", "--db", db)), "\n")
}

// TestBackup_OfALiveServerRestoresAgainstTheAnchors backs up, four times,
// the file of the real binary serving the demo day, which records sales,
// draws and awards without pause: each backup, restored into a new file,
// verifies against the anchor printed just before it, and its events are
// exactly the first ones of the served journal, read once the server stopped.
func TestBackup_OfALiveServerRestoresAgainstTheAnchors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "loto.db")
	p := startBinary(t, db, "--demo", "--demo-interval", "5ms")
	type taken struct {
		before headJSON
		copy   backupJSON
		into   string
	}
	var all []taken
	for i := range 4 {
		before := anchorOf(t, db)
		b := backupOf(t, db, filepath.Join(dir, fmt.Sprintf("sauvegarde-%d.db", i)))
		if b.Events < before.Seq {
			t.Fatalf("backup %d stops at %d, before the anchor %s printed before it", i, b.Events, before.Anchor)
		}
		into := filepath.Join(dir, fmt.Sprintf("restauree-%d.db", i))
		out := mustRun(t, "restore", "--from", b.File, "--db", into, "--anchor", before.Anchor.String())
		if !strings.Contains(out, "ancre "+before.Anchor.String()+" : conforme") || !strings.Contains(out, fmt.Sprintf("journée restaurée dans %s : %d événements", into, b.Events)) {
			t.Fatalf("restore %d: %q", i, out)
		}
		if v := mustRun(t, "journal", "verify", "--db", into, "--anchor", before.Anchor.Short(), "--anchor", b.Anchor.String()); !strings.Contains(v, "journal intègre") {
			t.Fatalf("verify of restored %d: %q", i, v)
		}
		all = append(all, taken{before, b, into})
	}
	if strings.Contains(p.stdout.String(), "démo terminée") || all[0].copy.Events == all[len(all)-1].copy.Events {
		t.Fatalf("the server stopped recording during the backups (heads %d to %d): the test proves nothing", all[0].copy.Events, all[len(all)-1].copy.Events)
	}
	for _, tk := range all {
		t.Logf("anchor %d, backup %d", tk.before.Seq, tk.copy.Events)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	p.done <- <-p.done // for the cleanup
	live := exported(t, db)
	for i, tk := range all {
		got := exported(t, tk.into)
		if int64(len(got)) != tk.copy.Events || !slices.Equal(got, live[:len(got)]) {
			t.Fatalf("restored %d (%d events) is not the first events of the served journal (%d)", i, len(got), len(live))
		}
	}
}

// TestBackup_P1_ErasedPersonalDataStaysErased: a holder erased on her
// request before the backup is in no byte of the backup nor of the day
// restored from it, which shows her as "effacé" and still holds the other
// holder; the restored journal verifies the erasure.
func TestBackup_P1_ErasedPersonalDataStaysErased(t *testing.T) {
	t.Parallel()
	db, _ := privacyDB(t)
	mustRun(t, "privacy", "erase", "--reservation", "1", "--why", "demande du 17 mars", "--db", db)
	dir := t.TempDir()
	b := backupOf(t, db, dir)
	if filepath.Dir(b.File) != dir || !strings.HasPrefix(filepath.Base(b.File), "loto-") {
		t.Fatalf("a backup into a folder is named %s", b.File)
	}
	raw, err := os.ReadFile(b.File)
	if err != nil {
		t.Fatal(err)
	}
	if s := containsAny(raw, []string{"Hélène", "Quintard", "06 12 34 56 78", "880692310285", "7654321"}); s != "" {
		t.Fatalf("the backup holds %q, erased before it", s)
	}
	if !bytes.Contains(raw, []byte("paul.zebulon")) {
		t.Fatal("the backup lost the holder not erased")
	}
	into := filepath.Join(t.TempDir(), "loto.db")
	mustRun(t, "restore", "--from", b.File, "--db", into)
	if v := mustRun(t, "journal", "verify", "--db", into); !strings.Contains(v, "conformes à leur empreinte : 1 ; effacées : 2") {
		t.Fatalf("verify of the restored day: %q", v)
	}
	list := mustRun(t, "reservation", "list", "--db", into)
	if !strings.Contains(list, "1     effacé") || !strings.Contains(list, "Paul Zébulon") {
		t.Fatalf("the restored reservations:\n%s", list)
	}
}

// TestRestore_ReplacesADayOnlyWithForceAndKeepsIt: a restore onto a file
// that holds a day is refused and changes nothing; with --force the day
// restored is the backup's and the one replaced is kept beside it, whole.
func TestRestore_ReplacesADayOnlyWithForceAndKeepsIt(t *testing.T) {
	t.Parallel()
	saved := saleDB(t)
	b := backupOf(t, saved, filepath.Join(t.TempDir(), "sauvegarde.db"))
	db := saleDB(t)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	other := anchorOf(t, db)
	fails(t, db, "contient déjà une journée (4 événements", "restore", "--from", b.File, "--db", db)
	if a := anchorOf(t, db); a != other {
		t.Fatalf("a refused restore changed the day: %v, was %v", a.Anchor, other.Anchor)
	}
	out := mustRun(t, "restore", "--from", b.File, "--db", db, "--force")
	// The restored day is the backup's, and then the event that says
	// which journal it replaced.
	if a := anchorOf(t, db); a.Seq != b.Anchor.Seq+1 {
		t.Fatalf("the restored day ends at %v, the backup at %v", a.Anchor, b.Anchor)
	}
	if v := mustRun(t, "journal", "verify", "--db", db, "--anchor", b.Anchor.String()); !strings.Contains(v, "journal intègre") {
		t.Fatalf("the restored day does not extend the backup: %q", v)
	}
	if ev := exported(t, db); !strings.Contains(ev[len(ev)-1], `"type":"journal.restored"`) || !strings.Contains(ev[len(ev)-1], other.Anchor.String()) {
		t.Fatalf("the restore's last event: %s", ev[len(ev)-1])
	}
	kept := strings.TrimSpace(out[strings.Index(out, "gardée sous ")+len("gardée sous "):])
	if v := mustRun(t, "journal", "verify", "--db", kept, "--anchor", other.Anchor.String()); !strings.Contains(v, "journal intègre : 4 événements") {
		t.Fatalf("the day replaced, kept as %s: %q", kept, v)
	}
}

// TestRestore_RefusesABadBackupAndLeavesNothing: a backup whose event was
// edited, one that lacks an anchor kept outside, a file that is no SQLite
// base and an empty journal are refused, each saying why, and leave no
// file where the day would go.
func TestRestore_RefusesABadBackupAndLeavesNothing(t *testing.T) {
	t.Parallel()
	saved := saleDB(t)
	dir := t.TempDir()
	good := backupOf(t, saved, filepath.Join(dir, "bonne.db"))
	edited := backupOf(t, saved, filepath.Join(dir, "modifiee.db"))
	breakJournal(t, edited.File, 2)
	garbage := filepath.Join(dir, "photo.jpg")
	if err := os.WriteFile(garbage, bytes.Repeat([]byte("pas une base "), 500), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "vide.db")
	if err := os.Rename(seedJournal(t, 0), empty); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		say  string
	}{
		{"edited", []string{"--from", edited.File}, "journal corrompu à l'événement n° 2"},
		{"rewritten", []string{"--from", good.File, "--anchor", "2:000000000000"}, "journal réécrit : l'ancre 2:000000000000"},
		{"cut", []string{"--from", good.File, "--anchor", "99:" + good.Anchor.Hash}, "journal raccourci"},
		{"not sqlite", []string{"--from", garbage}, "n'est pas une base SQLite"},
		{"empty", []string{"--from", empty}, "ne contient aucun événement"},
		{"missing", []string{"--from", filepath.Join(dir, "absente.db")}, "sauvegarde " + filepath.Join(dir, "absente.db") + " introuvable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			into := t.TempDir()
			db := filepath.Join(into, "loto.db")
			code, out, errs := run(t, append([]string{"restore", "--db", db}, tc.args...)...)
			if code != 1 || out != "" || !strings.Contains(errs, tc.say) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 1 saying %q", code, out, errs, tc.say)
			}
			if left, _ := os.ReadDir(into); len(left) != 0 {
				t.Fatalf("a refused restore left %v", left)
			}
		})
	}
}

// TestRestore_RefusesADatabaseAServerHolds: the real binary serves the
// day, in its own process; even with --force the restore refuses to pull
// the file from under it, and the day goes on as it was.
func TestRestore_RefusesADatabaseAServerHolds(t *testing.T) {
	t.Parallel()
	b := backupOf(t, saleDB(t), filepath.Join(t.TempDir(), "sauvegarde.db"))
	db := saleDB(t)
	s := &served{url: startBinary(t, db).url}
	fails(t, db, "ouverte par un autre programme (le serveur ?)", "restore", "--from", b.File, "--db", db, "--force")
	if left, _ := filepath.Glob(db + ".remplacee-*"); len(left) != 0 {
		t.Fatalf("a refused restore set the day aside: %v", left)
	}
	if st := s.status(t); st["event"] == nil {
		t.Fatalf("the server after the refused restore: %v", st)
	}
}

// TestBackup_RefusesABrokenJournalAndWritesNothing: a backup is verified
// before it takes its name, so an edited journal gives no backup at all.
func TestBackup_RefusesABrokenJournalAndWritesNothing(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	breakJournal(t, db, 2)
	dir := t.TempDir()
	code, out, errs := run(t, "backup", "--db", db, "--out", filepath.Join(dir, "sauvegarde.db"))
	if code != 1 || out != "" || !strings.Contains(errs, "refusée : journal corrompu à l'événement n° 2") {
		t.Fatalf("backup of a broken journal: exit %d %q %q", code, out, errs)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("a refused backup left %v", left)
	}
}

// TestBackup_CommandLinesOfTheWrongShape: each missing or mistaken part is
// named, and nothing is written.
func TestBackup_CommandLinesOfTheWrongShape(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	misused(t, db, "--out FICHIER est requis", "backup", "--db", db)
	misused(t, db, "--from FICHIER est requis", "restore", "--db", db)
	misused(t, db, "ancre « 12 » invalide", "restore", "--db", db, "--from", db, "--anchor", "12")
	fails(t, db, "existe déjà : une sauvegarde n'écrit jamais sur un fichier", "backup", "--db", db, "--out", db)
	fails(t, db, "est la base elle-même", "restore", "--db", db, "--from", db, "--force")
	for _, args := range [][]string{{"backup", "--out", "x.db"}, {"restore", "--from", db}} {
		code, _, errs := run(t, append(args, "--db", "postgres://loto@127.0.0.1:1/loto")...)
		if code != 1 || !strings.Contains(errs, "PostgreSQL") || !strings.Contains(errs, "pg_") {
			t.Errorf("loto %s on PostgreSQL: exit %d %q", args[0], code, errs)
		}
	}
	if code, _, errs := run(t, "backup", "--db", filepath.Join(t.TempDir(), "absente.db"), "--out", t.TempDir()); code != 1 || !strings.Contains(errs, "rien à sauvegarder") {
		t.Fatalf("backup of a missing base: exit %d %q", code, errs)
	}
}

// backedUp matches what serve prints of each backup it takes.
var backedUp = regexp.MustCompile(`(?m)^sauvegarde( finale)? : (\S+), ancre (\S+)$`)

// upToDate matches what serve prints at its stop when the journal did not
// grow since its last backup, which it names.
var upToDate = regexp.MustCompile(`(?m)^sauvegarde finale : rien de nouveau depuis la dernière, (\S+), ancre (\S+), qui tient tout le journal$`)

// stopSaid fails unless serve's output ends its backups with the stop's:
// a final backup (last, the last of backedUp's matches), or, when the
// journal did not grow since, a line naming last as holding it all.
func stopSaid(t *testing.T, out string, last []string) {
	t.Helper()
	if last[1] == " finale" {
		if upToDate.MatchString(out) {
			t.Fatalf("serve took a final backup and said nothing was new: %s", out)
		}
		return
	}
	m := upToDate.FindStringSubmatch(out)
	if m == nil || m[1] != last[2] || m[2] != last[3] {
		t.Fatalf("no final backup, and the stop did not name the last one (%s, %s) as holding the journal: %s", last[2], last[3], out)
	}
}

// TestServe_BackupToAFolderWhileServingAndAtTheStop: `loto serve
// --backup-to DIR --backup-every 1s` on a day that the demo records
// writes a backup when it starts, more while the day grows, and a last one
// at the stop if the journal grew since (else it says the last one holds
// it all), so that the last holds every event of the journal; each one
// restores and verifies against the anchor the server printed.
func TestServe_BackupToAFolderWhileServingAndAtTheStop(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db, "--demo", "--demo-interval", "5ms", "--backup-to", dir, "--backup-every", "1s")
	waitUntil(t, 30*time.Second, func() bool { return len(backedUp.FindAllString(s.stdout.String(), -1)) >= 3 },
		"fewer than 3 backups in 30 s: %s %s", s.stdout, s.stderr)
	stopCleanly(t, s)
	found := backedUp.FindAllStringSubmatch(s.stdout.String(), -1)
	// The stop takes a last backup unless the journal did not grow since
	// the one before (the demo may be in one of its breaks): either way the
	// last backup said holds every event of the journal.
	final := found[len(found)-1]
	stopSaid(t, s.stdout.String(), final)
	if strings.Contains(s.stderr.String(), "impossible") {
		t.Fatalf("a backup failed: %s %s", s.stdout, s.stderr)
	}
	if h := anchorOf(t, db); final[3] != h.Anchor.Short() {
		t.Fatalf("the last backup (%q) ends at %s, the journal at %s: %s", final[1], final[3], h.Anchor.Short(), s.stdout)
	}
	if files, _ := os.ReadDir(dir); len(files) != len(found) {
		t.Fatalf("%d backups said, %d files in the folder", len(found), len(files))
	}
	seen := map[string]bool{}
	for _, f := range found {
		if seen[f[3]] {
			t.Fatalf("the day was backed up twice at %s", f[3])
		}
		seen[f[3]] = true
		into := filepath.Join(t.TempDir(), "loto.db")
		if out := mustRun(t, "restore", "--from", f[2], "--db", into, "--anchor", f[3]); !strings.Contains(out, "ancre "+f[3]+" : conforme") {
			t.Fatalf("restore of %s: %q", f[2], out)
		}
	}
}

// TestServe_BackupToSaysAtTheStopThatTheLastBackupHoldsAll: a day that
// does not grow while served is backed up once, at the start; the stop
// copies nothing again and says which backup holds the whole journal, so
// the organiser who pulls the stick out knows it is up to date.
func TestServe_BackupToSaysAtTheStopThatTheLastBackupHoldsAll(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := saleDB(t)
	s := startServe(t, "--db", db, "--backup-to", dir, "--backup-every", "1s")
	waitUntil(t, 30*time.Second, func() bool { return backedUp.MatchString(s.stdout.String()) },
		"no backup at the start in 30 s: %s %s", s.stdout, s.stderr)
	time.Sleep(1500 * time.Millisecond) // a tick of --backup-every, on a journal that did not grow
	stopCleanly(t, s)
	out := s.stdout.String()
	found := backedUp.FindAllStringSubmatch(out, -1)
	if len(found) != 1 || found[0][1] == " finale" {
		t.Fatalf("want one backup, at the start, for a day that did not grow: %s", out)
	}
	stopSaid(t, out, found[0])
	if h := anchorOf(t, db); found[0][3] != h.Anchor.Short() {
		t.Fatalf("the backup named at the stop ends at %s, the journal at %s", found[0][3], h.Anchor.Short())
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Fatalf("%d files in the folder, want the one backup", len(files))
	}
}

// TestServe_BackupToRefusesAMissingFolder: a folder that is not there (a
// stick not plugged in) stops the start, saying so.
func TestServe_BackupToRefusesAMissingFolder(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	code, out, errs := run(t, "serve", "--addr", "127.0.0.1:0", "--db", db, "--backup-to", filepath.Join(t.TempDir(), "cle"))
	if code != 1 || strings.Contains(out, "à l'écoute") || !strings.Contains(errs, "n'existe pas (la clé USB est-elle branchée ?)") {
		t.Fatalf("serve --backup-to a missing folder: exit %d %q %q", code, out, errs)
	}
	misused(t, db, "--backup-every : de 1s à 24h", "serve", "--db", db, "--backup-to", t.TempDir(), "--backup-every", "10ms")
}
