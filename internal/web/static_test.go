package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestStatic_VendoredLibraryUnderItsHashedName: jsQR, vendored under
// static/vendor with its licence, is served under a hashed name in its
// folder, and scan.js's dynamic import of it names that hashed file, so a
// new jsQR renames scan.js and no browser keeps the old one.
func TestStatic_VendoredLibraryUnderItsHashedName(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	lib := staticPath("vendor/jsqr.js")
	if !strings.HasPrefix(lib, "/static/vendor/jsqr.") {
		t.Fatalf("jsQR's path %q is not hashed in its folder", lib)
	}
	w := f.do("GET", lib, "")
	if w.Code != http.StatusOK || !strings.Contains(w.Header().Get("Content-Type"), "javascript") || !strings.Contains(w.Body.String(), `root["jsQR"]`) {
		t.Fatalf("GET %s: %d %q, want jsQR", lib, w.Code, w.Header().Get("Content-Type"))
	}
	if w := f.do("GET", staticPath("vendor/jsqr.LICENSE.txt"), ""); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "Apache License") {
		t.Fatalf("jsQR's licence: %d", w.Code)
	}
	scan := f.do("GET", staticPath("scan.js"), "").Body.String()
	if !strings.Contains(scan, `import("./`+strings.TrimPrefix(lib, "/static/")+`")`) {
		t.Errorf("scan.js does not import jsQR by its hashed name %s", lib)
	}
}
