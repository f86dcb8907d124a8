package eventfile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"loto/internal/loto"
)

// ReservationCSVFormat says in French which files ParseReservationsCSV
// reads, with an example, for the help of the commands that import them.
const ReservationCSVFormat = `Le fichier CSV des réservations, tel qu'un tableur l'enregistre (Excel, LibreOffice) :
  une réservation par ligne ; colonnes séparées par des points-virgules ou des virgules ;
  texte en UTF-8 (avec ou sans BOM) ou en Windows-1252 (le « CSV » d'Excel sous Windows).
La première ligne peut nommer les colonnes, dans n'importe quel ordre, en majuscules ou non,
avec ou sans accents :
  nom, prénom, téléphone (tél, portable), e-mail (courriel), contact, billets (quantité, nombre, places).
  Le prénom va devant le nom ; avec un téléphone et un e-mail, le téléphone sert de contact ;
  les autres colonnes sont ignorées.
Sans cette ligne, les colonnes sont : nom, téléphone ou e-mail (facultatif), nombre de billets
(1 si vide).
Exemple :
  Nom;Prénom;Téléphone;E-mail;Billets
  Lefèvre;Hélène;06 12 34 56 78;;2
  Martin;Paul;;paul.martin@example.fr;1`

// ParseReservationsCSV reads a reservation list as ReservationCSVFormat
// says: one reservation a line, its columns named by a first line of
// column names or else in the order name, contact, tickets. Every bad line
// is reported with its number, and then none is kept.
func ParseReservationsCSV(data []byte) ([]loto.ReservationSpec, error) {
	text, err := spreadsheetText(data)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = sniffComma(text)
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	var cols *csvColumns // nil unless a header names them: by position
	var specs []loto.ReservationSpec
	var bad []string
	for first := true; ; {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			bad = append(bad, fmt.Sprintf("ligne %d : CSV illisible (%s)", pe.Line, csvReason(pe.Err)))
			break // the reader cannot resync after a broken quote
		} else if err != nil {
			return nil, loto.Errorf(loto.EInvalid, "fichier CSV illisible : %v", err)
		}
		line, _ := r.FieldPos(0)
		if blankRecord(rec) {
			continue
		}
		if first {
			first = false
			c, err := headerColumns(rec)
			if err != nil {
				return nil, loto.Errorf(loto.EInvalid, "ligne %d : %s", line, loto.ErrorMessage(err))
			}
			if c != nil {
				cols = c
				continue
			}
		}
		spec, err := cols.spec(rec)
		spec.Line = line
		if err == nil {
			err = loto.CheckReservation(&spec)
		}
		if err != nil {
			bad = append(bad, fmt.Sprintf("ligne %d : %s", line, loto.ErrorMessage(err)))
			continue
		}
		specs = append(specs, spec)
	}
	if err := loto.RefusedList(bad); err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, loto.Errorf(loto.EInvalid, "le fichier ne contient aucune réservation (colonnes : nom, téléphone ou e-mail, nombre de billets)")
	}
	return specs, nil
}

// The columns a header may name.
const (
	colName = iota
	colFirstName
	colPhone
	colEmail
	colContact
	colTickets
	colCount
)

// columnNames are the usual names of the columns, as columnKey writes
// them (no accents, lower case, a hyphen as a space).
var columnNames = map[string]int{}

func init() {
	for col, names := range map[int]string{
		colName:      "nom|name|nom de famille|nom et prenom|prenom nom|nom prenom|nom complet|titulaire|nom du titulaire",
		colFirstName: "prenom",
		colPhone:     "telephone|tel|portable|mobile|numero de telephone|n de telephone|telephone portable|tel portable",
		colEmail:     "e mail|email|mail|courriel|adresse e mail|adresse mail|adresse electronique",
		colContact:   "contact",
		colTickets:   "billets|billet|quantite|qte|nombre|nb|nombre de billets|nb de billets|nb billets|places|nombre de places|nb de places|nb places|tickets",
	} {
		for _, n := range strings.Split(names, "|") {
			columnNames[n] = col
		}
	}
}

// csvColumns are the positions of the columns a header named, -1 when absent.
type csvColumns [colCount]int

// headerColumns reads a first line of column names; nil when the line
// names no known column (it is then a reservation). A line of names
// without a name column, or naming a column twice, is refused.
func headerColumns(rec []string) (*csvColumns, error) {
	var c csvColumns
	for i := range c {
		c[i] = -1
	}
	known := false
	for i, cell := range rec {
		col, ok := columnNames[columnKey(cell)]
		if !ok {
			continue
		}
		if c[col] >= 0 {
			return nil, loto.Errorf(loto.EInvalid, "les colonnes « %s » et « %s » disent la même chose : n'en garder qu'une",
				loto.Shown(strings.TrimSpace(rec[c[col]])), loto.Shown(strings.TrimSpace(cell)))
		}
		c[col], known = i, true
	}
	switch {
	case !known:
		return nil, nil
	case c[colName] < 0 && c[colFirstName] < 0:
		// The names as Shown: a line of a file is a person's text, of any length.
		return nil, loto.Errorf(loto.EInvalid, "aucune colonne « nom » parmi les noms de colonnes (%s)", loto.Shown(strings.Join(rec, ", ")))
	}
	return &c, nil
}

