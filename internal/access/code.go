package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"loto/internal/loto"
)

// The credentials of a device. The bearer token is 32 random bytes: its
// plain SHA-256 in the journal is enough, nobody finds 256 bits back by
// trying. The pairing code is short enough to type, 8 characters of a
// 32-letter alphabet, 40 bits: a plain hash of it would be found by trying
// every code in hours on one computer, so whoever reads a copy of the
// journal (an export, a backup) could pair a device of their own while the
// code is valid. It is hashed with HMAC-SHA256 under a key of its own
// drawn at the pairing and kept as a secret beside the journal, never
// exported; the event commits to the key, as every secret is committed.
//
// A code is valid for codeValidity and once only. Online guessing is out
// of reach too: 2^40 codes for one valid code, a quarter of an hour.

// codeValidity is how long a pairing code may be exchanged for a token:
// a quarter of an hour, long enough to walk to the device and type it.
const codeValidity = 15 * time.Minute

// codeAlphabet has no 0/O nor 1/I, which people misread: 32 letters, so a
// random byte's low five bits pick one with no bias.
const codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// codeLen is the length of a pairing code.
const codeLen = 8

// tokenBytes is the size of a bearer token's randomness.
const tokenBytes = 32

// newCode draws a pairing code; under the Day's lock, as Day.Random is.
func newCode(d *loto.Day) (string, error) {
	b, err := d.Random(codeLen)
	if err != nil {
		return "", err
	}
	for i := range b {
		b[i] = codeAlphabet[b[i]&31]
	}
	return string(b), nil
}

// newToken draws a bearer token, base64url without padding (43
// characters); under the Day's lock, as Day.Random is.
func newToken(d *loto.Day) (string, error) {
	b, err := d.Random(tokenBytes)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// codeMAC is the hex HMAC-SHA256 of a normalised code under key.
func codeMAC(key []byte, code string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(code))
	return hex.EncodeToString(m.Sum(nil))
}

// NormaliseCode reads a pairing code as typed: any case, with spaces or
// dashes; EInvalid in French when it cannot be one. The message never
// repeats what was typed.
func NormaliseCode(text string) (string, error) {
	c := strings.ToUpper(strings.NewReplacer(" ", "", "-", "", "\t", "").Replace(text))
	if len(c) != codeLen || strings.Trim(c, codeAlphabet) != "" {
		return "", loto.Errorf(loto.EInvalid, "code d'appairage invalide : %d caractères, chiffres de 2 à 9 et lettres sauf I et O", codeLen)
	}
	return c, nil
}
