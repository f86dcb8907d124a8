package eventfile

import "testing"

// The day's public address is optional; given, it is recorded as the
// tickets will print it.
func TestPublicURL_OptionalAndNormalised(t *testing.T) {
	spec, _, err := Parse(withHall(""))
	ok(t, err)
	if spec.PublicURL != "" {
		t.Fatalf("address %q without public_url", spec.PublicURL)
	}
	spec, _, err = Parse(withHall("public_url: https://Loto.Example.org/\n"))
	ok(t, err)
	if spec.PublicURL != "https://loto.example.org" || spec.RulesURL() != "https://loto.example.org/reglement" {
		t.Fatalf("address %q, rules at %q", spec.PublicURL, spec.RulesURL())
	}
}

func TestPublicURL_MistakesAreNamedAtTheirLine(t *testing.T) {
	for _, c := range []struct{ line, say string }{
		{"public_url: loto.example.org\n", "ligne 15, public_url : adresse publique « loto.example.org » invalide : elle commence par http:// ou https://"},
		{"public_url: http://localhost:8080\n", "ligne 15, public_url : adresse publique « http://localhost:8080 » invalide : c'est l'adresse de l'ordinateur lui-même"},
		{"public_url: https://loto.example.org/reglement\n", "ligne 15, public_url : adresse publique « https://loto.example.org/reglement » invalide : l'adresse du serveur seule, sans chemin"},
		{"public_url: [http://x.fr]\n", "ligne 15, public_url : un texte est attendu"},
	} {
		spec, _, err := Parse(withHall(c.line))
		wantRefused(t, spec, err, c.line, c.say)
	}
}
