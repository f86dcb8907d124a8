package loto

import (
	"fmt"
	"strings"
)

// Kind is the kind of a series: regular cards, or the special card of the car game (R30).
type Kind string

// The kinds of series.
const (
	Regular Kind = "regular"
	Special Kind = "special"
)

// DrawMode says where the numbers come from (R14).
type DrawMode string

// The draw modes.
const (
	DrawRNG    DrawMode = "rng"    // the software draws from each game's seed (R14)
	DrawManual DrawMode = "manual" // the host types the numbers of a ball machine
)

// PrizeKind is a voucher or an object; a prize of money does not exist (L1).
type PrizeKind string

// The prize kinds.
const (
	Voucher PrizeKind = "voucher"
	Object  PrizeKind = "object"
)

// StageName names a stage of a game (R23).
type StageName string

// The stages, in play order, with the lines they need.
const (
	Quine       StageName = "quine"
	DoubleQuine StageName = "double_quine"
	FullCard    StageName = "carton_plein"
)

// stageOrder lists the stages in play order with their lines.
var stageOrder = []StageName{Quine, DoubleQuine, FullCard}

// Stages lists the stages in play order: the Nth needs N lines.
func Stages() []StageName { return append([]StageName(nil), stageOrder...) }

// Lines is how many complete rows a card needs to win the stage.
func (s StageName) Lines() int {
	for i, n := range stageOrder {
		if n == s {
			return i + 1
		}
	}
	return 0
}

// French is the stage as the host says it.
func (s StageName) French() string {
	switch s {
	case Quine:
		return "quine"
	case DoubleQuine:
		return "double quine"
	case FullCard:
		return "carton plein"
	}
	return string(s)
}

// Title is the stage as a heading names it: "Quine", "Double quine".
func (s StageName) Title() string { return upperFirst(s.French()) }

// Call is what a player calls out on completing the stage (R15, R23), in
// French quotes, its words held together by no-break spaces so that no
// line breaks a call: "« Quine ! »", "« Double quine ! »", "« Carton plein ! »".
func (s StageName) Call() string {
	return "«\u00a0" + strings.ReplaceAll(s.Title(), " ", "\u00a0") + "\u00a0!\u00a0»"
}

// Cents is an amount of money in euro cents.
type Cents int64

// String formats c the French way: "12,50 €".
func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d,%02d €", sign, c/100, c%100)
}

// TimeOfDay is a time of the day in minutes after midnight, written "HH:MM".
type TimeOfDay int

// String formats t as "HH:MM".
func (t TimeOfDay) String() string { return fmt.Sprintf("%02d:%02d", int(t)/60, int(t)%60) }

// MarshalText writes "HH:MM".
func (t TimeOfDay) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads "HH:MM" (also "8h00" and "8:00").
func (t *TimeOfDay) UnmarshalText(b []byte) error {
	v, ok := ParseTimeOfDay(string(b))
	if !ok {
		return Errorf(EInvalid, "heure « %s » invalide : écrire HH:MM, par exemple 08:00", Shown(string(b)))
	}
	*t = v
	return nil
}

// ParseTimeOfDay reads "HH:MM" (also "8h00" and "8:00"); ok is false for anything else.
func ParseTimeOfDay(s string) (TimeOfDay, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	h, m, ok := strings.Cut(s, ":")
	if !ok {
		h, m, ok = strings.Cut(s, "h")
	}
	if !ok || len(h) < 1 || len(h) > 2 || len(m) != 2 {
		return 0, false
	}
	var hh, mm int
	if _, err := fmt.Sscanf(h+" "+m, "%d %d", &hh, &mm); err != nil || hh > 23 || mm > 59 || hh < 0 || mm < 0 {
		return 0, false
	}
	return TimeOfDay(hh*60 + mm), true
}

