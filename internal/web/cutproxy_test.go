package web

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
)

// cut says where cutProxy breaks a connection that carries the request it
// watches for: the request always reaches the server first.
type cut int

const (
	// cutAnswer waits for the server's whole answer, then closes the
	// client's connection without a byte of it: the act is done, its
	// answer lost, as when the Wi-Fi drops while the answer travels.
	cutAnswer cut = iota + 1
	// cutWaiting closes both connections as soon as the request is
	// forwarded, while the server works on it: the desk gave up waiting.
	cutWaiting
)

// cutProxy is an HTTP/1.1 proxy on loopback in front of a server, reading
// each request and answer whole, that loses the connection of the next
// cuts requests of one method and path; every other request goes through.
// It stands for the hall's Wi-Fi between a desk and the laptop.
type cutProxy struct {
	t      *testing.T
	ln     net.Listener
	target string // the server's host:port
	method string
	path   string
	how    cut

	armed atomic.Int64 // cuts still to make
	made  atomic.Int64 // cuts made
	wg    sync.WaitGroup
}

// startCutProxy serves a proxy to target (host:port) that cuts, as how
// says, the requests of method and path while armed; the test's end
// stops it.
func startCutProxy(t *testing.T, target, method, path string, how cut) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{t: t, ln: ln, target: target, method: method, path: path, how: how}
	p.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.wg.Go(func() { p.serve(c) })
		}
	})
	t.Cleanup(func() { ln.Close() })
	return p
}

// url is the proxy's address as a client names it.
func (p *cutProxy) url() string { return "http://" + p.ln.Addr().String() }

// arm makes the proxy cut the next n requests it watches for.
func (p *cutProxy) arm(n int) { p.armed.Store(int64(n)) }

// serve relays one client connection over a connection of its own to the
// server, request by request, until either side closes or a cut.
func (p *cutProxy) serve(c net.Conn) {
	defer c.Close()
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer up.Close()
	fromClient, fromServer := bufio.NewReader(c), bufio.NewReader(up)
	for {
		req, err := http.ReadRequest(fromClient)
		if err != nil {
			return
		}
		cutting := req.Method == p.method && req.URL.Path == p.path && p.armed.Add(-1) >= 0
		if err := req.Write(up); err != nil {
			return
		}
		if cutting && p.how == cutWaiting {
			p.made.Add(1)
			return
		}
		resp, err := http.ReadResponse(fromServer, req)
		if err != nil {
			return
		}
		if cutting {
			// The whole answer read: the server is done with the request.
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			p.made.Add(1)
			return
		}
		err = resp.Write(c)
		resp.Body.Close()
		if err != nil {
			return
		}
	}
}
