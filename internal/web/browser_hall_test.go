package web

import (
	"bytes"
	"fmt"
	"testing"

	"loto/examples"
)

// hallEvent is the example day in a hall whose back row sits back metres
// from an image height metres high.
func hallEvent(back, height float64) []byte {
	var out [][]byte
	for _, line := range bytes.Split(examples.MegaLoto, []byte("\n")) {
		if !bytes.HasPrefix(line, []byte("hall:")) {
			out = append(out, line)
		}
	}
	return fmt.Appendf(bytes.Join(out, []byte("\n")), "\nhall: {back_row_m: %g, screen_height_m: %g}\n", back, height)
}

// boardType is what the test measures of the board's type: the computed
// font size in CSS pixels of each text the back row must read, and the
// viewport's height.
type boardType struct {
	Sizes  map[string]float64 `json:"sizes"`
	Height float64            `json:"height"`
	Fits   bool               `json:"fits"` // the grid's last row is above the proof line, its cells hold two digits (0.73 em tall, 1.27 em wide)
	Why    string             `json:"why"`
}

const measureType = `(() => {
	const px = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
	const sizes = {};
	for (const sel of ["#n1", "#n90", ".count", "#announce", "#title"]) sizes[sel] = px(sel);
	const last = document.querySelector("#n90").getBoundingClientRect();
	const proof = document.querySelector(".proof").getBoundingClientRect();
	const cell = document.querySelector("#n90");
	return {sizes, height: innerHeight, fits: last.bottom <= proof.top && cell.clientHeight >= 0.8 * px("#n90") && cell.clientWidth >= 1.3 * px("#n90"),
		why: "cell bottom " + last.bottom + ", proof top " + proof.top + ", cell " + cell.clientWidth + "×" + cell.clientHeight + " for a font of " + px("#n90")};
})()`

// TestBrowser_BoardTypeFollowsTheBackRow: the board's type grows with the
// distance of the hall's back row from the event file, by about 4 mm of
// letter height per metre relative to the image's height, measured in the
// browser: a back row at 27 m from a 2.5 m image gets type 1.35 times the
// design's (20 m), whose capitals are then at least 4 mm per metre of
// distance tall on the wall, and the 1..90 grid still fits the screen.
func TestBrowser_BoardTypeFollowsTheBackRow(t *testing.T) {
	t.Parallel()
	type hall struct {
		back  float64
		sizes map[[2]int64]boardType
	}
	halls := []hall{{back: 20}, {back: 27}}
	sizes := [][2]int64{{1920, 1080}, {1280, 720}}
	for i := range halls {
		l := startLiveEvent(t, Config{}, hallEvent(halls[i].back, 2.5))
		l.startGame()
		halls[i].sizes = map[[2]int64]boardType{}
		for _, size := range sizes {
			board := l.open("/tableau", size[0], size[1])
			board.waitText("#announce", "quine")
			halls[i].sizes[size] = eval[boardType](board, measureType)
			board.axe()
			board.screenshot(fmt.Sprintf("tableau-salle-%gm-%dx%d", halls[i].back, size[0], size[1]))
			board.noErrors()
		}
	}
	measure := func(back float64, w, h int64) boardType {
		for _, x := range halls {
			if x.back == back {
				return x.sizes[[2]int64{w, h}]
			}
		}
		panic("no such hall")
	}
	for _, size := range sizes {
		near := measure(20, size[0], size[1])
		far := measure(27, size[0], size[1])
		for sel, n := range near.Sizes {
			f := far.Sizes[sel]
			if ratio := f / n; ratio < 1.33 || ratio > 1.37 {
				t.Errorf("%dx%d %s: %.1f px at 20 m, %.1f px at 27 m: ratio %.2f, want 1.35", size[0], size[1], sel, n, f, ratio)
			}
		}
		for _, m := range []struct {
			back float64
			t    boardType
		}{{20, near}, {27, far}} {
			for sel, px := range m.t.Sizes {
				// A capital is about 0.73 of the font size; on the wall,
				// its share of the image's 2.5 m height.
				capM := 0.73 * px / m.t.Height * 2.5
				if want := 0.004 * m.back; capM < want*0.97 {
					t.Errorf("%dx%d back row %g m: %s has capitals %.1f cm tall on the wall, want %.1f", size[0], size[1], m.back, sel, capM*100, want*100)
				}
			}
			if !m.t.Fits {
				t.Errorf("%dx%d back row %g m: the grid does not fit the screen: %s", size[0], size[1], m.back, m.t.Why)
			}
		}
	}
}
