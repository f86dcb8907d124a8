package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestLoadClaimsRegistersThenControlsThroughHTTP: a short run at a low
// rate registers every claim asked, and the control judges them all
// (no timing is asserted: it depends on the machine).
func TestLoadClaimsRegistersThenControlsThroughHTTP(t *testing.T) {
	code, out, errs := run(t, "load", "claims", "--rate", "50", "--duration", "1s", "--workers", "4", "--json")
	if code != 0 {
		t.Fatalf("load claims: exit %d %q", code, errs)
	}
	var r claimsLoad
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if r.Rate != 50 || r.Claims != 50 || r.Errors != 0 || r.FirstError != "" || r.Judged != r.Claims || r.Control <= 0 ||
		r.P50 <= 0 || r.P50 > r.P99 || r.P99 > r.Max || r.PerSec <= 0 {
		t.Fatalf("figures %+v", r)
	}
	code, out, errs = run(t, "load", "claims", "--rate", "20", "--duration", "1s")
	if code != 0 || !strings.Contains(out, "annonces : 20 par seconde demandées pendant 1s, 20 confirmées") ||
		!strings.Contains(out, "contrôle : 20 annonces jugées en ") {
		t.Fatalf("load claims: exit %d %q %q", code, out, errs)
	}
}

func TestLoadClaimsIsBounded(t *testing.T) {
	for _, tc := range []struct {
		args []string
		say  string
	}{
		{[]string{"--rate", "0"}, "--rate : de 1 à 5000"},
		{[]string{"--rate", "5001"}, "--rate : de 1 à 5000"},
		{[]string{"--workers", "0"}, "--workers : de 1 à 500"},
		{[]string{"--duration", "11m"}, "--duration : de 1s à 10m"},
	} {
		code, _, errs := run(t, append([]string{"load", "claims"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.say) {
			t.Errorf("load claims %v: exit %d %q, want 2 saying %q", tc.args, code, errs, tc.say)
		}
	}
}
