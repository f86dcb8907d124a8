package loto

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
)

// Sponsor is who offers a prize, named on the board ("offert par ...")
// with its logo when the event file gives one.
type Sponsor struct {
	Name string `json:"name"`
	Logo string `json:"logo,omitempty"` // the SHA-256 (hex) of its image, one of EventSpec.Logos
}

// Logo is a sponsor's image, recorded with the event so that the journal
// alone holds the whole day: the board serves it from there.
type Logo struct {
	SHA256 string `json:"sha256"`
	Type   string `json:"type"`           // image/png or image/jpeg: never SVG, which may hold a script
	Data   []byte `json:"data,omitempty"` // left out only where a logo is listed, not recorded (loto event show)
}

// The bounds of the logos: a logo on a projected board needs no more.
const (
	MaxLogoBytes   = 200 << 10 // one logo
	MaxLogosBytes  = 1 << 20   // all the day's logos
	MaxLogoPixels  = 2048      // width and height: decoded, 16 MB at most
	MaxSponsorName = MaxTitle
)

// NewLogo checks an image as a sponsor's logo: a PNG or JPEG by its
// content (not its name), that decodes, within the bounds. The error is in
// French, for the organiser.
func NewLogo(data []byte) (Logo, error) {
	if len(data) == 0 {
		return Logo{}, Errorf(EInvalid, "le logo est vide")
	}
	if len(data) > MaxLogoBytes {
		return Logo{}, Errorf(EInvalid, "le logo fait %d Kio, %d Kio au plus : l'enregistrer plus petit (un logo sur le tableau n'a pas besoin de plus de 800 pixels de large)", (len(data)+1023)>>10, MaxLogoBytes>>10)
	}
	ctype := http.DetectContentType(data)
	var config func(io.Reader) (image.Config, error)
	var decode func(io.Reader) (image.Image, error)
	switch ctype {
	case "image/png":
		config, decode = png.DecodeConfig, png.Decode
	case "image/jpeg":
		config, decode = jpeg.DecodeConfig, jpeg.Decode
	case "text/xml; charset=utf-8", "text/plain; charset=utf-8", "image/svg+xml":
		return Logo{}, Errorf(EInvalid, "le logo n'est pas une image PNG ou JPEG (un SVG est refusé : il peut contenir un script)")
	default:
		return Logo{}, Errorf(EInvalid, "le logo n'est pas une image PNG ou JPEG (contenu lu : %s)", ctype)
	}
	unreadable := Errorf(EInvalid, "le logo n'est pas une image %s lisible", map[string]string{"image/png": "PNG", "image/jpeg": "JPEG"}[ctype])
	cfg, err := config(bytes.NewReader(data))
	if err != nil {
		return Logo{}, unreadable
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxLogoPixels || cfg.Height > MaxLogoPixels {
		return Logo{}, Errorf(EInvalid, "le logo mesure %d × %d pixels, %d au plus de chaque côté", cfg.Width, cfg.Height, MaxLogoPixels)
	}
	// Decoded whole (its size bounded first): a cut or corrupt file would
	// show on the board as a broken image.
	if _, err := decode(bytes.NewReader(data)); err != nil {
		return Logo{}, unreadable
	}
	sum := sha256.Sum256(data)
	return Logo{SHA256: hex.EncodeToString(sum[:]), Type: ctype, Data: data}, nil
}

// checkSponsors checks what the domain relies on to serve the logos: each
// logo is what NewLogo makes of its bytes, all within the bounds, and each
// sponsor names a logo of the day. The event file's parser checks them
// first, with their lines.
func (ev *EventSpec) checkSponsors() error {
	logos, total := map[string]bool{}, 0
	for i, l := range ev.Logos {
		got, err := NewLogo(l.Data)
		if err != nil {
			return Errorf(EInvalid, "logos[%d] : %s", i, ErrorMessage(err))
		}
		if got.SHA256 != l.SHA256 || got.Type != l.Type {
			return Errorf(EInvalid, "logos[%d] : empreinte ou type faux pour son contenu", i)
		}
		total += len(l.Data)
		logos[l.SHA256] = true
	}
	if total > MaxLogosBytes {
		return Errorf(EInvalid, "les logos font %d Kio en tout, %d Kio au plus", (total+1023)>>10, MaxLogosBytes>>10)
	}
	for i, g := range ev.Programme {
		for j, s := range g.Stages {
			sp := s.Prize.Sponsor
			if sp == nil {
				continue
			}
			where := fmt.Sprintf("programme[%d].stages[%d].prize.sponsor", i, j)
			if err := CheckText("le nom du donateur", sp.Name, MaxSponsorName); err != nil || sp.Name == "" {
				return Errorf(EInvalid, "%s.name : le nom du donateur est requis, %d caractères au plus, sans caractère de contrôle", where, MaxSponsorName)
			}
			if sp.Logo != "" && !logos[sp.Logo] {
				return Errorf(EInvalid, "%s.logo : aucun logo du jour n'a l'empreinte %s", where, Shown(sp.Logo))
			}
		}
	}
	return nil
}

// Logo returns the day's logo of that SHA-256 (hex), from the snapshot,
// without the Day's lock.
func (p *Public) Logo(sha string) (Logo, bool) {
	for _, l := range p.logos {
		if l.SHA256 == sha {
			return l, true
		}
	}
	return Logo{}, false
}
