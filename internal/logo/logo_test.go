package logo

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

func encoded(t *testing.T, w, h int, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngOf(b *bytes.Buffer, m image.Image) error  { return png.Encode(b, m) }
func jpegOf(b *bytes.Buffer, m image.Image) error { return jpeg.Encode(b, m, nil) }

// A logo is read by its content: a PNG or a JPEG that decodes whole,
// within the bounds; anything else is refused in French.
func TestCheck_ByContentWithinBounds(t *testing.T) {
	good := encoded(t, 8, 4, pngOf)
	for _, c := range []struct {
		name, ctype, say string
		data             []byte
	}{
		{"a PNG", "image/png", "", good},
		{"a JPEG", "image/jpeg", "", encoded(t, 8, 4, jpegOf)},
		{"empty", "", "le logo est vide", nil},
		{"an SVG", "", "un SVG est refusé", []byte(`<svg><script>alert(1)</script></svg>`)},
		{"a cut PNG", "", "pas une image PNG lisible", good[:len(good)-12]},
		{"too wide", "", "2048 au plus", encoded(t, MaxPixels+1, 1, pngOf)},
		{"too big", "", "200 Kio au plus", append(append([]byte(nil), good...), make([]byte, MaxBytes)...)},
	} {
		sha, ctype, err := Check(c.data)
		if c.say == "" {
			if err != nil || ctype != c.ctype || len(sha) != 64 {
				t.Errorf("%s: %q %q %v", c.name, sha, ctype, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Message, c.say) {
			t.Errorf("%s: %v, want it to say %q", c.name, err, c.say)
		}
	}
}
