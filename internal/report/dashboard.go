package report

import (
	"context"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// Dashboard is what the organiser watches during the day: the day report's
// figures (takings per desk and method, cards per series, free cards,
// attendance), the games played and the prizes still to play, and the
// sales and entries per quarter hour for its charts. It is the organiser's
// alone: takings never go on the public stream. It names no person.
type Dashboard struct {
	Event      string          `json:"event"`
	Anchor     journal.Anchor  `json:"anchor"` // the journal's head
	Final      bool            `json:"final"`
	Postponed  bool            `json:"postponed"`
	Totals     Totals          `json:"totals"`
	Desks      []DeskTotal     `json:"desks"`
	Methods    []MethodTotal   `json:"methods"`
	Series     []SeriesTotal   `json:"series"`
	Attendance Attendance      `json:"attendance"`
	Games      GamesPlayed     `json:"games"`
	Awarded    []PrizeLine     `json:"awarded"`
	ToPlay     []StageToPlay   `json:"to_play"`
	Quarters   []QuarterFigure `json:"quarters"` // from the first sale or entry to the last, every quarter hour
}

// GamesPlayed counts the games of the programme: over, in play, in all.
type GamesPlayed struct {
	Played    int `json:"played"`
	Programme int `json:"programme"`
	Current   int `json:"current"` // the game in play, 0 when none
}

// StageToPlay is a stage of the programme not yet awarded, with its prize.
type StageToPlay struct {
	Game  int            `json:"game"`
	Title string         `json:"title"`
	Stage loto.StageName `json:"stage"`
	Prize string         `json:"prize"`
}

// QuarterFigure is what happened in one quarter hour: the sales, their
// cards and takings, and the tickets crossed out at the door.
type QuarterFigure struct {
	Start   time.Time  `json:"start"` // in the event's zone
	Sales   int        `json:"sales"`
	Cards   int        `json:"cards"`
	Cents   loto.Cents `json:"cents"`
	Crossed int        `json:"crossed"`
}

// maxQuarters bounds the chart: a day from 8:00 to midnight has 64.
const maxQuarters = 96

// DashboardOf catches up with the journal and returns the organiser's figures.
func DashboardOf(ctx context.Context, d *loto.Day) (Dashboard, error) {
	r, err := OfDay(ctx, d)
	if err != nil {
		return Dashboard{}, err
	}
	db := Dashboard{Event: r.Event, Anchor: r.Anchor, Final: r.Final, Postponed: r.Postponed != nil, Totals: r.Totals,
		Desks: r.Desks, Methods: r.Methods, Series: r.Series, Attendance: r.Attendance, Awarded: r.Prizes, ToPlay: []StageToPlay{}}
	d.View(func(st *loto.State) {
		ev := st.Event()
		if ev == nil {
			return
		}
		db.Games.Programme = len(ev.Programme)
		games := st.Games()
		for _, g := range games {
			if g.Phase == loto.PhaseOver {
				db.Games.Played++
			} else {
				db.Games.Current = g.Number
			}
		}
		for i, spec := range ev.Programme {
			var rec *loto.GameRecord
			if i < len(games) {
				rec = games[i]
			}
			for j, s := range spec.Stages {
				if rec != nil && (rec.CutShort || j < len(rec.Stages) && rec.Stages[j].Awarded) {
					continue
				}
				db.ToPlay = append(db.ToPlay, StageToPlay{Game: i + 1, Title: spec.Title, Stage: s.Stage, Prize: s.Prize.Announce()})
			}
		}
		db.Quarters = quarters(st)
	})
	return db, nil
}

// quarters buckets the sales and the crossed tickets by quarter hour of
// the event's zone, every quarter from the first to the last present so
// that a chart's gaps show as zeros.
func quarters(st *loto.State) []QuarterFigure {
	loc := st.Event().Location()
	quarter := func(t time.Time) time.Time {
		t = t.In(loc)
		return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute()/15*15, 0, 0, loc)
	}
	var times []time.Time
	for _, s := range st.Sales() {
		times = append(times, s.Time)
	}
	for _, t := range st.Tickets() {
		if t.Crossed != nil {
			times = append(times, t.Crossed.Time)
		}
	}
	if len(times) == 0 {
		return []QuarterFigure{}
	}
	first, last := quarter(times[0]), quarter(times[0])
	for _, t := range times[1:] {
		if q := quarter(t); q.Before(first) {
			first = q
		} else if q.After(last) {
			last = q
		}
	}
	n := int(last.Sub(first)/(15*time.Minute)) + 1
	if n > maxQuarters {
		// Keep the latest quarters: the chart shows the day as it goes.
		first, n = last.Add(-(maxQuarters-1)*15*time.Minute), maxQuarters
	}
	out := make([]QuarterFigure, n)
	for i := range out {
		out[i].Start = first.Add(time.Duration(i) * 15 * time.Minute)
	}
	at := func(t time.Time) *QuarterFigure {
		i := int(quarter(t).Sub(first) / (15 * time.Minute))
		if i < 0 || i >= n {
			return nil
		}
		return &out[i]
	}
	for _, s := range st.Sales() {
		if q := at(s.Time); q != nil {
			q.Sales++
			q.Cards += len(s.Cards)
			q.Cents += s.Total
		}
	}
	for _, t := range st.Tickets() {
		if t.Crossed != nil {
			if q := at(t.Crossed.Time); q != nil {
				q.Crossed++
			}
		}
	}
	return out
}
