package web

import (
	"net/http"
	"strings"

	"loto/internal/hallcert"
	"loto/internal/loto"
)

// certView is what a pairing page shows of the server's certificate, so
// that a volunteer compares it with the browser's before accepting it.
type certView struct {
	// Rows are the server's fingerprint in four rows of eight pairs, to
	// compare row by row with what the browser shows.
	Rows []string
	// Authority is the hall's authority's fingerprint in rows, when it is
	// offered for installing (served at /certificat-salle.crt).
	Authority []string
}

// certOf is the certificate's view for a page; nil when the server does
// not speak TLS.
func (s *Server) certOf() *certView {
	if s.cert == nil {
		return nil
	}
	v := &certView{Rows: rows(s.cert.Fingerprint)}
	if s.cert.Authority != nil {
		v.Authority = rows(s.cert.AuthorityFingerprint)
	}
	return v
}

// rows cuts a fingerprint of 32 pairs into rows of eight.
func rows(fingerprint string) []string {
	pairs := strings.Split(fingerprint, ":")
	var out []string
	for len(pairs) > 0 {
		n := min(8, len(pairs))
		out = append(out, strings.Join(pairs[:n], ":"))
		pairs = pairs[n:]
	}
	return out
}

// serveAuthority offers the hall's authority for installing on a device:
// once installed, the browser trusts the server without a warning, and
// gives the cash desk its service worker. It is public (a certificate
// holds no secret); its key never leaves the laptop.
func serveAuthority(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	if s.cert == nil || s.cert.Authority == nil {
		return loto.Errorf(loto.ENotFound, "ce serveur n'a pas de certificat de salle à installer : il n'est pas lancé avec « loto serve --tls », ou il utilise son propre certificat (--tls-cert)")
	}
	w.Header().Set("Content-Type", "application/x-x509-ca-cert")
	w.Header().Set("Content-Disposition", `attachment; filename="`+hallcert.AuthorityFile+`"`)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(s.cert.Authority)
	return nil
}
