package print

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"loto/internal/print/pdftest"
)

// testTickets returns n tickets of one event, codes R-00001-xx upwards.
func testTickets(n int) []TicketSheet {
	names := []string{"Françoise Le Guével", "Yann Kerhervé", "Marie-Thérèse Ollivier", "Loïc Boënnec"}
	out := make([]TicketSheet, n)
	for i := range out {
		code := fmt.Sprintf("R-%05d-%02d", i+1, (i*37)%100)
		out[i] = TicketSheet{
			Code:    code,
			QR:      "LOTO-TICKET:" + code,
			Name:    names[i%len(names)],
			Contact: fmt.Sprintf("06 12 34 56 %02d", i%100),
			Event:   "Mega Loto Rotary Saint-Brieuc",
			When:    "dimanche 6 décembre 2026, ouverture des portes 8h00",
			Venue:   "Salle Hermione, Saint-Brieuc",
			Rules:   "/reglement",
		}
	}
	out[n-1].Contact = "" // contact is optional
	return out
}

// writeFile writes what write produces to a temporary file named name and
// returns its path.
func writeFile(t *testing.T, name string, write func(io.Writer) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func writeTickets(t *testing.T, tickets []TicketSheet) string {
	t.Helper()
	return writeFile(t, "tickets.pdf", func(w io.Writer) error { return Tickets(w, tickets, nil) })
}

// slotText extracts the text of the ticket slot i of page pg with pdftotext
// cropped to the slot, words joined by single spaces, one line per line.
func slotText(t *testing.T, pdfPath string, pg, i int) string {
	t.Helper()
	pt := func(mm float64) string { return strconv.Itoa(int(mm * 72 / 25.4)) } // at -r 72, pixels are points
	x, y := float64(i%ticketCols)*ticketSlotW, float64(i/ticketCols)*ticketSlotH
	p := strconv.Itoa(pg)
	out := pdftest.Text(t, pdfPath, "-layout", "-r", "72", "-f", p, "-l", p,
		"-x", pt(x), "-y", pt(y), "-W", pt(ticketSlotW), "-H", pt(ticketSlotH))
	var lines []string
	for _, line := range strings.Split(strings.Trim(out, "\f\n"), "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

func TestTickets_RefusesBadInput(t *testing.T) {
	with := func(edit func(*TicketSheet)) []TicketSheet {
		tickets := testTickets(3)
		edit(&tickets[1])
		return tickets
	}
	tests := []struct {
		name    string
		tickets []TicketSheet
		want    string
	}{
		{"no tickets", nil, "aucun billet à imprimer"},
		{"empty code", with(func(s *TicketSheet) { s.Code = "" }), "billet n° 2 de la liste : code du billet vide"},
		{"blank code", with(func(s *TicketSheet) { s.Code = "  " }), "code du billet vide"},
		{"empty QR text", with(func(s *TicketSheet) { s.QR = "" }), "billet R-00002-37 : texte du code QR vide"},
		{"no holder", with(func(s *TicketSheet) { s.Name = " " }), "nom du titulaire vide"},
		{"QR text too long", with(func(s *TicketSheet) { s.QR = strings.Repeat("x", 4000) }), "code QR impossible"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Tickets(&buf, tt.tickets, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("%d bytes written despite the error", buf.Len())
			}
		})
	}
}

func TestTickets_EightPerPageWithCutLines(t *testing.T) {
	tests := []struct {
		name string
		n    int
		want []int // tickets on each page
	}{
		{"one", 1, []int{1}},
		{"a full page", 8, []int{8}},
		{"eleven", 11, []int{8, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages := rasterize(t, writeTickets(t, testTickets(tt.n)), 80)
			if len(pages) != len(tt.want) {
				t.Fatalf("%d pages, want %d", len(pages), len(tt.want))
			}
			for pg, p := range pages {
				b := p.img.Bounds()
				if ratio := float64(b.Dy()) / float64(b.Dx()); ratio < 1.40 || ratio > 1.43 {
					t.Errorf("page %d is not A4 portrait (ratio %.3f)", pg+1, ratio)
				}
				got := 0
				for i := range ticketsPerPage {
					x, y := ticketOrigin(i)
					// The band's tint left of the title marks a printed ticket.
					if p.share(x+0.8, y+1.5, 1.5, ticketBandH-3, ticketBand, 8) > 0.8 {
						got++
						if i >= tt.want[pg] {
							t.Errorf("page %d: ticket in slot %d, want %d tickets filled in order", pg+1, i, tt.want[pg])
						}
					}
				}
				if got != tt.want[pg] {
					t.Errorf("page %d holds %d tickets, want %d", pg+1, got, tt.want[pg])
				}
				// Dashed cut lines: about half of each line is inked.
				if s := p.inkedAlong(ticketSlotW, 0, false); s < 0.3 {
					t.Errorf("page %d: vertical cut line inked on %.0f %% of its length", pg+1, 100*s)
				}
				for r := 1; r < ticketRows; r++ {
					if s := p.inkedAlong(0, float64(r)*ticketSlotH, true); s < 0.3 {
						t.Errorf("page %d: cut line %d inked on %.0f %% of its length", pg+1, r, 100*s)
					}
				}
			}
		})
	}
}

// inkedAlong returns the fraction of the pixels along the horizontal line
// at y mm, or the vertical one at x mm, that have ink within 0.5 mm: a
// hairline falls between pixel rows at some resolutions.
func (p page) inkedAlong(x, y float64, horizontal bool) float64 {
	b := p.img.Bounds()
	length, at := b.Dy(), p.px(x)
	if horizontal {
		length, at = b.Dx(), p.px(y)
	}
	hits := 0
	for along := range length {
		for d := -p.px(0.5); d <= p.px(0.5); d++ {
			px, py := at+d, along
			if horizontal {
				px, py = along, at+d
			}
			r, g, bl, _ := p.img.At(px, py).RGBA()
			if r>>8 < 235 || g>>8 < 235 || bl>>8 < 235 {
				hits++
				break
			}
		}
	}
	return float64(hits) / float64(length)
}

func TestTickets_QRCodeModulesReadBack(t *testing.T) {
	tickets := testTickets(8)
	p := rasterize(t, writeTickets(t, tickets), 150)[0]
	for i, tk := range tickets {
		x, y := ticketOrigin(i)
		wantQR(t, p, "ticket "+tk.Code, tk.QR, tickets[(i+1)%len(tickets)].QR, x+ticketW-ticketPad-ticketQR, y+ticketBandH+2, ticketQR)
	}
}

// TestR4_TicketSaysFreeCardAndCrossedOut checks that each ticket carries
// what the door needs (R2) and tells the holder the free card (R4) and the
// crossing out (R5), and pins page 1 in a golden file.
func TestR4_TicketSaysFreeCardAndCrossedOut(t *testing.T) {
	tickets := testTickets(10)
	path := writeTickets(t, tickets)
	var golden strings.Builder
	for i, tk := range tickets {
		pg, slot := i/ticketsPerPage+1, i%ticketsPerPage
		text := slotText(t, path, pg, slot)
		flat := strings.ReplaceAll(text, "\n", " ")
		for _, want := range []string{tk.Event, tk.When, tk.Venue, "Titulaire", tk.Name, tk.Code, ticketNotice, "Règlement du jeu : /reglement"} {
			if !strings.Contains(flat, want) {
				t.Errorf("ticket %s: %q missing from its slot's text:\n%s", tk.Code, want, text)
			}
		}
		if tk.Contact != "" && !strings.Contains(flat, tk.Contact) {
			t.Errorf("ticket %s: contact %q missing", tk.Code, tk.Contact)
		}
		if other := tickets[(i+1)%len(tickets)].Code; strings.Contains(flat, other) {
			t.Errorf("ticket %s: slot also shows %s: slots overlap", tk.Code, other)
		}
		if pg == 1 {
			fmt.Fprintf(&golden, "--- billet %d ---\n%s\n", slot+1, text)
		}
	}
	checkGolden(t, "tickets_page1", golden.String())
}

func TestTickets_LongNameIsShortenedButNotTheCode(t *testing.T) {
	tickets := testTickets(2)
	tickets[0].Name = "Jean-Baptiste de La Villemarqué-Kerhervé du Plessis-Quintin"
	tickets[0].Code = "R-0000000042-7KQ-XYZ"
	text := strings.ReplaceAll(slotText(t, writeTickets(t, tickets), 1, 0), "\n", " ")
	if !strings.Contains(text, "Jean-Baptiste de La") || !strings.Contains(text, "…") || strings.Contains(text, tickets[0].Name) {
		t.Errorf("long name not cut short with an ellipsis:\n%s", text)
	}
	if !strings.Contains(text, tickets[0].Code) {
		t.Errorf("long code %s not printed in full:\n%s", tickets[0].Code, text)
	}
}

func TestTickets_ReportsProgressPerTicket(t *testing.T) {
	tickets := testTickets(9)
	var calls [][2]int
	if err := Tickets(io.Discard, tickets, func(done, total int) { calls = append(calls, [2]int{done, total}) }); err != nil {
		t.Fatal(err)
	}
	checkProgress(t, calls, len(tickets))
}

func BenchmarkTickets1000(b *testing.B) {
	tickets := testTickets(1000)
	b.ReportAllocs()
	for b.Loop() {
		if err := Tickets(io.Discard, tickets, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// R34: a ticket of a day with a public address prints the rules' address
// in full, never cut, and its QR code reads back as that address, beside
// the ticket's own code; a ticket without one keeps the path alone.
func TestR34_TicketGivesTheRulesFullAddressAndItsQRCode(t *testing.T) {
	tickets := testTickets(3)
	tickets[0].Rules = "https://loto.rotary-saintbrieuc.fr/reglement"
	tickets[1].Rules = "http://192.168.1.10:8080/reglement"
	path := writeTickets(t, tickets)
	p := rasterize(t, path, 300)[0]
	for i, tk := range tickets[:2] {
		flat := strings.ReplaceAll(slotText(t, path, 1, i), "\n", " ")
		for _, want := range []string{ticketRulesQR + " " + tk.Rules, tk.Code, tk.Name, ticketNotice} {
			if !strings.Contains(flat, want) {
				t.Errorf("ticket %s: %q missing from its slot's text:\n%s", tk.Code, want, flat)
			}
		}
		want, err := qrModules(tk.Rules)
		if err != nil {
			t.Fatal(err)
		}
		other, _ := qrModules(strings.Replace(tk.Rules, "reglement", "reglemenu", 1)) // as long: as large a code

		n := len(want)
		m := ticketRulesQRSize / float64(n+2*qrQuiet)
		x, y := ticketOrigin(i)
		qx, qy := x+ticketW-ticketPad-ticketRulesQRSize, y+ticketH-ticketPad-ticketRulesQRSize
		if diff, diffOther := qrDiff(p, qx+qrQuiet*m, qy+qrQuiet*m, m, want, other); diff != 0 || diffOther == 0 {
			t.Errorf("ticket %s: rules' QR code: %d of %d modules read back wrong, %d differ from another address's", tk.Code, diff, n*n, diffOther)
		}
		// The ticket's own code is still the door's.
		own, _ := qrModules(tk.QR)
		mo := ticketQR / float64(len(own)+2*qrQuiet)
		if diff, _ := qrDiff(p, x+ticketW-ticketPad-ticketQR+qrQuiet*mo, y+ticketBandH+2+qrQuiet*mo, mo, own, own); diff != 0 {
			t.Errorf("ticket %s: its own QR code has %d modules wrong", tk.Code, diff)
		}
	}
	if flat := strings.ReplaceAll(slotText(t, path, 1, 2), "\n", " "); !strings.Contains(flat, ticketRules+"/reglement") || strings.Contains(flat, "code QR ci-contre") {
		t.Errorf("a ticket without the public address:\n%s", flat)
	}
}
