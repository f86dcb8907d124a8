package card

import (
	"math/big"
	"math/bits"
	"slices"
	"sync"
)

// Why the generator is uniform over all valid strips.
//
// A strip is fixed by three choices:
//  1. the count matrix M: M[i][c] numbers of column c on card i (1..3, card
//     sums 15, column sums colSize);
//  2. the split: which numbers of column c go to which card, given M
//     (colSize[c]! / prod_i M[i][c]! ways); on a card they go down the column
//     in ascending order, so nothing else is chosen there;
//  3. for each card, the cells of its numbers: a 3x9 0/1 pattern with column
//     sums M[i] and 5 per row. Their number R depends only on t, the card's
//     count of full columns (M[i][c] = 3): R = 1710, 639, 240, 90 for t = 0..3.
//
// Hence the number of strips with count matrix M is
// prod_c colSize[c]! * prod_i f(t_i), with f(t) = R(t) / (2^(6-2t) * 6^t),
// and a uniform strip is: M drawn with weight prod_i f(t_i), then a uniform
// split, then a uniform pattern for each card.
//
// M is drawn by rejection. The proposal has weight prod_i 4^-t_i, which
// factors over the cells, so it is drawn exactly column by column with
// counting tables (below). Then M is accepted with probability
// prod_i a(t_i), a(t) = f(t) 4^t / max_u f(u) 4^u, which is at least
// 0.979 for a whole strip. All weights are integers: the sampling is exact,
// not merely close.

// colFirst and colSize describe the nine columns: 1-9, 10-19, ..., 80-90.
var (
	colFirst = [9]Number{1, 10, 20, 30, 40, 50, 60, 70, 80}
	colSize  = [9]int{9, 10, 10, 10, 10, 10, 10, 10, 11}
)

// countState is a state of the column-by-column draw of E = M - 1: the
// sorted numbers still to place on each card, before a column. Its moves
// form an alias table (Walker, Vose) with exact integer weights.
type countState struct {
	first, n uint32 // its moves in the layer's move slice
	nThresh  uint64 // 2^64 mod n, for an exact bounded draw
	total    uint64 // sum of the moves' weights (after dividing by their gcd)
	thresh   uint64 // 2^64 mod total
	// joint is n*total when it fits in 64 bits (0 otherwise), so one draw
	// gives both the bucket and u; jointThresh is 2^64 mod joint.
	joint, jointThresh uint64
}

// countMove is both a move and an alias bucket: drawing bucket b and u
// below total picks move b if u < keep, else move alias. A move fills one
// column: extra[p] (2 bits each) on the card at sorted position p; the next
// state's sorted position j holds position order[j] (3 bits each).
type countMove struct {
	keep  uint64
	alias uint16
	extra uint16
	next  uint16
	order uint32
}

// tables holds everything the generator precomputes once.
type tables struct {
	states [9][]countState
	moves  [9][]countMove
	// patterns[t] lists the row placements of a card with t full columns:
	// 3-bit row masks of its 1-number columns (bits 0..17, left to right),
	// then of its 2-number columns (bits 18..35).
	patterns [4][]uint64
	// acceptNum[t]/acceptDen[t] is a(t), in lowest terms.
	acceptNum, acceptDen [4]uint64
}

var loadTables = sync.OnceValue(buildTables)

func buildTables() *tables {
	t := &tables{}
	t.buildPatterns()
	t.buildAcceptance()
	t.buildCounts(2)
	return t
}

// buildPatterns enumerates, for each t, every placement of a card's columns
// in rows that leaves 5 numbers per row.
func (t *tables) buildPatterns() {
	for full := range 4 {
		ones, twos := 3+full, 6-2*full
		n := ones + twos
		digits := make([]int, n) // row of a 1-column, or missing row of a 2-column
		for {
			var rows [3]int
			for r := range 3 {
				rows[r] = full
			}
			for j, d := range digits {
				if j < ones {
					rows[d]++
				} else {
					rows[(d+1)%3]++
					rows[(d+2)%3]++
				}
			}
			if rows == [3]int{5, 5, 5} {
				var p uint64
				for j, d := range digits {
					if j < ones {
						p |= 1 << d << (3 * j)
					} else {
						p |= (7 ^ 1<<d) << (18 + 3*(j-ones))
					}
				}
				t.patterns[full] = append(t.patterns[full], p)
			}
			// next digits, as an odometer in base 3
			j := 0
			for j < n && digits[j] == 2 {
				digits[j] = 0
				j++
			}
			if j == n {
				break
			}
			digits[j]++
		}
	}
}

// buildAcceptance computes a(t) from the pattern counts: f(t) 4^t is
// proportional to R(t) 8^t 3^(3-t).
func (t *tables) buildAcceptance() {
	var rho [4]uint64
	for full := range 4 {
		rho[full] = uint64(len(t.patterns[full]))
		for range full {
			rho[full] *= 8
		}
		for range 3 - full {
			rho[full] *= 3
		}
	}
	top := slices.Max(rho[:])
	for full := range 4 {
		g := gcd(rho[full], top)
		t.acceptNum[full], t.acceptDen[full] = rho[full]/g, top/g
	}
	// A strip's acceptance multiplies six denominators in a uint64.
	d := uint64(1)
	for range 6 {
		hi, lo := bits.Mul64(d, slices.Max(t.acceptDen[:]))
		if hi != 0 {
			panic("card: acceptance denominators overflow")
		}
		d = lo
	}
}

// sortedKey encodes a sorted state in base 7.
func sortedKey(s [6]uint8) int {
	k := 0
	for _, v := range s {
		k = k*7 + int(v)
	}
	return k
}

