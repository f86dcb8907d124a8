package main

import (
	"strings"
	"testing"
)

// TestLoadClaimsRegistersThenControlsThroughHTTP: a short run at a low
// rate registers every claim asked, and the control judges them all
// (no timing is asserted: it depends on the machine).
func TestLoadClaimsRegistersThenControlsThroughHTTP(t *testing.T) {
	r := runJSON[claimsLoad](t, "claims", "--rate", "50", "--duration", "1s", "--workers", "4", "--json")
	if r.Rate != 50 || r.Claims != 50 || r.Errors != 0 || r.FirstError != "" || r.Judged != r.Claims || r.Control <= 0 ||
		r.P50 <= 0 || r.P50 > r.P99 || r.P99 > r.Max || r.PerSec <= 0 {
		t.Fatalf("figures %+v", r)
	}
	code, out, errs := run(t, "claims", "--rate", "20", "--duration", "1s")
	if code != 0 || !strings.Contains(out, "annonces : 20 par seconde demandées pendant 1s, 20 confirmées") ||
		!strings.Contains(out, "contrôle : 20 annonces jugées en ") {
		t.Fatalf("load claims: exit %d %q %q", code, out, errs)
	}
}
