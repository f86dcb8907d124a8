package web

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// stallProxy is a TCP relay on loopback in front of a server that can let
// the connections of the live streams (the public one, the door's and the
// dashboard's: every path ending in /stream) die silently: once stalled,
// what the server sends on them is dropped, and nothing is closed, as
// when a phone's Wi-Fi loses the access point without a reset. Every
// other connection goes through.
type stallProxy struct {
	ln      net.Listener
	target  string
	stalled atomic.Bool  // streams deliver nothing while set
	streams atomic.Int64 // stream requests relayed
	resumed atomic.Int64 // those that sent a Last-Event-ID
	mu      sync.Mutex
	dead    []*atomic.Bool // the flag of each open stream connection
}

// startStallProxy serves a relay to target (host:port); the test's end
// stops it.
func startStallProxy(t *testing.T, target string) *stallProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &stallProxy{ln: ln, target: target}
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { p.relay(c) })
		}
	})
	t.Cleanup(func() {
		ln.Close()
		p.mu.Lock()
		p.dead = nil
		p.mu.Unlock()
	})
	return p
}

// url is the proxy's address as a browser names it.
func (p *stallProxy) url() string { return "http://" + p.ln.Addr().String() }

// stall silences every stream connection, those open and those to come,
// until heal; heal lets new ones through, those stalled stay silent.
func (p *stallProxy) stall() {
	p.stalled.Store(true)
	p.mu.Lock()
	for _, d := range p.dead {
		d.Store(true)
	}
	p.mu.Unlock()
}

func (p *stallProxy) heal() { p.stalled.Store(false) }

// relay copies a connection both ways; a stream's answer is dropped once
// its connection is stalled.
func (p *stallProxy) relay(c net.Conn) {
	defer c.Close()
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer up.Close()
	dead := &atomic.Bool{}
	go func() {
		// Request by request: the browser may send the stream's request on
		// a connection that served others before; the stream's answer is
		// the connection's last (the server closes it).
		defer up.Close()
		in := bufio.NewReader(c)
		for {
			req, err := http.ReadRequest(in)
			if err != nil {
				return
			}
			if strings.HasSuffix(req.URL.Path, "/stream") {
				p.streams.Add(1)
				if req.Header.Get("Last-Event-ID") != "" {
					p.resumed.Add(1)
				}
				dead.Store(p.stalled.Load())
				p.mu.Lock()
				p.dead = append(p.dead, dead)
				p.mu.Unlock()
			}
			if req.Write(up) != nil {
				return
			}
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := up.Read(buf)
		if n > 0 && !dead.Load() {
			if _, werr := c.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
