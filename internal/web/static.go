package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"loto/internal/loto"
)

//go:embed static
var staticFiles embed.FS

// staticAsset is an embedded file under its content-hashed name.
type staticAsset struct {
	body  []byte
	ctype string
}

// assets maps each hashed name ("loto.3fa2b1c9d0e4.css") to its file, and
// hashed maps a plain name to its hashed one: a changed file gets a new
// name, so browsers may keep every one for a year.
var assets, hashed = loadAssets()

func loadAssets() (map[string]staticAsset, map[string]string) {
	a, h := map[string]staticAsset{}, map[string]string{}
	entries, err := fs.ReadDir(staticFiles, "static")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		b, err := staticFiles.ReadFile("static/" + e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(b)
		ext := path.Ext(e.Name())
		name := strings.TrimSuffix(e.Name(), ext) + "." + hex.EncodeToString(sum[:6]) + ext
		a[name] = staticAsset{body: b, ctype: mime.TypeByExtension(ext)}
		h[e.Name()] = name
	}
	return a, h
}

// staticPath is the URL of an embedded file by its plain name, for the
// templates; a name that is not embedded panics at the first render.
func staticPath(name string) string {
	h, ok := hashed[name]
	if !ok {
		panic("web: no static file " + name)
	}
	return "/static/" + h
}

func serveStatic(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	a, ok := assets[r.PathValue("file")]
	if !ok {
		return loto.Errorf(loto.ENotFound, "fichier introuvable")
	}
	w.Header().Set("Content-Type", a.ctype)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Write(a.body)
	return nil
}
