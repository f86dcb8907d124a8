package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCLI_ReservationsTicketsAndTheDoor(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	out := mustRun(t, "reservation", "add", "Marie", "Dupont", "--contact", "marie@example.fr", "--tickets", "2", "--db", db)
	codes := strings.Fields(out)
	if len(codes) != 2 || !strings.HasPrefix(codes[0], "R-000001-") || !strings.HasPrefix(codes[1], "R-000002-") {
		t.Fatalf("ticket codes %q", out)
	}
	csvFile := filepath.Join(t.TempDir(), "resa.csv")
	write := func(text string) {
		if err := os.WriteFile(csvFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("nom;contact;billets\nPaul;06 12 34 56 78;1\n;x@y.fr;1\nJeanne;pas un contact;1\n")
	code, _, errs := run(t, "reservation", "import", csvFile, "--db", db)
	if code != 1 || !strings.Contains(errs, "ligne 3 : le nom est requis") || !strings.Contains(errs, "ligne 4 : contact") {
		t.Fatalf("bad CSV: exit %d %q", code, errs)
	}
	write("Paul,06 12 34 56 78,1\nJeanne,,3\n")
	if out := mustRun(t, "reservation", "import", csvFile, "--db", db); !strings.Contains(out, "2 réservations importées, 4 billets (n° 3 à 6)") {
		t.Fatalf("import: %q", out)
	}
	pdf := filepath.Join(t.TempDir(), "billets.pdf")
	if out := mustRun(t, "print", "tickets", "--out", pdf, "--db", db); !strings.Contains(out, "6 billets") {
		t.Fatalf("print tickets: %q", out)
	}
	if b, err := os.ReadFile(pdf); err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Fatalf("tickets PDF: %v", err)
	}
	a := serialsOf(t, db, "A", 3)
	out = mustRun(t, "door", "--door", "porte-1", "--by", "jean", codes[0], a[0], "--db", db)
	if !strings.Contains(out, "billet "+codes[0]+" barré") || !strings.Contains(out, a[0]) || !strings.Contains(out, "Marie Dupont") {
		t.Fatalf("door: %q", out)
	}
	fails(t, db, "déjà barré", "door", "--door", "porte-2", strings.ToLower(codes[0]), a[1], "--db", db)
	fails(t, db, "« jean »", "door", "--door", "porte-2", codes[0], a[1], "--db", db)
	forged := codes[1][:len(codes[1])-1] + map[bool]string{true: "3", false: "2"}[strings.HasSuffix(codes[1], "2")]
	fails(t, db, "falsifié ou d'un autre jour", "door", "--door", "porte-1", forged, a[1], "--db", db)
	fails(t, db, "remise gratuitement", "door", "--door", "porte-1", codes[1], a[0], "--db", db)
	misused(t, db, "--door est requis", "door", codes[1], a[1], "--db", db)
}

func TestCLI_Breaks(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	out := mustRun(t, "break", "start", "--db", db)
	if !strings.Contains(out, "pause repas : 75 minutes, reprise du jeu à") {
		t.Fatalf("break start: %q", out)
	}
	fails(t, db, "déjà en cours", "break", "start", "--db", db)
	mustRun(t, "break", "end", "--db", db)
	fails(t, db, "aucune pause", "break", "end", "--db", db)
	if out := mustRun(t, "break", "start", "--label", "incident", "--minutes", "10", "--db", db); !strings.Contains(out, "incident : 10 minutes") {
		t.Fatalf("unplanned break: %q", out)
	}
}

func TestCLI_ReservationImportTwiceRefusedUnlessAgain(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	csvFile := filepath.Join(t.TempDir(), "resa.csv")
	if err := os.WriteFile(csvFile, []byte("nom;contact;billets\nPaul;06 12 34 56 78;1\nJeanne;;3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "reservation", "import", csvFile, "--db", db)
	for _, say := range []string{"2 titulaires ont déjà une réservation", "ligne 2 : Paul, 06 12 34 56 78 a déjà la réservation n° 1",
		"ligne 3 : Jeanne a déjà la réservation n° 2", "--again"} {
		fails(t, db, say, "reservation", "import", csvFile, "--db", db)
	}
	if out := mustRun(t, "reservation", "import", csvFile, "--again", "--db", db); !strings.Contains(out, "2 réservations importées, 4 billets (n° 5 à 8)") {
		t.Fatalf("import --again: %q", out)
	}
}

func TestCLI_R14_FreeCardAfterTheStartWarnsOnStderr(t *testing.T) {
	t.Parallel()
	db := twoGameSaleDB(t)
	codes := strings.Fields(mustRun(t, "reservation", "add", "Marie", "--tickets", "2", "--db", db))
	a := serialsOf(t, db, "A", 2)
	// Before the start the free card plays the first game: no warning.
	if code, _, errs := run(t, "door", "--door", "porte-1", codes[0], a[0], "--db", db); code != 0 || errs != "" {
		t.Fatalf("door before the start: exit %d %q", code, errs)
	}
	mustRun(t, "game", "start", "--db", db)
	// Started, no number out yet: its numbers are fixed all the same.
	code, out, errs := run(t, "door", "--door", "porte-1", "--json", codes[1], a[1], "--db", db)
	if code != 0 || !strings.Contains(out, `"card":"`+a[1]+`"`) {
		t.Fatalf("door after the start: exit %d %q %q", code, out, errs)
	}
	if want := "attention : la partie n° 1 a commencé : cette carte joue à partir de la partie suivante (R14)\n"; errs != want {
		t.Fatalf("stderr %q, want %q", errs, want)
	}
}
