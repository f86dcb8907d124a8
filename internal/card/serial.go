package card

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"strconv"
	"strings"
)

// Errors of the serial codec; their text is shown to people, in French.
var (
	// ErrMalformed means the text is not a serial at all.
	ErrMalformed = errors.New("numéro de carte illisible")
	// ErrBadCheck means the check code does not match: a mistyped or forged serial (R10).
	ErrBadCheck = errors.New("code de contrôle faux")
	// ErrUnknownSeries is for callers that find no series of that code (R10).
	ErrUnknownSeries = errors.New("série inconnue")
)

// checkAlphabet writes check codes without look-alikes: no 0/O, 1/I/L.
const checkAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// qrPrefix starts the text of a card's QR code.
const qrPrefix = "LOTO:"

// maxSeriesLetters bounds series codes to A..ZZZ (18,278 series).
const maxSeriesLetters = 3

// SeriesCode names a series: A..Z, then AA, AB, ..., up to ZZZ.
type SeriesCode string

// ParseSeriesCode reads a series code, in either case.
func ParseSeriesCode(text string) (SeriesCode, error) {
	code := SeriesCode(strings.ToUpper(strings.TrimSpace(text)))
	if !code.Valid() {
		return "", fmt.Errorf("%w : série %q invalide (lettres A à ZZZ)", ErrMalformed, text)
	}
	return code, nil
}

// Valid reports whether c is 1 to 3 capital letters.
func (c SeriesCode) Valid() bool {
	if len(c) < 1 || len(c) > maxSeriesLetters {
		return false
	}
	for i := range len(c) {
		if c[i] < 'A' || c[i] > 'Z' {
			return false
		}
	}
	return true
}

// Serial identifies a card: series code, card number and check code, as in
// A-001234-K7.
type Serial struct {
	Series string
	Number int
	Check  string
}

// String writes s in its printed form, A-001234-K7.
func (s Serial) String() string {
	return fmt.Sprintf("%s-%06d-%s", s.Series, s.Number, s.Check)
}

// Mistyped returns s with the last character of its check code moved to
// the next of the alphabet: a serial typed wrong or forged, which Verify
// refuses (R10).
func (s Serial) Mistyped() Serial {
	last := len(s.Check) - 1
	i := strings.IndexByte(checkAlphabet, s.Check[last])
	s.Check = s.Check[:last] + string(checkAlphabet[(i+1)%len(checkAlphabet)])
	return s
}

// QRText returns the text of the QR code printed on the card.
func QRText(s Serial) string { return qrPrefix + s.String() }

// ParseSerial reads a serial as printed, typed or scanned: any case, with
// or without spaces and dashes, or the card's QR text (LOTO:A-001234-K7).
// It checks the form only; a Checker verifies the check code.
func ParseSerial(text string) (Serial, error) {
	if len(text) > 64 {
		return Serial{}, fmt.Errorf("%w : texte trop long", ErrMalformed)
	}
	t := strings.ToUpper(strings.TrimSpace(text))
	t = strings.TrimPrefix(t, qrPrefix)
	t = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, t)
	letters := 0
	for letters < len(t) && t[letters] >= 'A' && t[letters] <= 'Z' {
		letters++
	}
	// Six digits, or seven for the one card numbered 1,000,000 (MaxCards).
	ndigits := len(t) - letters - 2
	if letters < 1 || letters > maxSeriesLetters || ndigits < 6 || ndigits > 7 {
		return Serial{}, fmt.Errorf("%w : attendu série-numéro-contrôle, comme A-001234-K7", ErrMalformed)
	}
	digits, check := t[letters:letters+ndigits], t[letters+ndigits:]
	for i := range len(digits) {
		if digits[i] < '0' || digits[i] > '9' {
			return Serial{}, fmt.Errorf("%w : le numéro doit avoir 6 chiffres", ErrMalformed)
		}
	}
	number, _ := strconv.Atoi(digits)
	if number < 1 {
		return Serial{}, fmt.Errorf("%w : le numéro 000000 n'existe pas", ErrMalformed)
	}
	if ndigits == 7 && number != MaxCards {
		return Serial{}, fmt.Errorf("%w : le numéro doit avoir 6 chiffres", ErrMalformed)
	}
	for i := range len(check) {
		if strings.IndexByte(checkAlphabet, check[i]) < 0 {
			return Serial{}, fmt.Errorf("%w : %q n'est pas un caractère de contrôle", ErrMalformed, check[i])
		}
	}
	return Serial{Series: t[:letters], Number: number, Check: check}, nil
}

// Checker makes and verifies the check codes of one series, reusing its
// HMAC state: printing a million cards calls it a million times. One
// Checker must not be shared between goroutines.
type Checker struct {
	mac hash.Hash
	buf []byte
	sum []byte
}

// NewChecker returns a Checker for the series' check key.
func NewChecker(key []byte) *Checker {
	return &Checker{mac: hmac.New(sha256.New, key), sum: make([]byte, 0, sha256.Size)}
}

// Serial returns the serial of card number n of the series.
func (c *Checker) Serial(series string, number int) (Serial, error) {
	if err := checkFields(series, number); err != nil {
		return Serial{}, err
	}
	return Serial{Series: series, Number: number, Check: c.code(series, number)}, nil
}

// Verify checks s's form and its check code; a wrong code gives
// ErrBadCheck.
func (c *Checker) Verify(s Serial) error {
	if err := checkFields(s.Series, s.Number); err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(c.code(s.Series, s.Number)), []byte(s.Check)) != 1 {
		return ErrBadCheck
	}
	return nil
}

// code is HMAC-SHA256(key, "A-001234") reduced to two check characters
// (961 values: a forged number passes once in 961 tries).
func (c *Checker) code(series string, number int) string {
	c.buf = fmt.Appendf(c.buf[:0], "%s-%06d", series, number)
	c.mac.Reset()
	c.mac.Write(c.buf)
	c.sum = c.mac.Sum(c.sum[:0])
	n := uint64(len(checkAlphabet))
	v := binary.BigEndian.Uint64(c.sum) % (n * n) // bias below 2^-50
	return string([]byte{checkAlphabet[v/n], checkAlphabet[v%n]})
}

func checkFields(series string, number int) error {
	if !SeriesCode(series).Valid() {
		return fmt.Errorf("%w : série %q invalide", ErrMalformed, series)
	}
	if number < 1 || number > MaxCards {
		return fmt.Errorf("%w : numéro %d hors limites (1 à %d)", ErrMalformed, number, MaxCards)
	}
	return nil
}