// EventSpec is the day as the organiser describes it, once
// validated; it is the payload of the event.created event.
type EventSpec struct {
	Name      string         `json:"name"`
	Date      string         `json:"date"`                // YYYY-MM-DD
	TimeZone  string         `json:"time_zone,omitempty"` // IANA name; DefaultTimeZone when empty (R1)
	Venue     string         `json:"venue"`
	Schedule  Schedule       `json:"schedule"`
	Series    []SeriesOnSale `json:"series"`
	Prices    Prices         `json:"prices"`
	Desks     []Desk         `json:"desks"`
	Draw      DrawMode       `json:"draw"`
	Programme []GameSpec     `json:"programme"`
	Hall      *Hall          `json:"hall,omitempty"`  // nil in a day recorded before the board was sized by it: DefaultHall
	Logos     []Logo         `json:"logos,omitempty"` // the sponsors' logos the prizes name (Sponsor.Logo)
	// PublicURL is the address the hall's phones reach the server by
	// (CheckPublicURL), printed on the tickets; "" when not given.
	PublicURL string `json:"public_url,omitempty"`
}

// Schedule gives the times of the day (R1, R12).
type Schedule struct {
	Doors  TimeOfDay `json:"doors"`
	Start  TimeOfDay `json:"start"`
	Breaks []Break   `json:"breaks"`
}

// Break is a pause in the games (R12).
type Break struct {
	Label   string    `json:"label"`
	At      TimeOfDay `json:"at"`
	Minutes int       `json:"minutes"`
}

// Resumes is the time play resumes after the break.
func (b Break) Resumes() TimeOfDay { return b.At + TimeOfDay(b.Minutes) }

// SeriesOnSale is a series of cards sold today; created with the event if the journal lacks it.
type SeriesOnSale struct {
	Code  string `json:"code"`
	Kind  Kind   `json:"kind"`
	Cards int    `json:"cards"`
	Color string `json:"color"`
	Title string `json:"title"`
}

// Prices are the price lists of the regular cards (R7) and of the special card (R30).
type Prices struct {
	Regular []PriceTier `json:"regular"`
	Special []PriceTier `json:"special"`
}

// PriceTier is the price of a bundle of cards (1 card, a plate of 3, a plate of 6).
type PriceTier struct {
	Cards int   `json:"cards"`
	Cents Cents `json:"cents"`
}

// Desk is a cash desk at the entrance (R6, R30).
type Desk struct {
	Name    string `json:"name"`
	PMR     bool   `json:"pmr"`     // reserved for people with reduced mobility (R6)
	Special bool   `json:"special"` // the signposted desk of the special card (R30)
}

// GameSpec is one game of the programme.
type GameSpec struct {
	Title  string      `json:"title"`
	Kinds  []Kind      `json:"kinds"` // series kinds whose cards play (R31, R32)
	Stages []StageSpec `json:"stages"`
	Notes  string      `json:"notes,omitempty"`
}

// Accepts reports whether cards of kind k play in the game (R31, R32).
func (g *GameSpec) Accepts(k Kind) bool {
	for _, a := range g.Kinds {
		if a == k {
			return true
		}
	}
	return false
}

// StageSpec is a stage of a game with its prize (R23).
type StageSpec struct {
	Stage StageName `json:"stage"`
	Lines int       `json:"lines"`
	Prize Prize     `json:"prize"`
}

// Prize is what a stage wins: a voucher (shared on a tie, R18, R19) or an object (R25).
type Prize struct {
	Label       string    `json:"label"`
	Kind        PrizeKind `json:"kind"`
	Cents       Cents     `json:"cents,omitempty"`      // voucher amount
	UnitCents   Cents     `json:"unit_cents,omitempty"` // voucher sharing unit, default 100
	Consolation string    `json:"consolation"`
	Notes       string    `json:"notes,omitempty"` // e.g. R33: registration costs are the winner's
	Sponsor     *Sponsor  `json:"sponsor,omitempty"`
}

// Announce is how the host and the board announce the prize (R13).
func (p Prize) Announce() string {
	s := p.Named()
	if p.Notes != "" {
		s += " — " + p.Notes
	}
	return s
}

// Named is the prize's label, with its amount when the label lacks it.
func (p Prize) Named() string {
	if p.Kind == Voucher && !strings.Contains(p.Label, "€") {
		return p.Label + " (" + p.Cents.String() + ")"
	}
	return p.Label
}

// SeriesSpec returns the series of the day with that code.
func (e *EventSpec) SeriesSpec(code string) (SeriesOnSale, bool) {
	for _, s := range e.Series {
		if s.Code == code {
			return s, true
		}
	}
	return SeriesOnSale{}, false
}
