// Package hallcert makes and keeps the certificates `loto serve --tls`
// serves with: a hall's own authority, made once and installed on the
// hall's devices if wanted, and the server's certificate it signs for the
// laptop's names and addresses, re-made when they change. Browsers give the
// camera and service workers only to secure pages, and a tablet reaches the
// laptop by its Wi-Fi address, where no public authority can vouch for it.
//
// Two certificates rather than one self-signed: Firefox refuses an
// authority's certificate used as the server's (CA used as end entity), and
// the authority a device installed outlives the server's certificate, whose
// names follow the laptop from hall to hall.
//
// The authority is name-constrained to private addresses, localhost and
// the laptop's .local name: a device that installed it, a volunteer's own
// phone, trusts it for the hall's laptop and nothing else, even if its key
// is stolen.
package hallcert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The files a directory keeps: each key with its certificate in one file
// (0600), so that a pair is written, and replaced, in one rename; and the
// authority's certificate alone (0644), the file a device installs.
const (
	AuthorityFile = "loto-autorite.crt"
	authorityPair = "loto-autorite-cle.pem"
	serverPair    = "loto-serveur-cle.pem"
)

// The lifetimes: the authority's a decade, since re-installing it on every
// device is the chore it spares; the server's 397 days, within what Apple's
// and the browsers' rules accept, and re-made a month before its end.
const (
	authorityLife = 10 * 365 * 24 * time.Hour
	serverLife    = 397 * 24 * time.Hour
	renewBefore   = 30 * 24 * time.Hour
)

// Cert is the certificate a server presents and what people compare of it.
type Cert struct {
	TLS tls.Certificate // the server's certificate, then its authority's, and the key
	// Fingerprint is the SHA-256 of the server's certificate, as browsers
	// show it in their warning's details.
	Fingerprint string
	// Authority is the PEM of the hall's authority, to install on the
	// devices; nil for one's own certificate (LoadFiles).
	Authority []byte
	// AuthorityFingerprint is the SHA-256 of the authority's certificate,
	// as a device shows it when installing it.
	AuthorityFingerprint string
	// Made says what this call made: "" (both were kept), "server" or
	// "authority" (and so the server's too).
	Made string
	// Names are the names and addresses the server's certificate holds.
	Names []string
}

// Ensure returns the hall's certificate kept in dir for names, making the
// authority on the first call and the server's certificate when it lacks a
// name, ends within a month or does not exist; the names it held stay in
// the new one, so that a laptop going back to a known network keeps them.
// A name the authority may not vouch for (a public address) is left out.
func Ensure(dir string, names []string, now time.Time) (*Cert, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("dossier des certificats %s : %v", dir, err)
	}
	c := &Cert{}
	ca, caCert, err := loadPair(filepath.Join(dir, authorityPair))
	if errors.Is(err, fs.ErrNotExist) {
		ca, caCert, err = makeAuthority(dir, names, now)
		c.Made = "authority"
	}
	if err != nil {
		return nil, err
	}
	names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return !permitted(caCert, n) })
	if len(names) == 0 {
		names = []string{"localhost"}
	}
	srv, srvCert, err := loadPair(filepath.Join(dir, serverPair))
	switch {
	case err == nil && c.Made == "" && signedBy(srvCert, caCert) && covers(srvCert, names) && now.Add(renewBefore).Before(srvCert.NotAfter):
	case err == nil || errors.Is(err, fs.ErrNotExist):
		if err == nil && signedBy(srvCert, caCert) {
			names = union(names, certNames(srvCert))
		}
		srv, srvCert, err = makeServer(dir, ca, caCert, names, now)
		if c.Made == "" {
			c.Made = "server"
		}
		if err != nil {
			return nil, err
		}
	default:
		return nil, err
	}
	// The authority's file is written again if removed: it is public.
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caCert.Raw})
	if err := os.WriteFile(filepath.Join(dir, AuthorityFile), caPEM, 0o644); err != nil {
		return nil, fmt.Errorf("certificat de la salle %s : %v", filepath.Join(dir, AuthorityFile), err)
	}
	srv.Certificate = append(srv.Certificate, caCert.Raw)
	c.TLS, c.Authority = srv, caPEM
	c.Fingerprint, c.AuthorityFingerprint = Fingerprint(srvCert.Raw), Fingerprint(caCert.Raw)
	c.Names = certNames(srvCert)
	return c, nil
}

