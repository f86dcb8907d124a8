package web

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// wifiLink is the hall's Wi-Fi between a tablet's browser and the server:
// a TCP relay on loopback that the test cuts and gives back. While it is
// cut, no byte reaches the server, whoever in the browser sends it: the
// page, its service worker, a page being reloaded. Chromium's network
// emulation cannot promise that: it leaves the service worker's own
// requests through, and under load a page just reloaded sends its first
// requests before the emulation covers it.
type wifiLink struct {
	ln     net.Listener
	target string // the server's host:port

	mu    sync.Mutex
	down  bool
	conns map[net.Conn]bool // the open connections, both sides

	refused atomic.Int64 // connections refused while cut
	wg      sync.WaitGroup
}

// startWifiLink relays connections to target (host:port) until the
// test's end.
func startWifiLink(t testing.TB, target string) *wifiLink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := &wifiLink{ln: ln, target: target, conns: map[net.Conn]bool{}}
	w.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			w.wg.Go(func() { w.relay(c) })
		}
	})
	t.Cleanup(func() {
		ln.Close()
		w.cut()
		w.wg.Wait()
	})
	return w
}

// url is the server's address through the link.
func (w *wifiLink) url() string { return "http://" + w.ln.Addr().String() }

// cut drops the link: the open connections are closed, and every new one
// is reset at once until restore.
func (w *wifiLink) cut() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.down = true
	for c := range w.conns {
		c.Close()
	}
	clear(w.conns)
}

// restore gives the link back.
func (w *wifiLink) restore() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.down = false
}

// track keeps c to close at the next cut; false when the link is down,
// c then closed already.
func (w *wifiLink) track(c net.Conn) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.down {
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetLinger(0) // a reset, as a network that is gone
		}
		c.Close()
		return false
	}
	w.conns[c] = true
	return true
}

// forget closes c and stops tracking it.
func (w *wifiLink) forget(c net.Conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.conns, c)
	c.Close()
}

// relay copies c to a connection of its own to the server and back,
// until either side closes or the link is cut.
func (w *wifiLink) relay(c net.Conn) {
	if !w.track(c) {
		w.refused.Add(1)
		return
	}
	defer w.forget(c)
	up, err := net.Dial("tcp", w.target)
	if err != nil {
		return
	}
	if !w.track(up) {
		return
	}
	defer w.forget(up)
	done := make(chan struct{})
	go func() {
		io.Copy(c, up)
		c.Close()
		close(done)
	}()
	io.Copy(up, c)
	up.Close()
	<-done
}
