package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
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
	files := map[string][]byte{}
	// Files under a folder (vendor/ holds the libraries from npm with their
	// licences) keep it in their name: "vendor/jsqr.js".
	err := fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := staticFiles.ReadFile(p)
		files[strings.TrimPrefix(p, "static/")] = b
		return err
	})
	if err != nil {
		panic(err)
	}
	// hash names a file by its content once its modules' imports name
	// their hashed files: a changed module renames every module importing it.
	var hash func(name string, seen map[string]bool) string
	hash = func(name string, seen map[string]bool) string {
		if n, ok := h[name]; ok {
			return n
		}
		b, ok := files[name]
		if !ok || seen[name] {
			panic("web: static module " + name + " missing or imported in a cycle")
		}
		seen[name] = true
		ext := path.Ext(name)
		if ext == ".js" && !strings.HasPrefix(name, "vendor/") {
			b = moduleImport.ReplaceAllFunc(b, func(m []byte) []byte {
				sub := moduleImport.FindSubmatch(m)
				return []byte(string(sub[1]) + `"./` + hash(string(sub[2]), seen) + `"`)
			})
		}
		sum := sha256.Sum256(b)
		hn := strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:6]) + ext
		a[hn] = staticAsset{body: b, ctype: mime.TypeByExtension(ext)}
		h[name] = hn
		return hn
	}
	for name := range files {
		hash(name, map[string]bool{})
	}
	return a, h
}

// moduleImport is a JavaScript module's import of a sibling module or of
// a vendored library, static (from "./x.js") or dynamic (import("./x.js")).
var moduleImport = regexp.MustCompile(`(from |import\()"\./([a-z0-9_/-]+\.js)"`)

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
