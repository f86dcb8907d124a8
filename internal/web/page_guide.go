package web

import (
	"html/template"
	"io/fs"
	"net/http"
	"path"

	"loto/docs"
	"loto/internal/loto"
)

// guideHTML is the guide rendered once, at start: it is embedded and never
// changes while the server runs.
var guideHTML = func() guidePage {
	src, err := fs.ReadFile(docs.Guide, "guide.md")
	if err != nil {
		panic("web: docs/guide.md is not embedded: " + err.Error())
	}
	return guidePage{Body: markdownHTML(string(src))}
}()

// guidePage is what /guide shows: docs/guide.md as HTML.
type guidePage struct {
	Body     template.HTML // rendered from the guide's own Markdown
	ReadOnly string
}

func pageGuide(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	p := guideHTML
	p.ReadOnly = s.readOnly
	return s.render(w, http.StatusOK, "guide.html", p)
}

// guidePicture serves a screenshot the guide shows, from docs/guide/.
func guidePicture(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	name := r.PathValue("file")
	b, err := fs.ReadFile(docs.Guide, path.Join("guide", path.Base(name)))
	if err != nil || path.Ext(name) != ".png" {
		return loto.Errorf(loto.ENotFound, "image « %s » introuvable dans le guide", loto.Shown(name))
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b)
	return nil
}
