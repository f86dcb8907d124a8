package loto

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"loto/internal/journal"
)

// BreakState is a break of the games (R12): when it started and when play
// resumes; Ended is set once play resumed.
type BreakState struct {
	Label     string     `json:"label"`
	Minutes   int        `json:"minutes"`
	Scheduled int        `json:"scheduled"` // 1-based index in the schedule, 0 for an unplanned break
	Started   time.Time  `json:"started"`
	Resumes   time.Time  `json:"resumes"` // when play resumes: the start plus the break's minutes
	Ended     *time.Time `json:"ended,omitempty"`
	By        string     `json:"by"`
	Seq       int64      `json:"seq"` // the event that started it
}

// StartBreak starts a break between two games (R12). Without a label nor
// minutes it is the next break of the schedule not taken yet; a label of
// the schedule takes that break; any other label is an unplanned break and
// needs its minutes. The state then knows when play resumes.
func (d *Day) StartBreak(ctx context.Context, actor Actor, label string, minutes int) (BreakState, error) {
	if err := Authorize(actor, CmdStartBreak, ""); err != nil {
		return BreakState{}, err
	}
	label = strings.TrimSpace(label)
	if err := CheckText("nom de la pause", label, 60); err != nil {
		return BreakState{}, err
	}
	e, err := d.runKeyed(ctx, TypeBreakStarted, sameBreak(label, minutes), func(st *State) ([]journal.Draft, int, error) {
		if st.event == nil {
			return nil, 0, Errorf(EInvalid, "l'événement du jour n'est pas créé")
		}
		if b := st.ent.onBreak(); b != nil {
			return nil, 0, Errorf(EConflict, "la pause « %s » est déjà en cours (reprise prévue à %s)", b.Label, hhmm(b.Resumes))
		}
		if g := st.running(); g != nil {
			return nil, 0, Errorf(EConflict, "%s est en cours : la pause se prend entre deux parties", gameNamed(g.Number, g.Title))
		}
		p, err := st.nextBreak(label, minutes)
		if err != nil {
			return nil, 0, err
		}
		dr, err := draft(actor, TypeBreakStarted, p)
		return []journal.Draft{dr}, 0, err
	})
	return d.breakOf(e, err)
}

// breakOf returns the break an event started or ended, as the answer of the command that appended it.
func (d *Day) breakOf(e journal.Event, err error) (BreakState, error) {
	if err != nil {
		return BreakState{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for i := len(d.st.ent.breaks) - 1; i >= 0; i-- {
		if b := d.st.ent.breaks[i]; b.Seq == e.Seq || (b.Ended != nil && b.Ended.Equal(e.Time)) {
			return b, nil
		}
	}
	return BreakState{}, internalf(nil, "pause de l'événement %d absente de l'état", e.Seq)
}

// nextBreak chooses the break to start from the schedule, or an unplanned one.
func (st *State) nextBreak(label string, minutes int) (breakStarted, error) {
	taken := map[int]bool{}
	for _, b := range st.ent.breaks {
		taken[b.Scheduled] = true
	}
	for i, b := range st.event.Schedule.Breaks {
		if taken[i+1] || (label != "" && !strings.EqualFold(label, b.Label)) {
			continue
		}
		if minutes == 0 {
			minutes = b.Minutes
		}
		if minutes < 1 || minutes > 240 {
			break
		}
		return breakStarted{Label: b.Label, Minutes: minutes, Scheduled: i + 1}, nil
	}
	if label == "" && minutes == 0 {
		return breakStarted{}, Errorf(EInvalid, "plus de pause au programme : donner le nom et la durée de la pause")
	}
	if minutes == 0 {
		return breakStarted{}, st.unknownBreak(label, taken)
	}
	if err := CheckBreakMinutes(minutes); err != nil {
		return breakStarted{}, err
	}
	if label == "" {
		label = "pause"
	}
	if utf8.RuneCountInString(label) > 60 {
		return breakStarted{}, Errorf(EInvalid, "nom de pause trop long (60 caractères au plus)")
	}
	return breakStarted{Label: label, Minutes: minutes}, nil
}

// unknownBreak says why a label without minutes names no break to take,
// listing the breaks of the schedule.
func (st *State) unknownBreak(label string, taken map[int]bool) error {
	var names []string
	for i, b := range st.event.Schedule.Breaks {
		if strings.EqualFold(label, b.Label) && taken[i+1] {
			return Errorf(EInvalid, "la pause « %s » du programme est déjà prise : pour une autre pause, donner sa durée", b.Label)
		}
		names = append(names, "« "+b.Label+" »")
	}
	list := "le programme n'a pas de pause"
	if len(names) > 0 {
		list = "pauses du programme : " + strings.Join(names, ", ")
	}
	return Errorf(EInvalid, "aucune pause « %s » au programme (%s) : pour une pause imprévue, donner sa durée", label, list)
}

// CheckBreakMinutes checks the length of a break a person gave: 1 to 240
// minutes. StartBreak reads 0 as "the schedule's length", so a caller that
// lets people type the length checks it first: a typed 0 is refused, never
// taken for the schedule's.
func CheckBreakMinutes(minutes int) error {
	if minutes < 1 || minutes > 240 {
		return Errorf(EInvalid, "durée de pause de %s invalide : entre 1 et 240 minutes (sans durée, celle du programme)", plural(minutes, "minute", "minutes"))
	}
	return nil
}

// EndBreak ends the break in progress: play resumes.
func (d *Day) EndBreak(ctx context.Context, actor Actor) (BreakState, error) {
	if err := Authorize(actor, CmdEndBreak, ""); err != nil {
		return BreakState{}, err
	}
	e, err := d.run(ctx, TypeBreakEnded, func(st *State) ([]journal.Draft, int, error) {
		if st.ent.onBreak() == nil {
			return nil, 0, Errorf(EConflict, "aucune pause en cours")
		}
		dr, err := draft(actor, TypeBreakEnded, breakEnded{})
		return []journal.Draft{dr}, 0, err
	})
	return d.breakOf(e, err)
}

// Break returns the break in progress, or nil while play is on (R12).
func (st *State) Break() *BreakState {
	if b := st.ent.onBreak(); b != nil {
		c := *b
		return &c
	}
	return nil
}

// Break returns the break in progress, or nil while play is on (R12).
func (d *Day) Break() *BreakState {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.Break()
}

// Breaks returns every break taken so far, in order.
func (d *Day) Breaks() []BreakState {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]BreakState(nil), d.st.ent.breaks...)
}
