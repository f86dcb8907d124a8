package web

import (
	"bytes"
	"net"
	"net/http"
	"time"

	"loto/internal/web/sink"
)

// A stream takes its connection from net/http once its headers are
// known (HTTP/1.1 only; HTTP/2 cannot give it): net/http keeps, for each
// connection it serves, a 4 KB read buffer, a 4 KB write buffer, a 2 KB
// response buffer, the request, a goroutine reading in the background and
// the deep stack of the handler's goroutine, most of a stream's 26 KB,
// which a hall of 10,000 phones pays for nothing. The broker's fan-out
// then writes each change to the connection itself (see sink.Raw), and a
// one-byte read tells when the client left.

// raw reports whether a stream takes its connection for a raw sink: where
// the raw writes are at hand, unless the options ask for net/http.
func (b *Broker) raw() bool { return sink.Direct && !b.opt.NetHTTP }

// hijack takes the connection of an HTTP/1.1 request from net/http and
// answers its headers; ok is false when the connection cannot be taken
// (HTTP/2, a recorder in tests), the stream then goes through net/http.
func hijack(w http.ResponseWriter) (net.Conn, bool) {
	rc := http.NewResponseController(w)
	conn, rw, err := rc.Hijack()
	if err != nil {
		return nil, false
	}
	// net/http's buffers are dropped here: the request was read whole (a
	// GET), and nothing was written yet.
	if rw.Reader.Buffered() > 0 || rw.Writer.Buffered() > 0 {
		conn.Close()
		return nil, false
	}
	return conn, true
}

// header is the answer's status line and headers, as net/http would write
// them: those set so far (the security headers of the middleware) and the
// stream's own. The body runs until the connection closes.
func header(h http.Header) []byte {
	var buf bytes.Buffer
	buf.WriteString("HTTP/1.1 200 OK\r\n")
	h.Set("Connection", "close")
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	h.Write(&buf)
	buf.WriteString("\r\n")
	return buf.Bytes()
}

// serveRaw serves a stream resuming after last on a connection taken from
// net/http, after the answer's header hdr: the same messages as
// ServeHTTP. Its goroutine writes the first frames, then waits for the
// client to leave; the fan-out writes the changes.
func (b *Broker) serveRaw(conn net.Conn, hdr []byte, last int64, resume bool) {
	s, err := sink.NewRaw(conn, hdr, b.opt.Buffer, b.opt.WriteTimeout)
	if err != nil {
		conn.Close()
		return
	}
	defer s.Close()
	cl, first, ok := b.subscribe(s, last, resume)
	if !ok {
		return // the broker stops: the client comes back to another
	}
	defer b.drop(cl)
	s.Start(first)
	// Hijack cleared the server's deadlines, which were for the request.
	if s.Flush() != nil {
		return
	}
	// The client sends nothing more: a read returns when it leaves, or
	// when the broker drops it and closes the connection.
	var one [1]byte
	conn.Read(one[:])
}
