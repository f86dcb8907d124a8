package card

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// generate returns strip k of the series with the given seed, drawn with
// the given reroll counter by a new generator.
func generate(seed []byte, k, reroll int) Strip {
	var s Strip
	NewGenerator(seed).Strip(k, reroll, &s)
	return s
}

func TestGenerateGivesValidStrips(t *testing.T) {
	strips := 4000
	if testing.Short() {
		strips = 400
	}
	for seed := range 25 {
		g := NewGenerator([]byte(fmt.Sprintf("seed %d", seed)))
		var s Strip
		for k := 1; k <= strips; k++ {
			g.Strip(k, k%3, &s)
			if err := s.Validate(); err != nil {
				t.Fatalf("seed %d strip %d: %v\n%s", seed, k, err, formatStrip(&s))
			}
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	seed := []byte("series A")
	base := generate(seed, 7, 0)
	if again := generate(seed, 7, 0); again != base {
		t.Fatal("the same seed, strip and reroll gave two strips")
	}
	var viaGenerator Strip
	g := NewGenerator(seed)
	g.Strip(3, 0, &viaGenerator) // a used generator must not remember anything
	g.Strip(7, 0, &viaGenerator)
	if viaGenerator != base {
		t.Fatal("a used generator and a new one differ")
	}
	for name, other := range map[string]Strip{
		"next strip":   generate(seed, 8, 0),
		"reroll":       generate(seed, 7, 1),
		"other seed":   generate([]byte("series B"), 7, 0),
		"longer seed":  generate([]byte("series A\x00"), 7, 0),
		"strip number": generate(seed, 7+1<<32, 0),
	} {
		if other == base {
			t.Errorf("%s gave the same strip", name)
		}
	}
}

func TestGeneratorStripDoesNotAllocate(t *testing.T) {
	g := NewGenerator([]byte("seed"))
	var s Strip
	k := 0
	if allocs := testing.AllocsPerRun(200, func() { k++; g.Strip(k, 0, &s) }); allocs != 0 {
		t.Fatalf("Generator.Strip allocates %v times per strip", allocs)
	}
}

// TestPatternCountsMatchBruteForce counts, over every 3x9 grid with 5
// numbers per row and no empty column, the grids per number of full
// columns, independently of the generator's pattern tables. The total,
// 735210 card layouts, is the published count (math.stackexchange.com,
// question 510693).
func TestPatternCountsMatchBruteForce(t *testing.T) {
	var rowMasks []int
	for m := range 1 << 9 {
		if bitCount(m) == 5 {
			rowMasks = append(rowMasks, m)
		}
	}
	perFull := map[int]int{} // grids with t full columns
	for _, a := range rowMasks {
		for _, b := range rowMasks {
			for _, c := range rowMasks {
				if a|b|c != 1<<9-1 {
					continue
				}
				perFull[bitCount(a&b&c)]++
			}
		}
	}
	total := 0
	for full := range 4 {
		colsChoices := choose(9, full) * choose(9-full, 3+full) // which columns hold 3, 1 (rest 2)
		want := perFull[full] / colsChoices
		if got := len(loadTables().patterns[full]); got != want {
			t.Errorf("t=%d: %d patterns, brute force says %d", full, got, want)
		}
		total += perFull[full]
	}
	if total != 735210 {
		t.Errorf("%d card layouts, want 735210", total)
	}
}

func TestAcceptanceIsRatioOfExactWeights(t *testing.T) {
	// f(t) 4^t, with f(t) = R(t) / (2^(6-2t) 6^t), normalised by its maximum.
	tab := loadTables()
	var weight [4]*big.Rat
	top := new(big.Rat)
	for full := range 4 {
		num := new(big.Int).Mul(big.NewInt(int64(len(tab.patterns[full]))), new(big.Int).Exp(big.NewInt(4), big.NewInt(int64(full)), nil))
		den := new(big.Int).Mul(new(big.Int).Lsh(big.NewInt(1), uint(6-2*full)), new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(full)), nil))
		weight[full] = new(big.Rat).SetFrac(num, den)
		if weight[full].Cmp(top) > 0 {
			top = weight[full]
		}
	}
	for full := range 4 {
		want := new(big.Rat).Quo(weight[full], top)
		got := big.NewRat(int64(tab.acceptNum[full]), int64(tab.acceptDen[full]))
		if got.Cmp(want) != 0 {
			t.Errorf("t=%d: acceptance %v, want %v", full, got, want)
		}
	}
}

func TestAliasGivesExactWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(130)
		ws := make([]*big.Int, n)
		total := new(big.Int)
		for j := range ws {
			ws[j] = big.NewInt(rng.Int64N(1 << (1 + trial%56))) // totals below 2^64, as in the tables
			if trial%7 == 0 {
				ws[j].SetInt64(int64(j%3) * 5) // zeros and ties
			}
			total.Add(total, ws[j])
		}
		if total.Sign() == 0 {
			continue
		}
		moves := make([]countMove, n)
		buildAlias(moves, ws, total)
		// Mass of move j over the n buckets, each of mass total.
		mass := make([]*big.Int, n)
		for j := range mass {
			mass[j] = new(big.Int)
		}
		for b, m := range moves {
			keep := new(big.Int).SetUint64(m.keep)
			mass[b].Add(mass[b], keep)
			mass[m.alias].Add(mass[m.alias], new(big.Int).Sub(total, keep))
		}
		for j := range ws {
			if want := new(big.Int).Mul(ws[j], big.NewInt(int64(n))); mass[j].Cmp(want) != 0 {
				t.Fatalf("trial %d move %d: mass %v, want %v", trial, j, mass[j], want)
			}
		}
	}
}

// goldenSeed is the fixed seed whose first strips testdata/ pins.
var goldenSeed = []byte("loto golden seed")

// TestGenerateGolden pins the first strips of a fixed seed, and a digest of
// the first thousand, so any change to the generator shows; such a change
// needs a new GeneratorVersion. Regenerate with go test -run Golden -update.
func TestGenerateGolden(t *testing.T) {
	var out bytes.Buffer
	fmt.Fprintf(&out, "generator version %d, seed %q\n", GeneratorVersion, goldenSeed)
	for _, kr := range [][2]int{{1, 0}, {2, 0}, {3, 0}, {1, 1}} {
		s := generate(goldenSeed, kr[0], kr[1])
		fmt.Fprintf(&out, "\nstrip %d reroll %d\n%s", kr[0], kr[1], formatStrip(&s))
	}
	h := sha256.New()
	g := NewGenerator(goldenSeed)
	var s Strip
	for k := 1; k <= 1000; k++ {
		g.Strip(k, 0, &s)
		for i := range s {
			for r := range 3 {
				for _, n := range s[i][r] {
					h.Write([]byte{byte(n)})
				}
			}
		}
	}
	fmt.Fprintf(&out, "\nsha256 of strips 1..1000: %x\n", h.Sum(nil))
	checkGolden(t, "golden_strips.txt", out.Bytes())
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("output differs from %s; if the generator changed on purpose, bump GeneratorVersion and run with -update\ngot:\n%s", path, got)
	}
}

func formatStrip(s *Strip) string {
	var b strings.Builder
	for i := range s {
		for r := range 3 {
			for col, n := range s[i][r] {
				if col > 0 {
					b.WriteByte(' ')
				}
				if n == 0 {
					b.WriteString(" .")
				} else {
					fmt.Fprintf(&b, "%2d", n)
				}
			}
			b.WriteByte('\n')
		}
		if i < len(s)-1 {
			b.WriteString("--\n")
		}
	}
	return b.String()
}

func bitCount(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func choose(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

func BenchmarkGenerate(b *testing.B) {
	g := NewGenerator([]byte("benchmark seed"))
	var s Strip
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		k++
		g.Strip(k, 0, &s)
	}
	b.ReportMetric(float64(6*k)/b.Elapsed().Seconds(), "cards/s")
}
