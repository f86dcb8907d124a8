package web

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"

	"loto/internal/loto"
	"loto/internal/print"
)

// seriesBody is the JSON of POST /api/v1/series.
type seriesBody struct {
	Code    string `json:"code"`
	Cards   int    `json:"cards"`
	Special bool   `json:"special"`
	Color   string `json:"color"`
	Title   string `json:"title"`
}

// seriesView is a series as the organiser's page lists it: never its
// rerolls, which only the generator needs.
type seriesView struct {
	Code       string    `json:"code"`
	Kind       loto.Kind `json:"kind"`
	Cards      int       `json:"cards"`
	Plates     int       `json:"plates"`
	Color      string    `json:"color"`
	Title      string    `json:"title"`
	SeedSHA256 string    `json:"seed_sha256"`
}

func viewOf(s loto.Series) seriesView {
	return seriesView{Code: s.Code, Kind: s.Kind, Cards: s.Cards, Plates: s.Plates(), Color: s.Color, Title: s.Title, SeedSHA256: s.SeedSHA256}
}

// seriesList is the answer of GET /api/v1/series.
type seriesList struct {
	Series []seriesView `json:"series"`
}

func apiSeries(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	out := seriesList{Series: []seriesView{}}
	for _, sr := range s.day.Series() {
		out.Series = append(out.Series, viewOf(sr))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func apiSeriesCreate(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body seriesBody) (any, error) {
		// The printer's colours are known here, not in the domain.
		if c := strings.TrimSpace(body.Color); c != "" {
			if err := print.CheckColor(c); err != nil {
				return nil, &detailed{loto.Errorf(loto.EInvalid, "%s", err.Error()), []string{"color"}}
			}
		}
		sr, err := s.day.CreateSeries(ctx, a, loto.SeriesSpec{Code: body.Code, Cards: body.Cards, Special: body.Special, Color: body.Color, Title: body.Title})
		if err != nil {
			return nil, err
		}
		return created{viewOf(sr)}, nil
	})
}

// maxPrintCards bounds one PDF of cards: a print run of a whole hall is
// several files, each downloaded well within the server's write timeout.
const maxPrintCards = 6000

// seriesOf finds the series a path names.
func (s *Server) seriesOf(text string) (loto.Series, error) {
	code, err := loto.ParseSeriesCode(text)
	if err != nil {
		return loto.Series{}, err
	}
	return s.day.SeriesOf(code)
}

// queryInt reads an optional whole number of the query, def when absent.
func queryInt(r *http.Request, name, what string, def int) (int, error) {
	v := strings.TrimSpace(r.URL.Query().Get(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, &detailed{loto.Errorf(loto.EInvalid, "%s « %s » illisible : un nombre entier", what, loto.Shown(v)), []string{name}}
	}
	return n, nil
}

// cardsQuery is what GET /api/v1/series/{code}/cards.pdf reads from its query.
type cardsQuery struct {
	from, to int
	opt      print.CardOptions
}

func readCardsQuery(r *http.Request, sr loto.Series) (cardsQuery, error) {
	var q cardsQuery
	var err error
	if q.from, err = queryInt(r, "from", "première carte", 1); err != nil {
		return q, err
	}
	if q.to, err = queryInt(r, "to", "dernière carte", sr.Cards); err != nil {
		return q, err
	}
	if q.opt.Layout, err = queryInt(r, "layout", "mise en page", 6); err != nil {
		return q, err
	}
	bleed, err := queryInt(r, "bleed", "fond perdu", 0)
	if err != nil {
		return q, err
	}
	q.opt.Bleed = float64(bleed)
	marks := r.URL.Query().Get("crop_marks")
	q.opt.CropMarks = marks == "1" || marks == "true" || marks == "on"
	switch {
	case q.opt.Layout != 6 && q.opt.Layout != 3 && q.opt.Layout != 1:
		return q, &detailed{loto.Errorf(loto.EInvalid, "mise en page %d inconnue : 6, 3 ou 1 carte par page", q.opt.Layout), []string{"layout"}}
	case bleed < 0 || q.opt.Bleed > print.MaxBleed:
		return q, &detailed{loto.Errorf(loto.EInvalid, "fond perdu de %d mm invalide : entre 0 et %g mm", bleed, print.MaxBleed), []string{"bleed"}}
	case q.from < 1 || q.to > sr.Cards || q.from > q.to:
		return q, &detailed{loto.Errorf(loto.EInvalid, "cartes %d à %d invalides : la série %s va de 1 à %d", q.from, q.to, sr.Code, sr.Cards), []string{"from", "to"}}
	case q.to-q.from+1 > maxPrintCards:
		return q, &detailed{loto.Errorf(loto.EInvalid, "%d cartes dans un seul PDF : %d au plus, en plusieurs fichiers (de 1 à %d, puis de %d...)", q.to-q.from+1, maxPrintCards, maxPrintCards, maxPrintCards+1), []string{"from", "to"}}
	}
	return q, nil
}

func apiSeriesCards(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	sr, err := s.seriesOf(r.PathValue("code"))
	if err != nil {
		return err
	}
	q, err := readCardsQuery(r, sr)
	if err != nil {
		return err
	}
	sheets, err := print.SeriesCards(s.day, sr, q.from, q.to, q.opt.Layout)
	if err != nil {
		return err
	}
	name := "cartes-" + sr.Code + "-" + strconv.Itoa(q.from) + "-" + strconv.Itoa(q.to) + ".pdf"
	return writePDF(w, name, func(b io.Writer) error { return print.Cards(b, sheets, q.opt, nil) })
}

// writePDF renders a PDF whole, then sends it as a download named name: a
// failure is an error answer, never half a file.
func writePDF(w http.ResponseWriter, name string, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return loto.Errorf(loto.EInternal, "PDF %s : %v", name, err)
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes()) // a client gone away is nothing to answer
	return nil
}
