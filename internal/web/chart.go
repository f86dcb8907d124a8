package web

import "strconv"

// The dashboard's charts are bars drawn by the server as SVG, one bar a
// quarter hour, with their figures in a table beside as the text
// alternative: no chart library, no script.

// chartPoint is one bar: its quarter's start, its value, and the figures
// the text alternative says.
type chartPoint struct {
	At    string // "10:15"
	Hour  bool   // a full hour, labelled under the axis
	Value int
	Text  string
}

// chart is a bar chart ready for the template: the geometry in the
// viewBox's units and the text alternative.
type chart struct {
	ID, Title string
	Unit      string // the unit's plural, as the table's heading
	Summary   string // one sentence: the total and the busiest quarter
	Bars      []chartBar
	Ticks     []chartTick
	Max       int
	Points    []chartPoint
}

// chartBar is one bar's rectangle, and its value written over it.
type chartBar struct {
	X, Y, W, H float64
	CX         float64 // the bar's middle, where its value is written
	Value      int
	At         string
}

// chartTick is a time written under the axis.
type chartTick struct {
	X    float64
	Text string
}

// The viewBox: 600 by 240 units, the plot inside the margins.
const (
	chartW, chartH              = 600.0, 240.0
	chartLeft, chartRight       = 44.0, 8.0
	chartTop, chartBottom       = 16.0, 30.0
	chartPlotW                  = chartW - chartLeft - chartRight
	chartPlotH                  = chartH - chartTop - chartBottom
	chartBaseY                  = chartTop + chartPlotH
	chartLabelEvery             = 4 // a label every hour when quarters are many
	chartAllLabels              = 8 // up to this many bars, each is labelled
	chartMinMax                 = 1
	chartMaxBar                 = 36.0 // a few quarters make narrow bars, not slabs
	chartValueOverBarMinWidthPx = 14.0
)

// drawChart lays the bars of points out in the viewBox.
func drawChart(id, title, one, many string, points []chartPoint) chart {
	c := chart{ID: id, Title: title, Unit: many, Points: points, Max: chartMinMax}
	total, best := 0, -1
	for i, p := range points {
		total += p.Value
		if p.Value > c.Max {
			c.Max = p.Value
		}
		if best < 0 || p.Value > points[best].Value {
			best = i
		}
	}
	switch {
	case len(points) == 0:
		c.Summary = "Rien encore : le graphique commence à la première vente ou entrée."
	default:
		c.Summary = plural(total, one, many) + " en tout ; le plus fort quart d'heure : " + points[best].At + " (" + strconv.Itoa(points[best].Value) + ")."
	}
	if len(points) == 0 {
		return c
	}
	slot := chartPlotW / float64(len(points))
	for i, p := range points {
		h := chartPlotH * float64(p.Value) / float64(c.Max)
		x := chartLeft + float64(i)*slot
		w := min(slot*0.8, chartMaxBar)
		b := chartBar{X: x + (slot-w)/2, W: w, CX: x + slot/2, Y: chartBaseY - h, H: h, At: p.At}
		if b.W >= chartValueOverBarMinWidthPx && p.Value > 0 {
			b.Value = p.Value
		}
		c.Bars = append(c.Bars, b)
		if len(points) <= chartAllLabels || p.Hour || (i == 0 && !hasHour(points[:min(len(points), chartLabelEvery)])) {
			c.Ticks = append(c.Ticks, chartTick{X: x + slot/2, Text: p.At})
		}
	}
	return c
}

// hasHour says whether a full hour is among the points.
func hasHour(points []chartPoint) bool {
	for _, p := range points {
		if p.Hour {
			return true
		}
	}
	return false
}