// columnKey writes a column name as columnNames holds it: "Tél." is "tel",
// "E-mail" is "e mail", "N° de téléphone" is "n de telephone".
func columnKey(cell string) string {
	return loto.FoldName(strings.Map(func(r rune) rune {
		switch r {
		case '.', ':', '°', '*', '(', ')':
			return ' '
		}
		return r
	}, cell))
}

// spec reads a reservation from its line: by the header's columns, or by
// position when there is no header (c nil).
func (c *csvColumns) spec(rec []string) (loto.ReservationSpec, error) {
	if c == nil {
		for len(rec) > 0 && strings.TrimSpace(rec[len(rec)-1]) == "" {
			rec = rec[:len(rec)-1] // a spreadsheet pads short lines with empty cells
		}
		if len(rec) > 3 {
			return loto.ReservationSpec{}, loto.Errorf(loto.EInvalid, "%d colonnes : attendu nom, téléphone ou e-mail, nombre de billets (ou une première ligne qui nomme les colonnes)", len(rec))
		}
		rec = append(rec, "", "")
		return ticketsIn(loto.ReservationSpec{Name: rec[0], Contact: rec[1]}, rec[2])
	}
	cell := func(col int) string {
		if i := c[col]; i >= 0 && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	s := loto.ReservationSpec{Name: strings.TrimSpace(cell(colFirstName) + " " + cell(colName))}
	for _, col := range []int{colContact, colPhone, colEmail} {
		if s.Contact = cell(col); s.Contact != "" {
			break
		}
	}
	return ticketsIn(s, cell(colTickets))
}

// ticketsIn sets the number of tickets written in a cell, 1 when empty.
func ticketsIn(s loto.ReservationSpec, cell string) (loto.ReservationSpec, error) {
	s.Tickets = 1
	if t := strings.TrimSpace(cell); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil {
			return s, loto.Errorf(loto.EInvalid, "nombre de billets « %s » illisible", loto.Shown(t))
		}
		s.Tickets = n
	}
	return s, nil
}

func blankRecord(rec []string) bool {
	for _, cell := range rec {
		if strings.TrimSpace(cell) != "" {
			return false
		}
	}
	return true
}

// sniffComma chooses the separator the first line uses most: the
// semicolon of French spreadsheets, the comma, or a tab.
func sniffComma(text string) rune {
	line, _, _ := strings.Cut(text, "\n")
	best, n := ',', strings.Count(line, ",")
	for _, c := range []rune{';', '\t'} {
		if k := strings.Count(line, string(c)); k > n {
			best, n = c, k
		}
	}
	return best
}

func csvReason(err error) string {
	switch {
	case errors.Is(err, csv.ErrQuote), errors.Is(err, csv.ErrBareQuote):
		return "guillemets mal fermés"
	}
	return err.Error()
}

// spreadsheetText returns the text of a file a spreadsheet saved, in
// UTF-8: the BOM of a "CSV UTF-8" is dropped, and a file that is not valid
// UTF-8 is read as Windows-1252, the "CSV" of Excel on a French Windows.
// A byte that Windows-1252 leaves undefined, or a UTF-16 file, is refused.
func spreadsheetText(data []byte) (string, error) {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return "", loto.Errorf(loto.EInvalid, "fichier en UTF-16 (« texte Unicode ») : l'enregistrer en « CSV UTF-8 » ou en « CSV (séparateur : point-virgule) »")
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return string(data), nil
	}
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	line := 1
	for _, c := range data {
		switch {
		case c < 0x80 || c >= 0xa0:
			b.WriteRune(rune(c)) // ASCII, and Latin-1 which Windows-1252 extends
		case windows1252[c-0x80] != 0:
			b.WriteRune(windows1252[c-0x80])
		default:
			return "", loto.Errorf(loto.EInvalid, "ligne %d : caractère illisible (octet 0x%02X) : le fichier n'est ni en UTF-8 ni en Windows-1252 ; l'enregistrer en « CSV UTF-8 »", line, c)
		}
		if c == '\n' {
			line++
		}
	}
	return b.String(), nil
}

// windows1252 maps the bytes 0x80 to 0x9F of Windows-1252, where it differs
// from Latin-1; 0 marks the five bytes it leaves undefined.
var windows1252 = [32]rune{
	'€', 0, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0, 'Ž', 0,
	0, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0, 'ž', 'Ÿ',
}
