package loto

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
)

// CardRef names one card: its series and its number in the series.
type CardRef struct {
	Series string
	Number int
}

// Series is a series of cards as recorded in the journal.
type Series struct {
	Code       string      `json:"code"`
	Kind       Kind        `json:"kind"`
	Cards      int         `json:"cards"`
	Color      string      `json:"color"`
	Title      string      `json:"title"`
	Generator  int         `json:"generator"`
	SeedSHA256 string      `json:"seed_sha256"`
	Rerolls    map[int]int `json:"rerolls,omitempty"`
}

// State is the day as a pure fold of the journal's events: replaying the same
// events gives the same state. Commands read it to check themselves; only
// Apply changes it. It also holds the secrets the Day fetched beside the
// journal (series seeds and keys, game seeds), which no event carries.
type State struct {
	head       int64
	event      *EventSpec
	ended      bool // the day was closed before its programme was played
	series     map[string]*Series
	secrets    map[string][]byte
	stamped    map[CardRef]int64  // sequence of the stamping event
	voided     map[CardRef]string // reason
	games      []*GameRecord      // the games started, in order
	claims     int                // claims registered so far: the next claim id - 1
	ties       int                // ties broken so far
	grids      map[CardRef]card.Card
	checkers   map[string]*card.Checker // check codes per series, a cache
	ent        *entrance                // desks, sales, door, refunds, breaks
	priv       *privacy                 // what became of each personal record (P1)
	headHash   string                   // hash of the last event applied
	headTime   time.Time                // time of the last event applied
	restores   []Restore                // the restores of the journal it records, in order
	neighbours []Neighbour              // the packages beside loto folding the journal too (Options.Neighbours)
	rejudge    bool                     // the folds judge again each control, draw of tokens and award (JudgeJournal)
}

// NewState returns the state of an empty journal.
func NewState() *State {
	return &State{
		series:   map[string]*Series{},
		secrets:  map[string][]byte{},
		stamped:  map[CardRef]int64{},
		voided:   map[CardRef]string{},
		grids:    map[CardRef]card.Card{},
		checkers: map[string]*card.Checker{},
		ent:      newEntrance(),
		priv:     newPrivacy(),
	}
}

// Head is the sequence of the last event applied.
func (st *State) Head() int64 { return st.head }

// Event returns the day's event, or nil before it is created.
func (st *State) Event() *EventSpec { return st.event }

// SeriesList returns every series in the journal, by code (A..Z, AA..).
func (st *State) SeriesList() []Series {
	out := make([]Series, 0, len(st.series))
	for _, s := range st.series {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return seriesLess(out[i].Code, out[j].Code) })
	return out
}

// seriesLess orders codes as a spreadsheet orders columns: Z before AA.
func seriesLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// Stamped reports whether the card carries the day's stamp (R9).
func (st *State) Stamped(ref CardRef) bool { _, ok := st.stamped[ref]; return ok }

// Voided reports whether the card was voided by a refund (R28).
func (st *State) Voided(ref CardRef) bool { _, ok := st.voided[ref]; return ok }

// StampedCount is the number of cards stamped today, voided ones included.
func (st *State) StampedCount() int { return len(st.stamped) }

// onSale returns the series if it exists and the day sells it (R10).
func (st *State) onSale(code string) (*Series, bool) {
	s, ok := st.series[code]
	if !ok || st.event == nil {
		return nil, false
	}
	_, sold := st.event.SeriesSpec(code)
	return s, sold
}

// setSecret gives the state a secret the Day fetched or created.
func (st *State) setSecret(name string, value []byte) { st.secrets[name] = value }

// Apply folds one event into the state. Events must come in sequence; an
// event the state cannot fold, or of a type it does not know (catalogue), is a
// corrupt journal, reported as internal.
func (st *State) Apply(e journal.Event) error {
	if e.Seq != st.head+1 {
		return internalf(nil, "événement %d reçu après %d", e.Seq, st.head)
	}
	t, known := eventTypes[e.Type]
	if !known {
		return unknownType(e)
	}
	if err := t.fold(st, e); err != nil {
		return err
	}
	for _, n := range st.neighbours {
		if err := n.Fold(st, e); err != nil {
			return err
		}
	}
	st.head, st.headHash, st.headTime = e.Seq, e.Hash, e.Time
	return nil
}

func (st *State) applySeries(e journal.Event, p seriesCreated) error {
	if _, dup := st.series[p.Code]; dup {
		return internalf(nil, "événement %d : la série %s existe déjà", e.Seq, p.Code)
	}
	if seed, ok := st.secrets[seriesSeedSecret(p.Code)]; ok && sha256Hex(seed) != p.SeedSHA256 {
		return internalf(nil, "événement %d : la graine de la série %s ne correspond pas à son engagement", e.Seq, p.Code)
	}
	st.series[p.Code] = &Series{Code: p.Code, Kind: p.Kind, Cards: p.Cards, Color: p.Color, Title: p.Title,
		Generator: p.Generator, SeedSHA256: p.SeedSHA256, Rerolls: p.Rerolls}
	return nil
}

func (st *State) applyEvent(e journal.Event, p eventCreated) error {
	if st.event != nil || p.Event == nil {
		return internalf(nil, "événement %d : second événement du jour", e.Seq)
	}
	st.event = p.Event
	return nil
}

func (st *State) applyStamp(e journal.Event, p cardsStamped) error {
	return st.hold(e, p.Cards, holder{})
}

func (st *State) applyVoid(e journal.Event, p cardsVoided) error {
	return st.void(e, p.Cards, p.Reason)
}

func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
