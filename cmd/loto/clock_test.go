package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"loto/internal/cli/clitest"
)

// paris is the zone of the tests' event files (the default, R1).
var paris, _ = time.LoadLocation("Europe/Paris")

// TestMain runs every command at noon on the day of the tests' event
// files, after the doors and the start of the games: no act is out of time
// unless a test says so (R1).
func TestMain(m *testing.M) {
	clock = func() time.Time { return time.Date(2025, 3, 16, 12, 0, 0, 0, paris) }
	code := m.Run()
	clitest.RemoveBinaries()
	os.Exit(code)
}

// at sets the time of the commands for one test.
func at(t *testing.T, when time.Time) {
	t.Helper()
	old := clock
	clock = func() time.Time { return when }
	t.Cleanup(func() { clock = old })
}

// Acts out of time are recorded with a warning on stderr,
// read in the event's zone whatever the machine's.
func TestCLI_R1_ActsOutOfTimeWarn(t *testing.T) {
	machine := time.Local
	defer func() { time.Local = machine }()
	time.Local = time.FixedZone("ailleurs", -10*3600)
	db := newDB(t)
	at(t, time.Date(2025, 3, 9, 18, 0, 0, 0, paris))
	code, _, errs := run(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	if code != 0 || !strings.Contains(errs, "attention : événement enregistré le 09/03/2025, mais l'événement est daté du 16/03/2025 (R1)") {
		t.Fatalf("event create: exit %d %q", code, errs)
	}
	at(t, time.Date(2025, 3, 16, 9, 55, 0, 0, time.UTC)) // 10:55 in Paris
	code, out, errs := run(t, "game", "start", "--db", db)
	if code != 0 || !strings.Contains(out, "Partie 1 commence") || errs != "attention : partie n° 1 commencée à 10:55, avant le début des jeux (11:00, R1)\n" {
		t.Fatalf("game start: exit %d %q %q", code, out, errs)
	}
}