// LoadFiles returns one's own certificate and key (e.g. from the hall's
// own authority or a public one), checked to be a pair.
func LoadFiles(certFile, keyFile string) (*Cert, error) {
	pair, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("certificat %s ou clé %s illisibles : %v", certFile, keyFile, err)
	}
	return &Cert{TLS: pair, Fingerprint: Fingerprint(pair.Leaf.Raw), Names: certNames(pair.Leaf)}, nil
}

// Fingerprint is the SHA-256 of a certificate's DER bytes in pairs of
// upper-case hexadecimal digits separated by colons, as browsers show it.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	pairs := make([]string, 0, len(sum))
	for i := 0; i < len(h); i += 2 {
		pairs = append(pairs, h[i:i+2])
	}
	return strings.Join(pairs, ":")
}

// Names are the names a tablet may reach this machine by that the hall's
// authority may vouch for: localhost, the host's name under .local (its
// first label, as mDNS announces it), and every address of its interfaces,
// the loopback's included. The bare host name is not one (localDomains).
func Names() []string {
	names := []string{"localhost"}
	if h, err := os.Hostname(); err == nil && h != "" && h != "localhost" {
		if !strings.HasSuffix(strings.ToLower(h), ".local") {
			label, _, _ := strings.Cut(h, ".")
			h = label + ".local"
		}
		names = append(names, h)
	}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				names = append(names, n.IP.String())
			}
		}
	}
	return union(names, nil)
}

// loadPair reads a certificate and its key from one file, refusing a key
// other accounts may read: whoever has it can pose as the server.
func loadPair(path string) (tls.Certificate, *x509.Certificate, error) {
	info, err := os.Stat(path)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return tls.Certificate{}, nil, fmt.Errorf("la clé %s est lisible par d'autres comptes (droits %04o) : « chmod 600 %s », ou l'effacer pour en faire une autre", path, info.Mode().Perm(), path)
	}
	pair, err := tls.LoadX509KeyPair(path, path)
	if err != nil {
		return tls.Certificate{}, nil, fmt.Errorf("%s illisible : %v (l'effacer pour en faire un autre)", path, err)
	}
	return pair, pair.Leaf, nil
}

// makeAuthority makes the hall's authority for the names of this first
// start and the local ones, and keeps it in dir, unless another server on
// the same directory made one meanwhile: then that one.
func makeAuthority(dir string, names []string, now time.Time) (tls.Certificate, *x509.Certificate, error) {
	host, _ := os.Hostname()
	tmpl := &x509.Certificate{
		Subject:                     pkix.Name{CommonName: "loto : autorité de la salle " + host, Organization: []string{"loto"}},
		NotBefore:                   now.Add(-time.Hour),
		NotAfter:                    now.Add(authorityLife),
		KeyUsage:                    x509.KeyUsageCertSign | x509.KeyUsageCRLSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid:       true,
		IsCA:                        true,
		MaxPathLenZero:              true,
		PermittedDNSDomainsCritical: true,
		PermittedDNSDomains:         localDomains(names),
		PermittedIPRanges:           privateRanges(),
	}
	path := filepath.Join(dir, authorityPair)
	if err := makePair(path, tmpl, nil, nil, false); err != nil {
		return tls.Certificate{}, nil, err
	}
	return loadPair(path)
}

