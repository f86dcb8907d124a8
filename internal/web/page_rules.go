package web

import (
	"bytes"
	"net/http"

	"loto/internal/loto"
	"loto/internal/print"
	"loto/internal/rulebook"
)

// rulesPage is what /reglement shows: the day's rulebook (R34).
type rulesPage struct {
	R        rulebook.Rulebook
	ReadOnly string
}

// rulebook is the day's rulebook, or a not-found error before the event
// is created: there are no rules to publish yet.
func (s *Server) rulebook() (rulebook.Rulebook, error) {
	spec := s.day.Event()
	if spec == nil {
		return rulebook.Rulebook{}, loto.Errorf(loto.ENotFound, "le règlement n'est pas encore publié : l'organisateur n'a pas encore enregistré l'événement")
	}
	return rulebook.Of(spec), nil
}

func pageRules(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	rb, err := s.rulebook()
	if err != nil {
		return err
	}
	return s.render(w, http.StatusOK, "rules.html", rulesPage{R: rb, ReadOnly: s.readOnly})
}

// rulesPDF serves the rulebook as a PDF, made whole before it is sent so
// that a failure is an error page, not half a file.
func rulesPDF(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	rb, err := s.rulebook()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := print.RulesPDF(&b, rb); err != nil {
		return loto.Errorf(loto.EInternal, "règlement PDF : %v", err)
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `inline; filename="reglement.pdf"`)
	w.Write(b.Bytes())
	return nil
}
