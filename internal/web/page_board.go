package web

import (
	"html/template"
	"net/http"
	"time"

	"loto/internal/loto"
)

// boardPage is what the board (/tableau) shows at its first paint, from
// the day's public snapshot; board.js then keeps it live from the stream,
// by the same rules (which part shows when).
type boardPage struct {
	P *loto.Public
	// PlayerURL is the players' page at the address the board reached
	// the server by, and PlayerQR its QR code (SVG), in a corner.
	PlayerURL string
	PlayerQR  template.HTML
	Cells     []boardCell // 1..90, in order
	Running   bool        // a game is on: its number, stage and prize show
	Resumes   string      // "HH:MM" play resumes at, during a break (R12)
	// Overdue: that time has passed and play has not resumed: the board
	// says it resumes in a moment rather than show a time gone by.
	Overdue bool
	// Now is the server's clock in milliseconds since the epoch, which
	// board.js keeps its own by, to tell an overdue break the same way.
	Now int64
	// RestoredAt is "HH:MM" the journal was restored over another, if it was.
	RestoredAt string
	Awarded    *loto.PublicAward // the last stage awarded in the game, its winners' serials
	Games      []boardGame       // the programme (R12)
	Next       string            // the title of the next game, between games
	ReadOnly   string
	// Stream is where board.js follows the day's changes; empty for a
	// preview, which keeps the snapshot it was drawn from.
	Stream string
	// Sponsor offers the prize in play, nil when nobody does.
	Sponsor *loto.Sponsor
	// Scale is the type scale in percent, for the hall's back row (board.css).
	Scale int
	// Stages names each stage in French, as JSON, for board.js.
	Stages string
	// NoWinner, NoAward and NoGame are the empty rows board.js copies.
	NoWinner loto.PublicWinner
	NoAward  loto.Winner
	NoGame   boardGame
}

// boardGame is a game of the programme as the board lists it.
type boardGame struct {
	Number  int
	Title   string
	Top     string // the prize of its last stage, the one the hall waits for
	Done    bool
	Current bool
}

// boardCell is a number of the grid.
type boardCell struct {
	N     int
	Drawn bool
	Last  bool
}

// newBoardPage lays a snapshot out for the board at the time now.
func newBoardPage(p *loto.Public, readOnly string, now time.Time) boardPage {
	b := boardPage{P: p, ReadOnly: readOnly, Stages: stagesFrench, Scale: boardScale(p), Now: now.UnixMilli(), Stream: "/api/v1/stream"}
	drawn := map[int]bool{}
	for _, n := range p.Drawn {
		drawn[int(n)] = true
	}
	for n := 1; n <= 90; n++ {
		b.Cells = append(b.Cells, boardCell{N: n, Drawn: drawn[n], Last: n == int(p.Last)})
	}
	b.Running = p.Running()
	if b.Running && p.Prize != nil {
		b.Sponsor = p.Prize.Sponsor
	}
	if p.Break != nil {
		// The snapshot's times are in the event's zone (R1).
		b.Resumes = p.Break.Resumes.Format("15:04")
		b.Overdue = !now.Before(p.Break.Resumes)
	}
	if p.Restored != nil {
		b.RestoredAt = p.Restored.Time.Format("15:04")
	}
	if n := len(p.Awarded); n > 0 {
		b.Awarded = &p.Awarded[n-1]
	}
	for _, g := range p.Programme {
		bg := boardGame{Number: g.Number, Title: g.Title}
		if n := len(g.Stages); n > 0 {
			bg.Top = g.Stages[n-1].Prize.Announce()
		}
		bg.Done = g.Number < p.Game || (g.Number == p.Game && !b.Running)
		bg.Current = g.Number == p.Game && b.Running
		b.Games = append(b.Games, bg)
		if g.Number == p.NextGame {
			b.Next = g.Title
		}
	}
	return b
}

// boardScale is the snapshot's type scale, the design's before the event.
func boardScale(p *loto.Public) int {
	if p.TypeScale == 0 {
		return loto.MinTypeScale
	}
	return p.TypeScale
}

// stagesFrench maps each stage to its French name, for board.js.
var stagesFrench = func() string {
	m := map[loto.StageName]string{}
	for _, s := range []loto.StageName{loto.Quine, loto.DoubleQuine, loto.FullCard} {
		m[s] = s.French()
	}
	return string(mustJSON(m))
}()

// stageCalls maps each stage to what a player calls out on completing
// it, for player.js: "« Quine ! »", "« Carton plein ! »".
var stageCalls = func() string {
	m := map[loto.StageName]string{}
	for _, s := range []loto.StageName{loto.Quine, loto.DoubleQuine, loto.FullCard} {
		m[s] = s.Call()
	}
	return string(mustJSON(m))
}()

func pageBoard(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	b := newBoardPage(s.day.Public(), s.readOnly, s.now())
	// The players' page at the address the board reached the server by:
	// the hall's phones are on the board's network, unless the event
	// gives the day's public address (below).
	b.PlayerURL = s.publicScheme(r) + "://" + r.Host + loto.PlayerPath
	if spec := s.day.Event(); spec != nil {
		// The board's laptop may reach the server as localhost: the
		// day's public address is the one the players' phones use.
		if spec.PublicURL != "" {
			b.PlayerURL = spec.PlayerURL()
		}
	}
	if svg, err := qrSVG(b.PlayerURL, "Code QR de la page des joueurs : "+b.PlayerURL); err == nil {
		b.PlayerQR = template.HTML(svg) // drawn by qrSVG from escaped text
	}
	return s.render(w, http.StatusOK, "board.html", b)
}
