package loto

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
)

// readTestdata returns a file of testdata/ as saved by a spreadsheet.
func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	ok(t, err)
	return b
}

func TestReservationCSV_ExcelFilesAsExcelWritesThem(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []ReservationSpec
	}{
		// Excel's "CSV (séparateur : point-virgule)" on a French Windows:
		// Windows-1252 (é is 0xE9, œ 0x9C, ’ 0x92), CRLF, columns in French
		// with an abbreviation, an unknown column and a padded empty line.
		{"reservations_excel_windows1252.csv", []ReservationSpec{
			{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2, Line: 2},
			{Name: "Agnès Cœur", Contact: "agnes.coeur@example.fr", Tickets: 1, Line: 3},
			{Name: "Gaëlle D’Artagnan", Contact: "+33 6 11 22 33 44", Tickets: 3, Line: 4},
		}},
		// Excel's "CSV UTF-8": a BOM, commas, the columns in another order
		// and case, without accents.
		{"reservations_excel_utf8_bom.csv", []ReservationSpec{
			{Name: "Jean Durand, fils", Contact: "jean.durand@example.fr", Tickets: 1, Line: 2},
			{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 4, Line: 3},
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got, err := ParseReservationsCSV(readTestdata(t, tc.file))
			ok(t, err)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("read\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestReservationCSV_AByteNoEncodingKnowsIsRefusedWithItsLine(t *testing.T) {
	_, err := ParseReservationsCSV(readTestdata(t, "reservations_not_windows1252.csv"))
	wantCode(t, err, EInvalid)
	if m := ErrorMessage(err); !strings.Contains(m, "ligne 3") || !strings.Contains(m, "0x81") || !strings.Contains(m, "CSV UTF-8") {
		t.Fatalf("refusal %q", m)
	}
	_, err = ParseReservationsCSV([]byte("\xff\xfeN\x00o\x00m\x00\n\x00"))
	wantCode(t, err, EInvalid)
	if m := ErrorMessage(err); !strings.Contains(m, "UTF-16") {
		t.Fatalf("UTF-16 refusal %q", m)
	}
}

func TestReservationCSV_HeaderNames(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       ReservationSpec // Line aside
		refused    string
	}{
		{"upper case and accents", "NOM;PRÉNOM;TÉLÉPHONE;NOMBRE\nCurie;Marie;06 12 34 56 78;2\n", ReservationSpec{Name: "Marie Curie", Contact: "06 12 34 56 78", Tickets: 2}, ""},
		{"courriel and quantite", "quantite,courriel,nom\n3,marie@example.fr,Curie\n", ReservationSpec{Name: "Curie", Contact: "marie@example.fr", Tickets: 3}, ""},
		{"email without a hyphen, no tickets column", "Email;Nom\nmarie@example.fr;Curie\n", ReservationSpec{Name: "Curie", Contact: "marie@example.fr", Tickets: 1}, ""},
		{"a phone is kept before an e-mail", "e-mail;tel;nom;billets\nmarie@example.fr;0612345678;Curie;1\n", ReservationSpec{Name: "Curie", Contact: "0612345678", Tickets: 1}, ""},
		{"places and a phone column in full", "Nombre de places;Nom du titulaire;N° de téléphone\n2;Marie Curie;06 12 34 56 78\n", ReservationSpec{Name: "Marie Curie", Contact: "06 12 34 56 78", Tickets: 2}, ""},
		{"the old columns", "nom;contact;billets\nMarie Curie;marie@example.fr;2\n", ReservationSpec{Name: "Marie Curie", Contact: "marie@example.fr", Tickets: 2}, ""},
		{"no name column", "prénoms;téléphone\nMarie;0612345678\n", ReservationSpec{}, "aucune colonne « nom »"},
		{"a column named twice", "nom;tél;portable\nCurie;0612345678;0612345678\n", ReservationSpec{}, "« tél » et « portable »"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseReservationsCSV([]byte(tc.file))
			if tc.refused != "" {
				wantCode(t, err, EInvalid)
				if !strings.Contains(ErrorMessage(err), tc.refused) || !strings.Contains(ErrorMessage(err), "ligne 1") {
					t.Fatalf("refusal %q, want %q", ErrorMessage(err), tc.refused)
				}
				return
			}
			ok(t, err)
			tc.want.Line = 2
			if len(got) != 1 || got[0] != tc.want {
				t.Fatalf("read %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestReservation_InvalidUTF8RecordsNothing: a name in Windows-1252 bytes
// reaching the domain used to be recorded with U+FFFD in place of its
// accents (JSON replaces invalid UTF-8), then refused with a message about
// an idempotency key, and recorded again at each retry.
func TestReservation_InvalidUTF8RecordsNothing(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	before := store.count()
	for range 2 {
		_, err := d.ImportReservations(ctx, org("org"), []ReservationSpec{{Name: "H\xe9l\xe8ne Lef\xe8vre", Contact: "0612345678", Tickets: 2}})
		wantCode(t, err, EInvalid)
		if m := ErrorMessage(err); !strings.Contains(m, "UTF-8") || strings.Contains(m, "clé") {
			t.Fatalf("refusal %q", m)
		}
	}
	nothingWritten(t, store, before)
	if rs := d.Reservations(); len(rs) != 0 {
		t.Fatalf("recorded %+v", rs)
	}
}

// TestDraft_InvalidUTF8InAnyTextRecordsNothing: whatever command lets a
// text in other bytes than UTF-8 through, the event is not written with
// another text than the one given.
func TestDraft_InvalidUTF8InAnyTextRecordsNothing(t *testing.T) {
	d, store := entranceDay(t)
	before := store.count()
	_, err := d.Postpone(context.Background(), org("org"), "pas assez de joueurs, d\xe9sol\xe9")
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
	for _, tc := range []struct {
		json string
		bad  bool
	}{
		{`{"a":"\ufffd"}`, true},
		{`{"a":"x\\\ufffd"}`, true},
		{`{"a":"x\\ufffd"}`, false}, // a backslash typed before ufffd
		{`{"a":"` + "\uFFFD" + `"}`, false},
	} {
		if got := replacedInvalidUTF8([]byte(tc.json)); got != tc.bad {
			t.Errorf("replacedInvalidUTF8(%s) = %v", tc.json, got)
		}
	}
}
