package print

import (
	"fmt"
	"io"

	"github.com/go-pdf/fpdf"
)

// newDoc starts an A4 portrait document in millimetres titled title. Every
// element is placed explicitly, so there is no automatic page break and no
// page margin; callers that rely on margins set their own. Its fonts are
// embedded (embedFonts).
func newDoc(title string) *fpdf.Fpdf {
	return newDocSized(title, pageW, pageH)
}

// newDocSized is newDoc on portrait pages of w by h millimetres.
func newDocSized(title string, w, h float64) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}})
	embedFonts(pdf)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCreator("loto", true)
	pdf.SetTitle(title, true)
	return pdf
}

// output writes the finished document to w.
func output(pdf *fpdf.Fpdf, w io.Writer) error {
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("écriture du PDF impossible : %w", err)
	}
	return nil
}