// buildCounts builds the layered tables of the column-by-column draw of E,
// with weight 2^-twoShift per entry 2 (the generator uses 2: 4^-t per
// card; tests build a wrong one). Cards are interchangeable, so a state is
// the sorted multiset of what each card still needs; that keeps the tables
// to about 200 states.
func (t *tables) buildCounts(twoShift uint) {
	var layers [10][][6]uint8
	var index [10]map[int]int
	layers[0] = [][6]uint8{{6, 6, 6, 6, 6, 6}}
	index[0] = map[int]int{sortedKey(layers[0][0]): 0}
	type rawMove struct {
		extra [6]uint8
		order [6]uint8
		next  int
	}
	var raw [9][][]rawMove
	for c := range 9 {
		index[c+1] = map[int]int{}
		room := uint8(2 * (8 - c)) // most a card can still take after column c
		raw[c] = make([][]rawMove, len(layers[c]))
		for si, s := range layers[c] {
			for _, e := range columnExtras(colSize[c] - 6) {
				var rest [6]uint8
				ok := true
				for p := range 6 {
					if e[p] > s[p] || s[p]-e[p] > room {
						ok = false
						break
					}
					rest[p] = s[p] - e[p]
				}
				if !ok {
					continue
				}
				order := [6]uint8{0, 1, 2, 3, 4, 5}
				slices.SortStableFunc(order[:], func(a, b uint8) int { return int(rest[a]) - int(rest[b]) })
				var next [6]uint8
				for j := range 6 {
					next[j] = rest[order[j]]
				}
				k := sortedKey(next)
				ni, seen := index[c+1][k]
				if !seen {
					ni = len(layers[c+1])
					index[c+1][k] = ni
					layers[c+1] = append(layers[c+1], next)
				}
				raw[c][si] = append(raw[c][si], rawMove{e, order, ni})
			}
		}
	}
	// Completion weights, from the last column back: weight(E) =
	// 2^-(twoShift * number of 2s), scaled per column by
	// 2^(twoShift * floor(extra/2)) to stay integral.
	weight := make([]*big.Int, len(layers[9]))
	for i := range weight {
		weight[i] = new(big.Int) // only the empty state completes
		if layers[9][i] == [6]uint8{} {
			weight[i].SetInt64(1)
		}
	}
	for c := 8; c >= 0; c-- {
		prev := make([]*big.Int, len(layers[c]))
		for si, moves := range raw[c] {
			ws := make([]*big.Int, 0, len(moves))
			kept := moves[:0]
			g := new(big.Int)
			for _, mv := range moves {
				if weight[mv.next].Sign() == 0 {
					continue
				}
				twos := 0
				for _, e := range mv.extra {
					if e == 2 {
						twos++
					}
				}
				w := new(big.Int).Lsh(weight[mv.next], twoShift*uint((colSize[c]-6)/2-twos))
				ws = append(ws, w)
				kept = append(kept, mv)
				g.GCD(nil, nil, g, w)
			}
			prev[si] = new(big.Int)
			for _, w := range ws {
				prev[si].Add(prev[si], w)
			}
			// Dividing a state's moves by their gcd keeps the same odds and
			// lets the totals fit in 64 bits.
			total := new(big.Int)
			for _, w := range ws {
				total.Add(total, w.Quo(w, g))
			}
			if !total.IsUint64() {
				panic("card: count weights overflow 64 bits")
			}
			first := len(t.moves[c])
			for _, mv := range kept {
				m := countMove{next: uint16(mv.next)}
				for p := range 6 {
					m.extra |= uint16(mv.extra[p]) << (2 * p)
					m.order |= uint32(mv.order[p]) << (3 * p)
				}
				t.moves[c] = append(t.moves[c], m)
			}
			buildAlias(t.moves[c][first:], ws, total)
			st := countState{first: uint32(first), n: uint32(len(kept)), total: total.Uint64()}
			if st.n > 0 {
				st.nThresh = -uint64(st.n) % uint64(st.n)
				st.thresh = -st.total % st.total
				if hi, lo := bits.Mul64(uint64(st.n), st.total); hi == 0 {
					st.joint, st.jointThresh = lo, -lo%lo
				}
			}
			t.states[c] = append(t.states[c], st)
		}
		weight = prev
	}
}

// buildAlias fills keep and alias of moves (weights ws, sum total) by
// Vose's method in exact integers: bucket b holds n*w_b/total of a unit,
// topped up from a move that has more than a unit.
func buildAlias(moves []countMove, ws []*big.Int, total *big.Int) {
	n := big.NewInt(int64(len(moves)))
	scaled := make([]*big.Int, len(ws))
	var small, large []int
	for j, w := range ws {
		scaled[j] = new(big.Int).Mul(w, n)
		if scaled[j].Cmp(total) < 0 {
			small = append(small, j)
		} else {
			large = append(large, j)
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		moves[s].keep, moves[s].alias = scaled[s].Uint64(), uint16(l)
		// l gives total - scaled[s] to bucket s.
		scaled[l].Sub(scaled[l], new(big.Int).Sub(total, scaled[s]))
		if scaled[l].Cmp(total) < 0 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	// What remains is a full unit (exactly, as the arithmetic is exact).
	for _, j := range append(small, large...) {
		moves[j].keep, moves[j].alias = total.Uint64(), uint16(j)
	}
}

// columnExtras lists the vectors of six values 0..2 summing to sum, in a
// fixed order.
func columnExtras(sum int) [][6]uint8 {
	var out [][6]uint8
	for code := range 729 {
		var e [6]uint8
		s, x := 0, code
		for p := range 6 {
			e[p] = uint8(x % 3)
			s += x % 3
			x /= 3
		}
		if s == sum {
			out = append(out, e)
		}
	}
	return out
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
