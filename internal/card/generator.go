package card

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// GeneratorVersion identifies the strip generator; a series records it, and
// any change to the strips a seed gives needs a new version.
const GeneratorVersion = 1

// streamDomain separates the generator's hash inputs from any other use of
// a series seed.
const streamDomain = "loto strip generator v1\x00"

// Generator draws the strips of one series; it reuses its buffers, so one
// Generator must not be shared between goroutines.
type Generator struct {
	tab *tables
	src rand.ChaCha8
	// input is SHA-256(streamDomain || seed) || strip || reroll: 48 bytes,
	// one SHA-256 block per strip whatever the seed's length.
	input [48]byte
	// counts and full have 8 rows so that a card index masked by 7 needs
	// no bounds check.
	counts [8][9]uint8
	full   [8]uint8 // full columns per card (t in uniform.go)
	// cells holds the places of each card's numbers in a column, top to
	// bottom, as offsets card*27 + row*9 + column in flat, 8 bits each.
	cells [6][9]uint32
	// flat is the strip being written; 256 cells so that a byte offset
	// needs no bounds check.
	flat   [256]Number
	labels [16]uint8 // a column's card of each number, being shuffled
}

// NewGenerator returns a generator for the series with the given secret seed.
func NewGenerator(seed []byte) *Generator {
	g := &Generator{tab: loadTables()}
	h := sha256.New()
	h.Write([]byte(streamDomain))
	h.Write(seed)
	h.Sum(g.input[:0])
	return g
}

// Strip writes strip k, drawn with the given reroll counter, to s. Its
// random stream is ChaCha8 keyed by a SHA-256 hash of the seed, k and
// reroll alone, so any strip is rebuilt without the ones before it.
func (g *Generator) Strip(k, reroll int, s *Strip) {
	binary.BigEndian.PutUint64(g.input[32:], uint64(k))
	binary.BigEndian.PutUint64(g.input[40:], uint64(reroll))
	g.src.Seed(sha256.Sum256(g.input[:]))
	for {
		g.drawCounts()
		if g.accept() {
			break
		}
	}
	g.place()
	g.split(s)
}

// drawCounts draws the count matrix from the proposal: column by column,
// each step weighted by the exact number of ways to finish (uniform.go).
func (g *Generator) drawCounts() {
	at := [8]uint8{0, 1, 2, 3, 4, 5} // card at each sorted position
	g.full = [8]uint8{}
	si := uint16(0)
	for c := range 9 {
		st := &g.tab.states[c][si]
		moves := g.tab.moves[c][st.first : st.first+st.n]
		var b, u uint64
		if st.joint != 0 {
			// Lemire's method on n*total, read in mixed radix (see below3).
			for {
				var x uint64
				b, x = bits.Mul64(g.src.Uint64(), uint64(st.n))
				u, x = bits.Mul64(x, st.total)
				if x >= st.jointThresh {
					break
				}
			}
		} else {
			b = g.belowThresh(uint64(st.n), st.nThresh)
			u = g.belowThresh(st.total, st.thresh)
		}
		mv := &moves[b]
		if u >= mv.keep {
			mv = &moves[mv.alias]
		}
		var next [8]uint8
		for p := range 6 {
			card := at[p] & 7
			e := uint8(mv.extra>>(2*p)) & 3
			g.counts[card][c] = e + 1
			g.full[card] += e >> 1
			next[p] = at[(mv.order>>(3*p))&7]
		}
		at = next
		si = mv.next
	}
}

// accept keeps the drawn count matrix with probability prod a(t_i), which
// turns the proposal into the exact strip weights.
func (g *Generator) accept() bool {
	num, den := uint64(1), uint64(1)
	for _, t := range g.full[:6] {
		num *= g.tab.acceptNum[t]
		den *= g.tab.acceptDen[t]
	}
	return num == den || g.below(den) < num
}

// place chooses, for each card, a uniform pattern of rows among the ones
// that leave 5 numbers per row, and records in g.cells where the card's
// numbers of each column go, top to bottom.
func (g *Generator) place() {
	p := &g.tab.patterns
	for half := 0; half < 6; half += 3 {
		t0, t1, t2 := g.full[half], g.full[half+1], g.full[half+2]
		i0, i1, i2 := g.below3(uint64(len(p[t0])), uint64(len(p[t1])), uint64(len(p[t2])))
		g.rowsOf(half, p[t0][i0])
		g.rowsOf(half+1, p[t1][i1])
		g.rowsOf(half+2, p[t2][i2])
	}
}

// columnStep, indexed by a column's count (1..3) and the next masks of the
// 1-column and 2-column streams of a pattern, gives 9 times the column's
// rows, top to bottom, 8 bits each, and how far each stream advances. A
// table instead of a switch: the count is unpredictable, the lookup is not.
var columnStep = func() (t [4 * 64]struct {
	rows       uint32
	ones, twos uint8
}) {
	rowsOf := func(mask int) (rows uint32) {
		for r, sh := 0, 0; r < 3; r++ {
			if mask>>r&1 != 0 {
				rows |= uint32(9*r) << sh
				sh += 8
			}
		}
		return rows
	}
	for k := 1; k <= 3; k++ {
		for m1 := range 8 {
			for m2 := range 8 {
				e := &t[k*64+m1*8+m2]
				switch k {
				case 1:
					e.rows, e.ones = rowsOf(m1), 3
				case 2:
					e.rows, e.twos = rowsOf(m2), 3
				case 3:
					e.rows = rowsOf(7)
				}
			}
		}
	}
	return t
}()

