package web

import (
	"errors"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The fan-out of a change to thousands of phones is the stream's cost:
// one write per client per change. A goroutine per client woken for each
// change (a channel, a select, a timer reset, a deadline set, a write)
// cost about as much again as the write itself. So the broker writes each
// change to the raw streams itself, from one goroutine per core, each
// write one non-blocking system call. Only a client whose socket buffer
// is full (a phone that walked out of the Wi-Fi) gets a goroutine, which
// writes what is left within the write timeout while the next frames wait
// for it; one that lets more than Buffer frames wait is dropped.

// fanOutShard is the fewest clients worth a goroutine of their own, and
// fanOutChunk how many a goroutine takes at a time.
const (
	fanOutShard = 256
	fanOutChunk = 64
)

// fanOut writes frame f to the raw streams cls, on every core at once,
// and returns once each has it written or waiting. A stream too slow or
// gone is dropped. The goroutines take the clients a chunk at a time, so
// that a core busy with something else for a while (a collection, another
// process) leaves more of them to the others instead of finishing last.
func (b *Broker) fanOut(cls []*client, f []byte) {
	var next atomic.Int64
	write := func() {
		for {
			end := int(next.Add(fanOutChunk))
			start := end - fanOutChunk
			if start >= len(cls) {
				return
			}
			for _, cl := range cls[start:min(end, len(cls))] {
				if !cl.raw.send(f) {
					b.drop(cl)
				}
			}
		}
	}
	k := min(runtime.GOMAXPROCS(0), (len(cls)+fanOutShard-1)/fanOutShard)
	var wg sync.WaitGroup
	for range k - 1 {
		wg.Go(write)
	}
	write()
	wg.Wait()
}

// rawStream is a stream on a connection taken from net/http.
type rawStream struct {
	conn net.Conn
	// fd is the connection's socket, written by the fan-out without Go's
	// poller (whose bookkeeping for each write cost a tenth of the
	// server's time): it is used under mu only while the stream is not
	// closed, and close closes the connection under mu, so the number
	// cannot be another connection's by then.
	fd      int
	max     int           // frames that may wait on a full socket before the client is too slow
	timeout time.Duration // the longest a blocked write may take

	mu      sync.Mutex
	busy    bool     // a goroutine is writing: new frames wait in pending
	pending [][]byte // frames not yet written, in order
	waiting int      // frames added to pending while busy
	closed  bool
}

// newRawStream prepares a stream on conn whose answer starts with hdr;
// it is busy until flush has written its first frames.
func newRawStream(conn net.Conn, hdr []byte, opt BrokerOptions) (*rawStream, error) {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil, errNoRawConn
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil, err
	}
	fd := -1
	if err := raw.Control(func(s uintptr) {
		fd = int(s)
		sendPromptly(fd)
	}); err != nil {
		return nil, err
	}
	// The retry hint makes a dropped client come back quickly.
	return &rawStream{conn: conn, fd: fd, max: opt.Buffer, timeout: opt.WriteTimeout, busy: true,
		pending: [][]byte{hdr, []byte("retry: 2000\n\n")}}, nil
}

// errNoRawConn is a taken connection that gives no file descriptor.
var errNoRawConn = errors.New("web: the stream's connection gives no file descriptor")

// start adds the first frames of a stream that joins the broker.
func (s *rawStream) start(first [][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = append(s.pending, first...)
}

// send writes f to the client now if its socket takes it, else makes it
// wait for the stream's goroutine; false when the client is gone or too
// slow.
func (s *rawStream) send(f []byte) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return false
	case s.busy:
		if s.waiting >= s.max {
			return false
		}
		s.pending = append(s.pending, f)
		s.waiting++
		return true
	}
	n, err := tryWrite(s.fd, f)
	if err != nil {
		return false
	}
	if n < len(f) {
		s.busy = true
		s.pending = append(s.pending, f[n:])
		go func() {
			if s.flush() != nil {
				s.close()
			}
		}()
	}
	return true
}

// flush writes the waiting frames, blocking, each batch within the write
// timeout, until none is left; the stream is then no longer busy.
func (s *rawStream) flush() error {
	for {
		s.mu.Lock()
		frames := s.pending
		s.pending, s.waiting = nil, 0
		if len(frames) == 0 {
			s.busy = false
			s.mu.Unlock()
			return nil
		}
		s.mu.Unlock()
		if err := s.conn.SetWriteDeadline(time.Now().Add(s.timeout)); err != nil {
			return err
		}
		bufs := net.Buffers(frames)
		if _, err := bufs.WriteTo(s.conn); err != nil {
			return err
		}
		// The fan-out's writes must not find a deadline past.
		if err := s.conn.SetWriteDeadline(time.Time{}); err != nil {
			return err
		}
	}
}

// close ends the stream: its connection closes, which ends the wait for
// the client to leave. It closes under mu, so that no write of send can
// find the socket's number reused.
func (s *rawStream) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.conn.Close()
}