// makeServer makes the server's certificate for names, signed by the
// authority, and puts it in place of the one dir held.
func makeServer(dir string, ca tls.Certificate, caCert *x509.Certificate, names []string, now time.Time) (tls.Certificate, *x509.Certificate, error) {
	tmpl := &x509.Certificate{
		Subject:     pkix.Name{CommonName: names[0], Organization: []string{"loto"}},
		NotBefore:   now.Add(-time.Hour),
		NotAfter:    now.Add(serverLife),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	path := filepath.Join(dir, serverPair)
	if err := makePair(path, tmpl, caCert, ca.PrivateKey, true); err != nil {
		return tls.Certificate{}, nil, err
	}
	return loadPair(path)
}

// makePair makes a P-256 key and its certificate from tmpl, signed by
// parent's key (itself when parent is nil), and writes both to path, 0600,
// through a temporary file: replace renames it over the old one; otherwise
// it is linked, which fails when another process made the file first
// (then that file stands).
func makePair(path string, tmpl, parent *x509.Certificate, parentKey any, replace bool) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		return err
	}
	tmpl.SerialNumber = serial
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		return err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return err
	}
	body := append(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})...)
	tmp, err := os.CreateTemp(filepath.Dir(path), ".loto-cert-*")
	if err != nil {
		return fmt.Errorf("écriture du certificat dans %s : %v", filepath.Dir(path), err)
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file 0600: the key is never readable by others.
	if _, err := tmp.Write(body); err != nil {
		tmp.Close()
		return fmt.Errorf("écriture du certificat %s : %v", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("écriture du certificat %s : %v", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("écriture du certificat %s : %v", path, err)
	}
	if replace {
		err = os.Rename(tmp.Name(), path)
	} else if err = os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
		err = nil
	}
	if err != nil {
		return fmt.Errorf("écriture du certificat %s : %v", path, err)
	}
	return nil
}

// signedBy says whether cert was signed by the authority ca.
func signedBy(cert, ca *x509.Certificate) bool {
	return cert.CheckSignatureFrom(ca) == nil
}

// covers says whether cert holds every name.
func covers(cert *x509.Certificate, names []string) bool {
	have := certNames(cert)
	for _, n := range names {
		if !slices.Contains(have, canonical(n)) {
			return false
		}
	}
	return true
}

// certNames are the names and addresses a certificate holds.
func certNames(cert *x509.Certificate) []string {
	names := slices.Clone(cert.DNSNames)
	for _, ip := range cert.IPAddresses {
		names = append(names, ip.String())
	}
	return names
}

// union is a's names then b's not in a, each once, in canonical form.
func union(a, b []string) []string {
	var out []string
	for _, n := range append(slices.Clone(a), b...) {
		if n = canonical(n); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// canonical is an address in Go's form (so that ::ffff:1.2.3.4 and 1.2.3.4
// match) or a name in lower case.
func canonical(n string) string {
	if ip := net.ParseIP(strings.Trim(n, "[]")); ip != nil {
		return ip.String()
	}
	return strings.ToLower(strings.TrimSuffix(n, "."))
}

// localDomains are the names the authority may vouch for, with their
// subdomains: localhost, and NAME.local for each name of its first start
// (this machine's, the host of --addr) that is one label or already a
// .local name: phones find the laptop by it over mDNS, and no public site
// can have it. A bare name is not one of them: a laptop named like a
// public top-level domain ("app", "dev") would have its authority vouch
// for every site under it; nor is any other dotted name, which may be a
// public site's.
func localDomains(names []string) []string {
	d := []string{"localhost"}
	for _, n := range names {
		n = canonical(n)
		switch {
		case n == "" || n == "localhost" || net.ParseIP(n) != nil:
			continue
		case !strings.Contains(n, "."):
			n += ".local"
		case !strings.HasSuffix(n, ".local"):
			continue
		}
		if !slices.Contains(d, n) {
			d = append(d, n)
		}
	}
	return d
}

// privateRanges are the addresses the authority may vouch for: the
// loopback, the private networks (RFC 1918, RFC 6598's shared space, IPv6
// unique local) and link-local ones, which no public site has.
func privateRanges() []*net.IPNet {
	var out []*net.IPNet
	for _, c := range []string{"127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16", "::1/128", "fc00::/7", "fe80::/10"} {
		_, n, _ := net.ParseCIDR(c)
		out = append(out, n)
	}
	return out
}

// permitted says whether the authority's name constraints allow name, as
// a browser checks them: an address in one of its ranges, a name equal to
// one of its domains or under it. An authority without constraints (one
// made before them) allows any.
func permitted(ca *x509.Certificate, name string) bool {
	if len(ca.PermittedDNSDomains) == 0 && len(ca.PermittedIPRanges) == 0 {
		return true
	}
	if ip := net.ParseIP(strings.Trim(name, "[]")); ip != nil {
		for _, r := range ca.PermittedIPRanges {
			if r.Contains(ip) {
				return true
			}
		}
		return false
	}
	name = canonical(name)
	for _, d := range ca.PermittedDNSDomains {
		if name == d || strings.HasSuffix(name, "."+d) {
			return true
		}
	}
	return false
}
