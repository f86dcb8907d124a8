package eventfile

import (
	"fmt"
	"strings"

	"loto/internal/loto"
)

// lastGames is how many games at the end of the programme the special card
// plays besides the car game (R32).
const lastGames = 3

// carGame is the index of the car game in the programme, -1 without one:
// the first game the special card alone plays, else the first game outside
// the last three that admits the special card (R31, R32).
func carGame(prog []loto.GameSpec) int {
	for i := range prog {
		if prog[i].Accepts(loto.Special) && !prog[i].Accepts(loto.Regular) {
			return i
		}
	}
	for i := range prog {
		if i < len(prog)-lastGames && prog[i].Accepts(loto.Special) {
			return i
		}
	}
	return -1
}

// warnCar notes a car game open to the regular cards (R31), a special card
// that plays elsewhere than in the car game and the last three games (R32),
// and a car prize that does not say whose the registration costs are (R33).
// The file may mean them; the organiser reads them before recording.
func warnCar(w *problems, prog []loto.GameSpec) {
	car := carGame(prog)
	if car < 0 {
		return
	}
	g := &prog[car]
	path := fmt.Sprintf("programme[%d]", car)
	if g.Accepts(loto.Regular) {
		w.add(path+".kinds", "la partie « %s » est celle de la voiture (la carte spéciale y joue) mais les cartes ordinaires y jouent aussi : seule la carte spéciale joue à la voiture (R31), écrire kinds: [special]", loto.Shown(g.Title))
	}
	for i := range prog {
		if i != car && i < len(prog)-lastGames && prog[i].Accepts(loto.Special) {
			w.add(fmt.Sprintf("programme[%d].kinds", i), "la carte spéciale joue à la partie « %s », qui n'est ni la voiture (« %s ») ni l'une des %d dernières : elle ne joue qu'à la voiture et aux %d dernières parties (R32)", loto.Shown(prog[i].Title), loto.Shown(g.Title), lastGames, lastGames)
		}
	}
	for j, st := range g.Stages {
		if st.Prize.Kind == loto.Object && !strings.Contains(strings.ToLower(st.Prize.Notes), "immatricul") {
			w.add(fmt.Sprintf("%s.stages[%d].prize.notes", path, j), "le lot « %s » de la partie de la voiture ne dit pas qui paie les frais d'immatriculation : écrire dans sa note « Les frais d'immatriculation du véhicule sont à la charge du gagnant. » (R33)", loto.Shown(st.Prize.Label))
		}
	}
}
