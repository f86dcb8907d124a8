package loto

import (
	"context"
	"strings"
	"testing"
)

func TestFrench_Plural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 carte"}, {1, "1 carte"}, {2, "2 cartes"}, {600, "600 cartes"}} {
		if got := plural(tc.n, "carte", "cartes"); got != tc.want {
			t.Errorf("plural(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		n    int
		k    Kind
		want string
	}{{1, Regular, "1 carte ordinaire"}, {3, Regular, "3 cartes ordinaires"}, {1, Special, "1 carte spéciale"}, {2, Special, "2 cartes spéciales"}} {
		if got := cardsOfKind(tc.n, tc.k); got != tc.want {
			t.Errorf("cardsOfKind(%d, %s) = %q, want %q", tc.n, tc.k, got, tc.want)
		}
	}
	if Regular.French() != "ordinaire" || Special.French() != "spéciale" {
		t.Errorf("kinds in French: %q, %q", Regular.French(), Special.French())
	}
	if RefundExclusion.French() != "exclusion" || RefundPostponement.French() != "report du loto" {
		t.Errorf("refund reasons in French: %q, %q", RefundExclusion.French(), RefundPostponement.French())
	}
}

// wantSays fails unless err's message says every part of say and none of never.
func wantSays(t *testing.T, err error, say []string, never ...string) {
	t.Helper()
	msg := ErrorMessage(err)
	if err == nil {
		t.Fatalf("no error, want one saying %q", say)
	}
	for _, s := range say {
		if !strings.Contains(msg, s) {
			t.Fatalf("message %q does not say %q", msg, s)
		}
	}
	for _, s := range never {
		if strings.Contains(msg, s) {
			t.Fatalf("message %q says %q", msg, s)
		}
	}
}

func TestFrench_MessagesAgreeWithTheirCount(t *testing.T) {
	ctx := context.Background()
	t.Run("a series of one card", func(t *testing.T) {
		d, _ := newDay(t)
		_, err := d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "C", Cards: 1})
		ok(t, err)
		var beyond string
		d.View(func(st *State) {
			s, err := st.checker("C").Serial("C", 2)
			ok(t, err)
			beyond = s.String()
		})
		_, err = d.Card(serialIn(t, beyond))
		wantSays(t, err, []string{"compte 1 carte"}, "1 cartes")
		_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, []byte(strings.Replace(entranceYAML, "{code: V, kind: special, cards: 60", "{code: C, kind: special, cards: 60", 1))))
		wantSays(t, err, []string{"avec 1 carte", "de type ordinaire"}, "1 cartes", "regular")
	})
	t.Run("one token for two winners", func(t *testing.T) {
		d, _, _ := tieDay(t, robot, 2)
		_, err := d.DrawTokens(ctx, org("controleur"), []int{5})
		wantSays(t, err, []string{"1 pion donné pour 2 gagnants"})
	})
	t.Run("one error left off a list", func(t *testing.T) {
		d, _ := entranceDay(t)
		specs := make([]ReservationSpec, 51)
		_, err := d.ImportReservations(ctx, org("org"), specs)
		wantSays(t, err, []string{"... et 1 autre"}, "1 autres")
	})
}

// TestWithoutRuleIDs_KeepsTheWords: the ids go, with their parentheses
// when nothing else is in them; the words and other parentheses stay.
func TestWithoutRuleIDs_KeepsTheWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"le 12 est déjà sorti dans cette partie (R24)", "le 12 est déjà sorti dans cette partie"},
		{"carte spéciale : la carte gratuite est une carte ordinaire (R4, R30)", "carte spéciale : la carte gratuite est une carte ordinaire"},
		{"remet le lot (R17-R19, R25) : ensuite", "remet le lot : ensuite"},
		{"exclu de la salle (exclusion n° 3, R28).", "exclu de la salle (exclusion n° 3)."},
		{"la raison est requise (elle figure au journal, R27, R28)", "la raison est requise (elle figure au journal)"},
		{"ni échangées ni remboursées (R9, R26), sauf exclusion (R28) ou report (R29)", "ni échangées ni remboursées, sauf exclusion ou report"},
		{`{"message":"code de contrôle faux : carte refusée (R10)"}`, `{"message":"code de contrôle faux : carte refusée"}`},
		{"Partie 1 (Robot) — carte A-000001-K7 (plaque A-P000001-K7Q)", "Partie 1 (Robot) — carte A-000001-K7 (plaque A-P000001-K7Q)"},
		{"données personnelles (P1) et loi (L1)", "données personnelles et loi"},
	} {
		if got := string(WithoutRuleIDs([]byte(c.in))); got != c.want {
			t.Errorf("WithoutRuleIDs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestGameName_SaysTheNumberOnce: a game whose title is its default name,
// or starts with it, is named by its title alone, never "Partie 1
// « Partie 1 »"; another title follows the number.
func TestGameName_SaysTheNumberOnce(t *testing.T) {
	for _, c := range []struct {
		n              int
		title          string
		name, inPhrase string
	}{
		{1, "Partie 1", "Partie 1", "la partie 1"},
		{4, "Partie 4 — avant le repas", "Partie 4 — avant le repas", "la partie 4 — avant le repas"},
		{8, "Le tirage de la voiture", "Partie 8 « Le tirage de la voiture »", "la partie 8 (« Le tirage de la voiture »)"},
		{1, "Partie 10 — le voyage", "Partie 1 « Partie 10 — le voyage »", "la partie 1 (« Partie 10 — le voyage »)"},
		{2, "", "Partie 2", "la partie 2"},
	} {
		if got := GameName(c.n, c.title); got != c.name {
			t.Errorf("GameName(%d, %q) = %q, want %q", c.n, c.title, got, c.name)
		}
		if got := gameNamed(c.n, c.title); got != c.inPhrase {
			t.Errorf("gameNamed(%d, %q) = %q, want %q", c.n, c.title, got, c.inPhrase)
		}
	}
}

// BenchmarkWithoutRuleIDs: a page of 34 KB as plainWriter passes it,
// with rule ids to take out (the controllers' labels) and without (the
// players' page, the board).
func BenchmarkWithoutRuleIDs(b *testing.B) {
	for _, c := range []struct{ name, item string }{
		{"ids", `<p>annonce après le début du contrôle : non retenue (R21)</p><li>carte A-000123-K7 (plaque A-P000123-K7Q)</li>`},
		{"none", `<p>annonce après le début du contrôle : non retenue (R..)</p><li>carte A-000123-K7 (plaque A-P000123-K7Q)</li>`},
	} {
		page := []byte(strings.Repeat(c.item, 300))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				WithoutRuleIDs(page)
			}
		})
	}
}
