// Package logo checks an image a sponsor hands in for the board: a PNG or
// a JPEG by its content (never by its name, never an SVG, which may hold a
// script), that decodes whole, within bounds a projected board needs. It
// knows nothing of the day: the domain names the logo and records it.
package logo

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

// The bounds of one logo.
const (
	MaxBytes  = 200 << 10 // its file
	MaxPixels = 2048      // its width and height: decoded, 16 MB at most
)

// Error is why an image is not a logo, said in French for the organiser.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

func refuse(format string, args ...any) error { return &Error{Message: fmt.Sprintf(format, args...)} }

// Check reads data as a logo and returns its SHA-256 (hex) and its type,
// image/png or image/jpeg. A refusal is an *Error.
func Check(data []byte) (sha, ctype string, err error) {
	if len(data) == 0 {
		return "", "", refuse("le logo est vide")
	}
	if len(data) > MaxBytes {
		return "", "", refuse("le logo fait %d Kio, %d Kio au plus : l'enregistrer plus petit (un logo sur le tableau n'a pas besoin de plus de 800 pixels de large)", (len(data)+1023)>>10, MaxBytes>>10)
	}
	ctype = http.DetectContentType(data)
	var config func(io.Reader) (image.Config, error)
	var decode func(io.Reader) (image.Image, error)
	switch ctype {
	case "image/png":
		config, decode = png.DecodeConfig, png.Decode
	case "image/jpeg":
		config, decode = jpeg.DecodeConfig, jpeg.Decode
	case "text/xml; charset=utf-8", "text/plain; charset=utf-8", "image/svg+xml":
		return "", "", refuse("le logo n'est pas une image PNG ou JPEG (un SVG est refusé : il peut contenir un script)")
	default:
		return "", "", refuse("le logo n'est pas une image PNG ou JPEG (contenu lu : %s)", ctype)
	}
	unreadable := refuse("le logo n'est pas une image %s lisible", map[string]string{"image/png": "PNG", "image/jpeg": "JPEG"}[ctype])
	cfg, err := config(bytes.NewReader(data))
	if err != nil {
		return "", "", unreadable
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxPixels || cfg.Height > MaxPixels {
		return "", "", refuse("le logo mesure %d × %d pixels, %d au plus de chaque côté", cfg.Width, cfg.Height, MaxPixels)
	}
	// Decoded whole (its size bounded first): a cut or corrupt file would
	// show on the board as a broken image.
	if _, err := decode(bytes.NewReader(data)); err != nil {
		return "", "", unreadable
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), ctype, nil
}
