package main

import (
	"bytes"
	"context"
	"database/sql"
	"strings"
	"testing"

	"loto/internal/journal/journaltest"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// privacyDB is a day with personal data of every kind, made through the
// command line on a SQLite file: two reservations (a phone, an e-mail), a
// ticket crossed out at the door, a sale paid by cheque naming the first
// holder's other ticket (R8) and a cash sale. It returns the file and the
// texts that must never leave in an export: names, contacts, the identity
// number, the cheque number and every ticket code.
func privacyDB(t *testing.T) (db string, secret []string) {
	t.Helper()
	db = saleDB(t)
	helene := strings.Fields(mustRun(t, "reservation", "add", "Hélène", "Quintard", "--contact", "06 12 34 56 78", "--tickets", "2", "--db", db))
	paul := strings.Fields(mustRun(t, "reservation", "add", "Paul", "Zébulon", "--contact", "paul.zebulon@example.fr", "--db", db))
	a := serialsOf(t, db, "A", 3)
	mustRun(t, "door", "--door", "porte-1", helene[0], a[0], "--db", db)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	mustRun(t, "sell", "--desk", "caisse-1", "--pay", "cheque:5", "--id", "CNI 880692310285", "--cheque", "7654321",
		"--ticket", helene[1], a[1], "--db", db)
	mustRun(t, "sell", "--desk", "caisse-1", "--pay", "cash:5", "--ticket", paul[0], a[2], "--db", db)
	secret = []string{"Hélène", "Quintard", "06 12 34 56 78", "paul.zebulon", "Zébulon", "880692310285", "7654321"}
	for _, code := range append(helene, paul...) {
		secret = append(secret, code, strings.ReplaceAll(code, "-", ""))
	}
	return db, secret
}

// containsAny returns the first of texts found in b, "" for none.
func containsAny(b []byte, texts []string) string {
	for _, s := range texts {
		if bytes.Contains(b, []byte(s)) {
			return s
		}
	}
	return ""
}

func TestCLI_P1_ExportHoldsNoPersonalDataNorTicketCode(t *testing.T) {
	t.Parallel()
	db, secret := privacyDB(t)
	out := mustRun(t, "journal", "export", "--db", db)
	if s := containsAny([]byte(out), secret); s != "" {
		t.Fatalf("the export holds %q", s)
	}
	// Tickets are named by their numbers; the cheque sale by a reference.
	for _, want := range []string{`"type":"ticket.crossed","payload":{"ticket":1,`, `"ticket":2},`, `"payer":{"ref":"sale/1"`} {
		if !strings.Contains(out, want) {
			t.Fatalf("the export does not hold %s:\n%s", want, out)
		}
	}
	// The day still has the data, beside the journal.
	if list := mustRun(t, "reservation", "list", "--db", db); !strings.Contains(list, "Hélène Quintard") || !strings.Contains(list, "06 12 34 56 78") {
		t.Fatalf("reservation list: %q", list)
	}
}

// TestCLI_P1_EraseAndPurgeLeaveNoByteInTheFiles erases one holder on her
// request, then purges the day once it is over: afterwards no byte of the
// SQLite file or of its WAL holds the data, the journal verifies, and the
// list and the door show "effacé". Another connection stays
// open throughout, as the door's laptop would, so the WAL is not simply
// deleted when the command closes the file.
func TestCLI_P1_EraseAndPurgeLeaveNoByteInTheFiles(t *testing.T) {
	t.Parallel()
	db, secret := privacyDB(t)
	ctx := context.Background()
	other, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	raw := func() []byte { return journaltest.OnDisk(t, db) }
	if !bytes.Contains(raw(), []byte("Quintard")) {
		t.Fatal("the name is not in the files before its erasure: the test proves nothing")
	}
	misused(t, db, "--reservation N ou --sale N", "privacy", "erase", "--why", "demande", "--db", db)
	fails(t, db, "raison de l'effacement est requise", "privacy", "erase", "--reservation", "1", "--db", db)
	fails(t, db, "ne peut pas effacer", "privacy", "erase", "--reservation", "1", "--why", "demande", "--as", "door", "--db", db)
	out := mustRun(t, "privacy", "erase", "--reservation", "1", "--why", "demande par courriel du 17 mars", "--db", db)
	if !strings.Contains(out, "1 titulaire de réservation, 1 payeur par chèque") {
		t.Fatalf("erase: %q", out)
	}
	if s := containsAny(raw(), []string{"Hélène", "Quintard", "06 12 34 56 78", "880692310285", "7654321"}); s != "" {
		t.Fatalf("after the erasure the files hold %q", s)
	}
	if !bytes.Contains(raw(), []byte("paul.zebulon")) {
		t.Fatal("the other holder's data is gone too")
	}
	if v := mustRun(t, "journal", "verify", "--db", db); !strings.Contains(v, "journal intègre") || !strings.Contains(v, "conformes à leur empreinte : 1 ; effacées : 2") {
		t.Fatalf("verify after the erasure: %q", v)
	}
	list := mustRun(t, "reservation", "list", "--db", db)
	if !strings.Contains(list, "1     effacé") || !strings.Contains(list, "Paul Zébulon") {
		t.Fatalf("reservation list after the erasure:\n%s", list)
	}
	// The report names nobody, erased or not (P1): her free card is there
	// by its reservation's number.
	if r := mustRun(t, "report", "day", "--json", "--db", db); !strings.Contains(r, `"reservation": 1,`) || strings.Contains(r, "Quintard") || strings.Contains(r, "Zébulon") {
		t.Fatalf("report after the erasure: %s", r)
	}
	a := serialsOf(t, db, "A", 4)
	code := listJSON(t, db)[0].Tickets[1].Code // her second ticket, not crossed
	if out := mustRun(t, "door", "--door", "porte-1", code, a[3], "--db", db); !strings.Contains(out, "remise à effacé") {
		t.Fatalf("door for an erased holder: %q", out)
	}

	fails(t, db, "la journée n'est pas finie", "privacy", "purge", "--why", "fin de journée", "--db", db)
	mustRun(t, "event", "end", "--reason", "fin de journée", "--db", db)
	if out := mustRun(t, "privacy", "purge", "--why", "fin de journée", "--db", db); !strings.Contains(out, "1 titulaire de réservation, 0 payeur") {
		t.Fatalf("purge: %q", out)
	}
	if s := containsAny(raw(), secret[:7]); s != "" {
		t.Fatalf("after the purge the files hold %q", s)
	}
	if v := mustRun(t, "journal", "verify", "--db", db); !strings.Contains(v, "journal intègre") || !strings.Contains(v, "effacées : 3") {
		t.Fatalf("verify after the purge: %q", v)
	}
	fails(t, db, "aucune donnée personnelle à effacer", "privacy", "purge", "--why", "encore", "--db", db)
}

// TestCLI_P1_VerifyFailsOnAnEditedPersonalRecord: a name changed in the
// table behind the program's back is seen by its keyed hash.
func TestCLI_P1_VerifyFailsOnAnEditedPersonalRecord(t *testing.T) {
	t.Parallel()
	db, _ := privacyDB(t)
	edit, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := edit.Exec(`UPDATE personal SET record = CAST(replace(CAST(record AS TEXT), 'Quintard', 'Mallory') AS BLOB) WHERE ref = 'reservation/1'`); err != nil {
		t.Fatal(err)
	}
	edit.Close()
	code, _, errs := run(t, "journal", "verify", "--db", db)
	if code != 1 || !strings.Contains(errs, "reservation/1 altérée") {
		t.Fatalf("verify of an edited record: exit %d %q", code, errs)
	}
	if list := mustRun(t, "reservation", "list", "--db", db); strings.Contains(list, "Mallory") || !strings.Contains(list, "altéré") {
		t.Fatalf("an edited record is shown:\n%s", list)
	}
}

// TestCLI_P1_SimulatedDayExportAndPurgeHoldNoPersonalData plays a whole simulated
// day (reservations, the door, cheque sales, games with late cards and
// rulings), greps its export for every holder's name and contact, every
// ticket code and every identity number the day recorded, then purges the
// day and greps the SQLite file and its WAL for them.
func TestCLI_P1_SimulatedDayExportAndPurgeHoldNoPersonalData(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "simulate", "--players", "300", "--seed", "3", "--db", db)
	var secret []string
	for _, r := range listJSON(t, db) {
		secret = append(secret, r.Name)
		if r.Contact != "" {
			secret = append(secret, r.Contact)
		}
		for _, tk := range r.Tickets {
			secret = append(secret, tk.Code)
		}
	}
	s, err := sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := loto.Open(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	cheques := 0
	for _, sale := range d.Sales() {
		if sale.Identity != nil {
			secret = append(secret, sale.Identity.Number)
			cheques++
		}
	}
	s.Close()
	if len(secret) < 100 || cheques == 0 {
		t.Fatalf("the simulated day has %d personal texts and %d cheques: the test proves little", len(secret), cheques)
	}
	out := mustRun(t, "journal", "export", "--db", db)
	if found := containsAny([]byte(out), secret); found != "" {
		t.Fatalf("the export of a simulated day holds %q", found)
	}
	if strings.Contains(out, `"cheque":"`) || strings.Contains(out, `"identity"`) || strings.Contains(out, `"codes"`) {
		t.Fatal("the export holds a cheque, an identity document or ticket codes")
	}
	// The day is over: the purge leaves none of it in the files, and ticket
	// codes were never stored at all.
	mustRun(t, "privacy", "purge", "--why", "fin de la journée", "--db", db)
	if found := containsAny(journaltest.OnDisk(t, db), secret); found != "" {
		t.Fatalf("after the purge the files hold %q", found)
	}
	mustRun(t, "journal", "verify", "--db", db)
}
