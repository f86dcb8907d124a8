package game

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"loto/internal/card"
)

// million is 1,000,002 cards: 166,667 whole strips in plate order, built once.
var million = sync.OnceValue(func() []card.Card {
	return randomCards(&testing.B{}, rand.New(rand.NewPCG(1, 1)), 166667)
})

func millionIndex(b *testing.B) (*Index, []card.Card) {
	cards := million()
	b.ResetTimer()
	return newIndex(cards), cards
}

// drawOrder is a fixed random order of the 90 numbers.
func drawOrder() []card.Number {
	out := make([]card.Number, 90)
	for i, p := range rand.New(rand.NewPCG(2, 2)).Perm(90) {
		out[i] = card.Number(p + 1)
	}
	return out
}

// timeMarks is the mean time of one Mark over whole games.
func timeMarks(ix *Index, order []card.Number, games int) time.Duration {
	var total time.Duration
	for range games {
		ix.Reset()
		start := time.Now()
		for _, n := range order {
			ix.Mark(n)
		}
		total += time.Since(start)
	}
	return total / time.Duration(games*len(order))
}

func BenchmarkMark1M(b *testing.B) {
	ix, _ := millionIndex(b)
	order := drawOrder()
	cpu := cpuMeter(b)
	for i := 0; b.Loop(); i++ {
		if i%90 == 0 {
			b.StopTimer()
			ix.Reset()
			b.StartTimer()
		}
		ix.Mark(order[i%90])
	}
	cpu()
	b.ReportMetric(float64(ix.Bytes())/float64(ix.Len()), "bytes/card")
}

// cpuMeter pins the benchmark to its thread and returns a func that reports
// the thread's CPU time per op, which other processes' load does not inflate
// as it does ns/op; Reset's share, outside the timer, is counted in it.
func cpuMeter(b *testing.B) func() {
	runtime.LockOSThread()
	b.ResetTimer()
	start, ok := threadCPU()
	return func() {
		end, _ := threadCPU()
		runtime.UnlockOSThread()
		if ok {
			b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}

// BenchmarkDraw1M is the engine's whole work per draw in a real game: mark,
// then count the winners of the current stage for the host, moving on to the
// next stage (R23) once a stage has winners.
func BenchmarkDraw1M(b *testing.B) {
	ix, _ := millionIndex(b)
	order := drawOrder()
	stages := []Stage{Quine, DoubleQuine, FullCard}
	stage, games := 0, 0
	cpu := cpuMeter(b)
	for i := 0; b.Loop(); i++ {
		if i%90 == 0 || stage == len(stages) {
			b.StopTimer()
			ix.Reset()
			i, stage = 0, 0
			games++
			b.StartTimer()
		}
		ix.Mark(order[i])
		if ix.Count(stages[stage].Lines, order[i]) > 0 {
			stage++
		}
	}
	cpu()
	b.ReportMetric(float64(b.N)/float64(games), "draws/game")
}

// BenchmarkCount1M counts the winners late in a game (60 numbers out), when
// the complete rows are many.
func BenchmarkCount1M(b *testing.B) {
	ix, _ := millionIndex(b)
	order := drawOrder()
	for _, n := range order[:60] {
		ix.Mark(n)
	}
	for _, stage := range []Stage{Quine, DoubleQuine, FullCard} {
		b.Run(stage.Name, func(b *testing.B) {
			winners := 0
			for b.Loop() {
				winners = ix.Count(stage.Lines, order[59])
			}
			b.ReportMetric(float64(winners), "winners")
		})
	}
}

// fullScan is the naive engine: after a draw, look at every cell of every
// card for the cards that win lines with last.
func fullScan(cards []card.Card, drawn *[91]bool, lines int, last card.Number) int {
	winners := 0
	for i := range cards {
		done, lastDone := 0, false
		for row := range 3 {
			marked, has := 0, false
			for _, x := range cards[i][row] {
				if x != 0 && drawn[x] {
					marked++
					has = has || x == last
				}
			}
			if marked == 5 {
				done++
				lastDone = lastDone || has
			}
		}
		if lastDone && done >= lines {
			winners++
		}
	}
	return winners
}

func BenchmarkFullScan1M(b *testing.B) {
	ix, cards := millionIndex(b)
	order := drawOrder()
	mark := timeMarks(ix, order, 3)
	var drawn [91]bool
	for _, n := range order[:45] {
		drawn[n] = true
	}
	b.ResetTimer()
	for b.Loop() {
		fullScan(cards, &drawn, 1, order[44])
	}
	scan := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(mark.Nanoseconds()), "ns/Mark")
	b.ReportMetric(float64(scan)/float64(mark), "scan/Mark")
}

func BenchmarkCheck(b *testing.B) {
	ix, cards := millionIndex(b)
	order := drawOrder()
	var drawn [91]bool
	for _, n := range order[:60] {
		drawn[n] = true
		ix.Mark(n)
	}
	// Claims on random cards with a complete line, the last number taken on
	// that line: each Check succeeds and builds the read-out.
	type claim struct {
		id   int32
		last card.Number
	}
	r := rand.New(rand.NewPCG(3, 3))
	var claims []claim
	for len(claims) < 4096 {
		id := r.IntN(len(cards))
		_, doneRow, _ := bruteRows(&cards[id], &drawn, 0)
		for row := range 3 {
			if doneRow[row] {
				claims = append(claims, claim{int32(id), cards[id].Row(row)[r.IntN(5)]})
				break
			}
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c := claims[i%len(claims)]
		if win, _ := ix.Check(c.id, 1, c.last); !win {
			b.Fatalf("claim %d with %d refused", c.id, c.last)
		}
	}
}
