package web

import (
	"bytes"
	"net"
	"net/http"
	"time"
)

// A stream takes its connection from net/http once its headers are
// known (HTTP/1.1 only; HTTP/2 cannot give it) and goes on in a goroutine
// of its own after the handler returns: net/http keeps, for each
// connection it serves, a 4 KB read buffer, a 4 KB write buffer, a 2 KB
// response buffer, the request, a goroutine reading in the background and
// the deep stack of the handler's goroutine, most of a stream's 26 KB,
// which a hall of 10,000 phones pays for nothing. The stream writes its
// frames to the connection itself, each batch in one system call, and
// learns that the client left from a one-byte read.

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

// serveRaw serves the stream of client cl on a connection taken from
// net/http, after the answer's header hdr: the same messages as
// ServeHTTP, written to the connection.
func (b *Broker) serveRaw(conn net.Conn, hdr []byte, cl *client, first [][]byte) {
	defer b.drop(cl)
	defer conn.Close()
	// Hijack cleared the server's deadlines, which were for the request:
	// the stream sets its own on each write.
	gone := make(chan struct{})
	go func() {
		// The client sends nothing more: a read returns when it leaves.
		var one [1]byte
		conn.Read(one[:])
		close(gone)
	}()
	send := func(frames [][]byte) bool {
		if conn.SetWriteDeadline(time.Now().Add(b.opt.WriteTimeout)) != nil {
			return false
		}
		bufs := net.Buffers(frames)
		_, err := bufs.WriteTo(conn)
		return err == nil
	}
	// The retry hint makes a dropped client come back quickly.
	if !send(append([][]byte{hdr, []byte("retry: 2000\n\n")}, first...)) {
		return
	}
	b.pump(cl, send, gone)
}

// pump sends a client its queued frames, batched, and a heartbeat when
// idle, until it is dropped, a send fails, or gone is closed.
func (b *Broker) pump(cl *client, send func([][]byte) bool, gone <-chan struct{}) {
	beat := time.NewTimer(b.opt.Heartbeat)
	defer beat.Stop()
	var batch [][]byte
	for {
		select {
		case f := <-cl.queue:
			// What else is queued goes in the same write.
			batch = append(batch[:0], f)
			for more := true; more; {
				select {
				case f := <-cl.queue:
					batch = append(batch, f)
				default:
					more = false
				}
			}
			if !send(batch) {
				return
			}
		case <-beat.C:
			if !send([][]byte{heartbeat}) {
				return
			}
		case <-cl.done:
			return
		case <-gone:
			return
		}
		beat.Reset(b.opt.Heartbeat)
	}
}
