package loto

import (
	"fmt"
	"sync"
	"time"
	_ "time/tzdata" // the event's zone is read on a machine without zoneinfo too

	"loto/internal/journal"
)

// DefaultTimeZone is the zone of an event that names none (R1).
const DefaultTimeZone = "Europe/Paris"

// zones holds the zones loaded so far: one *time.Location per name, so
// that two times of one zone compare equal with ==.
var zones sync.Map // name -> *time.Location

// LoadTimeZone reads a zone name of the IANA database ("Europe/Paris",
// "America/Martinique"); empty is DefaultTimeZone.
func LoadTimeZone(name string) (*time.Location, error) {
	if name == "" {
		name = DefaultTimeZone
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location), nil
	}
	l, err := time.LoadLocation(name)
	if err != nil || name == "Local" {
		return nil, Errorf(EInvalid, "fuseau horaire « %s » inconnu : un nom comme Europe/Paris ou America/Martinique", Shown(name))
	}
	actual, _ := zones.LoadOrStore(name, l)
	return actual.(*time.Location), nil
}

// Location is the zone every time of the event is read in (R1): the
// machine's own zone never is.
func (e *EventSpec) Location() *time.Location {
	if e != nil {
		if l, err := LoadTimeZone(e.TimeZone); err == nil {
			return l
		}
	}
	l, _ := LoadTimeZone(DefaultTimeZone)
	return l
}

// inZone gives an event of the journal its time in the event's zone, after
// its hash is checked: every time the Day tells is read there (R1).
func (st *State) inZone(e journal.Event) journal.Event {
	e.Time = e.Time.In(st.event.Location())
	return e
}

// frenchDate writes a day as people read it: "16/03/2025".
func frenchDate(t time.Time) string { return t.Format("02/01/2006") }

// otherDay says, in French, that act happens at now on another day than
// the event's (R1); nil on the event's day.
func (e *EventSpec) otherDay(now time.Time, act string) []string {
	now = now.In(e.Location())
	date, err := time.ParseInLocation(time.DateOnly, e.Date, e.Location())
	if err != nil || now.Format(time.DateOnly) == e.Date {
		return nil
	}
	return []string{fmt.Sprintf("%s le %s, mais l'événement est daté du %s (R1) : vérifier la date", act, frenchDate(now), frenchDate(date))}
}

// timeWarnings says, in French, what is odd about acting at now (R1):
// another day than the event's, or before the time set for the act (set,
// named by what: the doors, the start of the games). A warning, never a
// refusal: a clock may be wrong, and the organiser decides.
func (e *EventSpec) timeWarnings(now time.Time, set TimeOfDay, act, what string) []string {
	if w := e.otherDay(now, act); w != nil {
		return w
	}
	now = now.In(e.Location())
	if at := TimeOfDay(now.Hour()*60 + now.Minute()); at < set {
		return []string{fmt.Sprintf("%s à %s, avant %s (%s, R1)", act, at, what, set)}
	}
	return nil
}
