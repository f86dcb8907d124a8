package loto

import "math"

// Hall is the room the board is read in (the event file's `hall`): how far
// the back row sits from the screen and how high the projected image is,
// in metres. The board's type follows (docs/board.md).
type Hall struct {
	BackRowM      float64 `json:"back_row_m"`
	ScreenHeightM float64 `json:"screen_height_m"`
}

// DefaultHall is a hall of the board's design: a back row at 20 m from an
// image 2.5 m high, 8 image heights.
var DefaultHall = Hall{BackRowM: 20, ScreenHeightM: 2.5}

// The bounds of a hall, as the event file checks them.
const (
	MinBackRowM      = 2.0
	MaxBackRowM      = 100.0
	MinScreenHeightM = 0.3
	MaxScreenHeightM = 20.0
)

// The board's type scale, in percent of its design, and its step.
const (
	MinTypeScale  = 100 // never smaller than the design, which suits up to 8 image heights
	MaxTypeScale  = 135 // the most the 1..90 grid holds on a 16:9 screen
	typeScaleStep = 5
)

// designCapShare is the height of a capital letter of the board's smallest
// back-row type, at scale 100, as a share of the image's height: a 4.4 %
// font, whose capitals are about 0.73 of it.
const designCapShare = 0.032

// mmPerMetre is the letter height a reader needs per metre of distance.
const mmPerMetre = 4.0

// NeededTypeScale is the type scale, in percent, that gives the back row
// about 4 mm of letter height per metre of distance, unbounded:
// 100 × (4 mm × back row) / (3.2 % × image height), that is
// 100 × back row / (8 × image height).
func (h Hall) NeededTypeScale() float64 {
	return 100 * (mmPerMetre / 1000 * h.BackRowM) / (designCapShare * h.ScreenHeightM)
}

// TypeScale is the board's type scale in percent: the needed one rounded
// up to a step of 5, within MinTypeScale..MaxTypeScale.
func (h Hall) TypeScale() int {
	need := h.NeededTypeScale()
	s := int(math.Ceil(need/typeScaleStep-1e-9)) * typeScaleStep
	return min(max(s, MinTypeScale), MaxTypeScale)
}

// FarthestReadable is the distance in metres the board's largest type
// serves at this image height.
func (h Hall) FarthestReadable() float64 {
	return MaxTypeScale / 100.0 * designCapShare * h.ScreenHeightM / (mmPerMetre / 1000)
}

// hall is the day's hall, the design's for a day whose file named none.
func (ev *EventSpec) hall() Hall {
	if ev.Hall == nil {
		return DefaultHall
	}
	return *ev.Hall
}
