package web

import (
	"strings"
	"testing"
)

func TestMarkdownHTML_TheGuidesSubset(t *testing.T) {
	t.Parallel()
	src := "# Le guide\n\nUn paragraphe\nsur deux lignes, **gras** et `loto serve`.\n\n" +
		"## Le tableau\n- un [lien](/tableau)\n- deux\n1. premier\n2. second\n\n" +
		"![La caisse sur une tablette](guide/caisse.png)\n\n    loto serve --addr 0.0.0.0:8080\n      <suite>\n\nFin <script>alert(1)</script> & co."
	want := "<h1 id=\"le-guide\">Le guide</h1>\n" +
		"<p>Un paragraphe sur deux lignes, <strong>gras</strong> et <code>loto serve</code>.</p>\n" +
		"<h2 id=\"le-tableau\">Le tableau</h2>\n" +
		"<ul>\n<li>un <a href=\"/tableau\">lien</a></li>\n<li>deux</li>\n</ul>\n" +
		"<ol>\n<li>premier</li>\n<li>second</li>\n</ol>\n" +
		"<figure><img src=\"guide/caisse.png\" alt=\"La caisse sur une tablette\"><figcaption>La caisse sur une tablette</figcaption></figure>\n" +
		"<pre><code>loto serve --addr 0.0.0.0:8080\n  &lt;suite&gt;</code></pre>\n" +
		"<p>Fin &lt;script&gt;alert(1)&lt;/script&gt; &amp; co.</p>\n"
	if got := string(markdownHTML(src)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestMarkdownHTML_NoLinkLeavesTheSite: a link or a picture to another
// site, or a script address, is shown as its text only.
func TestMarkdownHTML_NoLinkLeavesTheSite(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"[ici](https://ailleurs.example/x)", "[ici](javascript:alert(1))", "[ici](//ailleurs.example)", "![photo](http://ailleurs.example/x.png)"} {
		got := string(markdownHTML(src))
		if strings.Contains(got, "href") || strings.Contains(got, "<img") || strings.Contains(got, "ailleurs") && strings.Contains(got, "<a") {
			t.Errorf("%q rendered as %q", src, got)
		}
	}
}
