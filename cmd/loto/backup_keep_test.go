package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// files writes each name into dir as a small file, a name ending in "/"
// as a folder, and returns dir.
func files(t *testing.T, dir string, names ...string) string {
	t.Helper()
	for _, n := range names {
		var err error
		if strings.HasSuffix(n, "/") {
			err = os.Mkdir(filepath.Join(dir, n), 0o755)
		} else {
			err = os.WriteFile(filepath.Join(dir, n), []byte("pas une base : "+n), 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// aged sets the modification time of dir's files names to d ago.
func aged(t *testing.T, dir string, d time.Duration, names ...string) {
	t.Helper()
	when := time.Now().Add(-d)
	for _, n := range names {
		if err := os.Chtimes(filepath.Join(dir, n), when, when); err != nil {
			t.Fatal(err)
		}
	}
}

// namesIn lists the names in dir, sorted.
func namesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	slices.Sort(out)
	return out
}

// foreign are files and folders in a backup folder that loto did not
// write, or not as a backup: never touched, whatever their age.
var foreign = []string{"loto.db", "loto-copie.db", "loto-20250316-090000.db.bak", "Loto-20250310-100000.db", "notes.txt",
	"loto-20250301-100000.db/", ".rapport.db.123.tmp", ".loto-20250316.db.1.tmp", "loto-20250316-090000.db.1.tmp"}

// TestBackup_PruneKeepsTheNewestAndTheLastOfEachDay: in a folder of real
// files, pruning keeps the N newest backups by the time in their names
// (the Nth of one second after the first: loto-…-120000-10.db is newer
// than loto-…-120000-9.db) and the last backup of each earlier day, and
// removes the other backups only: every file loto did not name, a folder
// and a symbolic link with a backup's name, and the link's target stay.
// keep 0 removes nothing.
func TestBackup_PruneKeepsTheNewestAndTheLastOfEachDay(t *testing.T) {
	t.Parallel()
	dir := files(t, t.TempDir(), foreign...)
	files(t, dir, "loto-20250314-140000.db", "loto-20250314-190000.db", "loto-20250314-190000-2.db",
		"loto-20250315-180000.db", "loto-20250316-090000.db", "loto-20250316-120000.db")
	for n := 2; n <= 10; n++ {
		files(t, dir, "loto-20250316-120000-"+itoa(n)+".db")
	}
	target := filepath.Join(t.TempDir(), "ailleurs.db")
	files(t, filepath.Dir(target), filepath.Base(target))
	if err := os.Symlink(target, filepath.Join(dir, "loto-20250302-100000.db")); err != nil {
		t.Fatal(err)
	}
	before := namesIn(t, dir)
	if removed, err := pruneBackups(dir, 0); err != nil || len(removed) > 0 || !slices.Equal(namesIn(t, dir), before) {
		t.Fatalf("keep 0 removed %q (%v)", removed, err)
	}
	removed, err := pruneBackups(dir, 3)
	if err != nil {
		t.Fatal(err)
	}
	wantRemoved := []string{"loto-20250314-140000.db", "loto-20250314-190000.db", "loto-20250316-090000.db", "loto-20250316-120000.db"}
	for n := 2; n <= 7; n++ {
		wantRemoved = append(wantRemoved, "loto-20250316-120000-"+itoa(n)+".db")
	}
	if !slices.Equal(removed, wantRemoved) {
		t.Fatalf("removed %q, want %q", removed, wantRemoved)
	}
	want := append(slices.Clone(foreign), "loto-20250302-100000.db", "loto-20250314-190000-2.db", "loto-20250315-180000.db",
		"loto-20250316-120000-8.db", "loto-20250316-120000-9.db", "loto-20250316-120000-10.db")
	for i, w := range want {
		want[i] = strings.TrimSuffix(w, "/")
	}
	slices.Sort(want)
	if got := namesIn(t, dir); !slices.Equal(got, want) {
		t.Fatalf("left %q, want %q", got, want)
	}
	if _, err := os.Stat(target); err != nil {
		t.Fatalf("the link's target: %v", err)
	}
	// Once pruned, the next backup of the same second is still the newest.
	if got := freeName(dir, "loto-20250316-120000"); got != filepath.Join(dir, "loto-20250316-120000-11.db") {
		t.Fatalf("next name %s", got)
	}
	if got := freeName(dir, "loto-20250316-120001"); got != filepath.Join(dir, "loto-20250316-120001.db") {
		t.Fatalf("next name %s", got)
	}
}

// TestBackup_StaleCopiesOfLotoOnlyAreRemoved: the temporary copy of a
// backup cut short, and what SQLite left beside it, are removed once
// untouched for staleCopyAge; a younger one (another process's backup
// being written) and every file of another name stay, however old.
func TestBackup_StaleCopiesOfLotoOnlyAreRemoved(t *testing.T) {
	t.Parallel()
	stale := []string{".loto-20250316-110000.db.2837465.tmp", ".loto-20250316-110000.db.2837465.tmp-wal",
		".loto-20250316-110000.db.2837465.tmp-shm", ".loto-20250316-103000-2.db.11.tmp", ".loto-20250316-103000-2.db.11.tmp-journal"}
	fresh := ".loto-20250316-115959.db.42.tmp"
	dir := files(t, t.TempDir(), append(append(slices.Clone(foreign), stale...), fresh)...)
	aged(t, dir, time.Hour, stale...)
	var old []string
	for _, f := range foreign {
		old = append(old, strings.TrimSuffix(f, "/"))
	}
	aged(t, dir, 48*time.Hour, old...)
	aged(t, dir, staleCopyAge-time.Minute, fresh)
	removed, err := removeStaleCopies(dir, time.Now())
	slices.Sort(removed)
	slices.Sort(stale)
	if err != nil || !slices.Equal(removed, stale) {
		t.Fatalf("removed %q (%v), want %q", removed, err, stale)
	}
	want := append(old, fresh)
	slices.Sort(want)
	if got := namesIn(t, dir); !slices.Equal(got, want) {
		t.Fatalf("left %q, want %q", got, want)
	}
}

// pruned is serve's line of the backups it removed.
var pruned = regexp.MustCompile(`(?m)^anciennes sauvegardes retirées : (.+) \(gardées : les \d+ dernières et la dernière de chaque jour\)$`)

// TestServe_BackupToKeepsTheNewestAndRemovesWhatAKilledBackupLeft: a
// stick that already holds yesterday's backups, this morning's, the copy
// of a backup killed halfway and files of its own; `loto serve
// --backup-to DIR --backup-every 1s --backup-keep 2` on a day the demo
// records without pause removes the stale copy when it starts, and after
// each backup keeps its 2 newest and yesterday's last: at the stop the
// folder holds exactly those and the other files, and the newest (the
// final backup, or the last one when the journal did not grow since)
// restores against the journal's anchor.
func TestServe_BackupToKeepsTheNewestAndRemovesWhatAKilledBackupLeft(t *testing.T) {
	t.Parallel()
	dir := files(t, t.TempDir(), foreign...)
	killed := []string{".loto-20250316-113000.db.918273.tmp", ".loto-20250316-113000.db.918273.tmp-wal"}
	files(t, dir, append(killed, "loto-20250315-180000.db", "loto-20250315-193000.db", "loto-20250316-090000.db")...)
	aged(t, dir, time.Hour, killed...)
	db := filepath.Join(t.TempDir(), "loto.db")
	s := startServe(t, "--db", db, "--demo", "--demo-interval", "5ms", "--backup-to", dir, "--backup-every", "1s", "--backup-keep", "2")
	waitUntil(t, 30*time.Second, func() bool { return len(backedUp.FindAllString(s.stdout.String(), -1)) >= 4 },
		"fewer than 4 backups in 30 s: %s %s", s.stdout, s.stderr)
	stopCleanly(t, s)
	out := s.stdout.String()
	if !strings.Contains(out, "copies inachevées retirées de "+dir+" : "+strings.Join(killed, ", ")+"\n") || strings.Contains(s.stderr.String(), "impossible") {
		t.Fatalf("serve did not remove the killed backup's copy: %s %s", out, s.stderr)
	}
	found := backedUp.FindAllStringSubmatch(out, -1)
	final := found[len(found)-1]
	stopSaid(t, out, final)
	// Removed: yesterday's but its last, this morning's, and every backup
	// of this run but the last two.
	wantRemoved := []string{"loto-20250315-180000.db", "loto-20250316-090000.db"}
	for _, f := range found[:len(found)-2] {
		wantRemoved = append(wantRemoved, filepath.Base(f[2]))
	}
	var removed []string
	for _, m := range pruned.FindAllStringSubmatch(out, -1) {
		removed = append(removed, strings.Split(m[1], ", ")...)
	}
	slices.Sort(removed)
	slices.Sort(wantRemoved)
	if !slices.Equal(removed, wantRemoved) {
		t.Fatalf("serve removed %q, want %q: %s", removed, wantRemoved, out)
	}
	want := []string{"loto-20250315-193000.db", filepath.Base(found[len(found)-2][2]), filepath.Base(final[2])}
	for _, f := range foreign {
		want = append(want, strings.TrimSuffix(f, "/"))
	}
	slices.Sort(want)
	if got := namesIn(t, dir); !slices.Equal(got, want) {
		t.Fatalf("the folder holds %q, want %q", got, want)
	}
	if h := anchorOf(t, db); final[3] != h.Anchor.Short() {
		t.Fatalf("the final backup ends at %s, the journal at %s", final[3], h.Anchor.Short())
	}
	into := filepath.Join(t.TempDir(), "loto.db")
	if got := mustRun(t, "restore", "--from", final[2], "--db", into, "--anchor", final[3]); !strings.Contains(got, "ancre "+final[3]+" : conforme") {
		t.Fatalf("restore of %s: %q", final[2], got)
	}
	other := saleDB(t)
	misused(t, other, "--backup-keep : un nombre de sauvegardes", "serve", "--db", other, "--backup-to", t.TempDir(), "--backup-keep", "-1")
}
