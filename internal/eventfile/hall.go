package eventfile

import (
	"math"
	"strconv"
	"strings"

	"loto/internal/loto"
)

// fileHall is the room the board is read in, in metres; absent numbers
// are the design's (loto.DefaultHall).
type fileHall struct {
	BackRowM      *float64 `yaml:"back_row_m"`
	ScreenHeightM *float64 `yaml:"screen_height_m"`
}

// validateHall reads the hall, each absent number the default's.
func validateHall(p *problems, f *fileHall) *loto.Hall {
	h := loto.DefaultHall
	if f.BackRowM != nil {
		h.BackRowM = *f.BackRowM
		if !(h.BackRowM >= loto.MinBackRowM && h.BackRowM <= loto.MaxBackRowM) { // NaN too
			p.add("hall.back_row_m", "distance du dernier rang à l'écran de %s m invalide : entre %s et %s mètres",
				metres(h.BackRowM), metres(loto.MinBackRowM), metres(loto.MaxBackRowM))
		}
	}
	if f.ScreenHeightM != nil {
		h.ScreenHeightM = *f.ScreenHeightM
		if !(h.ScreenHeightM >= loto.MinScreenHeightM && h.ScreenHeightM <= loto.MaxScreenHeightM) {
			p.add("hall.screen_height_m", "hauteur de l'image projetée de %s m invalide : entre %s et %s mètres",
				metres(h.ScreenHeightM), metres(loto.MinScreenHeightM), metres(loto.MaxScreenHeightM))
		}
	}
	return &h
}

// warnHall warns when the board's largest type is too small for the back row.
func warnHall(w *problems, h *loto.Hall) {
	if h == nil || h.NeededTypeScale() <= loto.MaxTypeScale {
		return
	}
	// The image height that serves the back row, up to the decimetre.
	need := math.Ceil(h.BackRowM/h.FarthestReadable()*h.ScreenHeightM*10) / 10
	w.add("hall", "un dernier rang à %s m d'une image de %s m de haut : le tableau ne se lit bien que jusqu'à %s m ; projeter une image d'au moins %s m de haut",
		metres(h.BackRowM), metres(h.ScreenHeightM), metres(h.FarthestReadable()), metres(need))
}

// metres writes a length the French way, to the centimetre: "2,5".
func metres(m float64) string {
	return strings.Replace(strconv.FormatFloat(math.Round(m*100)/100, 'f', -1, 64), ".", ",", 1)
}
