package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"loto/internal/loto"
	"loto/internal/web/sink"
)

// tightStreamOf serves a broker of the day whose connections have the
// smallest send buffer Linux allows, so that a client that does not read
// soon fills its socket.
func tightStreamOf(t *testing.T, d *loto.Day, opt BrokerOptions) (*Broker, *httptest.Server) {
	t.Helper()
	b := NewBroker(d, opt)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	srv := httptest.NewUnstartedServer(b)
	srv.Config.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateNew {
			c.(*net.TCPConn).SetWriteBuffer(1)
		}
	}
	srv.Start()
	t.Cleanup(func() { cancel(); <-done; srv.Close() })
	return b, srv
}

// dialStream opens the stream with a small receive buffer and returns the
// connection unread.
func dialStream(t *testing.T, srv *httptest.Server) net.Conn {
	t.Helper()
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1) })
	}}
	conn, err := d.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	return conn
}

// rawStreamOf waits for the broker's only raw stream and returns it.
func rawStreamOf(t *testing.T, b *Broker) *sink.Raw {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		var raws []*sink.Raw
		for _, cl := range b.all() {
			if s, ok := cl.sink.(*sink.Raw); ok {
				raws = append(raws, s)
			}
		}
		if len(raws) == 1 {
			return raws[0]
		}
	}
	t.Fatal("no raw stream")
	return nil
}

// waitBusy waits until the stream's socket is full: its frames wait.
func waitBusy(t *testing.T, s *sink.Raw) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if s.Waiting() > 0 {
			return
		}
	}
	t.Fatal("the unread stream's socket never filled")
}

// readStream reads a raw stream's messages after its header.
func readStream(t *testing.T, conn net.Conn) <-chan sse {
	t.Helper()
	c := &sseClient{t: t, r: bufio.NewReader(conn), msgs: make(chan sse, 100000)}
	for {
		line, err := c.r.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream's header: %v", err)
		}
		if line == "\r\n" {
			break
		}
	}
	go c.read()
	return c.msgs
}

// TestStreamClientBehindAFullSocketGetsEveryChangeInOrder: the fan-out
// writes without waiting; a client whose socket is full gets a goroutine
// that writes the rest within the timeout, while the next frames wait
// for it. Once the client reads again, it has every change, in order,
// and its state is the day's.
func TestStreamClientBehindAFullSocketGetsEveryChangeInOrder(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	// Heartbeats every millisecond fill the unread socket soon.
	b, srv := tightStreamOf(t, d, BrokerOptions{Heartbeat: time.Millisecond, Buffer: 1 << 20})
	conn := dialStream(t, srv)
	s := rawStreamOf(t, b)
	waitBusy(t, s)
	var seqs []int64
	for range 5 {
		// One change each: the broker would send quick draws as one.
		seq := draw(t, d)
		waitSeq(t, b, seq)
		seqs = append(seqs, seq)
	}
	msgs := readStream(t, conn)
	var state map[string]json.RawMessage
	for len(seqs) > 0 {
		var m sse
		select {
		case m = <-msgs:
		case <-time.After(10 * time.Second):
			t.Fatalf("changes %v never came", seqs)
		}
		switch m.event {
		case "state":
			state = fields(t, m.data)
		case "change":
			if m.id != strconv.FormatInt(seqs[0], 10) {
				t.Fatalf("change %s, want %d next", m.id, seqs[0])
			}
			merge(state, fields(t, m.data))
			seqs = seqs[1:]
		}
	}
	wantState(t, d, state)
}

// TestStreamDropsAClientThatStopsReadingAndClosesItsConnection: a client
// whose socket stays full while more than Buffer frames wait is dropped
// and its connection closed; the others keep receiving.
func TestStreamDropsAClientThatStopsReadingAndClosesItsConnection(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	// Every socket's send buffer is tight, so the reading client's frames
	// wait too, now and then, for the stream's goroutine: a buffer of 256
	// heartbeats lets that goroutine be a quarter of a second late on a
	// loaded machine, and still drops the unread client within a second.
	b, srv := tightStreamOf(t, d, BrokerOptions{Heartbeat: time.Millisecond, Buffer: 256})
	slow := dialStream(t, srv)
	rawStreamOf(t, b)
	reader := connect(t, srv, "")
	state := fields(t, reader.next().data)
	waitClients(t, b, 1)
	for range 3 {
		seq := draw(t, d)
		for {
			m := reader.next()
			if m.comment == "heartbeat" {
				continue
			}
			if m.id != strconv.FormatInt(seq, 10) {
				t.Fatalf("the reading client got %+v, want change %d", m, seq)
			}
			merge(state, fields(t, m.data))
			break
		}
	}
	wantState(t, d, state)
	// The dropped client reads what its socket held, then the end.
	slow.SetReadDeadline(time.Now().Add(10 * time.Second))
	var buf [4096]byte
	for {
		_, err := slow.Read(buf[:])
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatal("the dropped client's connection is still open")
			}
			break
		}
	}
}

// TestStreamFansOutToManyClientsOnEveryCore: more clients than one
// goroutine of the fan-out takes each get every change, in order.
func TestStreamFansOutToManyClientsOnEveryCore(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	b, srv := streamOf(t, d, BrokerOptions{})
	n := 3 * fanOutShard
	var clients []*sseClient
	for range n {
		c := connect(t, srv, "")
		c.next()
		clients = append(clients, c)
	}
	waitClients(t, b, n)
	var seqs []string
	for range 3 {
		seq := draw(t, d)
		waitSeq(t, b, seq)
		seqs = append(seqs, strconv.FormatInt(seq, 10))
	}
	for i, c := range clients {
		var got []string
		for len(got) < len(seqs) {
			m := c.nextOr(func() { t.Logf("client %d of %d, got %v; broker at %d", i, b.Clients(), got, b.cur.Seq) })
			if m.event == "change" {
				got = append(got, m.id)
			}
		}
		if strings.Join(got, ",") != strings.Join(seqs, ",") {
			t.Fatalf("client %d got changes %v, want %v", i, got, seqs)
		}
	}
}
