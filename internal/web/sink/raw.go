package sink

import (
	"errors"
	"net"
	"slices"
	"sync"
	"syscall"
	"time"
)

// Raw is a stream on a connection taken from net/http, which Send
// writes to itself, each write one non-blocking system call. Only a
// client whose socket buffer is full (a phone that walked out of the
// Wi-Fi) gets a goroutine, which writes what is left within the write
// timeout while the next frames wait for it; one that lets more than max
// frames wait is too slow.
type Raw struct {
	conn net.Conn
	// fd is the connection's socket, written by Send without Go's
	// poller (whose bookkeeping for each write cost a tenth of the
	// server's time): it is used under mu only while the stream is not
	// closed, and Close closes the connection under mu, so the number
	// cannot be another connection's by then.
	fd      int
	max     int           // frames that may wait on a full socket before the client is too slow
	timeout time.Duration // the longest a blocked write may take

	mu      sync.Mutex
	busy    bool     // a goroutine is writing: new frames wait in pending
	pending [][]byte // frames not yet written, in order
	waiting int      // frames added to pending while busy
	lead    int      // frames of the answer's start in pending, before Start
	closed  bool
}

// NewRaw prepares a stream on conn whose answer starts with hdr, that
// lets at most max frames wait on a full socket and gives a blocked write
// timeout; it is busy until Flush has written its first frames.
func NewRaw(conn net.Conn, hdr []byte, max int, timeout time.Duration) (*Raw, error) {
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
	return &Raw{conn: conn, fd: fd, max: max, timeout: timeout, busy: true,
		pending: [][]byte{hdr, []byte("retry: 2000\n\n")}, lead: 2}, nil
}

// errNoRawConn is a taken connection that gives no file descriptor.
var errNoRawConn = errors.New("sink: the stream's connection gives no file descriptor")

// Start adds the first frames of a stream that joins the broker: after
// its header, ahead of any frame sent since it joined.
func (s *Raw) Start(first [][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = slices.Insert(s.pending, s.lead, first...)
	s.lead = 0
}

// Waiting is how many frames wait behind a full socket: what a client too
// slow is dropped for.
func (s *Raw) Waiting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.busy {
		return 0
	}
	return s.waiting
}

// Send writes f to the client now if its socket takes it, else makes it
// wait for the stream's goroutine; false when the client is gone or too
// slow.
func (s *Raw) Send(f []byte) bool {
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
			if s.Flush() != nil {
				s.Close()
			}
		}()
	}
	return true
}

// Flush writes the waiting frames, blocking, each batch within the write
// timeout, until none is left; the stream is then no longer busy.
func (s *Raw) Flush() error {
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

// Close ends the stream: its connection closes, which ends the wait for
// the client to leave. It closes under mu, so that no write of Send can
// find the socket's number reused.
func (s *Raw) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return s.conn.Close()
}
