package web

import (
	"bytes"
	"net/http"
	"time"

	"loto/internal/loto"
)

// serveLogo serves a sponsor's logo by its SHA-256 (hex), from the public
// snapshot: the bytes the event recorded in the journal, never a file of
// the server's disk. Only PNG and JPEG are ever recorded (no SVG, which
// could run a script); nosniff (secure) keeps the browser to the type, and
// the name is the content's hash, so the logo may be kept for ever.
func serveLogo(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	logo, ok := s.day.Public().Logo(r.PathValue("logo"))
	if !ok {
		return loto.Errorf(loto.ENotFound, "logo introuvable")
	}
	w.Header().Set("Content-Type", logo.Type)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(logo.Data))
	return nil
}
