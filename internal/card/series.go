package card

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxCards is the most cards a series holds. A serial carries 6 digits;
// the one card numbered 1,000,000 is the only one written with 7.
const MaxCards = 1_000_000

// maxRerolls bounds the search for a unique strip. With 3.7e18 possible
// cards, a series of a million cards needs a reroll about once in 10^7
// series, so reaching the bound means a broken source.
const maxRerolls = 1000

// PlateOf returns the plate (strip) that holds card number n: cards
// 6p-5..6p form plate p.
func PlateOf(number int) int { return (number + 5) / 6 }

// Rerolls maps a plate to the reroll counter that made its cards unique in
// its series; a plate absent from the map uses 0.
type Rerolls map[int]int

// BuildSeries draws the plates of a series of the given number of cards,
// redraws any plate that repeats a card of an earlier plate, and returns
// the rerolls to store with the series so CardAt rebuilds it without
// searching again. Only the first cards%6 cards of a partial last plate
// count.
func BuildSeries(seed []byte, cards int) (Rerolls, error) {
	if cards < 1 || cards > MaxCards {
		return nil, fmt.Errorf("nombre de cartes %d hors limites (1 à %d)", cards, MaxCards)
	}
	return buildSeries(cards, func() stripSource { return NewGenerator(seed).Strip })
}

// CardAt rebuilds card number n (1..MaxCards) of the series; n comes from a
// parsed serial, so a number below 1 is a bug and panics.
func CardAt(seed []byte, rerolls Rerolls, number int) Card {
	return cardAt(NewGenerator(seed).Strip, rerolls, number)
}

// stripSource writes strip k drawn with a reroll counter; tests swap in
// sources that repeat cards on purpose.
type stripSource func(k, reroll int, s *Strip)

func cardAt(src stripSource, rerolls Rerolls, number int) Card {
	if number < 1 {
		panic(fmt.Sprintf("card: card number %d below 1", number))
	}
	var s Strip
	plate := PlateOf(number)
	src(plate, rerolls[plate], &s)
	return s[(number-1)%6]
}

// buildSeries draws every plate's first draw in parallel (newSource gives
// each worker its own source), then walks the plates in order, so the
// result is the same as a sequential build.
func buildSeries(cards int, newSource func() stripSource) (Rerolls, error) {
	plates := PlateOf(cards)
	keys := make([]uint64, 6*plates)
	const chunk = 512
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), plates/chunk+1) {
		wg.Go(func() {
			src := newSource()
			var s Strip
			for {
				first := int(next.Add(chunk)) - chunk + 1
				if first > plates {
					return
				}
				for p := first; p < first+chunk && p <= plates; p++ {
					src(p, 0, &s)
					stripKeys(&s, keys[6*(p-1):6*p])
				}
			}
		})
	}
	wg.Wait()

	rerolls := Rerolls{}
	seen := newKeySet(cards)
	src := newSource()
	var s Strip
	for p := 1; p <= plates; p++ {
		used := keys[6*(p-1) : 6*(p-1)+min(6, cards-6*(p-1))]
		for reroll := 1; seen.hasAny(used); reroll++ {
			if reroll > maxRerolls {
				return nil, fmt.Errorf("plaque %d : aucune plaque sans carte en double après %d tirages", p, maxRerolls)
			}
			src(p, reroll, &s)
			stripKeys(&s, used)
			rerolls[p] = reroll
		}
		seen.addAll(used)
	}
	return rerolls, nil
}

// stripKeys writes the key of each card of s into keys (len(keys) <= 6).
func stripKeys(s *Strip, keys []uint64) {
	for i := range keys {
		keys[i] = cardKey(&s[i])
	}
}

// cardKey is a 64-bit hash of a card's 27 cells. Equal cards have equal
// keys; two different cards share one with odds 2^-64 per pair, which costs
// at worst a needless, recorded reroll.
func cardKey(c *Card) uint64 {
	h, last := uint64(0x9e3779b97f4a7c15), uint64(0)
	for r := range 3 {
		row := &c[r]
		w := uint64(row[0]) | uint64(row[1])<<8 | uint64(row[2])<<16 | uint64(row[3])<<24 |
			uint64(row[4])<<32 | uint64(row[5])<<40 | uint64(row[6])<<48 | uint64(row[7])<<56
		h = mix64(h ^ w)
		last |= uint64(row[8]) << (8 * r)
	}
	return mix64(h ^ last)
}

// mix64 is the MurmurHash3 64-bit finalizer.
func mix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// keySet is an open-addressing set of card keys, far lighter than a map
// for a million cards. Key 0 marks an empty slot, so 0 is stored as 1.
type keySet struct {
	slots []uint64
	mask  uint64
}

func newKeySet(n int) *keySet {
	size := 1
	for size < 2*n {
		size <<= 1
	}
	return &keySet{slots: make([]uint64, size), mask: uint64(size - 1)}
}

// hasAny reports whether a key of keys is in the set or repeats in keys.
func (s *keySet) hasAny(keys []uint64) bool {
	for i, k := range keys {
		if s.has(k) {
			return true
		}
		for _, before := range keys[:i] {
			if before == k {
				return true
			}
		}
	}
	return false
}

func (s *keySet) has(k uint64) bool {
	k = max(k, 1)
	for i := k & s.mask; ; i = (i + 1) & s.mask {
		switch s.slots[i] {
		case k:
			return true
		case 0:
			return false
		}
	}
}

func (s *keySet) addAll(keys []uint64) {
	for _, k := range keys {
		k = max(k, 1)
		i := k & s.mask
		for s.slots[i] != 0 && s.slots[i] != k {
			i = (i + 1) & s.mask
		}
		s.slots[i] = k
	}
}
