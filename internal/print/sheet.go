package print

import "github.com/go-pdf/fpdf"

// sheet is the paper a print shop prints cards on: the A4 trim, the bleed
// around it and, with crop marks, a slug beyond the bleed that holds them.
// The painters draw in the trim's coordinates; a page's transform moves
// them onto the larger sheet.
type sheet struct {
	bleed float64 // millimetres of bleed around the trim
	marks bool    // crop marks in the slug
	off   float64 // from the sheet's edge to the trim
	open  bool    // a page's transform is open
}

// Crop marks start markGap beyond the bleed, so that a cut a little off
// never shows one, and are markLen long.
const (
	markGap   = 2.0
	markLen   = 6.0
	markWidth = 0.25
)

func newSheet(opt CardOptions) *sheet {
	s := &sheet{bleed: opt.Bleed, marks: opt.CropMarks, off: opt.Bleed}
	if s.marks {
		s.off += markGap + markLen
	}
	return s
}

// doc starts the document: A4, or the larger sheet with its TrimBox (where
// the guillotine cuts) and BleedBox (what the ink may cover) set.
func (s *sheet) doc(title string) *fpdf.Fpdf {
	if s.off == 0 {
		return newDoc(title)
	}
	pdf := newDocSized(title, pageW+2*s.off, pageH+2*s.off)
	pdf.SetPageBox("trim", s.off, s.off, pageW, pageH)
	b := s.off - s.bleed
	pdf.SetPageBox("bleed", b, b, pageW+2*s.bleed, pageH+2*s.bleed)
	return pdf
}

// page starts a page, draws its crop marks and opens the transform to the
// trim's coordinates, which end closes.
func (s *sheet) page(pdf *fpdf.Fpdf, layout int) {
	s.end(pdf)
	pdf.AddPage()
	if s.off == 0 {
		return
	}
	if s.marks {
		s.cropMarks(pdf, layout)
	}
	pdf.TransformBegin()
	pdf.TransformTranslate(s.off, s.off)
	s.open = true
}

// end closes the page's transform, if open.
func (s *sheet) end(pdf *fpdf.Fpdf) {
	if s.open {
		pdf.TransformEnd()
		s.open = false
	}
}

// cropMarks draws, in the slug, the marks of the trim's four corners and of
// the cut lines between the slots of layouts 3 and 1, in registration
// black (every ink) so that they show on each plate of the press.
func (s *sheet) cropMarks(pdf *fpdf.Fpdf, layout int) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(markWidth)
	near := s.off - s.bleed - markGap // where the marks above and left of the trim end
	left, right := s.off, s.off+pageW
	top, bottom := s.off, s.off+pageH
	// A horizontal mark at y on both sides, a vertical one at x above and below.
	across := func(y float64) {
		pdf.Line(near-markLen, y, near, y)
		pdf.Line(right+s.bleed+markGap, y, right+s.bleed+markGap+markLen, y)
	}
	down := func(x float64) {
		pdf.Line(x, near-markLen, x, near)
		pdf.Line(x, bottom+s.bleed+markGap, x, bottom+s.bleed+markGap+markLen)
	}
	across(top)
	across(bottom)
	down(left)
	down(right)
	if layout != 6 {
		for i := 1; float64(i)*slotH < pageH-1; i++ {
			across(top + float64(i)*slotH)
		}
	}
}
