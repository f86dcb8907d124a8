package web

import (
	"crypto/tls"
	"errors"
	"fmt"
	"html"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// ServeTLS serves hs over TLS with cert on ln, and plain HTTP on the same
// port: the hall's default. The players' phones and the board stay on
// http, where the QR codes lead, without a certificate to accept; only the
// staff pages that need a secure context (securePages) are sent from http
// to https. It returns as hs.Serve does.
func ServeTLS(hs *http.Server, ln net.Listener, cert tls.Certificate) error {
	hs.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	h := hs.Handler
	if h == nil {
		h = http.DefaultServeMux
	}
	hs.Handler = plainOrSecure(h)
	sl := newSplitListener(ln, hs.ErrorLog)
	// One server for both: Shutdown and Close stop them together, and a
	// stop waits for the answers under way on either.
	go hs.Serve(sl.plain)
	err := hs.ServeTLS(sl, "", "")
	sl.Close()
	return err
}

// securePages are the pages that need a secure context, which a plain
// http address other than the loopback is not: the camera of the door's
// and the controllers' scanners and of the desk's code reader, and the
// desk's service worker, which keeps its page for a reload without the
// network. The pairing page too, which leads to them: chromium counts
// http and https of one host as two sites, and does not send the
// device's cookie (SameSite=Strict) from the http form to the https page.
// Every other page, and the API, answers on both.
var securePages = map[string]bool{
	"/entree":   true,
	"/controle": true,
	"/caisse":   true,
	"/appairer": true,
}

// plainOrSecure sends a plain HTTP read of one of securePages to https,
// unless the browser reached the server by the loopback, a secure context
// even over http; it serves any other request with h.
func plainOrSecure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS == nil && securePages[r.URL.Path] && (r.Method == http.MethodGet || r.Method == http.MethodHead) && !loopbackHost(r.Host) {
			toHTTPS(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost says whether host (a Host header) names this machine by
// the loopback, which browsers count as secure over plain http.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// toHTTPS sends a plain HTTP read to the same address over https.
func toHTTPS(w http.ResponseWriter, r *http.Request) {
	target := "https://" + r.Host + r.URL.RequestURI()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodGet && r.Method != http.MethodHead || r.Host == "" || strings.ContainsAny(r.Host, "/\\@ ") {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, "<!doctype html><html lang=\"fr\"><title>https seulement</title><p>Cette page ne s'ouvre qu'en https : rien n'a été enregistré. Utiliser l'adresse qui commence par https:// (par exemple %s).</p>\n", html.EscapeString(target))
		return
	}
	// Temporary, and no Strict-Transport-Security: the players' pages of
	// the same address stay on plain http, which a browser told to use
	// https only for the host would no longer open.
	w.Header().Set("Location", target)
	w.WriteHeader(http.StatusTemporaryRedirect)
	fmt.Fprintf(w, "<!doctype html><html lang=\"fr\"><title>https</title><p>Cette page s'ouvre en https (la caméra ou la caisse hors ligne le demandent) : <a href=\"%s\">%s</a></p>\n", html.EscapeString(target), html.EscapeString(target))
}

// splitListener sorts the connections of one port by their first byte: a
// TLS handshake's (22) goes to Accept, and so to the TLS server; any
// other, plain HTTP, to the plain listener.
type splitListener struct {
	net.Listener
	tls   chan net.Conn
	plain *chanListener
	done  chan struct{}
	once  sync.Once
	log   *log.Logger // nil: the log package's
}

// sortTimeout bounds the wait for a connection's first byte: a client that
// connects and says nothing holds a goroutine, not the port, that long.
const sortTimeout = readHeaderTimeout

func newSplitListener(ln net.Listener, errorLog *log.Logger) *splitListener {
	l := &splitListener{Listener: ln, tls: make(chan net.Conn), done: make(chan struct{}), log: errorLog}
	if l.log == nil {
		l.log = log.Default()
	}
	l.plain = &chanListener{addr: ln.Addr(), conns: make(chan net.Conn), done: l.done, close: l.Close}
	go l.run()
	return l
}

// run accepts connections until the listener is closed, waiting a little
// after an error such as too many open files, as http.Server does.
func (l *splitListener) run() {
	var pause time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				l.Close()
				return
			}
			pause = min(max(2*pause, 5*time.Millisecond), time.Second)
			l.log.Printf("connexion refusée : %v ; nouvel essai dans %s", err, pause)
			select {
			case <-time.After(pause):
				continue
			case <-l.done:
				return
			}
		}
		pause = 0
		go l.sort(c)
	}
}

// sort reads a connection's first byte and hands it on, that byte put back.
func (l *splitListener) sort(c net.Conn) {
	c.SetReadDeadline(time.Now().Add(sortTimeout))
	first := make([]byte, 1)
	if _, err := c.Read(first); err != nil {
		c.Close()
		return
	}
	c.SetReadDeadline(time.Time{})
	to := l.tls
	if first[0] != 22 { // not a TLS handshake record
		to = l.plain.conns
	}
	select {
	case to <- &peekedConn{Conn: c, first: first}:
	case <-l.done:
		c.Close()
	}
}

// Accept returns the next TLS connection.
func (l *splitListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.tls:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close closes the port: both servers stop accepting.
func (l *splitListener) Close() error {
	var err error
	l.once.Do(func() {
		close(l.done)
		err = l.Listener.Close()
	})
	return err
}

// chanListener is the plain connections of a splitListener, as a listener.
type chanListener struct {
	addr  net.Addr
	conns chan net.Conn
	done  chan struct{}
	close func() error
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error   { return l.close() }
func (l *chanListener) Addr() net.Addr { return l.addr }

// peekedConn is a connection whose first byte was read to sort it.
type peekedConn struct {
	net.Conn
	first []byte
}

func (c *peekedConn) Read(p []byte) (int, error) {
	if len(c.first) > 0 && len(p) > 0 {
		n := copy(p, c.first)
		c.first = c.first[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}
