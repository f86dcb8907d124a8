package game

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"

	"loto/internal/card"
)

// Errors of the draw, with the message shown to the host.
var (
	// ErrAllDrawn is returned when no number or token is left to draw.
	ErrAllDrawn = errors.New("tous les numéros sont déjà sortis")
	// ErrAlreadyDrawn is returned when a number comes out twice in a game (R24).
	ErrAlreadyDrawn = errors.New("numéro déjà sorti dans cette partie")
	// ErrBadNumber is returned for a number outside 1..90.
	ErrBadNumber = errors.New("numéro hors de 1 à 90")
)

// stream is a deterministic byte stream: the concatenation of the blocks
// HMAC-SHA256(key, prefix || uint32be(j)) for j = 0, 1, 2, ...
type stream struct {
	mac    hash.Hash
	prefix []byte
	block  []byte
	pos    int
	j      uint32
}

func newStream(key, prefix []byte) *stream {
	return &stream{mac: hmac.New(sha256.New, key), prefix: prefix}
}

func (s *stream) byte() byte {
	if s.pos == len(s.block) {
		s.mac.Reset()
		s.mac.Write(s.prefix)
		s.mac.Write(binary.BigEndian.AppendUint32(nil, s.j))
		s.block, s.pos = s.mac.Sum(s.block[:0]), 0
		s.j++
	}
	b := s.block[s.pos]
	s.pos++
	return b
}

// below returns a uniform integer in 0..k-1, 1 <= k <= 256, by rejection:
// bytes at or above the largest multiple of k are skipped, so no modulo bias.
func (s *stream) below(k int) int {
	limit := 256 - 256%k
	for {
		if b := int(s.byte()); b < limit {
			return b % k
		}
	}
}

// Drawer draws the numbers of one game from that game's seed (R14), a
// secret drawn when the game starts. The n-th draw (n = numbers already
// drawn, from 0) reads the stream with prefix "loto/draw/v1" ||
// uint64be(game) || uint32be(n), takes a uniform index i below the count of
// numbers not yet drawn, and returns the i-th of them in ascending order.
// Anyone with the seed, revealed when the game ends, recomputes every draw.
type Drawer struct {
	seed []byte
	game uint64
}

// NewDrawer returns the drawer of game number game for its seed.
func NewDrawer(seed []byte, game int) *Drawer {
	return &Drawer{seed: append([]byte(nil), seed...), game: uint64(game)}
}

// Next returns the next number, uniform over those not in drawn (R24); it does
// not add it to drawn, so asking again before Add gives the same number.
func (d *Drawer) Next(drawn *Drawn) (card.Number, error) {
	left := 90 - drawn.Len()
	if left <= 0 {
		return 0, ErrAllDrawn
	}
	prefix := []byte("loto/draw/v1")
	prefix = binary.BigEndian.AppendUint64(prefix, d.game)
	prefix = binary.BigEndian.AppendUint32(prefix, uint32(drawn.Len()))
	i := newStream(d.seed, prefix).below(left)
	for n := card.Number(1); n <= 90; n++ {
		if !drawn.Has(n) {
			if i == 0 {
				return n, nil
			}
			i--
		}
	}
	panic("game: drawn set is inconsistent")
}

// Drawn is the set of numbers drawn in a game, in order; the zero value is empty.
type Drawn struct {
	order [90]card.Number
	n     int
	has   [91]bool
}

// Add records n as drawn; a number already drawn is refused (R24).
func (d *Drawn) Add(n card.Number) error {
	switch {
	case !n.Valid():
		return fmt.Errorf("%w : %d", ErrBadNumber, n)
	case d.has[n]:
		return fmt.Errorf("%w : %d", ErrAlreadyDrawn, n)
	}
	d.order[d.n], d.has[n] = n, true
	d.n++
	return nil
}

// Has reports whether n was drawn.
func (d *Drawn) Has(n card.Number) bool { return n.Valid() && d.has[n] }

// Undo removes the last number drawn (a typing slip) and returns it; ok is false when none was drawn.
func (d *Drawn) Undo() (n card.Number, ok bool) {
	if d.n == 0 {
		return 0, false
	}
	d.n--
	n = d.order[d.n]
	d.has[n] = false
	return n, true
}

// Last is the last number drawn; ok is false when none was drawn.
func (d *Drawn) Last() (n card.Number, ok bool) {
	if d.n == 0 {
		return 0, false
	}
	return d.order[d.n-1], true
}

// List returns the numbers drawn, in order, as a new slice.
func (d *Drawn) List() []card.Number { return append([]card.Number(nil), d.order[:d.n]...) }

// Len is the count of numbers drawn.
func (d *Drawn) Len() int { return d.n }
