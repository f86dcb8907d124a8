package web

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/print"
	"loto/internal/report"
)

// The organiser's reports as files to keep or print: the day's report,
// each desk session's Z report and the refund list of a postponement, in
// PDF or CSV (';'-separated, as French spreadsheets read it); and the
// journal's head and its verification.

// reportFormat reads the format a report is asked in: pdf or csv.
func reportFormat(r *http.Request) (string, error) {
	switch f := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("format"))); f {
	case "pdf", "csv":
		return f, nil
	case "":
		return "", loto.Errorf(loto.EInvalid, "format du rapport requis : ?format=pdf ou ?format=csv")
	default:
		return "", loto.Errorf(loto.EInvalid, "format « %s » inconnu : pdf ou csv", loto.Shown(f))
	}
}

// sendReport writes doc in format as a file named name (without its
// extension), rendered whole before anything is sent.
func sendReport(w http.ResponseWriter, doc print.Report, format, name string) error {
	var b bytes.Buffer
	write, ctype := print.ReportPDF, "application/pdf"
	if format == "csv" {
		write, ctype = print.ReportCSV, "text/csv; charset=utf-8"
	}
	if err := write(&b, doc); err != nil {
		return loto.Errorf(loto.EInternal, "rapport %s : %v", name, err)
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+"."+format+`"`)
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
	return nil
}

// dayReport is the format a request asks for and the report of the day.
func dayReport(s *Server, r *http.Request) (string, report.DayReport, error) {
	format, err := reportFormat(r)
	if err != nil {
		return "", report.DayReport{}, err
	}
	rep, err := report.OfDay(r.Context(), s.day)
	return format, rep, err
}

func apiReportDay(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	format, rep, err := dayReport(s, r)
	if err != nil {
		return err
	}
	return sendReport(w, print.DayReport(rep), format, "rapport-journee")
}

func apiReportSession(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	format, err := reportFormat(r)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		return loto.Errorf(loto.ENotFound, "session de caisse « %s » inconnue (%s)", loto.Shown(r.PathValue("id")), loto.Plural(len(s.day.Sessions()), "session", "sessions"))
	}
	z, err := s.day.SessionReport(n)
	if err != nil {
		return err
	}
	event := ""
	if ev := s.day.Event(); ev != nil {
		event = ev.Name
	}
	return sendReport(w, print.SessionZ(event, z), format, "session-"+strconv.Itoa(n))
}

func apiReportRefunds(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	format, rep, err := dayReport(s, r)
	if err != nil {
		return err
	}
	doc, err := print.RefundList(rep)
	if err != nil {
		return err
	}
	return sendReport(w, doc, format, "remboursements")
}

// headAnswer is the journal's head, the anchor to keep outside the database.
type headAnswer struct {
	Anchor journal.Anchor `json:"anchor"`
	Seq    int64          `json:"seq"`
	Hash   string         `json:"hash"`
}

func apiJournalHead(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	a := s.day.HeadAnchor()
	writeJSON(w, http.StatusOK, headAnswer{Anchor: a, Seq: a.Seq, Hash: a.Hash})
	return nil
}

// maxAnchors bounds the anchors of one verification.
const maxAnchors = 50

// apiJournalVerify verifies the journal as stored, with the anchors kept
// outside it given as ?anchor=SEQ:HASH (repeated, or one per line).
func apiJournalVerify(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	var anchors []journal.Anchor
	for _, v := range r.URL.Query()["anchor"] {
		for _, line := range strings.FieldsFunc(v, func(c rune) bool { return c == '\n' || c == '\r' || c == ',' || c == ' ' }) {
			a, err := journal.ParseAnchor(line)
			if err != nil {
				return loto.Errorf(loto.EInvalid, "%v", err)
			}
			anchors = append(anchors, a)
		}
	}
	if len(anchors) > maxAnchors {
		return loto.Errorf(loto.EInvalid, "%d ancres au plus par vérification", maxAnchors)
	}
	v, err := s.day.VerifyJournal(r.Context(), anchors)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}
