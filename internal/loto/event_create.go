package loto

import (
	"context"
	"fmt"
	"strings"

	"loto/internal/journal"
)

// EventResult is the answer of CreateEvent.
type EventResult struct {
	Event         *EventSpec
	CreatedSeries []string // series the file declared that the journal lacked
	Warnings      []string // allowed but worth a look: an event dated another day than today (R1)
}

// CreateEvent records a day validated at the edge (internal/eventfile): it
// creates the series the spec declares that the journal lacks and records
// the event, all in one atomic append. No draw depends on anything drawn
// here: each game draws its own seed when it starts (R14). A journal holds
// one event: a second is a conflict.
func (d *Day) CreateEvent(ctx context.Context, actor Actor, spec *EventSpec) (EventResult, error) {
	if err := Authorize(actor, CmdCreateEvent, ""); err != nil {
		return EventResult{}, err
	}
	if err := spec.checkSponsors(); err != nil {
		return EventResult{}, err
	}
	if err := spec.checkPublicURL(); err != nil {
		return EventResult{}, err
	}
	warnings := spec.otherDay(d.clock(), "événement enregistré")
	e, err := d.runKeyed(ctx, TypeEventCreated, sameEvent(spec), func(st *State) ([]journal.Draft, int, error) {
		return d.eventDrafts(st, actor, spec)
	})
	if err != nil {
		return EventResult{}, err
	}
	var p eventCreated
	if err := decode(e, &p); err != nil {
		return EventResult{}, err
	}
	return EventResult{Event: p.Event, CreatedSeries: p.CreatedSeries, Warnings: warnings}, nil
}

func (d *Day) eventDrafts(st *State, actor Actor, spec *EventSpec) ([]journal.Draft, int, error) {
	if st.event != nil {
		return nil, 0, Errorf(EConflict, "l'événement du jour est déjà créé (« %s ») : un journal ne tient qu'un événement", st.event.Name)
	}
	var drafts []journal.Draft
	var created []string
	var mistakes []string
	for i, s := range spec.Series {
		old, ok := st.series[s.Code]
		if !ok {
			continue
		}
		if old.Kind != s.Kind {
			mistakes = append(mistakes, fmt.Sprintf("series[%d].kind : la série %s existe déjà, de type %s", i, s.Code, old.Kind.French()))
		}
		if old.Cards != s.Cards {
			mistakes = append(mistakes, fmt.Sprintf("series[%d].cards : la série %s existe déjà, avec %s", i, s.Code, plural(old.Cards, "carte", "cartes")))
		}
		// Its cards are printed in the journal's colour: the file's must
		// be that one, or R30 (a special card of its own colour) would be
		// checked on a colour nobody sees.
		if !strings.EqualFold(old.Color, s.Color) {
			color := "sans couleur"
			if old.Color != "" {
				color = "de couleur « " + old.Color + " »"
			}
			mistakes = append(mistakes, fmt.Sprintf("series[%d].color : la série %s existe déjà, %s", i, s.Code, color))
		}
	}
	if err := fileMistakes(mistakes); err != nil {
		return nil, 0, err
	}
	// New series are drafted once the file agrees with the journal's, so a
	// mismatch is told by the file's path rather than by a new series' check.
	for _, s := range spec.Series {
		if _, ok := st.series[s.Code]; ok {
			continue
		}
		dr, err := d.seriesDraft(st, actor, SeriesSpec{Code: s.Code, Cards: s.Cards, Special: s.Kind == Special, Color: s.Color, Title: s.Title})
		if err != nil {
			return nil, 0, err
		}
		drafts = append(drafts, dr)
		created = append(created, s.Code)
	}
	dr, err := draft(actor, TypeEventCreated, eventCreated{Event: spec, CreatedSeries: created, Simulated: d.simulated})
	if err != nil {
		return nil, 0, err
	}
	drafts = append(drafts, dr)
	return drafts, len(drafts) - 1, nil
}

// Event returns the day's event, or nil before it is created.
func (d *Day) Event() *EventSpec {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.event
}

// fileMistakes is nil without mistakes, else an invalid *Error listing them
// all, worded as the event file's own mistakes are.
func fileMistakes(list []string) error {
	if len(list) == 0 {
		return nil
	}
	head := "le fichier de l'événement contient une erreur"
	if len(list) > 1 {
		head = fmt.Sprintf("le fichier de l'événement contient %d erreurs", len(list))
	}
	return &Error{Code: EInvalid, Message: head + " :\n  " + strings.Join(list, "\n  ")}
}

func (st *State) applyEvent(e journal.Event, p eventCreated) error {
	if st.event != nil || p.Event == nil {
		return internalf(nil, "événement %d : second événement du jour", e.Seq)
	}
	st.event = p.Event
	return nil
}
