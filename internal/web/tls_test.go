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
	"regexp"
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

// TestServeTLS_PublicPagesStayOnPlainHTTP: with --tls, plain http stays
// the hall's default on the same port. The players' pages and their files
// answer there, without a redirect, and the board's QR code leads to the
// players' page over http even on a board opened over https: a phone
// that scans it meets no certificate warning. Only the pages that need a
// secure context (the door's and the controllers' cameras, the desk's
// service worker) and the pairing page that leads to them are sent to
// https, page and query kept, for a while only and without
// Strict-Transport-Security, which would close plain http to the host;
// not on the loopback, a secure context over http too. A pairing posted
// over http (a program's) records, as on a server without --tls.
func TestServeTLS_PublicPagesStayOnPlainHTTP(t *testing.T) {
	t.Parallel()
	l, cert := startLiveTLS(t, Config{})
	c := hallClient(t, l, cert.Authority)
	get := func(u string) (*http.Response, string) {
		t.Helper()
		resp, err := c.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if hsts := resp.Header.Get("Strict-Transport-Security"); hsts != "" {
			t.Errorf("%s sends Strict-Transport-Security %q: plain http to the host would close after one visit", u, hsts)
		}
		return resp, string(body)
	}
	want, err := qrSVG(plainURL(l)+loto.PlayerPath, "Code QR de la page des joueurs : "+plainURL(l)+loto.PlayerPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{plainURL(l) + "/tableau?grand=1", l.url + "/tableau"} {
		resp, body := get(u)
		if resp.StatusCode != http.StatusOK || resp.TLS != nil != strings.HasPrefix(u, "https:") {
			t.Fatalf("GET %s: %d (TLS %v), want 200 on its own scheme", u, resp.StatusCode, resp.TLS != nil)
		}
		if !strings.Contains(body, want) || !strings.Contains(body, "<code>"+plainURL(l)+loto.PlayerPath+"</code>") {
			t.Errorf("the board at %s: its QR code does not lead to %s%s", u, plainURL(l), loto.PlayerPath)
		}
	}
	for _, path := range []string{"/joueur", "/reglement", "/verifier", "/guide", "/", "/api/v1/status", "/connexion", "/meneur", "/organisateur"} {
		if resp, _ := get(plainURL(l) + path); resp.StatusCode == http.StatusTemporaryRedirect || resp.StatusCode >= 500 || resp.TLS != nil {
			t.Errorf("plain GET %s: %d to %q, want an answer over http", path, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	_, board := get(plainURL(l) + "/tableau")
	for _, file := range regexp.MustCompile(`/static/[^"]+`).FindAllString(board, -1) {
		if resp, _ := get(plainURL(l) + file); resp.StatusCode != http.StatusOK {
			t.Errorf("plain GET %s: %d, want 200", file, resp.StatusCode)
		}
	}
	for _, path := range []string{"/entree", "/controle", "/caisse?desk=1", "/appairer?code=ABC"} {
		resp, _ := get(plainURL(l) + path)
		if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != l.url+path {
			t.Errorf("plain GET %s: %d to %q, want 307 to %s%s", path, resp.StatusCode, resp.Header.Get("Location"), l.url, path)
		}
	}

	loop := "http://127.0.0.1:" + strings.TrimPrefix(l.url, "https://"+hallName+":")
	if resp, _ := get(loop + "/entree"); resp.StatusCode == http.StatusTemporaryRedirect {
		t.Errorf("plain GET %s/entree: sent to %q, but the loopback is a secure context over http", loop, resp.Header.Get("Location"))
	}

	p, err := l.auth.AddDevice(context.Background(), org, "tablette", loto.RoleHost, "")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Post(plainURL(l)+"/appairer", "application/json", strings.NewReader(`{"code":"`+p.Code+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("pairing over plain http: %d", resp.StatusCode)
	}
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != deviceCookie || cs[0].Secure {
		t.Errorf("the device's cookie over plain http: %+v, want %s, not Secure", cs, deviceCookie)
	}
}

// TestServeTLS_VerifiedHTTP2SecureCookiesAndTheStream: a client trusting
// the hall's authority alone verifies the server by the hall's name and
// speaks HTTP/2; the organiser's session and a paired device's cookies are
// Secure; the live stream answers over it; the authority is offered for
// installing, without its key.
func TestServeTLS_VerifiedHTTP2SecureCookiesAndTheStream(t *testing.T) {
	t.Parallel()
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
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != securePrefix+sessionCookie || !cs[0].Secure {
		t.Errorf("the organiser's cookie over TLS: %+v, want Secure", cs)
	}
	p, err := l.auth.AddDevice(context.Background(), org, "tablette", loto.RoleCashier, "caisse-1")
	if err != nil {
		t.Fatal(err)
	}
	resp, err = c.PostForm(l.url+"/appairer", url.Values{"code": {p.Code}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != securePrefix+deviceCookie || !cs[0].Secure {
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
	t.Parallel()
	f := newFixture(t, Config{})
	w := f.do("GET", "/certificat-salle.crt", "")
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "pas de certificat de salle") {
		t.Fatalf("without TLS: %d %s", w.Code, w.Body)
	}
	if strings.Contains(f.do("GET", "/appairer", "").Body.String(), "Empreinte") {
		t.Fatal("the pairing page shows a fingerprint without TLS")
	}
}
