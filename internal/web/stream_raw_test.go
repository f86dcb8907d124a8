package web

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/loto"
)

// hiddenHijack is a ResponseWriter that cannot give its connection, as
// HTTP/2's cannot.
type hiddenHijack struct{ http.ResponseWriter }

func (h hiddenHijack) Flush() { h.ResponseWriter.(http.Flusher).Flush() }

// brokerBehind serves a broker of the day behind wrap, counting the
// connections net/http gives up to a handler (StateHijacked).
func brokerBehind(t *testing.T, timeout time.Duration, wrap func(http.Handler) http.Handler) (*loto.Day, *Broker, *httptest.Server, *atomic.Int64) {
	t.Helper()
	d := liveDay(t)
	b := NewBroker(d, BrokerOptions{Heartbeat: 50 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	var hijacked atomic.Int64
	srv := httptest.NewUnstartedServer(wrap(b))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateHijacked {
			hijacked.Add(1)
		}
	}
	// The request's header gets the server's own time, as HTTPServer
	// gives it: net/http would bound it by a short ReadTimeout too, and a
	// loaded machine may bring the header later than 100 ms after the
	// connection (then an EOF, no answer). The stream must outlive the
	// request's read and write deadlines, not its header's.
	srv.Config.ReadHeaderTimeout = readHeaderTimeout
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = timeout, timeout
	srv.Start()
	t.Cleanup(func() { cancel(); <-done; srv.Close() })
	return d, b, srv, &hijacked
}

// TestStreamTakesItsConnectionAndKeepsTheMiddlewaresHeaders: over
// HTTP/1.1 the stream takes its connection from net/http, whose buffers
// and goroutines a stream does not need (about 16 of its 26 KB; `loto-load
// stream` weighs it), with the headers set before it (the security
// headers) and its own; it lives beyond the server's read and write
// timeouts, gets its changes, and is dropped when the client leaves.
func TestStreamTakesItsConnectionAndKeepsTheMiddlewaresHeaders(t *testing.T) {
	t.Parallel()
	// The server's own timeouts must not end a stream that lasts.
	d, b, srv, hijacked := brokerBehind(t, 100*time.Millisecond, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Content-Type-Options", "nosniff")
			next.ServeHTTP(w, r)
		})
	})
	c := connect(t, srv, "")
	if m := c.next(); m.event != "state" {
		t.Fatalf("first message %+v, want the state", m)
	}
	if hijacked.Load() != 1 {
		t.Fatalf("%d connections taken from net/http, want the stream's", hijacked.Load())
	}
	h := c.resp.Header
	if h.Get("Content-Type") != "text/event-stream; charset=utf-8" || h.Get("X-Accel-Buffering") != "no" ||
		h.Get("Cache-Control") != "no-store" || h.Get("X-Content-Type-Options") != "nosniff" || c.resp.StatusCode != 200 {
		t.Fatalf("answer %d with headers %v", c.resp.StatusCode, h)
	}
	time.Sleep(300 * time.Millisecond) // past the server's timeouts
	seq := draw(t, d)
	for {
		m := c.next()
		if m.comment == "heartbeat" {
			continue
		}
		if m.event != "change" || m.id != strconv.FormatInt(seq, 10) {
			t.Fatalf("after the timeouts the stream sent %+v, want change %d", m, seq)
		}
		break
	}
	c.resp.Body.Close()
	waitClients(t, b, 0)
}

// TestStreamGoesThroughNetHTTPWhenItCannotTakeTheConnection: behind a
// writer that cannot give its connection (HTTP/2), the stream is served
// as before, through net/http.
func TestStreamGoesThroughNetHTTPWhenItCannotTakeTheConnection(t *testing.T) {
	t.Parallel()
	_, b, srv, hijacked := brokerBehind(t, 0, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { next.ServeHTTP(hiddenHijack{w}, r) })
	})
	c := connect(t, srv, "")
	if m := c.next(); m.event != "state" {
		t.Fatalf("first message %+v, want the state", m)
	}
	if m := c.next(); m.comment != "heartbeat" {
		t.Fatalf("idle stream sent %+v, want a heartbeat", m)
	}
	if hijacked.Load() != 0 || c.resp.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
		t.Fatalf("%d connections taken, headers %v", hijacked.Load(), c.resp.Header)
	}
	c.resp.Body.Close()
	waitClients(t, b, 0)
}
