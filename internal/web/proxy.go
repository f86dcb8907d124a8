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
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !slices.Contains(s.proxies, peer.Unmap()) {
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
