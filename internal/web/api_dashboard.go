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

// dashboardCalm is the least time between two messages of the moved
// stream: at the rush, sales come by the dozen a second, and the staff
// need the figures within a second, not each sale's redraw. The first move
// after a calm goes at once: a claim shows on the other staff pages in the
// time of a read.
const dashboardCalm = 500 * time.Millisecond

// dashboardBeat is the heartbeat of an idle dashboard stream, as the
// public stream's, unless Config.Heartbeat says otherwise: the pages take
// a stream silent for 2.5 heartbeats for dead (static/sse.js).
const dashboardBeat = 15 * time.Second

// apiMovedStream is the staff pages' one signal that something moved: it
// tells the organiser's, the door's, the host's and the controllers' pages,
// as Server-Sent Events, each time the journal moves (any event: a sale, a
// door, a draw, a claim, a declined share): an "event: moved" message whose
// id and data are the journal's head. It carries no figure: the page then
// reads what it shows (the dashboard, the door's tally, the game's status)
// with its session, so the stream itself says nothing worth hiding.
func apiMovedStream(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
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
	last := time.Now()
	for {
		select {
		case <-moved:
			// At most one message a calm, so that a burst of sales makes
			// one or two; after a calm, at once.
			select {
			case <-time.After(time.Until(last.Add(dashboardCalm))):
			case <-r.Context().Done():
				return nil
			case <-s.stopping:
				return nil
			}
			last = time.Now()
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
