package hallcert

import (
	"crypto/ecdsa"
	"crypto/x509"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var day = time.Date(2026, 12, 5, 13, 0, 0, 0, time.UTC)

// verify checks that the server's certificate is valid, through its
// authority as the only root, for each name at t.
func verify(t *testing.T, c *Cert, t0 time.Time, names ...string) {
	t.Helper()
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(c.Authority) {
		t.Fatal("the authority's PEM does not parse")
	}
	leaf, err := x509.ParseCertificate(c.TLS.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := leaf.Verify(x509.VerifyOptions{DNSName: n, Roots: roots, CurrentTime: t0}); err != nil {
			t.Errorf("the certificate for %q: %v", n, err)
		}
	}
}

// TestEnsure_MadeOnceThenKept: the first start makes an ECDSA authority and
// a server certificate it signs for every name, the keys 0600; the next
// start keeps both, so that its fingerprint stays the one the devices saw.
func TestEnsure_MadeOnceThenKept(t *testing.T) {
	dir := t.TempDir()
	names := []string{"localhost", "portable.local", "192.168.1.10", "::1"}
	first, err := Ensure(dir, names, day)
	if err != nil {
		t.Fatal(err)
	}
	if first.Made != "authority" {
		t.Errorf("first start made %q, want the authority", first.Made)
	}
	verify(t, first, day, names...)
	if _, ok := first.TLS.PrivateKey.(*ecdsa.PrivateKey); !ok {
		t.Errorf("the key is a %T, want ECDSA", first.TLS.PrivateKey)
	}
	for _, f := range []string{authorityPair, serverPair} {
		info, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %04o, want 0600", f, info.Mode().Perm())
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, AuthorityFile)); err != nil || strings.Contains(string(b), "PRIVATE") {
		t.Errorf("the authority's public file: %v, holds a key: %v", err, strings.Contains(string(b), "PRIVATE"))
	}

	again, err := Ensure(dir, names, day.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if again.Made != "" || again.Fingerprint != first.Fingerprint || again.AuthorityFingerprint != first.AuthorityFingerprint {
		t.Errorf("the restart made %q, fingerprints %s / %s, want both kept: %s / %s", again.Made, again.Fingerprint, again.AuthorityFingerprint, first.Fingerprint, first.AuthorityFingerprint)
	}
}

// TestEnsure_NewAddressRemakesTheServerCertificateOnly: in another hall the
// laptop has another address: the server's certificate is made again with
// it and the old names, signed by the same authority the devices installed.
func TestEnsure_NewAddressRemakesTheServerCertificateOnly(t *testing.T) {
	dir := t.TempDir()
	first, err := Ensure(dir, []string{"localhost", "192.168.1.10"}, day)
	if err != nil {
		t.Fatal(err)
	}
	moved, err := Ensure(dir, []string{"localhost", "10.0.0.5"}, day)
	if err != nil {
		t.Fatal(err)
	}
	if moved.Made != "server" || moved.AuthorityFingerprint != first.AuthorityFingerprint || moved.Fingerprint == first.Fingerprint {
		t.Fatalf("after a new address: made %q, authority kept %v, server's new %v", moved.Made, moved.AuthorityFingerprint == first.AuthorityFingerprint, moved.Fingerprint != first.Fingerprint)
	}
	verify(t, moved, day, "localhost", "10.0.0.5", "192.168.1.10")
}

// TestEnsure_RenewedAMonthBeforeItsEnd: the server's certificate ends
// after 397 days and is made again within its last month, the authority kept.
func TestEnsure_RenewedAMonthBeforeItsEnd(t *testing.T) {
	dir := t.TempDir()
	first, err := Ensure(dir, []string{"localhost"}, day)
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(first.TLS.Certificate[0])
	if life := leaf.NotAfter.Sub(day); life > 398*24*time.Hour {
		t.Errorf("the server's certificate lasts %s, more than 398 days", life)
	}
	if kept, _ := Ensure(dir, []string{"localhost"}, day.Add(300*24*time.Hour)); kept.Made != "" {
		t.Errorf("after 300 days the certificate was made again (%q)", kept.Made)
	}
	later := day.Add(380 * 24 * time.Hour)
	renewed, err := Ensure(dir, []string{"localhost"}, later)
	if err != nil {
		t.Fatal(err)
	}
	if renewed.Made != "server" || renewed.AuthorityFingerprint != first.AuthorityFingerprint {
		t.Fatalf("after 380 days: made %q, authority kept %v", renewed.Made, renewed.AuthorityFingerprint == first.AuthorityFingerprint)
	}
	verify(t, renewed, later.Add(300*24*time.Hour), "localhost")
}

// TestEnsure_RefusesAKeyOthersMayRead: a key whose file another account
// can read is refused, with the command that mends it.
func TestEnsure_RefusesAKeyOthersMayRead(t *testing.T) {
	dir := t.TempDir()
	if _, err := Ensure(dir, []string{"localhost"}, day); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, serverPair), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Ensure(dir, []string{"localhost"}, day)
	if err == nil || !strings.Contains(err.Error(), "lisible par d'autres comptes") || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a key readable by all: %v", err)
	}
}