// rowsOf decodes card i's pattern (see tables.patterns) into g.cells.
func (g *Generator) rowsOf(i int, pattern uint64) {
	ones, twos := pattern, pattern>>18
	base := uint32(27 * i * 0x010101) // i*27 in each byte
	for col, k := range &g.counts[i] {
		e := &columnStep[(int(k)&3)*64+int(ones&7)*8+int(twos&7)]
		g.cells[i][col] = e.rows + base + uint32(col)*0x010101
		ones >>= e.ones
		twos >>= e.twos
	}
}

// pow3[i] is 3^i, the weight of card i in a column code.
var pow3 = [8]uint16{1, 3, 9, 27, 81, 243, 729, 2187}

// labelRuns[code] lists, for the column counts coded in base 3 (count-1 of
// card i is digit i), card i repeated its count times, cards in order.
var labelRuns = func() (t [729][16]uint8) {
	for code := range t {
		var run []uint8
		for i := range 6 {
			for range code/int(pow3[i])%3 + 1 {
				run = append(run, uint8(i))
			}
		}
		if len(run) <= 11 { // longer runs are no column
			copy(t[code][:], run)
		}
	}
	return t
}()

// split deals each column's numbers to the cards, uniformly among the ways
// that respect the counts, and writes them down the rows place chose, so
// each card's column ascends.
func (g *Generator) split(s *Strip) {
	g.flat = [256]Number{}
	for c := range 9 {
		n := colSize[c]
		code := 0 // the column's counts in base 3, as labelRuns wants
		for i := range 6 {
			code += int(g.counts[i][c]-1) * int(pow3[i])
		}
		g.labels = labelRuns[code]
		g.shuffle(n)
		cells := [8]uint32{g.cells[0][c], g.cells[1][c], g.cells[2][c], g.cells[3][c], g.cells[4][c], g.cells[5][c]}
		num := colFirst[c]
		for _, i := range g.labels[:n] {
			i &= 7
			g.flat[cells[i]&0xff] = num
			cells[i] >>= 8
			num++
		}
	}
	for i := range s {
		for r := range 3 {
			o := 27*i + 9*r
			s[i][r] = [9]Number(g.flat[o : o+9])
		}
	}
}

// below returns a uniform integer in [0, n), n > 0, by Lemire's method.
func (g *Generator) below(n uint64) uint64 {
	hi, lo := bits.Mul64(g.src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(g.src.Uint64(), n)
		}
	}
	return hi
}

// belowThresh is below with 2^64 mod n precomputed.
func (g *Generator) belowThresh(n, thresh uint64) uint64 {
	hi, lo := bits.Mul64(g.src.Uint64(), n)
	for lo < thresh {
		hi, lo = bits.Mul64(g.src.Uint64(), n)
	}
	return hi
}

// below3 returns uniform integers in [0, a), [0, b) and [0, c) from one
// 64-bit draw: it is Lemire's method on the range a*b*c, read in mixed
// radix (Brackett-Rozinsky and Lemire, "Batched ranged random integer
// generation", 2024). a*b*c must fit in 64 bits.
func (g *Generator) below3(a, b, c uint64) (uint64, uint64, uint64) {
	p := a * b * c
	for {
		i, x := bits.Mul64(g.src.Uint64(), a)
		j, x := bits.Mul64(x, b)
		k, x := bits.Mul64(x, c)
		if x >= p || x >= -p%p {
			return i, j, k
		}
	}
}

// factorial[n] is n!, and factorialThresh[n] is 2^64 mod n!.
var factorial, factorialThresh = func() (f, t [17]uint64) {
	f[0] = 1
	for n := 1; n < len(f); n++ {
		f[n] = f[n-1] * uint64(n)
		t[n] = -f[n] % f[n]
	}
	return f, t
}()

// shuffle permutes g.labels[:n] (n <= 16) uniformly with one 64-bit draw:
// the Fisher-Yates choices are read in mixed radix from a Lemire draw below
// n!. The swaps happen as the choices are read; the rare rejected draw
// (odds n!/2^64) starts again from the labels as they were.
func (g *Generator) shuffle(n int) {
	saved := g.labels
	a := &g.labels
	for {
		x := g.src.Uint64()
		for i := n - 1; i >= 1; i-- {
			var j uint64
			j, x = bits.Mul64(x, uint64(i+1))
			j &= 15 // j <= i: the mask only drops a bounds check
			a[i&15], a[j] = a[j], a[i&15]
		}
		if x >= factorial[n] || x >= factorialThresh[n] {
			return
		}
		*a = saved
	}
}
