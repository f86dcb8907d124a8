package loto

import (
	"fmt"

	"loto/internal/logo"
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
	MaxLogoBytes   = logo.MaxBytes  // one logo
	MaxLogosBytes  = 1 << 20        // all the day's logos
	MaxLogoPixels  = logo.MaxPixels // width and height: decoded, 16 MB at most
	MaxSponsorName = MaxTitle
)

// NewLogo checks an image as a sponsor's logo (package logo: a PNG or
// JPEG by its content, that decodes, within the bounds). The error is in
// French, for the organiser.
func NewLogo(data []byte) (Logo, error) {
	sha, ctype, err := logo.Check(data)
	if err != nil {
		return Logo{}, Errorf(EInvalid, "%s", err.Error())
	}
	return Logo{SHA256: sha, Type: ctype, Data: data}, nil
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
