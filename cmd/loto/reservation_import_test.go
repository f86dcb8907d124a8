package main

import (
	"strings"
	"testing"
)

// excelFiles are spreadsheet exports kept byte for byte in the domain's testdata.
const excelFiles = "../../internal/eventfile/testdata/"

func TestCLI_ReservationImportReadsExcelsWindows1252(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	out := mustRun(t, "reservation", "import", excelFiles+"reservations_excel_windows1252.csv", "--db", db)
	if !strings.Contains(out, "3 réservations importées, 6 billets") {
		t.Fatalf("import: %q", out)
	}
	list := mustRun(t, "reservation", "list", "--db", db)
	for _, name := range []string{"Hélène Lefèvre", "Agnès Cœur", "Gaëlle D’Artagnan"} {
		if !strings.Contains(list, name) {
			t.Fatalf("reservation list lacks %q:\n%s", name, list)
		}
	}
	if strings.Contains(list, "\uFFFD") {
		t.Fatalf("garbled names:\n%s", list)
	}
	fails(t, db, "ligne 3 : caractère illisible (octet 0x81)", "reservation", "import", excelFiles+"reservations_not_windows1252.csv", "--db", db)
}

func TestCLI_ReservationImportHelpShowsTheFormat(t *testing.T) {
	t.Parallel()
	code, _, errs := run(t, "reservation", "import", "--help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	wantSays(t, "reservation import --help", errs, "Windows-1252", "dans n'importe quel ordre", "Exemple :", "Nom;Prénom;Téléphone;E-mail;Billets")
}
