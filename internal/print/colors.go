package print

import (
	"fmt"
	"strconv"
	"strings"
)

// rgb is a colour with 0..255 channels, as fpdf takes them.
type rgb struct{ r, g, b int }

// palette is the set of colours one card is drawn with, all derived from the
// series colour so that a series is recognisable at a glance across the hall.
type palette struct {
	tint   rgb // card background: light, so black numbers and the QR code stay legible
	blank  rgb // blank cells: a little stronger than the background
	band   rgb // header band
	border rgb // frame and grid lines
}

// seriesColors maps colour names, in English and French, to a saturated base
// colour; the printed tints are derived from it.
var seriesColors = map[string]rgb{
	"yellow":    {255, 214, 0},
	"blue":      {0, 114, 198},
	"green":     {0, 160, 80},
	"pink":      {236, 64, 150},
	"orange":    {255, 128, 0},
	"red":       {220, 30, 40},
	"white":     {255, 255, 255},
	"purple":    {128, 60, 170},
	"grey":      {128, 128, 128},
	"salmon":    {250, 120, 100},
	"turquoise": {0, 185, 185},
	"brown":     {150, 90, 40},
}

// frenchNames lets an organiser name the colour as it is said in the hall.
var frenchNames = map[string]string{
	"jaune": "yellow", "bleu": "blue", "vert": "green", "rose": "pink",
	"rouge": "red", "blanc": "white", "violet": "purple", "gris": "grey",
	"gray": "grey", "saumon": "salmon", "marron": "brown",
}

// CheckColor says whether name is a colour the cards can be printed in, so
// a series is refused at its creation rather than at the printer. No colour
// at all prints white.
func CheckColor(name string) error {
	_, err := paletteFor(name)
	return err
}

// paletteFor derives the printing palette of a series colour: a name from
// seriesColors (English or French, any case) or a "#rrggbb" code; white
// when none is given.
func paletteFor(name string) (palette, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	if key == "" {
		key = "white"
	}
	if en, ok := frenchNames[key]; ok {
		key = en
	}
	base, ok := seriesColors[key]
	if !ok {
		var err error
		if base, err = parseHex(key); err != nil {
			return palette{}, fmt.Errorf("couleur de série inconnue : %q (exemples : jaune, bleu, vert, rose, orange, rouge, blanc, ou #rrggbb)", name)
		}
	}
	if base == (rgb{255, 255, 255}) {
		// White has no tint to mix: greys keep the cells and the band visible.
		return palette{tint: base, blank: rgb{228, 228, 228}, band: rgb{210, 210, 210}, border: rgb{90, 90, 90}}, nil
	}
	return palette{
		tint:   mix(base, white, 0.22),
		blank:  mix(base, white, 0.45),
		band:   mix(base, white, 0.70),
		border: mix(base, black, 0.55),
	}, nil
}

var (
	white = rgb{255, 255, 255}
	black = rgb{0, 0, 0}
)

// mix returns share of a and 1-share of b.
func mix(a, b rgb, share float64) rgb {
	ch := func(x, y int) int { return int(float64(x)*share + float64(y)*(1-share) + 0.5) }
	return rgb{ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b)}
}

// parseHex reads "#rrggbb".
func parseHex(s string) (rgb, error) {
	if len(s) != 7 || s[0] != '#' {
		return rgb{}, fmt.Errorf("not #rrggbb: %q", s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return rgb{}, err
	}
	return rgb{int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)}, nil
}
