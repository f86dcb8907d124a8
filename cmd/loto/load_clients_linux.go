package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// On Linux the measure's clients are read by one goroutine per core, each
// waiting on an epoll set of its share of the connections and reading a
// connection once for each message: a goroutine per client woken for
// each change (the netpoller, a read that finds nothing, a park) cost the
// tool as much CPU as the server's own writes, on the two cores they
// share, and so made the server's figure worse than it is.

// epollConn is one client's connection, its file kept open while read.
type epollConn struct {
	file  *os.File
	fd    int
	head  bool   // the answer's header is read
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
// request; each connection is then a blocking file of its own, out of Go's
// netpoller.
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
					c.file.Close()
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
			var f *os.File
			if err == nil {
				f, err = conn.(*net.TCPConn).File()
			}
			conn.Close()
			if err == nil {
				// Fd made it blocking; the readers want it not to be.
				fd := int(f.Fd())
				if err = syscall.SetNonblock(fd, true); err == nil {
					return &epollConn{file: f, fd: fd}, nil
				}
				f.Close()
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

// read follows conns until ctx ends: one read per connection epoll finds
// readable, the time of that read its receipts' time.
func (lc *loadClients) read(ctx context.Context, conns []*epollConn, connected chan<- error) {
	byFD := map[int32]*epollConn{}
	defer func() {
		for _, c := range conns {
			c.file.Close()
			lc.keep(&c.sseReader)
		}
	}()
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		report(connected, err)
		return
	}
	defer syscall.Close(ep)
	for _, c := range conns {
		ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | epollET, Fd: int32(c.fd)}
		if err := syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, c.fd, &ev); err != nil {
			report(connected, err)
			return
		}
		byFD[int32(c.fd)] = c
	}
	events := make([]syscall.EpollEvent, 512)
	buf := make([]byte, 64<<10)
	for ctx.Err() == nil {
		k, err := syscall.EpollWait(ep, events, 100)
		if err != nil && err != syscall.EINTR {
			report(connected, err)
			return
		}
		if k <= 0 {
			continue
		}
		for _, ev := range events[:k] {
			c := byFD[ev.Fd]
			if !c.drain(buf, connected) {
				syscall.EpollCtl(ep, syscall.EPOLL_CTL_DEL, c.fd, nil)
				if ctx.Err() == nil {
					lc.lost()
				}
			}
		}
		time.Sleep(readPause)
	}
}

// readPause is how long a reader waits, after reading what epoll gave,
// before it looks again: in the middle of a fan-out, a reader asleep in
// epoll_wait is woken by each message, and that wake-up costs the
// server's write a fifth of its time. A receipt is then noted up to that
// much late, which can only make the figures worse.
const readPause = time.Millisecond

// epollET asks epoll for edges (EPOLLET, which package syscall types as
// a negative int): a connection is reported once per arrival, not again
// at every wait while it is being read.
const epollET = 1 << 31

// drain reads what the connection holds, until a read comes back short:
// one read for a message, its receipts timed as it returns. False once
// the stream has ended.
func (c *epollConn) drain(buf []byte, connected chan<- error) bool {
	for {
		m, err := syscall.Read(c.fd, buf)
		at := time.Now()
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			return true
		case m <= 0 || c.feed(buf[:m], at, connected) != nil:
			return false
		case m < len(buf):
			return true
		}
	}
}

// feed takes what one read gave: the answer's header first, then the
// stream's lines.
func (c *epollConn) feed(p []byte, at time.Time, connected chan<- error) error {
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
		if c.line(p[:nl+1], at) {
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
