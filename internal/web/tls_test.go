package web

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
)

// hallClient is an HTTP client that trusts only the hall's authority of
// the live server l and dials hallName to its loopback port, as a tablet
// that installed the certificate does.
func hallClient(t *testing.T, l *live, authority []byte) *http.Client {
	t.Helper()
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(authority) {
		t.Fatal("the authority's PEM does not parse")
	}
	u, err := url.Parse(l.url)
	if err != nil {
		t.Fatal(err)
	}
	addr := "127.0.0.1:" + u.Port()
	tr := &http.Transport{
		TLSClientConfig:   &tls.Config{RootCAs: roots},
		ForceAttemptHTTP2: true,
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
	}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// plainURL is the live TLS server's address with http:// instead.
func plainURL(l *live) string { return "http://" + strings.TrimPrefix(l.url, "https://") }

// TestServeTLS_PlainHTTPOnTheSamePortIsSentToHTTPS: a browser that types
// the laptop's address and port speaks plain HTTP: a read is sent to the
// same address over https, page and query kept; a write is refused in
// French and records nothing (a pairing code sent in clear still pairs
// over https afterwards).
func TestServeTLS_PlainHTTPOnTheSamePortIsSentToHTTPS(t *testing.T) {
	l, cert := startLiveTLS(t, Config{})
	c := hallClient(t, l, cert.Authority)
	resp, err := c.Get(plainURL(l) + "/tableau?grand=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != l.url+"/tableau?grand=1" {
		t.Fatalf("plain GET: %d to %q, want 307 to %s/tableau?grand=1", resp.StatusCode, resp.Header.Get("Location"), l.url)
	}

	p, err := l.day.AddDevice(context.Background(), org, "tablette", loto.RoleDoor, "")
	if err != nil {
		t.Fatal(err)
	}
	head := l.head()
	resp, err = c.Post(plainURL(l)+"/appairer", "application/json", strings.NewReader(`{"code":"`+p.Code+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "ne parle qu'en https") || !strings.Contains(string(body), "rien n'a été enregistré") {
		t.Fatalf("plain POST: %d %s", resp.StatusCode, body)
	}
	if l.head() != head {
		t.Fatalf("the plain POST recorded: head %d, was %d", l.head(), head)
	}
	resp, err = c.Post(l.url+"/appairer", "application/json", strings.NewReader(`{"code":"`+p.Code+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("pairing over https after the refused plain one: %d", resp.StatusCode)
	}
}

// TestServeTLS_VerifiedHTTP2SecureCookiesAndTheStream: a client trusting
// the hall's authority alone verifies the server by the hall's name and
// speaks HTTP/2; the organiser's session and a paired device's cookies are
// Secure; the live stream answers over it; the authority is offered for
// installing, without its key.
func TestServeTLS_VerifiedHTTP2SecureCookiesAndTheStream(t *testing.T) {
	l, cert := startLiveTLS(t, Config{})
	c := hallClient(t, l, cert.Authority)
	resp, err := c.Post(l.url+"/connexion", "application/json", strings.NewReader(`{"password":"`+testPassword+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Proto != "HTTP/2.0" || resp.TLS == nil {
		t.Errorf("the server speaks %s over TLS %v, want HTTP/2", resp.Proto, resp.TLS != nil)
	}
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != sessionCookie || !cs[0].Secure {
		t.Errorf("the organiser's cookie over TLS: %+v, want Secure", cs)
	}
	p, err := l.day.AddDevice(context.Background(), org, "tablette", loto.RoleCashier, "caisse-1")
	if err != nil {
		t.Fatal(err)
	}
	resp, err = c.PostForm(l.url+"/appairer", url.Values{"code": {p.Code}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != deviceCookie || !cs[0].Secure {
		t.Errorf("the device's cookie over TLS: %+v, want Secure", cs)
	}

	stream, err := c.Get(l.url + "/api/v1/stream")
	if err != nil {
		t.Fatal(err)
	}
	first, err := bufio.NewReader(stream.Body).ReadString('\n')
	stream.Body.Close()
	if err != nil || stream.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" || first == "" {
		t.Errorf("the stream over HTTP/2: %v %q %q", err, stream.Header.Get("Content-Type"), first)
	}

	resp, err = c.Get(l.url + "/certificat-salle.crt")
	if err != nil {
		t.Fatal(err)
	}
	pem, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-x509-ca-cert" || string(pem) != string(cert.Authority) || strings.Contains(string(pem), "PRIVATE") {
		t.Errorf("the authority's download: %d %s, the authority %v", resp.StatusCode, resp.Header.Get("Content-Type"), string(pem) == string(cert.Authority))
	}
}

// TestServeTLS_NoAuthorityWithoutTLS: a server without TLS has no
// authority to offer, and says so in French.
func TestServeTLS_NoAuthorityWithoutTLS(t *testing.T) {
	f := newFixture(t, Config{})
	w := f.do("GET", "/certificat-salle.crt", "")
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "pas de certificat de salle") {
		t.Fatalf("without TLS: %d %s", w.Code, w.Body)
	}
	if strings.Contains(f.do("GET", "/appairer", "").Body.String(), "Empreinte") {
		t.Fatal("the pairing page shows a fingerprint without TLS")
	}
}
