package loto

import (
	"crypto/subtle"
	"fmt"
	"strconv"
	"strings"

	"loto/internal/card"
)

// PlateCode names a plate of 6 cards of a series (cards 6p-5..6p), as a
// cashier scans or types it to sell the whole plate: A-P000123-K7Q. Its
// check code is keyed with the series key like the card serials, over a
// different text, so a plate code cannot be made from a card's serial. It
// has three check characters where a serial has two: the forms never
// collide (A-P000123-K7 would be card 123 of series AP) and a forged code,
// which would sell six cards, passes once in 29,791 tries. Printed plates
// of 6 carry it (loto print cards) and loto series plates lists it.
type PlateCode struct {
	Series string
	Plate  int
	Check  string
}

// plateQRPrefix starts the text of a plate's QR code.
const plateQRPrefix = "LOTO-PLATE:"

// PlateQR is the text of the QR code printed for a plate code, which the
// cash desk reads as the code itself (ParsePlateCode).
func PlateQR(code string) string { return plateQRPrefix + code }

// checkAlphabet writes check codes without look-alikes (no 0/O, 1/I/L), as card serials do.
const checkAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// String writes the plate code as printed.
func (p PlateCode) String() string { return fmt.Sprintf("%s-P%06d-%s", p.Series, p.Plate, p.Check) }

// ParsePlateCode reads a plate code as typed or scanned: any case, with or
// without spaces and dashes, or its QR text. It checks the form only.
func ParsePlateCode(text string) (PlateCode, error) {
	t := scanned(text, plateQRPrefix)
	bad := func() (PlateCode, error) {
		return PlateCode{}, Errorf(EInvalid, "code de plaque « %s » illisible : attendu série-P-numéro-contrôle, comme A-P000123-K7Q", Shown(strings.TrimSpace(text)))
	}
	// The series letters, the P, six digits, three check characters.
	if len(t) < 1+1+6+3 || len(t) > 3+1+6+3 {
		return bad()
	}
	letters := len(t) - 10
	series, mark, number, check := t[:letters], t[letters], t[letters+1:letters+7], t[letters+7:]
	if !validSeriesCode(series) || mark != 'P' || !digitsOnly(number) {
		return bad()
	}
	for i := range len(check) {
		if strings.IndexByte(checkAlphabet, check[i]) < 0 {
			return bad()
		}
	}
	n, _ := strconv.Atoi(number)
	if n < 1 {
		return bad()
	}
	return PlateCode{Series: series, Plate: n, Check: check}, nil
}

// scanned brings a code as typed or scanned to its bare form: upper case,
// without its QR prefix, spaces and dashes.
func scanned(text, qrPrefix string) string {
	t := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(text)), qrPrefix)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, t)
}

// looksLikePlate tells a plate code from a serial before parsing either.
func looksLikePlate(text string) bool {
	_, err := ParsePlateCode(text)
	return err == nil
}

func validSeriesCode(s string) bool { return CheckSeriesCode(s) == nil }

func digitsOnly(s string) bool { return s != "" && digits(s) }

// plateCheck is HMAC-SHA256(series key, "A-P000123") reduced to three check characters.
func plateCheck(key []byte, series string, plate int) string {
	return check3(key, fmt.Sprintf("%s-P%06d", series, plate))
}

// PlateCode returns the code of a plate of a series of the journal.
func (d *Day) PlateCode(series card.SeriesCode, plate int) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	code := string(series)
	s, ok := d.st.series[code]
	if !ok {
		return "", seriesNotFound(code)
	}
	if plate < 1 || plate > s.Plates() {
		return "", Errorf(ENotFound, "la série %s n'a pas de plaque n° %d (elle compte %s)", code, plate, plural(s.Plates(), "plaque", "plaques"))
	}
	key, ok := d.st.secrets[seriesKeySecret(code)]
	if !ok {
		return "", internalf(nil, "clé de contrôle de la série %s absente", code)
	}
	return PlateCode{Series: code, Plate: plate, Check: plateCheck(key, code, plate)}.String(), nil
}

// plateCards checks a plate code of a series on sale (R10) and returns
// its cards, 6 or those of a last partial plate.
func (st *State) plateCards(p PlateCode) ([]CardRef, PlateCode, error) {
	s, ok := st.series[p.Series]
	if !ok {
		return nil, p, Errorf(ENotFound, "plaque %s : la série %s est inconnue (R10)", p, p.Series)
	}
	key := st.secrets[seriesKeySecret(p.Series)]
	if key == nil {
		return nil, p, internalf(nil, "erreur interne : la clé de contrôle de la série %s manque", p.Series)
	}
	if subtle.ConstantTimeCompare([]byte(plateCheck(key, p.Series, p.Plate)), []byte(p.Check)) != 1 {
		return nil, p, Errorf(EInvalid, "plaque %s : code de contrôle faux, plaque refusée (R10)", p)
	}
	if p.Plate > s.Plates() {
		return nil, p, Errorf(ENotFound, "plaque %s : hors de la série %s, qui compte %s", p, p.Series, plural(s.Plates(), "plaque", "plaques"))
	}
	if _, sold := st.onSale(p.Series); !sold {
		return nil, p, Errorf(EInvalid, "la série %s n'est pas en vente aujourd'hui (R10)", p.Series)
	}
	var refs []CardRef
	for n := 6*p.Plate - 5; n <= min(6*p.Plate, s.Cards); n++ {
		refs = append(refs, CardRef{Series: p.Series, Number: n})
	}
	return refs, p, nil
}
