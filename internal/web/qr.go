package web

import (
	"fmt"
	"strings"

	"github.com/skip2/go-qrcode"
)

// qrQuiet is the light margin around a QR code on screen, in modules: the
// standard's 4, since a phone's camera reads a screen less well than paper.
const qrQuiet = 4

// qrSVG draws the QR code of text as an SVG image: one path of dark
// modules, each horizontal run one rectangle, crisp at any size.
func qrSVG(text, label string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("code QR impossible : %v", err)
	}
	q.DisableBorder = true
	modules := q.Bitmap()
	n := len(modules) + 2*qrQuiet
	var path strings.Builder
	for y, row := range modules {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x+qrQuiet, y+qrQuiet, run, run)
			x += run - 1
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 %d %d" role="img" aria-label="%s" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, n, n, svgEscape(label), n, n, path.String()), nil
}

// svgEscape escapes a text for an SVG attribute.
func svgEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;").Replace(s)
}
