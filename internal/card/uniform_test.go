package card

import (
	"math"
	"math/rand/v2"
	"testing"
)

// alpha is the significance level of the uniformity check, after a
// Bonferroni correction within each family of tests. The seeds are fixed,
// so a pass or a failure is reproducible.
const alpha = 1e-4

// stripSampler writes the k-th strip of a test run.
type stripSampler func(k int, s *Strip)

// finding is one statistic's adjusted p-value.
type finding struct {
	name string
	p    float64
}

// checkUniform draws n strips and compares, by chi-square, statistics of
// them with their exact distribution under a uniform draw of all valid
// strips (reference_test.go). It returns every family's smallest adjusted
// p-value.
func checkUniform(ref *reference, draw stripSampler, n int) []finding {
	var (
		card1, card6 [36]int    // (count in column 0, in column 8, full columns)
		pairs        [16]int    // (full columns of card 1, of card 2)
		singles      [4 * 7]int // (full columns, 1-number columns in row 0) of card 1
		rowOf        [91][3]int // row of each number
		cardOf       [91][6]int // card of each number
		adjacent     [9][2]int  // are a column's two smallest numbers on one card
	)
	card3 := make([]int, len(ref.rows)) // count row of card 3
	var s Strip
	for k := 1; k <= n; k++ {
		draw(k, &s)
		card1[typeIndex(&s[0])]++
		card6[typeIndex(&s[5])]++
		var m [9]int
		for col := range 9 {
			m[col] = colCount(&s[2], col)
		}
		card3[ref.rowIndex[m]]++
		pairs[4*fullOf(&s[0])+fullOf(&s[1])]++
		top := 0
		for col := range 9 {
			if colCount(&s[0], col) == 1 && s[0][0][col] != 0 {
				top++
			}
		}
		singles[7*fullOf(&s[0])+top]++
		var where [91]int
		for i := range s {
			for r := range 3 {
				for _, num := range s[i][r] {
					if num != 0 {
						rowOf[num][r]++
						cardOf[num][i]++
						where[num] = i
					}
				}
			}
		}
		for c := range 9 {
			same := 0
			if where[colFirst[c]] == where[colFirst[c]+1] {
				same = 1
			}
			adjacent[c][same]++
		}
	}

	var typeProbs [36]float64
	for j, m := range ref.rows {
		typeProbs[(m[0]-1)*12+(m[8]-1)*4+ref.full[j]] += ref.card[j]
	}
	var pairProbs [16]float64
	var singleProbs [4 * 7]float64
	for t1 := range 4 {
		tProb := 0.0
		for t2 := range 4 {
			pairProbs[4*t1+t2] = ref.pair[t1][t2]
			tProb += ref.pair[t1][t2]
		}
		for x := range 7 {
			singleProbs[7*t1+x] = tProb * ref.singles[t1][x]
		}
	}
	out := []finding{
		{"count pattern of card 1", chiSquare(card1[:], typeProbs[:])},
		{"count pattern of card 6", chiSquare(card6[:], typeProbs[:])},
		{"count row of card 3 (1554 kinds)", chiSquare(card3, ref.card)},
		{"full columns of cards 1 and 2", chiSquare(pairs[:], pairProbs[:])},
		{"rows of the single numbers of card 1", chiSquare(singles[:], singleProbs[:])},
	}
	family := func(name string, ps []float64) {
		worst := 1.0
		for _, p := range ps {
			worst = min(worst, p*float64(len(ps))) // Bonferroni
		}
		out = append(out, finding{name, worst})
	}
	var rowPs, cardPs, adjPs []float64
	uniformCard := []float64{1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}
	for num := Number(1); num <= 90; num++ {
		rowPs = append(rowPs, chiSquare(rowOf[num][:], ref.rowProbs(num)))
		cardPs = append(cardPs, chiSquare(cardOf[num][:], uniformCard))
	}
	for c := range 9 {
		same := 0.0
		size := float64(colSize[c])
		for k := 2; k <= 3; k++ {
			same += 6 * ref.colK[c][k] * float64(k*(k-1)) / (size * (size - 1))
		}
		adjPs = append(adjPs, chiSquare(adjacent[c][:], []float64{1 - same, same}))
	}
	family("row of each number", rowPs)
	family("card of each number", cardPs)
	family("two smallest numbers of a column on one card", adjPs)
	return out
}

// rowProbs returns the exact distribution of num's row. num is the j-th
// smallest of its column (size S); on its card it is the q-th smallest of
// k, with odds 6 P(k) C(j,q) C(S-1-j,k-1-q) / C(S,k) (a uniform split).
// Rows are interchangeable in a uniform strip, so a 1-number column uses
// each row with odds 1/3, and a 2-number column misses each row with odds
// 1/3.
func (ref *reference) rowProbs(num Number) []float64 {
	c := num.Column()
	j, size := int(num-colFirst[c]), colSize[c]
	rows := make([]float64, 3)
	for k := 1; k <= 3; k++ {
		for q := range k {
			p := 6 * ref.colK[c][k] * float64(choose(j, q)*choose(size-1-j, k-1-q)) / float64(choose(size, k))
			switch k {
			case 1:
				rows[0], rows[1], rows[2] = rows[0]+p/3, rows[1]+p/3, rows[2]+p/3
			case 2: // the top one is in row 0 unless row 0 is missing
				rows[q*2] += p * 2 / 3
				rows[1] += p / 3
			case 3:
				rows[q] += p
			}
		}
	}
	return rows
}

