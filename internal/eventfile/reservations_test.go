package eventfile

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"loto/internal/loto"
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
		want []loto.ReservationSpec
	}{
		// Excel's "CSV (séparateur : point-virgule)" on a French Windows:
		// Windows-1252 (é is 0xE9, œ 0x9C, ’ 0x92), CRLF, columns in French
		// with an abbreviation, an unknown column and a padded empty line.
		{"reservations_excel_windows1252.csv", []loto.ReservationSpec{
			{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2, Line: 2},
			{Name: "Agnès Cœur", Contact: "agnes.coeur@example.fr", Tickets: 1, Line: 3},
			{Name: "Gaëlle D’Artagnan", Contact: "+33 6 11 22 33 44", Tickets: 3, Line: 4},
		}},
		// Excel's "CSV UTF-8": a BOM, commas, the columns in another order
		// and case, without accents.
		{"reservations_excel_utf8_bom.csv", []loto.ReservationSpec{
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
	wantCode(t, err, loto.EInvalid)
	if m := loto.ErrorMessage(err); !strings.Contains(m, "ligne 3") || !strings.Contains(m, "0x81") || !strings.Contains(m, "CSV UTF-8") {
		t.Fatalf("refusal %q", m)
	}
	_, err = ParseReservationsCSV([]byte("\xff\xfeN\x00o\x00m\x00\n\x00"))
	wantCode(t, err, loto.EInvalid)
	if m := loto.ErrorMessage(err); !strings.Contains(m, "UTF-16") {
		t.Fatalf("UTF-16 refusal %q", m)
	}
}

func TestReservationCSV_HeaderNames(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       loto.ReservationSpec // Line aside
		refused    string
	}{
		{"upper case and accents", "NOM;PRÉNOM;TÉLÉPHONE;NOMBRE\nCurie;Marie;06 12 34 56 78;2\n", loto.ReservationSpec{Name: "Marie Curie", Contact: "06 12 34 56 78", Tickets: 2}, ""},
		{"courriel and quantite", "quantite,courriel,nom\n3,marie@example.fr,Curie\n", loto.ReservationSpec{Name: "Curie", Contact: "marie@example.fr", Tickets: 3}, ""},
		{"email without a hyphen, no tickets column", "Email;Nom\nmarie@example.fr;Curie\n", loto.ReservationSpec{Name: "Curie", Contact: "marie@example.fr", Tickets: 1}, ""},
		{"a phone is kept before an e-mail", "e-mail;tel;nom;billets\nmarie@example.fr;0612345678;Curie;1\n", loto.ReservationSpec{Name: "Curie", Contact: "0612345678", Tickets: 1}, ""},
		{"places and a phone column in full", "Nombre de places;Nom du titulaire;N° de téléphone\n2;Marie Curie;06 12 34 56 78\n", loto.ReservationSpec{Name: "Marie Curie", Contact: "06 12 34 56 78", Tickets: 2}, ""},
		{"the old columns", "nom;contact;billets\nMarie Curie;marie@example.fr;2\n", loto.ReservationSpec{Name: "Marie Curie", Contact: "marie@example.fr", Tickets: 2}, ""},
		{"no name column", "prénoms;téléphone\nMarie;0612345678\n", loto.ReservationSpec{}, "aucune colonne « nom »"},
		{"a column named twice", "nom;tél;portable\nCurie;0612345678;0612345678\n", loto.ReservationSpec{}, "« tél » et « portable »"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseReservationsCSV([]byte(tc.file))
			if tc.refused != "" {
				wantCode(t, err, loto.EInvalid)
				if !strings.Contains(loto.ErrorMessage(err), tc.refused) || !strings.Contains(loto.ErrorMessage(err), "ligne 1") {
					t.Fatalf("refusal %q, want %q", loto.ErrorMessage(err), tc.refused)
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

func FuzzParseReservationsCSV(f *testing.F) {
	for _, s := range []string{
		"Nom;Prénom;Téléphone;E-mail;Billets\nLefèvre;Hélène;06 12 34 56 78;;2\nMartin;Paul;;paul.martin@example.fr;1\n",
		"Dupont,0612345678,3\nDurand,,\n",
		"\xef\xbb\xbfnom\tbillets\nA\t1\n",
		"nom;nom\nA;B\n", "tel;billets\n0612345678;1\n", "\"A;1\n", "Lef\xe8vre;1\n", "\xff\xfeN\x00", "", "\n\n;;\n",
		"nom;billets\nA;0\nB;-1\nC;9999999999999999999\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		specs, err := ParseReservationsCSV(data)
		if err != nil {
			// A line of summary, then one a bad line, the first 50 of them
			// and a line that says how many more.
			if code := loto.ErrorCode(err); code != loto.EInvalid {
				t.Fatalf("%q: refused as %q: %v", data, code, err)
			}
			fairLines(t, data, loto.ErrorMessage(err), 1+51)
			if strings.ContainsFunc(loto.ErrorMessage(err), func(r rune) bool { return unicode.In(r, unicode.Zl, unicode.Zp) }) {
				t.Fatalf("%q: the refusal repeats a line separator: %q", data, loto.ErrorMessage(err))
			}
			return
		}
		if len(specs) == 0 {
			t.Fatalf("%q: no reservation and no refusal", data)
		}
		for _, s := range specs {
			again := s
			if err := loto.CheckReservation(&again); err != nil || again != s || s.Line < 1 {
				t.Fatalf("%q: the reservation %+v read is not one the day takes: %v", data, s, err)
			}
		}
	})
}

// A reservation list is read whole or refused whole, each bad line named.
func TestReservationCSV_AllOrNothing(t *testing.T) {
	bad := "nom;contact;billets\nMarie Dupont;06 12 34 56 78;2\n;x@y.fr;1\nPaul;paul@example.fr;deux\nJeanne;;1\n"
	_, err := ParseReservationsCSV([]byte(bad))
	wantCode(t, err, loto.EInvalid)
	msg := loto.ErrorMessage(err)
	if !strings.Contains(msg, "ligne 3 : le nom est requis") || !strings.Contains(msg, "ligne 4 : nombre de billets « deux »") || strings.Contains(msg, "ligne 5") {
		t.Fatalf("errors do not name their lines: %q", msg)
	}
	specs, err := ParseReservationsCSV([]byte("\xef\xbb\xbfMarie Dupont,06 12 34 56 78,2\n\"Durand, Jean\",jean@example.fr,\nJeanne\n"))
	ok(t, err)
	if len(specs) != 3 || specs[1].Name != "Durand, Jean" || specs[1].Tickets != 1 || specs[2].Contact != "" {
		t.Fatalf("specs %+v", specs)
	}
	for _, b := range []string{"", "nom\n", "a,b,c,d\n", "\"Marie,06,1\n"} {
		_, err := ParseReservationsCSV([]byte(b))
		wantCode(t, err, loto.EInvalid)
	}
}
