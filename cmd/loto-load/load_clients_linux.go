package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/url"
	"runtime"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// On Linux the measure's clients are read by one goroutine per core, each
// reading its share of the connections once for each message: a goroutine
// per client woken for each change (the netpoller, a read that finds
// nothing, a park) cost the tool as much CPU as the server's own writes,
// on the two cores they share. A phone reads on its own CPU; so here the
// readers take only the CPU the server leaves (idle priority), and a
// change is timed when the kernel put it in the client's socket, which a
// late read cannot change (SO_TIMESTAMPNS). A read that finds several
// messages has only the last one's time: the earlier ones are then timed
// late, never early.

// epollConn is one client's connection, a socket of the tool's own.
type epollConn struct {
	fd    int
	head  bool   // the answer's header is read
	ended bool   // the stream has ended: closed, or unreadable
	carry []byte // the start of a line the next read ends
	sseReader
}

// open starts n clients of the stream at u; each reports on connected
// once its first state is in, or why not. wait, once ctx ends, returns
// when every client has ended and kept its receipts.
func (lc *loadClients) open(ctx context.Context, u string, n int, connected chan<- error) (wait func()) {
	conns, err := dialStreams(ctx, u, n)
	if err != nil {
		report(connected, err)
		return func() {}
	}
	var wg sync.WaitGroup
	k := min(runtime.GOMAXPROCS(0), n)
	for w := range k {
		var mine []*epollConn
		for i := w; i < len(conns); i += k {
			mine = append(mine, conns[i])
		}
		wg.Go(func() { lc.read(ctx, mine, connected) })
	}
	return wg.Wait
}

// dialStreams opens n connections to the stream at u and sends each its
// request; each connection is then a non-blocking socket of its own, out
// of Go's netpoller.
func dialStreams(ctx context.Context, u string, n int) ([]*epollConn, error) {
	pu, err := url.Parse(u)
	if err != nil {
		return nil, err
	}
	req := []byte("GET " + pu.RequestURI() + " HTTP/1.1\r\nHost: " + pu.Host + "\r\nAccept: text/event-stream\r\n\r\n")
	conns := make([]*epollConn, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 64) // connections being made at once
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			c, err := dialStream(ctx, pu.Host, req)
			conns[i] = c
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			for _, c := range conns {
				if c != nil {
					syscall.Close(c.fd)
				}
			}
			return nil, fmt.Errorf("flux %s : %w", u, err)
		}
	}
	return conns, nil
}

// dialStream connects to host and sends req, trying again after a failed
// connection.
func dialStream(ctx context.Context, host string, req []byte) (*epollConn, error) {
	var d net.Dialer
	var err error
	for attempt := 1; attempt <= connectAttempts; attempt++ {
		var conn net.Conn
		if conn, err = d.DialContext(ctx, "tcp", host); err == nil {
			_, err = conn.Write(req)
			fd := -1
			if err == nil {
				fd, err = ownSocket(conn)
			}
			conn.Close()
			if err == nil {
				if err = syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1); err == nil {
					return &epollConn{fd: fd}, nil
				}
				syscall.Close(fd)
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt) * 500 * time.Millisecond):
		}
	}
	return nil, fmt.Errorf("inaccessible après %d essais : %w", connectAttempts, err)
}

// ownSocket duplicates conn's socket, non-blocking and out of Go's
// netpoller: once conn is closed, which takes its own number out of the
// netpoller's epoll set, the data of the copy wakes nothing but the
// reader's set. (net's File would register its copy again, and each
// message would wake the netpoller too, in the server's write.)
func ownSocket(conn net.Conn) (int, error) {
	raw, err := conn.(*net.TCPConn).SyscallConn()
	if err != nil {
		return -1, err
	}
	fd, derr := -1, error(nil)
	if err := raw.Control(func(s uintptr) {
		r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, s, syscall.F_DUPFD_CLOEXEC, 0)
		if fd, derr = int(r), nil; errno != 0 {
			fd, derr = -1, errno
		}
	}); err != nil {
		return -1, err
	}
	return fd, derr
}

// epollET asks epoll for edges (EPOLLET, which package syscall types as
// a negative int): a connection is reported once per arrival, not again
// at every wait while it is being read.
const epollET = 1 << 31

// drain reads what the connection holds, until a read comes back short:
// one read for a message, its receipts delivered when the kernel says the
// last of the data read came in (never earlier than any of it did), or
// when the read returns if it does not say. False once the stream has
// ended.
func (c *epollConn) drain(buf, oob []byte, connected chan<- error) bool {
	for {
		m, oobn, _, _, err := syscall.Recvmsg(c.fd, buf, oob, 0)
		read := time.Now()
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			return true
		case m <= 0 || c.feed(buf[:m], deliveredAt(oob[:oobn], read), read, connected) != nil:
			return false
		case m < len(buf):
			return true
		}
	}
}

// deliveredAt is the kernel's receive time in a read's control message
// (SO_TIMESTAMPNS), or read without one.
func deliveredAt(oob []byte, read time.Time) time.Time {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		return read
	}
	for _, m := range msgs {
		if m.Header.Level == syscall.SOL_SOCKET && m.Header.Type == syscall.SO_TIMESTAMPNS && len(m.Data) >= int(unsafe.Sizeof(syscall.Timespec{})) {
			ts := (*syscall.Timespec)(unsafe.Pointer(&m.Data[0]))
			if at := time.Unix(ts.Unix()); !at.IsZero() && !at.After(read) {
				return at
			}
		}
	}
	return read
}

// feed takes what one read gave: the answer's header first, then the
// stream's lines, delivered at at and read at read.
func (c *epollConn) feed(p []byte, at, read time.Time, connected chan<- error) error {
	if len(c.carry) > 0 {
		c.carry = append(c.carry, p...)
		p, c.carry = c.carry, nil
	}
	if !c.head {
		end := bytes.Index(p, []byte("\r\n\r\n"))
		if end < 0 {
			c.carry = append([]byte(nil), p...)
			return nil
		}
		if err := streamHeader(p[:end]); err != nil {
			report(connected, err)
			return err
		}
		c.head, p = true, p[end+4:]
	}
	for {
		nl := bytes.IndexByte(p, '\n')
		if nl < 0 {
			if len(p) > 0 {
				c.carry = append([]byte(nil), p...)
			}
			return nil
		}
		if c.line(p[:nl+1], at, read) {
			connected <- nil
		}
		p = p[nl+1:]
	}
}

// streamHeader checks the answer's header: 200, the body as it is.
func streamHeader(h []byte) error {
	status, rest, _ := bytes.Cut(h, []byte("\r\n"))
	if !bytes.HasPrefix(status, []byte("HTTP/1.")) || !bytes.Contains(status, []byte(" 200 ")) {
		return fmt.Errorf("réponse %s", status)
	}
	if bytes.Contains(bytes.ToLower(rest), []byte("transfer-encoding: chunked")) {
		return fmt.Errorf("réponse découpée (chunked) : mesurez le serveur sans le relais")
	}
	return nil
}