func typeIndex(c *Card) int {
	return (colCount(c, 0)-1)*12 + (colCount(c, 8)-1)*4 + fullOf(c)
}

func colCount(c *Card, col int) int {
	n := 0
	for r := range 3 {
		if c[r][col] != 0 {
			n++
		}
	}
	return n
}

func fullOf(c *Card) int {
	n := 0
	for col := range 9 {
		if colCount(c, col) == 3 {
			n++
		}
	}
	return n
}

// chiSquare returns the p-value of observed counts against probabilities.
// Categories expected fewer than 5 times are pooled, so the chi-square
// approximation holds; a count in a category of probability 0 gives 0.
func chiSquare(obs []int, probs []float64) float64 {
	n := 0
	for _, o := range obs {
		n += o
	}
	var stat, poolExp float64
	poolObs, df := 0, -1
	for i, p := range probs {
		exp := p * float64(n)
		switch {
		case p == 0 && obs[i] > 0:
			return 0
		case exp < 5:
			poolExp += exp
			poolObs += obs[i]
		default:
			d := float64(obs[i]) - exp
			stat += d * d / exp
			df++
		}
	}
	if poolExp > 0 {
		d := float64(poolObs) - poolExp
		stat += d * d / max(poolExp, 5)
		df++
	}
	if df < 1 {
		return 1
	}
	return gammaQ(float64(df)/2, stat/2)
}

// gammaQ is the regularised upper incomplete gamma function Q(a, x): the
// chi-square survival function is Q(df/2, stat/2). Series for x < a+1,
// continued fraction (modified Lentz) otherwise.
func gammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1.0; n < 1000 && math.Abs(term) > math.Abs(sum)*1e-15; n++ {
			term *= x / (a + n)
			sum += term
		}
		return 1 - front*sum
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1.0; i < 1000; i++ {
		an := -i * (i - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		if math.Abs(d*c-1) < 1e-15 {
			break
		}
	}
	return front * h
}

func TestGammaQ(t *testing.T) {
	tests := []struct {
		name     string
		df, stat float64
		want     float64
	}{
		{"df 2 is exp(-x/2)", 2, 7, math.Exp(-3.5)},
		{"df 1, 95th percentile", 1, 3.841458820694124, 0.05},
		{"df 10, 99th percentile", 10, 23.209251158954356, 0.01},
		{"df 30, median", 30, 29.33603, 0.50000007914276},
		{"df 100, far tail", 100, 200, 1.17845007209794e-8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := gammaQ(tt.df/2, tt.stat/2)
			if math.Abs(got-tt.want) > 1e-6*tt.want {
				t.Errorf("Q = %v, want %v", got, tt.want)
			}
		})
	}
}

func assertUniform(t *testing.T, findings []finding) {
	t.Helper()
	for _, f := range findings {
		t.Logf("%-48s p = %.3g", f.name, f.p)
		if f.p < alpha {
			t.Errorf("%s: p = %.3g < %g, the strips are not uniform", f.name, f.p, alpha)
		}
	}
}

// TestGenerateIsUniform compares the generator with the exact distribution
// of a uniform strip over all valid strips.
func TestGenerateIsUniform(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 30000
	}
	g := NewGenerator([]byte("uniformity seed"))
	assertUniform(t, checkUniform(loadReference(), func(k int, s *Strip) { g.Strip(k, 0, s) }, n))
}

// TestUniformityCheckCatchesBias proves the check above can fail: each
// generator here gets one step subtly wrong and must be rejected.
func TestUniformityCheckCatchesBias(t *testing.T) {
	const n = 40000
	ref := loadReference()
	seed := []byte("bias seed")
	withTables := func(tab *tables) stripSampler {
		g := NewGenerator(seed)
		g.tab = tab
		return func(k int, s *Strip) { g.Strip(k, 0, s) }
	}
	// Count matrices drawn uniformly instead of weighted by how many strips
	// each one gives (the weight of a 2 left at 1 instead of 1/4).
	uniformCounts := &tables{}
	uniformCounts.buildPatterns()
	uniformCounts.buildAcceptance()
	uniformCounts.buildCounts(0)
	// Rows placed from only half the possible patterns.
	halfPatterns := *loadTables()
	for full := range halfPatterns.patterns {
		halfPatterns.patterns[full] = halfPatterns.patterns[full][:len(halfPatterns.patterns[full])/2]
	}
	// Each column dealt in contiguous blocks, cards in a random order.
	blocks := func() stripSampler {
		g := NewGenerator(seed)
		rng := rand.New(rand.NewPCG(3, 4))
		return func(k int, s *Strip) {
			g.Strip(k, 0, s)
			order := rng.Perm(6)
			for c := range 9 {
				num := colFirst[c]
				for _, i := range order {
					for r := range 3 {
						if s[i][r][c] != 0 {
							s[i][r][c] = num
							num++
						}
					}
				}
			}
		}
	}
	tests := []struct {
		name string
		draw stripSampler
	}{
		{"uniform count matrices", withTables(uniformCounts)},
		{"half the row patterns", withTables(&halfPatterns)},
		{"columns dealt in blocks", blocks()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			worst := finding{p: 1}
			for _, f := range checkUniform(ref, tt.draw, n) {
				t.Logf("%-48s p = %.3g", f.name, f.p)
				if f.p < worst.p {
					worst = f
				}
			}
			if worst.p >= alpha {
				t.Fatalf("a biased generator passed the uniformity check (smallest p = %.3g)", worst.p)
			}
			t.Logf("caught by %q", worst.name)
		})
	}
}
