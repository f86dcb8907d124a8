package web

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"loto/internal/loto"
	"loto/internal/report"
)

// apiDashboard answers the organiser's figures (report.Dashboard): takings,
// cards, attendance, games and prizes, per quarter hour too. The
// organiser's alone: takings never go on the public stream.
func apiDashboard(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	d, err := report.DashboardOf(r.Context(), s.day)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// dashboardCalm is the least time between two messages of the dashboard's
// stream: at the rush, sales come by the dozen a second, and the organiser
// needs the figures within a second, not each sale's redraw.
const dashboardCalm = 500 * time.Millisecond

// dashboardBeat is the heartbeat of an idle dashboard stream, as the
// public stream's, unless Config.Heartbeat says otherwise: the pages take
// a stream silent for 2.5 heartbeats for dead (static/sse.js).
const dashboardBeat = 15 * time.Second

// apiDashboardStream tells the organiser's page, as Server-Sent Events,
// each time the journal moves (any event: a sale, a door, a draw): an
// "event: moved" message whose id and data are the journal's head. It
// carries no figure: the page then reads the dashboard, with the
// organiser's session, so the stream itself says nothing worth hiding.
func apiDashboardStream(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(text string) bool {
		if err := rc.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return false
		}
		if _, err := fmt.Fprint(w, text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	moved := s.day.Moved()
	seq := s.day.Head()
	if !send(fmt.Sprintf("retry: 2000\n\nevent: moved\nid: %d\ndata: {\"seq\":%d}\n\n", seq, seq)) {
		return nil
	}
	beat := time.NewTicker(s.beat)
	defer beat.Stop()
	for {
		select {
		case <-moved:
			// Calm first, so that a burst of sales makes one message.
			select {
			case <-time.After(dashboardCalm):
			case <-r.Context().Done():
				return nil
			case <-s.stopping:
				return nil
			}
			moved = s.day.Moved()
			seq = s.day.Head()
			if !send(fmt.Sprintf("event: moved\nid: %d\ndata: {\"seq\":%d}\n\n", seq, seq)) {
				return nil
			}
		case <-beat.C:
			if !send(": heartbeat\n\n") {
				return nil
			}
		case <-r.Context().Done():
			return nil
		case <-s.stopping:
			return nil
		}
	}
}
