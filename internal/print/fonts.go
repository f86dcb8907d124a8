package print

import (
	"embed"

	"github.com/go-pdf/fpdf"
)

// fontFiles are the fonts every document embeds (scripts/fonts.sh makes
// them): a print shop refuses a PDF whose fonts it would have to guess.
//
//go:embed fonts/*.json fonts/*.z
var fontFiles embed.FS

// embeddedFonts maps the core font each replaces (family and style, as the
// painters name them) to its file. LotoSans and LotoMono have the widths of
// Helvetica and Courier and the same Windows-1252 encoding, so every layout
// measured with the core fonts prints unchanged, from fonts in the file.
var embeddedFonts = []struct{ family, style, file string }{
	{"Helvetica", "", "LotoSans-Regular"},
	{"Helvetica", "B", "LotoSans-Bold"},
	{"Helvetica", "I", "LotoSans-Italic"},
	{"Helvetica", "BI", "LotoSans-BoldItalic"},
	{"Courier", "", "LotoMono-Regular"},
	{"Courier", "B", "LotoMono-Bold"},
}

// embedFonts registers the embedded fonts under the core fonts' names: a
// later SetFont("Helvetica", ...) draws with them.
func embedFonts(pdf *fpdf.Fpdf) {
	for _, f := range embeddedFonts {
		def, err := fontFiles.ReadFile("fonts/" + f.file + ".json")
		if err != nil {
			pdf.SetErrorf("police %s absente : %v", f.file, err)
			return
		}
		z, err := fontFiles.ReadFile("fonts/" + f.file + ".z")
		if err != nil {
			pdf.SetErrorf("police %s absente : %v", f.file, err)
			return
		}
		pdf.AddFontFromBytes(f.family, f.style, def, z)
	}
}
