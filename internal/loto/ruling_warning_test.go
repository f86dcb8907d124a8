package loto

import (
	"context"
	"strings"
	"testing"
)

// lastRuling returns the payload of the last ruling in the journal.
func lastRuling(t *testing.T, store *memStore) Ruling {
	t.Helper()
	var p rulingRecorded
	for _, e := range store.all() {
		if e.Type == TypeRulingRecorded {
			ok(t, decode(e, &p))
		}
	}
	return p.answer()
}

func TestR27_RulingThatGivesADuplicateASecondShareWarns(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	cards := firstRowDrawn(t, d)
	r := claimAll(t, d, cards[0], cards[0])
	if r.Verdicts[1].Verdict != VerdictDuplicate {
		t.Fatalf("control %+v, want the second claim a duplicate", r)
	}
	got, err := d.Rule(ctx, org("meneur"), Ruling{By: RoleHost, Claim: 2, Verdict: VerdictWin, What: "deuxième part", Why: "le joueur insiste"})
	ok(t, err)
	if !strings.Contains(got.Warning, "gagne déjà par l'annonce 1") || !strings.Contains(got.Warning, "part de plus") {
		t.Fatalf("answer's warning %q", got.Warning)
	}
	if w := lastRuling(t, store).Warning; w != got.Warning {
		t.Fatalf("journal's warning %q, want %q", w, got.Warning)
	}
	st, err := d.Status()
	ok(t, err)
	if c := st.Claims[1]; c.Verdict != VerdictWin || c.Reason != got.Warning {
		t.Fatalf("status claim %+v: the verdict must carry the warning", c)
	}
}

func TestR27_RulingThatMakesAVoidOrIneligibleCardWinWarns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		series  string // the claimed card, number 7 of it
		void    bool
		verdict Verdict
		say     string
	}{
		{"voided", "A", true, VerdictVoided, "carte annulée : son porteur est exclu (R28)"},
		{"ineligible", "V", false, VerdictNotEligible, "ne joue pas dans cette partie (R31)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, store := gameDay(t, "manual", quineGame("regular", voucher30))
			ctx := context.Background()
			stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
			claimed := stamp(t, d, tc.series, 7)[0]
			if tc.void {
				_, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Cards: serialsIn(t, []string{claimed})})
				ok(t, err)
			}
			start(t, d)
			typeNumbers(t, d, rowOf(gridOf(t, d, tc.series, 7), 0)...)
			if r := claimAll(t, d, claimed); r.Verdicts[0].Verdict != tc.verdict {
				t.Fatalf("control %+v, want %s", r, tc.verdict)
			}
			got, err := d.Rule(ctx, org("meneur"), Ruling{By: RoleOrganiser, Claim: 1, Verdict: VerdictWin, What: "carte acceptée", Why: "geste"})
			ok(t, err)
			if !strings.Contains(got.Warning, tc.say) || lastRuling(t, store).Warning != got.Warning {
				t.Fatalf("warning %q, journal %q: want it to say %q", got.Warning, lastRuling(t, store).Warning, tc.say)
			}
		})
	}
}

func TestR27_RulingOnAPlayersErrorHasNoWarning(t *testing.T) {
	d, _ := gameDay(t, "manual", quineGame("regular", voucher30))
	cards := stamp(t, d, "A", 1, 2, 3, 4, 5, 6)
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 2), 0)[:2]...)
	claimAll(t, d, cards[0])
	got, err := d.Rule(context.Background(), org("meneur"), Ruling{By: RoleHost, Claim: 1, Verdict: VerdictWin, What: "gagnant", Why: "faux numéro affiché",
		Warning: "injected"})
	ok(t, err)
	if got.Warning != "" {
		t.Fatalf("warning %q on an ordinary dispute", got.Warning)
	}
}
