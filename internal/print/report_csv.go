package print

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
)

// csvBOM opens the file: without it Excel reads a CSV as Windows-1252 and
// shows "Ã©" for every "é"; LibreOffice and encoding/csv readers skip it.
const csvBOM = "\uFEFF"

// ReportCSV writes r as one UTF-8 CSV file separated by ';': the title and
// subtitle, then for each section a line with its title, the header, the
// rows and one line per note, a blank line between sections, and the footer
// last.
//
// The separator is ';' because French spreadsheets use ',' as the decimal
// mark and ';' as the list separator: a double-click opens the file in
// columns, and amounts such as "12,50" need no quotes. A cell that a
// spreadsheet would run as a formula (a name imported as "=HYPERLINK(...)")
// is written with a leading apostrophe.
func ReportCSV(w io.Writer, r Report) error {
	if err := checkReport(&r); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	cw := csv.NewWriter(bw)
	cw.Comma = ';'
	blank := func() {
		cw.Flush()
		bw.WriteString("\n")
	}
	write := func(record ...string) {
		if len(record) == 1 && record[0] == "" {
			// encoding/csv writes one empty field as an empty line, which
			// readers skip: quote it so that a row of one empty cell stays.
			cw.Flush()
			bw.WriteString("\"\"\n")
			return
		}
		out := make([]string, len(record))
		for i, f := range record {
			out[i] = defuseFormula(f)
		}
		cw.Write(out)
	}

	bw.WriteString(csvBOM)
	write(r.Title)
	if r.Subtitle != "" {
		write(r.Subtitle)
	}
	for _, s := range r.Sections {
		blank()
		write(s.Title)
		write(s.Columns...)
		for _, row := range s.Rows {
			write(row...)
		}
		for _, n := range s.Notes {
			write(n)
		}
	}
	if r.Footer != "" {
		blank()
		write(r.Footer)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("écriture du CSV impossible : %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("écriture du CSV impossible : %w", err)
	}
	return nil
}

// defuseFormula prefixes with an apostrophe a cell that a spreadsheet would
// evaluate: one starting with '=', '@', a tab or a carriage return, or with
// '+' or '-' when what follows is not simply a number such as "-12,50 €".
func defuseFormula(cell string) string {
	if cell == "" {
		return cell
	}
	switch cell[0] {
	case '=', '@', '\t', '\r':
		return "'" + cell
	case '+', '-':
		if !numberLike(cell[1:]) {
			return "'" + cell
		}
	}
	return cell
}

// numberLike reports whether s is a formatted amount or count: digits with
// spaces, separators, a currency or percent sign, and nothing else.
func numberLike(s string) bool {
	digits := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case strings.ContainsRune(" ,.\u00a0\u202f€%", r):
		default:
			return false
		}
	}
	return digits
}
