package game

import (
	"math/bits"

	"loto/internal/card"
)

// Winners returns, in ascending order, every card that wins a stage of lines
// complete rows with last, the number just drawn: last is on a row of the
// card that is complete now, and the card has at least lines complete rows
// (R20: a card that completed earlier and did not call has missed its turn).
func (ix *Index) Winners(lines int, last card.Number) []int32 {
	if lines < 1 || lines > 3 || !ix.Marked(last) {
		return nil
	}
	var out []int32
	col := ix.column(last)
	count := ix.count[:len(col)]
	for g, s := range col {
		if rowComplete(count[g], s) == 1 && wins(count[g], s, lines) == 1 {
			out = append(out, ix.start[g]+int32(s/9))
		}
	}
	return out
}

// Count is the number of winners Winners would return, for the host (R16).
// It runs without a branch per card: late in a game whether a card's row is
// complete is a coin toss the CPU cannot predict.
func (ix *Index) Count(lines int, last card.Number) int {
	if lines < 1 || lines > 3 || !ix.Marked(last) {
		return 0
	}
	col := ix.column(last)
	count := ix.count[:len(col)]
	n := uint64(0)
	switch lines {
	case 1:
		for g, s := range col {
			n += rowComplete(count[g], s)
		}
	case 2:
		for g, s := range col {
			w := count[g]
			done := w & (w >> 2) & slotLow[s&63]
			n += nonZero(done&bitAt[s&63]) & nonZero(done&(done-1))
		}
	default:
		for g, s := range col {
			w := count[g]
			all := slotLow[s&63]
			n += nonZero(all) &^ nonZero(w&(w>>2)&all^all)
		}
	}
	return int(n)
}

// lowBits has the lowest bit of each of the 18 fields of a counter word.
const lowBits = 0b001_001_001_001_001_001_001_001_001_001_001_001_001_001_001_001_001_001

// bitAt and slotLow, by shift: the lowest bit of that field, and of the 3
// fields of its card; zero for the absent shift. Tables keep variable shifts,
// slow on amd64 without BMI2, out of the scanning loops.
var bitAt, slotLow = func() (bit, slot [64]uint64) {
	for s := 0; s < 9*maxSlots; s += 3 {
		bit[s] = 1 << s
		slot[s] = lowBits & (0x1ff << (s / 9 * 9))
	}
	return bit, slot
}()

// rowComplete is 1 when the row at shift s of counter word w is complete, else 0.
// Fields never pass 5, so a field with bits 0 and 2 set holds 5.
func rowComplete(w uint64, s uint8) uint64 {
	return nonZero(w & (w >> 2) & bitAt[s&63])
}

// wins is 1 when the card at shift s of counter word w has that row complete
// and at least lines complete rows, else 0; branch-free, like Count.
func wins(w uint64, s uint8, lines int) uint64 {
	done := w & (w >> 2) & slotLow[s&63] // low bit of each complete row of the card
	enough := (uint64(lines) - 1 - uint64(bits.OnesCount64(done))) >> 63
	return nonZero(done&bitAt[s&63]) & enough
}

// nonZero is 1 when x is not 0, else 0, without a branch.
func nonZero(x uint64) uint64 { return (x | -x) >> 63 }

// Check verifies one claimed card: whether it wins lines with last, and if so
// the numbers the controller reads out (R20): last first, then the other
// numbers of the winning rows in grid order. The winning rows are the row of
// last and, for two or three lines, the card's first other complete rows.
func (ix *Index) Check(id int32, lines int, last card.Number) (win bool, readOut []card.Number) {
	g, slot, ok := ix.locate(id)
	if !ok || lines < 1 || lines > 3 || !ix.Marked(last) {
		return false, nil
	}
	s := ix.column(last)[g]
	if s == absent || int(s)/9 != slot {
		return false, nil // last is not on this card
	}
	word := ix.count[g] >> (9 * slot)
	lastRow := int(s) % 9 / 3
	if (word>>(3*lastRow))&7 != rowDone || rowsDone(ix.count[g], slot) < lines {
		return false, nil
	}
	var read [3]bool
	read[lastRow] = true
	for row, need := 0, lines-1; row < 3 && need > 0; row++ {
		if !read[row] && (word>>(3*row))&7 == rowDone {
			read[row], need = true, need-1
		}
	}
	// The card's numbers are found through the index itself (no grid is
	// kept): each marked number whose byte in this group names our slot.
	// Ascending numbers in a row are its left-to-right order.
	var rows [3][5]card.Number
	var filled [3]int
	gs := ix.groups
	for n := card.Number(1); n <= 90; n++ {
		if !ix.marked[n] {
			continue
		}
		b := ix.shift[(int(n)-1)*gs+g]
		if b == absent || int(b)/9 != slot {
			continue
		}
		if row := int(b) % 9 / 3; read[row] {
			rows[row][filled[row]] = n
			filled[row]++
		}
	}
	readOut = make([]card.Number, 0, 5*lines)
	readOut = append(readOut, last)
	for row := range 3 {
		for _, n := range rows[row][:filled[row]] {
			if n != last {
				readOut = append(readOut, n)
			}
		}
	}
	return true, readOut
}

// OneAway is how many cards lack one number only to win a stage of lines
// complete rows: lines-1 rows complete and another with 4 of its 5
// numbers drawn. The hall's suspense, for the host and the board.
func (ix *Index) OneAway(lines int) int {
	if lines < 1 || lines > 3 {
		return 0
	}
	n := 0
	for _, w := range ix.count {
		done := w & (w >> 2) & lowBits  // rows at 5 (101)
		four := (w >> 2) &^ w & lowBits // rows at 4 (100): fields never pass 5
		if four == 0 {
			continue
		}
		for slot := range maxSlots {
			m := uint64(lowBits) & (0x1ff << (9 * slot))
			if four&m != 0 && bits.OnesCount64(done&m) == lines-1 {
				n++
			}
		}
	}
	return n
}
