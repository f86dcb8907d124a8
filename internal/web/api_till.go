package web

import (
	"bytes"
	"net/http"
	"strconv"

	"loto/internal/loto"
	"loto/internal/print"
)

// deskAnswer is a desk as its cashier's page needs it on opening: its kind
// and its session, the open one or else the last, as a Z report.
type deskAnswer struct {
	Desk    string              `json:"desk"`
	Special bool                `json:"special"`
	PMR     bool                `json:"pmr"`
	Open    bool                `json:"open"`
	Session *loto.SessionReport `json:"session"`
}

func apiDesk(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	dk, z, err := s.day.DeskOf(a, r.PathValue("desk"))
	if err != nil {
		return err
	}
	ans := deskAnswer{Desk: dk.Name, Special: dk.Special, PMR: dk.PMR, Session: z}
	ans.Open = ans.Session != nil && !ans.Session.Closed()
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// apiSessionZ answers a desk session's Z report as a PDF, to print or
// keep; a cashier gets only its own desk's.
func apiSessionZ(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	n, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		return loto.Errorf(loto.ENotFound, "session de caisse « %s » inconnue", loto.Shown(r.PathValue("id")))
	}
	z, err := s.day.SessionZ(a, n)
	if err != nil {
		return err
	}
	event := ""
	if ev := s.day.Event(); ev != nil {
		event = ev.Name
	}
	var b bytes.Buffer
	if err := print.ReportPDF(&b, print.SessionZ(event, z)); err != nil {
		return loto.Errorf(loto.EInternal, "rapport Z : %v", err)
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", "inline; filename=\"z-"+strconv.Itoa(z.Session)+".pdf\"")
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
	return nil
}
