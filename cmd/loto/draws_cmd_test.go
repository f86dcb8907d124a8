package main

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// copyDB copies a SQLite journal as a spy would, with its WAL if any.
func copyDB(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "spy.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		b, err := os.ReadFile(from + suffix)
		if os.IsNotExist(err) && suffix != "" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// startAndDraw starts the next game and draws n numbers in rng mode.
func startAndDraw(t *testing.T, db string, n int) (commitment string, numbers []int) {
	t.Helper()
	var s struct {
		SeedSHA256 string `json:"seed_sha256"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "game", "start", "--json", "--db", db)), &s); err != nil {
		t.Fatal(err)
	}
	for range n {
		var d struct {
			Number int `json:"number"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, "game", "draw", "--json", "--db", db)), &d); err != nil {
			t.Fatal(err)
		}
		numbers = append(numbers, d.Number)
	}
	return s.SeedSHA256, numbers
}

// Whoever copies the database before a game starts learns nothing of its
// numbers: each copy draws its own seed at the start, from the system's
// randomness, as the real one does.
func TestR14_CopiesTakenBeforeTheStartDrawDifferentNumbers(t *testing.T) {
	t.Parallel()
	db, _ := gameDB(t, "rng")
	spy := copyDB(t, db)
	spyCommit, spyNumbers := startAndDraw(t, spy, 40)
	commit, numbers := startAndDraw(t, db, 40)
	if slices.Equal(spyNumbers, numbers) {
		t.Fatalf("the copy foretold the game: %v", numbers)
	}
	if commit == spyCommit || len(commit) != 64 {
		t.Fatalf("commitments %q and %q: want two distinct SHA-256", commit, spyCommit)
	}
}

var hex64 = regexp.MustCompile(`[0-9a-f]{64}`)

// The start shows the commitment before the first number; the end of the
// game (here cut short by event end) reveals the seed that matches it,
// and the audit checks it. A game still in play is not yet auditable.
func TestR14_StartShowsTheCommitmentAndTheEndRevealsTheSeed(t *testing.T) {
	t.Parallel()
	db, _ := gameDB(t, "rng")
	out := mustRun(t, "game", "start", "--db", db)
	if !strings.Contains(out, "empreinte du tirage") || !hex64.MatchString(out) {
		t.Fatalf("start does not show the commitment:\n%s", out)
	}
	commit := hex64.FindString(out)
	if st := mustRun(t, "game", "status", "--db", db); !strings.Contains(st, commit) {
		t.Fatalf("the board does not show the commitment %s:\n%s", commit, st)
	}
	mustRun(t, "game", "draw", "--db", db)
	fails(t, db, "on ne tape pas", "game", "draw", "7", "--db", db)
	out = mustRun(t, "audit", "draws", "--db", db)
	if !strings.Contains(out, "partie 1 : graine pas encore révélée") || !strings.Contains(out, "1 partie en cours") {
		t.Fatalf("audit during the game:\n%s", out)
	}
	out = mustRun(t, "event", "end", "--reason", "alerte incendie", "--db", db)
	seed := hex64.FindString(out[strings.Index(out, "révélée"):])
	h := sha256.Sum256(mustDecodeHex(t, seed))
	if !strings.Contains(out, "partie 1 interrompue") || hex.EncodeToString(h[:]) != commit {
		t.Fatalf("event end during the game: want the seed of SHA-256 %s revealed:\n%s", commit, out)
	}
	out = mustRun(t, "audit", "draws", "--db", db)
	if !strings.Contains(out, "partie 1 : graine "+seed) || !strings.Contains(out, "1 tirage") || strings.Contains(out, "ÉCHEC") {
		t.Fatalf("audit after the end:\n%s", out)
	}
}

func mustDecodeHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) == 0 {
		t.Fatalf("hex %q: %v", s, err)
	}
	return b
}

// editAndRechain rewrites the payload of the first event of a type that
// holds like, as an insider with the file and the source code could, and
// re-chains the journal so that verify still passes.
func editAndRechain(t *testing.T, path, typ, like, from, to string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var seq int64
	var payload string
	if err := db.QueryRow(`SELECT seq, payload FROM events WHERE type = ? AND CAST(payload AS TEXT) LIKE ? ORDER BY seq LIMIT 1`, typ, like).Scan(&seq, &payload); err != nil {
		t.Fatalf("no %s event holding %s: %v", typ, like, err)
	}
	edited := strings.Replace(payload, from, to, 1)
	if edited == payload {
		t.Fatalf("event %d: %q not in %s", seq, from, payload)
	}
	if _, err := db.Exec(`UPDATE events SET payload = ? WHERE seq = ?`, []byte(edited), seq); err != nil {
		t.Fatal(err)
	}
	rechain(t, db)
}

// In an rng day every number and token is the software's: a journal
// rewritten to mark one as typed escapes the recomputation, so the audit
// fails it; a revealed seed that does not match its commitment fails too.
func TestR14_AuditFailsATypedDrawATypedTokenOrAForgedSeed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, typ, like, from, to, say string
	}{
		{"typed draw", "number.drawn", `%"rng":true%`, `"rng":true`, `"rng":false`, "tapé à la main"},
		{"typed token", "tie.tokens", `%"rng":true%`, `"rng":true`, `"rng":false`, "tapés à la main"},
		{"forged seed", "seed.revealed", `%"seed":"%`, `"seed":"`, `"seed":"00`, "ne correspond pas"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := newDB(t)
			mustRun(t, "simulate", "--db", path, "--players", "40", "--seed", "5", "--json")
			mustRun(t, "audit", "draws", "--db", path)
			editAndRechain(t, path, tc.typ, tc.like, tc.from, tc.to)
			code, out, errs := run(t, "audit", "draws", "--db", path)
			if code != 1 || !strings.Contains(out, "ÉCHEC") || !strings.Contains(out, tc.say) || !strings.Contains(errs, "échec") {
				t.Fatalf("audit of a %s: exit %d\n%s\n%s", tc.name, code, out, errs)
			}
		})
	}
}
