package game

// Stage is one prize of a game: how many complete lines on one card win it (R23).
type Stage struct {
	Name  string // shown to players, in French
	Lines int    // complete rows a card needs: 1, 2 or 3
}

// The default stages of a game, in play order (R23).
var (
	// Quine is one complete line.
	Quine = Stage{Name: "quine", Lines: 1}
	// DoubleQuine is two complete lines on the same card.
	DoubleQuine = Stage{Name: "double quine", Lines: 2}
	// FullCard ("carton plein") is all three lines of a card.
	FullCard = Stage{Name: "carton plein", Lines: 3}
)
