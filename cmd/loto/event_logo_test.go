package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// event create reads a sponsor's logo beside the event file and records it
// with the event; event show lists it by hash and type, without its bytes.
// A logo missing beside the file is refused with its line, recording nothing.
func TestCLI_EventCreateReadsTheLogoBesideTheFile(t *testing.T) {
	t.Parallel()
	example, err := os.ReadFile("../../examples/mega-loto.yaml")
	if err != nil {
		t.Fatal(err)
	}
	file := strings.Replace(string(example), "sponsor: {name: Garage du Légué}", "sponsor: {name: Garage du Légué, logo: garage.png}", 1)
	if file == string(example) {
		t.Fatal("the example names no sponsor to give a logo")
	}
	dir := t.TempDir()
	from := filepath.Join(dir, "jour.yaml")
	if err := os.WriteFile(from, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	db := newDB(t)
	code, _, errs := run(t, "event", "create", "--db", db, "--from", from)
	if code != 1 || !strings.Contains(errs, `.prize.sponsor.logo : logo « garage.png » : fichier introuvable parmi ceux qui accompagnent le fichier de l'événement`) || !strings.Contains(errs, "ligne ") {
		t.Fatalf("missing logo: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("a refused event file left a journal: %v", err)
	}
	var logo bytes.Buffer
	if err := png.Encode(&logo, image.NewGray(image.Rect(0, 0, 16, 8))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "garage.png"), logo.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run(t, "event", "create", "--db", db, "--from", from); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	code, out, errs := run(t, "event", "show", "--db", db)
	if code != 0 || !strings.Contains(out, `"type": "image/png"`) || !strings.Contains(out, `"name": "Garage du Légué"`) || strings.Contains(out, `"data"`) {
		t.Fatalf("event show: exit %d, stderr %q, out %s", code, errs, out)
	}
}
