package web

import (
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// clientOf is who the login and lookup limits count: the peer's IP
// address, or, when the peer is one of the server's reverse proxies
// (Config.Proxies), the address that proxy put last in X-Forwarded-For,
// the one it saw. Behind a proxy every request comes from the proxy, so
// without this one guesser would lock every device out; the header is
// believed from those proxies only, since anyone can send it.
func (s *Server) clientOf(r *http.Request) string {
	host, trusted := s.fromProxy(r)
	if !trusted {
		return host
	}
	fwd := r.Header.Values("X-Forwarded-For")
	if len(fwd) == 0 {
		return host
	}
	hops := strings.Split(fwd[len(fwd)-1], ",")
	client, err := netip.ParseAddr(strings.TrimSpace(hops[len(hops)-1]))
	if err != nil {
		return host // a proxy that sends garbage: its requests count as its own
	}
	return client.Unmap().String()
}

// fromProxy returns the peer's IP address and whether it is one of the
// server's reverse proxies, whose X-Forwarded-* headers are believed.
func (s *Server) fromProxy(r *http.Request) (string, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	return host, err == nil && slices.Contains(s.proxies, peer.Unmap())
}

// overTLS says whether the browser reached the server over HTTPS: by the
// server's own TLS (--tls), or through one of its reverse proxies that
// ended TLS and says so with X-Forwarded-Proto: https. Cookies are then
// Secure and links https. The header is believed from those proxies
// only: anyone else could send it to a server they reach in plain HTTP.
func (s *Server) overTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if _, trusted := s.fromProxy(r); !trusted {
		return false
	}
	proto := r.Header.Values("X-Forwarded-Proto")
	if len(proto) == 0 {
		return false
	}
	// The last value is the one the nearest proxy, ours, wrote.
	hops := strings.Split(proto[len(proto)-1], ",")
	return strings.EqualFold(strings.TrimSpace(hops[len(hops)-1]), "https")
}

// scheme is the scheme the browser reached the server by, for the links
// the server gives (the pairing link, the players' page).
func (s *Server) scheme(r *http.Request) string {
	if s.overTLS(r) {
		return "https"
	}
	return "http"
}

// publicScheme is the scheme of the links to the players' pages (the
// board's QR code): plain http when the server serves TLS itself, as it
// serves those pages on http too (ServeTLS) and a phone meets no
// certificate warning there; else the scheme the browser came by, which
// behind a proxy's https may be the only one.
func (s *Server) publicScheme(r *http.Request) string {
	if r.TLS != nil && s.cert != nil {
		return "http"
	}
	return s.scheme(r)
}

// pairScheme is the scheme of a pairing link: https when the server
// serves TLS itself, where its pairing page is (securePages); else the
// scheme the organiser came by.
func (s *Server) pairScheme(r *http.Request) string {
	if s.cert != nil {
		return "https"
	}
	return s.scheme(r)
}

// ParseProxies reads a comma-separated list of IP addresses (the --proxy
// flag of loto serve).
func ParseProxies(list string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, f := range strings.Split(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, err
		}
		out = append(out, a.Unmap())
	}
	return out, nil
}
