package card

import (
	"maps"
	"math/big"
	"slices"
	"sync"
	"testing"
)

// The exact distribution of a uniform strip, by counting, for the
// uniformity tests. It shares nothing with the generator's tables: the
// cells of a card are counted by brute force over all 3x9 grids, and the
// count matrices by a dynamic programme over cards (not columns).
//
// A strip with count matrix M (M[i][c] numbers of column c on card i) can
// be filled in prod_c colSize[c]! / prod_i M[i][c]! ways (which numbers go
// to which card) times prod_i R(M[i]) (the grids of each card with those
// column counts). So P(M) is proportional to prod_i W(M[i]), with the
// integer W(m) = R(m) * 1728 / prod_c m_c!.

// reference holds the exact distributions the tests compare against.
type reference struct {
	rows     [][9]int // every count row of a card: 1..3 per column, sum 15
	rowIndex map[[9]int]int
	weight   []*big.Int // W of each row
	full     []int      // full columns of each row
	memo     [7]map[uint64]*big.Int
	strips   *big.Int      // number of valid strips
	card     []float64     // P(one given card has count row rows[j])
	pair     [4][4]float64 // P(card 1 has t1 full columns, card 2 has t2)
	colK     [9][4]float64 // P(one given card has k numbers in column c)
	singles  [4][7]float64 // P(x of a card's 1-number columns sit in row 0 | t)
}

var loadReference = sync.OnceValue(buildReference)

func buildReference() *reference {
	ref := &reference{}
	// R(m) and the row-0 singles, over all grids with 5 numbers per row
	// and no empty column.
	grids := map[[9]int]int64{}
	var singles [4][7]int64
	var rowMasks []int
	for m := range 1 << 9 {
		if bitCount(m) == 5 {
			rowMasks = append(rowMasks, m)
		}
	}
	for _, a := range rowMasks {
		for _, b := range rowMasks {
			for _, c := range rowMasks {
				if a|b|c != 1<<9-1 {
					continue
				}
				var m [9]int
				full, top := 0, 0
				for col := range 9 {
					m[col] = a>>col&1 + b>>col&1 + c>>col&1
					if m[col] == 3 {
						full++
					}
					if m[col] == 1 && a>>col&1 == 1 {
						top++
					}
				}
				grids[m]++
				singles[full][top]++
			}
		}
	}
	for full := range 4 {
		var sum int64
		for _, n := range singles[full] {
			sum += n
		}
		for x, n := range singles[full] {
			ref.singles[full][x] = float64(n) / float64(sum)
		}
	}
	keys := slices.SortedFunc(maps.Keys(grids), func(a, b [9]int) int { return slices.Compare(a[:], b[:]) })
	for _, m := range keys {
		r := grids[m]
		den := int64(1)
		for _, k := range m {
			den *= []int64{1, 1, 2, 6}[k]
		}
		if 1728*r%den != 0 {
			panic("reference: W is not an integer")
		}
		ref.rows = append(ref.rows, m)
		ref.weight = append(ref.weight, big.NewInt(1728*r/den))
		ref.full = append(ref.full, fullColumns(m))
	}
	ref.rowIndex = map[[9]int]int{}
	for j, m := range ref.rows {
		ref.rowIndex[m] = j
	}
	for r := range ref.memo {
		ref.memo[r] = map[uint64]*big.Int{}
	}

	sizes := [9]int(colSize)
	total := ref.count(6, sizes)
	// strips = prod_c colSize[c]! * total / 1728^6
	ref.strips = new(big.Int).Set(total)
	for _, s := range colSize {
		ref.strips.Mul(ref.strips, new(big.Int).MulRange(1, int64(s)))
	}
	rest := new(big.Int)
	ref.strips.QuoRem(ref.strips, new(big.Int).Exp(big.NewInt(1728), big.NewInt(6), nil), rest)
	if rest.Sign() != 0 {
		panic("reference: the number of strips is not an integer")
	}

	ratio := func(num *big.Int) float64 {
		f, _ := new(big.Rat).SetFrac(num, total).Float64()
		return f
	}
	ref.card = make([]float64, len(ref.rows))
	for j, m := range ref.rows {
		if rest, ok := minus(sizes, m, 5); ok {
			ref.card[j] = ratio(new(big.Int).Mul(ref.weight[j], ref.count(5, rest)))
			for c, k := range m {
				ref.colK[c][k] += ref.card[j]
			}
		}
	}
	// Two cards: the rest is counted on four cards, all memoised above.
	four := map[uint64]float64{}
	for key, n := range ref.memo[4] {
		four[key] = ratio(n)
	}
	for j, m := range ref.rows {
		after1, ok := minus(sizes, m, 5)
		if !ok {
			continue
		}
		w1, _ := new(big.Float).SetInt(ref.weight[j]).Float64()
		for k, m2 := range ref.rows {
			if after2, ok := minus(after1, m2, 4); ok {
				w2, _ := new(big.Float).SetInt(ref.weight[k]).Float64()
				ref.pair[ref.full[j]][ref.full[k]] += w1 * w2 * four[sortedColumns(after2)]
			}
		}
	}
	return ref
}

