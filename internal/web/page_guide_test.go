package web

import (
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"loto/docs"
)

// TestGuide_ServedWithEveryPictureAndLink: /guide shows docs/guide.md; every
// picture it shows is in docs/guide/ and served, every file there is shown
// (none left behind), every page it links to is a page of the server, and
// the start page links to it.
func TestGuide_ServedWithEveryPictureAndLink(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	src, err := fs.ReadFile(docs.Guide, "guide.md")
	if err != nil {
		t.Fatal(err)
	}
	w := f.do("GET", "/guide", "")
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "<h1") {
		t.Fatalf("GET /guide: %d\n%s", w.Code, w.Body)
	}
	shown := map[string]bool{}
	for _, m := range regexp.MustCompile(`!\[[^\]]*\]\((guide/[^)]+)\)`).FindAllStringSubmatch(string(src), -1) {
		shown[m[1]] = true
		if p := f.do("GET", "/"+m[1], ""); p.Code != http.StatusOK || p.Header().Get("Content-Type") != "image/png" {
			t.Errorf("the guide shows %s, served %d %s", m[1], p.Code, p.Header().Get("Content-Type"))
		}
	}
	if len(shown) == 0 {
		t.Error("the guide shows no screenshot")
	}
	files, _ := fs.Glob(docs.Guide, "guide/*")
	for _, name := range files {
		if !shown[name] {
			t.Errorf("docs/%s is not shown by the guide: remove it or show it", name)
		}
	}
	for _, m := range regexp.MustCompile(`\]\((/[^)]*)\)`).FindAllStringSubmatch(string(src), -1) {
		if p := f.do("GET", m[1], ""); p.Code == http.StatusNotFound {
			t.Errorf("the guide links to %s, which the server does not serve", m[1])
		}
	}
	for _, bad := range []string{"/guide/absente.png", "/guide/..%2fguide.md", "/guide/guide.md"} {
		if p := f.do("GET", bad, ""); p.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", bad, p.Code)
		}
	}
	if home := f.do("GET", "/", ""); !strings.Contains(home.Body.String(), `href="/guide"`) {
		t.Error("the start page does not link to the guide")
	}
}
