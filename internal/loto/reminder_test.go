package loto

import (
	"strings"
	"testing"

	"loto/examples"
)

// TestR15_SummarySaysTheCallOfEachStage: the board's reminder gives the
// call of each stage the programme plays (R15, R23), not « Quine ! » alone.
func TestR15_SummarySaysTheCallOfEachStage(t *testing.T) {
	summary := strings.ReplaceAll(strings.Join(eventSpec(t, examples.MegaLoto).Reminder(), "\n"), "\u00a0", " ")
	want := "Criez « Quine ! » pour une ligne, « Double quine ! » pour deux lignes, « Carton plein ! » pour le carton complet, main levée."
	if !strings.Contains(summary, want) {
		t.Errorf("the summary lacks %q:\n%s", want, summary)
	}
	// A day of full cards only asks for that call alone.
	spec := eventSpec(t, examples.MegaLoto)
	for i := range spec.Programme {
		spec.Programme[i].Stages = spec.Programme[i].Stages[len(spec.Programme[i].Stages)-1:]
	}
	summary = strings.ReplaceAll(strings.Join(spec.Reminder(), "\n"), "\u00a0", " ")
	if !strings.Contains(summary, "Criez « Carton plein ! » pour le carton complet, main levée.") || strings.Contains(summary, "Quine") {
		t.Errorf("a day of full cards only: %q", summary)
	}
}