// count returns the sum over count matrices of n cards with column sums
// sums of prod W(row). It depends only on the multiset of sums, as W is the
// same for rows that are permutations of each other.
func (ref *reference) count(n int, sums [9]int) *big.Int {
	key := sortedColumns(sums)
	if v, ok := ref.memo[n][key]; ok {
		return v
	}
	total := new(big.Int)
	if n == 0 {
		if sums == [9]int{} {
			total.SetInt64(1)
		}
	} else {
		term := new(big.Int)
		for j, m := range ref.rows {
			if rest, ok := minus(sums, m, n-1); ok {
				total.Add(total, term.Mul(ref.weight[j], ref.count(n-1, rest)))
			}
		}
	}
	ref.memo[n][key] = total
	return total
}

// minus returns sums - m if n cards (1..3 numbers per column) can still
// make up the rest.
func minus(sums, m [9]int, n int) ([9]int, bool) {
	for c := range sums {
		sums[c] -= m[c]
		if sums[c] < n || sums[c] > 3*n {
			return sums, false
		}
	}
	return sums, true
}

func sortedColumns(sums [9]int) uint64 {
	slices.Sort(sums[:])
	var key uint64
	for _, s := range sums {
		key = key<<4 | uint64(s)
	}
	return key
}

func fullColumns(m [9]int) int {
	n := 0
	for _, k := range m {
		if k == 3 {
			n++
		}
	}
	return n
}

func TestReferenceIsAProbability(t *testing.T) {
	ref := loadReference()
	if len(ref.rows) != 1554 {
		t.Errorf("%d count rows, want 1554", len(ref.rows))
	}
	sum := 0.0
	for _, p := range ref.card {
		sum += p
	}
	pairs := 0.0
	for _, row := range ref.pair {
		for _, p := range row {
			pairs += p
		}
	}
	if d := sum - 1; d > 1e-9 || d < -1e-9 {
		t.Errorf("card distribution sums to %v", sum)
	}
	if d := pairs - 1; d > 1e-9 || d < -1e-9 {
		t.Errorf("pair distribution sums to %v", pairs)
	}
	t.Logf("valid strips: %v (about 10^%d)", ref.strips, len(ref.strips.String())-1)
}

// TestCardCountMatchesColumnRecursion checks the card-level counting (the
// weights W) against an independent count of distinct cards: a recursion
// over columns on the numbers left per row, as in math.stackexchange.com
// question 510693, choosing each column's numbers among colSize[c]. (A
// figure of 24,069,639,359,475,000 circulates on the web; both methods here
// give 3,669,688,706,217,187,500.)
func TestCardCountMatchesColumnRecursion(t *testing.T) {
	ref := loadReference()
	total := new(big.Int)
	for j, m := range ref.rows {
		// R(m) = W(m) prod m_c! / 1728, times the ways to choose the numbers.
		n := new(big.Int).Set(ref.weight[j])
		for c, k := range m {
			n.Mul(n, big.NewInt([]int64{1, 1, 2, 6}[k]))
			n.Mul(n, new(big.Int).Binomial(int64(colSize[c]), int64(k)))
		}
		total.Add(total, n.Quo(n, big.NewInt(1728)))
	}
	memo := map[[4]int]*big.Int{}
	var cards func(col, a, b, c int) *big.Int
	cards = func(col, a, b, c int) *big.Int {
		if col == 9 {
			if a == 0 && b == 0 && c == 0 {
				return big.NewInt(1)
			}
			return new(big.Int)
		}
		key := [4]int{col, a, b, c}
		if v, ok := memo[key]; ok {
			return v
		}
		sum := new(big.Int)
		for mask := 1; mask < 8; mask++ {
			x, y, z := mask&1, mask>>1&1, mask>>2&1
			if a >= x && b >= y && c >= z {
				ways := new(big.Int).Binomial(int64(colSize[col]), int64(x+y+z))
				sum.Add(sum, ways.Mul(ways, cards(col+1, a-x, b-y, c-z)))
			}
		}
		memo[key] = sum
		return sum
	}
	want := cards(0, 5, 5, 5)
	if total.Cmp(want) != 0 {
		t.Errorf("%v distinct cards by count rows, %v by columns", total, want)
	}
	if want.String() != "3669688706217187500" {
		t.Errorf("%v distinct cards, want 3669688706217187500", want)
	}
}