// TestFingerprint_AsOpenSSLPrintsIt: the fingerprint is the one openssl
// (and the browsers) show for the certificate.
func TestFingerprint_AsOpenSSLPrintsIt(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl absent")
	}
	dir := t.TempDir()
	c, err := Ensure(dir, []string{"localhost"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ file, want string }{{serverPair, c.Fingerprint}, {AuthorityFile, c.AuthorityFingerprint}} {
		out, err := exec.Command("openssl", "x509", "-in", filepath.Join(dir, f.file), "-noout", "-fingerprint", "-sha256").Output()
		if err != nil {
			t.Fatal(err)
		}
		_, got, _ := strings.Cut(strings.TrimSpace(string(out)), "=")
		if got != f.want {
			t.Errorf("%s: openssl says %s, we say %s", f.file, got, f.want)
		}
	}
}

// TestLoadFiles_OnesOwnCertificate: one's own certificate and key load with
// their fingerprint and names; no authority is offered for installing.
func TestLoadFiles_OnesOwnCertificate(t *testing.T) {
	dir := t.TempDir()
	if _, err := Ensure(dir, []string{"portable.local"}, day); err != nil {
		t.Fatal(err)
	}
	pair := filepath.Join(dir, serverPair)
	c, err := LoadFiles(pair, pair)
	if err != nil {
		t.Fatal(err)
	}
	if c.Authority != nil || !slices.Contains(c.Names, "portable.local") || len(c.Fingerprint) != 95 {
		t.Fatalf("own certificate: authority %v, names %v, fingerprint %q", c.Authority != nil, c.Names, c.Fingerprint)
	}
	if _, err := LoadFiles(filepath.Join(dir, AuthorityFile), filepath.Join(dir, AuthorityFile)); err == nil || !strings.Contains(err.Error(), "illisibles") {
		t.Fatalf("a certificate without its key: %v", err)
	}
}

// TestNames_HoldTheLoopbackAndLocalhost: the names always hold localhost
// and the loopback's address, each once.
func TestNames_HoldTheLoopbackAndLocalhost(t *testing.T) {
	n := Names()
	if !slices.Contains(n, "localhost") || !slices.Contains(n, "127.0.0.1") {
		t.Fatalf("names %v", n)
	}
	if len(slices.Compact(slices.Sorted(slices.Values(n)))) != len(n) {
		t.Fatalf("a name twice in %v", n)
	}
}

// TestEnsure_TheAuthorityVouchesForTheHallOnly: a device that installed
// the hall's authority trusts it for private addresses, localhost and the
// laptop's .local name only: a certificate its key signs for a public site
// is refused, the laptop's bare name included (named "app", like a public
// top-level domain, it would vouch for every site under .app), and a
// public address or name of the laptop is left out of the server's
// certificate.
func TestEnsure_TheAuthorityVouchesForTheHallOnly(t *testing.T) {
	dir := t.TempDir()
	c, err := Ensure(dir, []string{"localhost", "app", "app.local", "salle.loto", "192.168.1.10", "203.0.113.5"}, day)
	if err != nil {
		t.Fatal(err)
	}
	for _, public := range []string{"203.0.113.5", "app", "salle.loto"} {
		if slices.Contains(c.Names, public) {
			t.Errorf("the server's certificate holds %s: %v", public, c.Names)
		}
	}
	verify(t, c, day, "localhost", "app.local", "192.168.1.10")
	ca, caCert, err := loadPair(filepath.Join(dir, authorityPair))
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(caCert)
	if want := []string{"localhost", "app.local"}; !slices.Equal(caCert.PermittedDNSDomains, want) {
		t.Errorf("the authority's names %v, want %v", caCert.PermittedDNSDomains, want)
	}
	for _, name := range []string{"www.banque.fr", "8.8.8.8", "app", "www.app", "salle.loto", "portable.local", "www.local"} {
		tmpl := &x509.Certificate{NotBefore: day, NotAfter: day.Add(time.Hour), ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
		if ip := net.ParseIP(name); ip != nil {
			tmpl.IPAddresses = []net.IP{ip}
		} else {
			tmpl.DNSNames = []string{name}
		}
		path := filepath.Join(t.TempDir(), "forged.pem")
		if err := makePair(path, tmpl, caCert, ca.PrivateKey, true); err != nil {
			t.Fatal(err)
		}
		_, forged, err := loadPair(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := forged.Verify(x509.VerifyOptions{DNSName: name, Roots: roots, CurrentTime: day.Add(time.Minute)}); err == nil {
			t.Errorf("a certificate for %s signed by the hall's authority verifies", name)
		}
	}
}
