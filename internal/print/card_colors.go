package print

import "fmt"

// CardColors are the colours a card of a series is printed in, as CSS
// "#rrggbb" codes, so that a screen shows the card as the paper does.
type CardColors struct {
	Tint   string `json:"tint"`   // the card's background
	Blank  string `json:"blank"`  // the blank cells
	Band   string `json:"band"`   // the header band
	Border string `json:"border"` // the grid's lines
	Frame  string `json:"frame"`  // the card's frame: the special card's is red (R30)
}

// SeriesColors returns the printed colours of a series colour (a name in
// English or French, or "#rrggbb"; white when empty), for the special car
// card (R30) or a regular one.
func SeriesColors(name string, special bool) (CardColors, error) {
	pal, err := paletteFor(name)
	if err != nil {
		return CardColors{}, err
	}
	c := CardColors{Tint: pal.tint.hex(), Blank: pal.blank.hex(), Band: pal.band.hex(), Border: pal.border.hex(), Frame: pal.border.hex()}
	if special {
		c.Frame = carRed.hex()
	}
	return c, nil
}

func (c rgb) hex() string { return fmt.Sprintf("#%02x%02x%02x", c.r, c.g, c.b) }
