package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"loto/internal/loto"
	"loto/internal/web/sink"
)

// ServeHTTP serves GET /api/v1/stream, the day's public state live as
// Server-Sent Events: first an "event: state" message with the whole
// public state (loto.Public), then an "event: change" message per public
// change, a JSON merge patch of the state (RFC 7386: a field set to null
// is gone, an object is patched field by field); each message's id is the journal sequence of the change. A client
// that comes back with Last-Event-ID gets the changes it missed, or a
// fresh state when it is too far behind. A comment is sent every
// heartbeat, so that proxies and clients know it is alive.
func (b *Broker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	last, resume := lastEventID(r)
	if b.isStopped() {
		http.Error(w, "serveur en cours d'arrêt", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a reverse proxy must not hold the messages back
	if b.raw() {
		if conn, ok := hijack(w); ok {
			go b.serveRaw(conn, header(h), last, resume)
			return
		}
	}
	q := sink.NewQueue(b.opt.Buffer)
	cl, first, ok := b.subscribe(q, last, resume)
	if !ok {
		http.Error(w, "serveur en cours d'arrêt", http.StatusServiceUnavailable)
		return
	}
	defer b.drop(cl)
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(frames [][]byte) bool { return b.send(w, rc, frames) }
	// The retry hint makes a dropped client come back quickly.
	if !send(append([][]byte{[]byte("retry: 2000\n\n")}, first...)) {
		return
	}
	b.pump(cl, q, send, r.Context().Done())
}

var heartbeat = []byte(": heartbeat\n\n")

// send writes frames and flushes them within the write timeout; false
// when the client is gone or too slow.
func (b *Broker) send(w http.ResponseWriter, rc *http.ResponseController, frames [][]byte) bool {
	err := rc.SetWriteDeadline(time.Now().Add(b.opt.WriteTimeout))
	if err != nil && !errors.Is(err, http.ErrNotSupported) {
		return false
	}
	for _, f := range frames {
		if _, err := w.Write(f); err != nil {
			return false
		}
	}
	return rc.Flush() == nil
}

// lastEventID reads the Last-Event-ID a resuming client sends; resume is
// false for a new client or an id that is no sequence.
func lastEventID(r *http.Request) (id int64, resume bool) {
	s := strings.TrimSpace(r.Header.Get("Last-Event-ID"))
	if s == "" {
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 0 {
		return 0, false
	}
	return id, true
}

// pump sends a client of the net/http path its queued frames, batched,
// until it is dropped, a send fails, or gone is closed.
func (b *Broker) pump(cl *client, q sink.Queue, send func([][]byte) bool, gone <-chan struct{}) {
	var batch [][]byte
	for {
		select {
		case f := <-q:
			// What else is queued goes in the same write.
			batch = append(batch[:0], f)
			for more := true; more; {
				select {
				case f := <-q:
					batch = append(batch, f)
				default:
					more = false
				}
			}
			if !send(batch) {
				return
			}
		case <-cl.done:
			return
		case <-gone:
			return
		}
	}
}

func apiStream(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	if s.stream == nil {
		return loto.Errorf(loto.ENotFound, "le flux en direct n'est pas encore servi")
	}
	s.stream.ServeHTTP(w, r)
	return nil
}
