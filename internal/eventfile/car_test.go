package eventfile

import (
	"strings"
	"testing"
)

// warnedAt returns the warnings of file whose place is path.
func warnedAt(t *testing.T, file []byte, path string) []Mistake {
	t.Helper()
	_, warned, err := ParseWarned(file, nil, nil)
	ok(t, err)
	var out []Mistake
	for _, m := range warned {
		if m.Path == path {
			out = append(out, m)
		}
	}
	return out
}

func TestR31_CarGameOpenToRegularCardsWarns(t *testing.T) {
	// The car game opened to every card: the rulebook's day, one word changed.
	file := mutate(t, "kinds: [special]          # la carte spéciale seule (R31)", "kinds: [regular, special]")
	got := warnedAt(t, file, "programme[7].kinds")
	if len(got) != 1 || !strings.Contains(got[0].Message, "R31") || !strings.Contains(got[0].Message, "Le tirage de la voiture") || got[0].Line == 0 {
		t.Fatalf("warnings at programme[7].kinds: %+v", got)
	}
	// The file is still valid: a warning is read, then recorded if meant.
	if _, _, err := Parse(file); err != nil {
		t.Fatal(err)
	}
	if got := warnedAt(t, megaLoto(t), "programme[7].kinds"); len(got) != 0 {
		t.Fatalf("the rulebook's day warns: %+v", got)
	}
}

func TestR32_SpecialCardOutsideCarAndLastThreeGamesWarns(t *testing.T) {
	file := mutate(t, "  - title: Partie 2\n", "  - title: Partie 2\n    kinds: [regular, special]\n")
	got := warnedAt(t, file, "programme[1].kinds")
	if len(got) != 1 || !strings.Contains(got[0].Message, "R32") || !strings.Contains(got[0].Message, "Partie 2") {
		t.Fatalf("warnings at programme[1].kinds: %+v", got)
	}
	// The last three games admit it without a word.
	for _, p := range []string{"programme[8].kinds", "programme[9].kinds", "programme[10].kinds"} {
		if got := warnedAt(t, file, p); len(got) != 0 {
			t.Errorf("%s warns: %+v", p, got)
		}
	}
}

func TestR33_CarPrizeWithoutRegistrationNoteWarns(t *testing.T) {
	file := mutate(t, "          notes: Les frais d'immatriculation du véhicule sont à la charge du gagnant. # R33\n", "")
	got := warnedAt(t, file, "programme[7].stages[0].prize.notes")
	if len(got) != 1 || !strings.Contains(got[0].Message, "R33") || !strings.Contains(got[0].Message, "Voiture Citroën Ami") {
		t.Fatalf("warnings at the car prize: %+v", got)
	}
	// The other object prizes are no car's.
	_, warnings, err := Parse(file)
	ok(t, err)
	if n := strings.Count(strings.Join(warnings, "\n"), "R33"); n != 1 {
		t.Fatalf("%d R33 warnings: %q", n, warnings)
	}
}
