package loto

import (
	"slices"
	"strings"
)

// RulesPath is where the server publishes the rulebook; the tickets and
// the board point to it.
const RulesPath = "/reglement"

// Reminder is the board's reminder between games (R11): the stamp, the
// call, the control, how a tie ends; short enough for a projector.
func (e *EventSpec) Reminder() []string {
	tie := "Égalité : tirage d'un pion, le plus grand gagne."
	if e.playsVoucher() {
		tie = "Égalité : tirage d'un pion, le plus grand gagne ; un bon d'achat se partage."
	}
	return []string{
		"Vérifiez le tampon du jour sur vos cartons : sans tampon, carton nul.",
		e.callsFrench(),
		"Une annonce faite après le début du contrôle n'est pas retenue.",
		"Ne démarquez pas avant la fin de la partie.",
		tie,
		"Règlement complet : " + e.RulesURL(),
	}
}

// callsFrench says the call of each stage the programme plays, main
// levée (R15, R23): "Criez « Quine ! » pour une ligne, « Double quine ! »
// pour deux lignes, « Carton plein ! » pour le carton complet, main levée."
func (e *EventSpec) callsFrench() string {
	what := map[StageName]string{Quine: "une ligne", DoubleQuine: "deux lignes", FullCard: "le carton complet"}
	var calls []string
	for _, st := range []StageName{Quine, DoubleQuine, FullCard} {
		for _, g := range e.Programme {
			if slices.ContainsFunc(g.Stages, func(s StageSpec) bool { return s.Stage == st }) {
				calls = append(calls, st.Call()+" pour "+what[st])
				break
			}
		}
	}
	if len(calls) == 0 {
		calls = []string{Quine.Call() + " pour une ligne"}
	}
	return "Criez " + strings.Join(calls, ", ") + ", main levée."
}

// playsVoucher says whether a stage of the programme plays a voucher.
func (e *EventSpec) playsVoucher() bool {
	for _, g := range e.Programme {
		for _, s := range g.Stages {
			if s.Prize.Kind == Voucher {
				return true
			}
		}
	}
	return false
}
