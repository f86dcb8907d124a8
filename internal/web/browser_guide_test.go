package web

import "testing"

// TestBrowser_GuidePage: the start page links to the guide; the guide
// (/guide) shows docs/guide.md with its screenshots loaded, at phone and
// laptop sizes, with no sideways scrolling and no serious axe-core
// violation.
func TestBrowser_GuidePage(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	home := l.open("/", 1280, 720)
	home.waitText(`a[href="/guide"]`, "Guide de la journée")
	for _, size := range []struct {
		name string
		w, h int64
	}{{"telephone-390x844", 390, 844}, {"portable-1366x768", 1366, 768}} {
		tb := l.open("/guide", size.w, size.h)
		tb.waitText("h1", "Guide de la journée de loto")
		tb.waitText("main", "loto event create --from mon-loto.yaml")
		imgs := tb.count("main figure img")
		if imgs == 0 {
			t.Fatal("the guide shows no screenshot")
		}
		// Every picture loaded: a broken one has no natural width.
		tb.waitFor("main", func(string) bool {
			return eval[bool](tb, `[...document.querySelectorAll("main figure img")].every(i => i.complete && i.naturalWidth > 0)`)
		}, "to load its screenshots")
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(size.w) {
			t.Errorf("the guide is %d px wide in a %d px window", w, size.w)
		}
		tb.axe()
		tb.screenshot("guide-" + size.name)
		tb.noErrors()
	}
	home.noErrors()
}
