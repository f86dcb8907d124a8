package main

import (
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"loto/internal/hallcert"
)

// printedFingerprint finds the server's fingerprint in serve's banner.
var printedFingerprint = regexp.MustCompile(`certificat du serveur, à comparer[^\n]*\n  ([0-9A-F:]{95})\n`)

// trusting is a client that trusts only the authority in the PEM file,
// and does not follow redirects.
func trusting(t *testing.T, authorityFile string) *http.Client {
	t.Helper()
	b, err := os.ReadFile(authorityFile)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(b) {
		t.Fatalf("%s holds no certificate", authorityFile)
	}
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// servedFingerprint is the fingerprint of the certificate s presents,
// verified through the client's authority.
func servedFingerprint(t *testing.T, c *http.Client, s *served) string {
	t.Helper()
	// The start page answers on any day, an empty base's too.
	resp, err := c.Get(s.url)
	if err != nil {
		t.Fatalf("https with the hall's authority trusted: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("start page over https: %d", resp.StatusCode)
	}
	return hallcert.Fingerprint(resp.TLS.PeerCertificates[0].Raw)
}

// stopServe stops s and waits for its end, leaving its exit code for the
// test's cleanup, and returns it.
func stopServe(t *testing.T, s *served) int {
	t.Helper()
	s.stop()
	select {
	case code := <-s.exit:
		s.exit <- code
		return code
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
		return 0
	}
}

// TestServe_TLSCertificateMadeOnceAndKeptAcrossRestarts: `loto serve --tls`
// makes the hall's certificate beside the SQLite base (keys 0600), serves
// https that a client trusting the hall's authority alone verifies, prints
// the fingerprint of the very certificate it serves, answers the board on
// plain http on its port and sends the door's page to https; restarted,
// it serves the same certificate.
func TestServe_TLSCertificateMadeOnceAndKeptAcrossRestarts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "loto.db")
	first := startServe(t, "--db", db, "--tls")
	out := first.stdout.String()
	if !strings.HasPrefix(first.url, "https://127.0.0.1:") || !strings.Contains(out, "certificat de la salle créé dans "+dir) {
		t.Fatalf("the banner of the first start:\n%s", out)
	}
	m := printedFingerprint.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no fingerprint in the banner:\n%s", out)
	}
	c := trusting(t, filepath.Join(dir, hallcert.AuthorityFile))
	if got := servedFingerprint(t, c, first); got != m[1] {
		t.Fatalf("served the certificate %s, printed %s", got, m[1])
	}
	for _, f := range []string{"loto-autorite-cle.pem", "loto-serveur-cle.pem"} {
		if info, err := os.Stat(filepath.Join(dir, f)); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v, mode %v; want 0600", f, err, info)
		}
	}
	plain := "http://" + strings.TrimPrefix(first.url, "https://")
	resp, err := c.Get(plain + "tableau")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.TLS != nil {
		t.Fatalf("the board over plain HTTP on the https port: %d to %q, want 200 over http", resp.StatusCode, resp.Header.Get("Location"))
	}
	// A tablet reaches the laptop by its address on the hall's network,
	// not the loopback's, which is a secure context over http too.
	req, err := http.NewRequest("GET", plain+"entree", nil)
	if err != nil {
		t.Fatal(err)
	}
	port := strings.TrimSuffix(strings.TrimPrefix(first.url, "https://127.0.0.1:"), "/")
	req.Host = "192.168.1.10:" + port
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if want := "https://192.168.1.10:" + port + "/entree"; resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != want {
		t.Fatalf("the door's page over plain HTTP: %d to %q, want 307 to %s", resp.StatusCode, resp.Header.Get("Location"), want)
	}

	stopServe(t, first)

	again := startServe(t, "--db", db, "--tls")
	out = again.stdout.String()
	if strings.Contains(out, "créé") || strings.Contains(out, "refait") || !strings.Contains(out, m[1]) {
		t.Fatalf("the restart made a certificate, or prints another fingerprint than %s:\n%s", m[1], out)
	}
	if got := servedFingerprint(t, c, again); got != m[1] {
		t.Fatalf("after the restart the server presents %s, before %s", got, m[1])
	}
}

// TestServe_TLSOwnCertificate: --tls-cert and --tls-key serve one's own
// certificate, printing its fingerprint and warning of the addresses it
// does not hold; no hall's authority is offered; one without the other is
// a usage error.
func TestServe_TLSOwnCertificate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := hallcert.Ensure(dir, []string{"loto.example.org"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	pair := filepath.Join(dir, "loto-serveur-cle.pem")
	s := startServe(t, "--db", filepath.Join(t.TempDir(), "loto.db"), "--tls-cert", pair, "--tls-key", pair)
	out := s.stdout.String()
	if !printedFingerprint.MatchString(out) || strings.Contains(out, "certificat de la salle") || !strings.Contains(out, "le certificat ne couvre pas 127.0.0.1") {
		t.Fatalf("the banner with one's own certificate:\n%s", out)
	}
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	resp, err := c.Get(s.url + "certificat-salle.crt")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "son propre certificat") {
		t.Fatalf("the hall's authority with one's own certificate: %d %s", resp.StatusCode, body)
	}

	var stderr strings.Builder
	empty := filepath.Join(t.TempDir(), "x.db")
	if code := Run(t.Context(), []string{"serve", "--db", empty, "--tls-cert", pair}, strings.NewReader(""), io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "--tls-cert et --tls-key vont ensemble") {
		t.Fatalf("--tls-cert alone: exit %d, %s", code, stderr.String())
	}
	if _, err := os.Stat(empty); err == nil {
		t.Fatal("the refused start recorded a day")
	}
}
