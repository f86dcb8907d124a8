package web

import (
	"bytes"
	"embed"
	"net/http"
	"strconv"
	"strings"
	"time"

	"loto/internal/loto"
)

// voiceFiles are the board's spoken numbers, 1.ogg to 90.ogg, made by
// scripts/voices.sh from espeak-ng: the board plays them when the browser
// has no French voice that works offline.
//
//go:embed voice/*.ogg
var voiceFiles embed.FS

// voiceType is the type of the recordings: Ogg Opus.
const voiceType = "audio/ogg; codecs=opus"

// serveVoice serves the recording of a number, "42.ogg"; anything else is
// not found. The recordings change only with a new build of the server.
func serveVoice(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	name := r.PathValue("voice")
	n, err := strconv.Atoi(strings.TrimSuffix(name, ".ogg"))
	if err != nil || !strings.HasSuffix(name, ".ogg") || n < 1 || n > 90 || strconv.Itoa(n)+".ogg" != name {
		return loto.Errorf(loto.ENotFound, "enregistrement introuvable : de 1.ogg à 90.ogg")
	}
	b, err := voiceFiles.ReadFile("voice/" + name)
	if err != nil {
		return loto.Errorf(loto.ENotFound, "enregistrement introuvable : de 1.ogg à 90.ogg")
	}
	w.Header().Set("Content-Type", voiceType)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	// ServeContent answers the ranges a media element asks for.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
	return nil
}
