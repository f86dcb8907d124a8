package sink

import (
	"bufio"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// A raw stream's first frames come after its header and ahead of any
// frame sent between its joining the broker and its start.
func TestRawSendsItsFirstFramesAheadOfTheChangesSentMeanwhile(t *testing.T) {
	s, client := rawPair(t)
	if !s.Send([]byte("id: 2\n\n")) {
		t.Fatal("a busy stream refused a frame")
	}
	s.Start([][]byte{[]byte("id: 1\n\n")})
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if !s.Send([]byte("id: 3\n\n")) {
		t.Fatal("the stream refused a frame")
	}
	want := "HTTP/1.1 200 OK\r\n\r\nretry: 2000\n\nid: 1\n\nid: 2\n\nid: 3\n\n"
	client.SetReadDeadline(time.Now().Add(5 * time.Second))
	got := make([]byte, len(want))
	if _, err := io.ReadFull(bufio.NewReader(client), got); err != nil || string(got) != want {
		t.Fatalf("read %q (%v), want %q", got, err, want)
	}
}

// A queue refuses the frame past its bound: its client is too slow.
func TestQueueRefusesAFrameOnceFull(t *testing.T) {
	q := NewQueue(2)
	for i := range 2 {
		if !q.Send([]byte("x")) {
			t.Fatalf("frame %d refused", i+1)
		}
	}
	if q.Send([]byte("x")) {
		t.Fatal("a full queue took a third frame")
	}
	if f := <-q; !strings.HasPrefix(string(f), "x") {
		t.Fatalf("queued %q", f)
	}
}

// rawPair returns a raw stream on one end of a loopback connection, and
// the other end.
func rawPair(t *testing.T) (*Raw, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	server, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewRaw(server, []byte("HTTP/1.1 200 OK\r\n\r\n"), 16, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, client
}
