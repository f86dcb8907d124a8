package loto

import (
	"fmt"
	"strconv"
	"strings"

	"loto/internal/card"
)

// PlayerCardState is what a card is today, as a player's phone may know it.
type PlayerCardState string

// The states of a card on a player's phone.
const (
	PlayerStamped PlayerCardState = "stamped" // it carries the day's stamp (sold or free): it plays (R9)
	PlayerUnsold  PlayerCardState = "unsold"  // not stamped today: void (R9)
	PlayerVoided  PlayerCardState = "voided"  // refunded or excluded: void (R28, R29)
)

// PlayerCard is what anyone holding a card may learn of it: its grid as
// printed and whether it plays, from which game. It never says who holds
// it, how it was had (sale or free card), nor at which desk or door: the
// serial is printed on the card, and a phone that read it must learn no
// more than the card itself shows.
type PlayerCard struct {
	Serial  string          `json:"serial"` // canonical, A-001234-K7
	Series  string          `json:"series"`
	Plate   int             `json:"plate"`   // cards 6p-5..6p form plate p
	Title   string          `json:"title"`   // the series' title, printed on the card's band
	Color   string          `json:"color"`   // the series' colour, as the event file names it
	Special bool            `json:"special"` // the car card (R30)
	Grid    card.Card       `json:"grid"`
	State   PlayerCardState `json:"state"`
	// Games are the games of the programme the card plays: of a kind the
	// game accepts (R31, R32), stamped before the game started (R14);
	// empty for an unstamped or voided card.
	Games    []int  `json:"games"`
	FromGame int    `json:"from_game,omitempty"` // the first game of Games still to finish; 0 when none is
	Text     string `json:"text"`                // what the card is today, in French
}

// CheckCardsOnSale refuses a player's look-up before the event is created:
// no card is on sale yet (R10), whatever the serial, read or not.
func (d *Day) CheckCardsOnSale() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.cardsOnSale()
}

func (st *State) cardsOnSale() error {
	if st.event == nil {
		return Errorf(ENotFound, "l'événement du jour n'est pas créé : aucune carte n'est en vente (R10)")
	}
	return nil
}

// PlayerCard looks a serial read at the edge up for a player's phone: only
// a card of a series on sale today with a right check code (R10) is
// shown; a wrong check code gives no grid, whatever the number.
func (d *Day) PlayerCard(s card.Serial) (PlayerCard, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.st
	if err := st.cardsOnSale(); err != nil {
		return PlayerCard{}, err
	}
	// The series must be on sale before anything else is said of the card.
	series, ok := st.onSale(s.Series)
	if !ok {
		return PlayerCard{}, Errorf(ENotFound, "carte %s : la série %s n'est pas en vente aujourd'hui (R10)", s, s.Series)
	}
	s, grid, err := st.lookupSerial(s)
	if err != nil {
		return PlayerCard{}, err
	}
	ref := CardRef{Series: s.Series, Number: s.Number}
	pc := PlayerCard{
		Serial: s.String(), Series: s.Series, Plate: card.PlateOf(s.Number),
		Title: series.Title, Color: series.Color, Special: series.Kind == Special, Grid: grid,
		Games: []int{},
	}
	at, stamped := st.stamped[ref]
	_, voided := st.voided[ref]
	switch {
	case voided:
		pc.State, pc.Text = PlayerVoided, "carte annulée (remboursée ou exclue) : elle ne joue plus (R28)"
	case !stamped:
		pc.State, pc.Text = PlayerUnsold, "carte pas vendue aujourd'hui : sans le tampon du jour, elle est nulle (R9)"
	default:
		pc.State = PlayerStamped
		pc.Games, pc.FromGame = st.gamesPlayed(series.Kind, at)
		pc.Text = playsText(pc.Games, pc.FromGame)
	}
	return pc, nil
}

// gamesPlayed lists the games of the programme a card of kind stamped by
// event at plays, and the first of them not over yet (0 when none is).
func (st *State) gamesPlayed(kind Kind, at int64) (games []int, from int) {
	games = []int{}
	for i := range st.event.Programme {
		spec := &st.event.Programme[i]
		if !spec.Accepts(kind) {
			continue
		}
		over := false
		if i < len(st.games) {
			g := st.games[i]
			if !g.Plays(at) {
				continue
			}
			over = g.Phase == PhaseOver
		}
		games = append(games, i+1)
		if from == 0 && !over {
			from = i + 1
		}
	}
	return games, from
}

// playsText says in French which games a stamped card still plays.
func playsText(games []int, from int) string {
	var left []int
	for _, g := range games {
		if g >= from && from > 0 {
			left = append(left, g)
		}
	}
	switch n := len(left); {
	case n == 0:
		return "carte tamponnée : elle ne joue plus aucune partie du programme"
	case n == 1:
		return fmt.Sprintf("carte tamponnée : elle joue la partie %d", left[0])
	case n > 2 && left[n-1]-left[0] == n-1:
		return fmt.Sprintf("carte tamponnée : elle joue les parties %d à %d", left[0], left[n-1])
	default:
		return "carte tamponnée : elle joue les parties " + frenchList(left)
	}
}

// frenchList writes 1, 2 et 5.
func frenchList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " et " + parts[len(parts)-1]
}
