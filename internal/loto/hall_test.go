package loto

import "testing"

// The board's type follows about 4 mm of letter height per metre of the
// back row's distance, relative to the image's height: rounded up to a
// step of 5 %, never below the design (8 image heights) nor above what
// the grid holds.
func TestHall_TypeScaleFollowsTheBackRow(t *testing.T) {
	for _, c := range []struct {
		back, height float64
		want         int
	}{
		{20, 2.5, 100}, // the design: 8 image heights
		{10, 2.5, 100}, // nearer: never smaller than the design
		{16, 2, 100},
		{21, 2.5, 105},
		{21.5, 2.5, 110}, // 107.5 rounded up
		{25, 2.5, 125},
		{27, 2.5, 135},
		{40, 2.5, 135}, // too deep: the largest, and the event file warns
		{25, 5, 100},   // a larger image serves the same row with the design's type
	} {
		h := Hall{BackRowM: c.back, ScreenHeightM: c.height}
		if got := h.TypeScale(); got != c.want {
			t.Errorf("back row %g m, image %g m: type scale %d, want %d (needed %.1f)", c.back, c.height, got, c.want, h.NeededTypeScale())
		}
	}
	if got := (&EventSpec{}).hall().TypeScale(); got != 100 {
		t.Fatalf("a day recorded without a hall: scale %d, want the design's", got)
	}
}
