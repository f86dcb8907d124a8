package loto

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"loto/internal/journal"
)

// Session is a desk's till from its opening with a float to its closing
// with a count (a Z period).
type Session struct {
	ID       int        `json:"session"`
	Desk     string     `json:"desk"`
	Float    Cents      `json:"float_cents"`
	OpenedAt time.Time  `json:"opened_at"`
	OpenedBy string     `json:"opened_by"`
	ClosedAt *time.Time `json:"closed_at,omitempty"`
	ClosedBy string     `json:"closed_by,omitempty"`
	Sales    int        `json:"sales"`
	Cards    int        `json:"cards"`
	Refunds  int        `json:"refunds"`
	// RefundedCents is the cash paid out at this desk for refunds (R28, R29).
	RefundedCents Cents `json:"refunded_cents"`

	received    map[Method]Cents // amounts handed over, cash as tendered
	payments    map[Method]int
	change      Cents
	closed      *deskClosed
	closeAnchor *journal.Anchor // the closing's event
}

// Denomination is a count of one euro note or coin.
type Denomination struct {
	Cents Cents `json:"cents"`
	Count int   `json:"count"`
}

// maxPieces bounds the count of one note or coin in a till: a busy till
// holds a few thousand coins of one kind; more is a typing mistake, and
// keeps a count's total far from overflowing.
const maxPieces = 100_000

// euroDenominations are the notes and coins a till holds, largest first.
var euroDenominations = []Cents{50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1}

// ParseCount reads a till count as typed: "50x2,20x5,0.50x3" (denomination
// in euros, times the count); "0" is an empty till. What it reads is then
// checked as CountOf checks the API's: the CLI and the API take the same
// counts.
func ParseCount(text string) ([]Denomination, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, Errorf(EInvalid, "le comptage des espèces est requis, par exemple « 50x2,20x5,0.50x3 » (0 pour une caisse vide)")
	}
	if t == "0" {
		return []Denomination{}, nil
	}
	var items []Denomination
	for _, item := range strings.Split(t, ",") {
		item = strings.TrimSpace(item)
		v, n, ok := strings.Cut(strings.NewReplacer("X", "x", "*", "x", "×", "x").Replace(item), "x")
		if !ok {
			return nil, Errorf(EInvalid, "comptage « %s » illisible : écrire coupure x nombre, par exemple 20x5 ou 0.50x3 (un point avant les centimes, une virgule entre deux coupures)", Shown(item))
		}
		c, err := ParseCents(v)
		if err != nil {
			return nil, err
		}
		if !isDenomination(c) {
			return nil, errDenomination(c)
		}
		count, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || count < 0 || count > maxPieces {
			return nil, Errorf(EInvalid, "nombre « %s » invalide pour la coupure de %s : entre 0 et %d", Shown(strings.TrimSpace(n)), c, maxPieces)
		}
		items = append(items, Denomination{Cents: c, Count: count})
	}
	return CountOf(items)
}

// CountOf checks a till count, the API's as the CLI's, and returns it
// largest denomination first: euro notes and coins only, each once (a
// count listing one twice is a mistake, and would let a client list a
// note thousands of times), 0 to maxPieces of each, the cash within the
// bound of what a closing counts.
func CountOf(items []Denomination) ([]Denomination, error) {
	seen := make(map[Cents]bool, len(items))
	for _, dn := range items {
		switch {
		case !isDenomination(dn.Cents):
			return nil, errDenomination(dn.Cents)
		case seen[dn.Cents]:
			return nil, Errorf(EInvalid, "coupure de %s comptée deux fois : donner chaque coupure une fois avec son nombre, par exemple 20x6 et non 20x5,20x1", dn.Cents)
		case dn.Count < 0 || dn.Count > maxPieces:
			return nil, Errorf(EInvalid, "nombre %d invalide pour la coupure de %s : entre 0 et %d", dn.Count, dn.Cents, maxPieces)
		}
		seen[dn.Cents] = true
	}
	out := slices.Clone(items)
	if out == nil {
		out = []Denomination{}
	}
	if err := tooMuch("espèces comptées", countTotal(out), maxSessionTotal); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Denomination) int { return cmp.Compare(b.Cents, a.Cents) })
	return out, nil
}

// errDenomination refuses an amount that is no euro note or coin.
func errDenomination(c Cents) error {
	return Errorf(EInvalid, "coupure de %s inconnue : billets de 5 à 500 €, pièces de 0.01 à 2 €", c)
}

func isDenomination(c Cents) bool {
	for _, d := range euroDenominations {
		if d == c {
			return true
		}
	}
	return false
}

// countTotal is the cash a count holds.
func countTotal(count []Denomination) Cents {
	var t Cents
	for _, d := range count {
		t += d.Cents * Cents(d.Count)
	}
	return t
}

// OpenDesk opens a session at a desk of the day with a float of cash.
func (d *Day) OpenDesk(ctx context.Context, actor Actor, desk string, float Cents) (SessionReport, error) {
	desk = actor.deskOr(desk)
	if err := Authorize(actor, CmdOpenDesk, desk); err != nil {
		return SessionReport{}, err
	}
	e, err := d.runKeyed(ctx, TypeDeskOpened, sameDeskOpen(desk, float), func(st *State) ([]journal.Draft, int, error) {
		dk, err := st.desk(desk)
		if err != nil {
			return nil, 0, err
		}
		if float < 0 {
			return nil, 0, Errorf(EInvalid, "fond de caisse de %s invalide : un montant est positif", float)
		}
		if err := tooMuch("fond de caisse", float, maxFloat); err != nil {
			return nil, 0, err
		}
		if s := st.ent.open[dk.Name]; s != nil {
			return nil, 0, Errorf(EConflict, "la caisse « %s » est déjà ouverte (session %d, depuis %s)", dk.Name, s.ID, hhmm(s.OpenedAt))
		}
		if err := st.opening(); err != nil {
			return nil, 0, err
		}
		dr, err := draft(actor, TypeDeskOpened, deskOpened{Desk: dk.Name, Session: len(st.ent.sessions) + 1, Float: float})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return SessionReport{}, err
	}
	return d.sessionOf(e)
}

// opening refuses a desk session once the day is over (R9): it would sell
// nothing. A postponed loto with sales still to refund is the exception, as
// its refunds are paid at an open desk.
func (st *State) opening() error {
	why := st.dayOver()
	if why == "" || (st.ent.postponed != nil && len(st.toRefund()) > 0) {
		return nil
	}
	return Errorf(EConflict, "la journée est finie (%s) : plus aucune caisse ne s'ouvre, rien ne s'y vendrait (R9)", why)
}

// CloseRequest is the count of a desk at its closing: the cash by
// denomination and, when counted, the bank card and cheque totals.
type CloseRequest struct {
	Desk   string
	Count  []Denomination
	Card   *Cents // the card terminal's total; nil when not counted
	Cheque *Cents // the cheques' total; nil when not counted
}

// CloseDesk closes the open session of a desk with its count and returns
// its Z report: expected against counted for each method, with the difference.
func (d *Day) CloseDesk(ctx context.Context, actor Actor, req CloseRequest) (SessionReport, error) {
	req.Desk = actor.deskOr(req.Desk)
	if err := Authorize(actor, CmdCloseDesk, req.Desk); err != nil {
		return SessionReport{}, err
	}
	e, err := d.runKeyed(ctx, TypeDeskClosed, sameDeskClose(req), func(st *State) ([]journal.Draft, int, error) {
		dk, err := st.desk(req.Desk)
		if err != nil {
			return nil, 0, err
		}
		s := st.ent.open[dk.Name]
		if s == nil {
			return nil, 0, st.notOpen(dk.Name)
		}
		for _, m := range []struct {
			what string
			c    *Cents
		}{{"total des cartes bancaires", req.Card}, {"total des chèques", req.Cheque}} {
			if m.c == nil {
				continue
			}
			if *m.c < 0 {
				return nil, 0, Errorf(EInvalid, "%s de %s invalide : un montant est positif", m.what, *m.c)
			}
			if err := tooMuch(m.what, *m.c, maxSessionTotal); err != nil {
				return nil, 0, err
			}
		}
		count, err := CountOf(req.Count)
		if err != nil {
			return nil, 0, err
		}
		p := deskClosed{Desk: dk.Name, Session: s.ID, Count: count, Cash: countTotal(count), Card: req.Card, Cheque: req.Cheque}
		dr, err := draft(actor, TypeDeskClosed, p)
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return SessionReport{}, err
	}
	return d.sessionOf(e)
}

// notOpen refuses to close a desk without an open session, saying when its last session closed.
func (st *State) notOpen(desk string) error {
	for i := len(st.ent.sessions) - 1; i >= 0; i-- {
		if s := st.ent.sessions[i]; s.Desk == desk && s.ClosedAt != nil {
			return Errorf(EConflict, "la caisse « %s » est déjà fermée (session %d close à %s par « %s ») : rien à clôturer",
				desk, s.ID, hhmm(*s.ClosedAt), s.ClosedBy)
		}
	}
	return Errorf(EConflict, "la caisse « %s » n'a pas été ouverte : rien à clôturer", Shown(desk))
}

// sessionOf returns the Z report of the session an event opened or closed.
func (d *Day) sessionOf(e journal.Event) (SessionReport, error) {
	var p struct {
		Session int `json:"session"`
	}
	if err := decode(e, &p); err != nil {
		return SessionReport{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.Session < 1 || p.Session > len(d.st.ent.sessions) {
		return SessionReport{}, internalf(nil, "session %d absente de l'état", p.Session)
	}
	return d.st.ent.sessions[p.Session-1].report(), nil
}

// desk finds a desk of the day by name (any case).
func (st *State) desk(name string) (*Desk, error) {
	if st.event == nil {
		return nil, Errorf(EInvalid, "l'événement du jour n'est pas créé : aucune caisse")
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, Errorf(EInvalid, "le nom de la caisse est requis")
	}
	var names []string
	for i := range st.event.Desks {
		if strings.EqualFold(st.event.Desks[i].Name, name) {
			return &st.event.Desks[i], nil
		}
		names = append(names, st.event.Desks[i].Name)
	}
	return nil, Errorf(ENotFound, "caisse « %s » inconnue : les caisses du jour sont %s", Shown(name), strings.Join(names, ", "))
}

// DeskOf finds a desk of the day by name, any case, for an actor who may
// open it (a cashier its own only), with its session as a Z report: the
// open one, or else the last; nil before its first.
func (d *Day) DeskOf(actor Actor, name string) (Desk, *SessionReport, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.st.event == nil {
		return Desk{}, nil, Errorf(ENotFound, "l'événement du jour n'est pas créé : aucune caisse")
	}
	dk, ok := d.st.deskNamed(name)
	if !ok {
		return Desk{}, nil, Errorf(ENotFound, "caisse « %s » inconnue", Shown(name))
	}
	if err := Authorize(actor, CmdOpenDesk, dk.Name); err != nil {
		return Desk{}, nil, err
	}
	var last *SessionReport
	for _, s := range d.st.ent.sessions {
		if s.Desk == dk.Name {
			r := s.report()
			last = &r
		}
	}
	return dk, last, nil
}

// WorkDesk is the desk an actor works at: a device's own desk, else the
// one named (any case); nil when the actor has none and names no desk of
// the day, for the organiser to choose one.
func (d *Day) WorkDesk(actor Actor, name string) (*Desk, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.st.event == nil {
		return nil, Errorf(ENotFound, "l'événement du jour n'est pas créé : aucune caisse")
	}
	if actor.Desk != "" {
		name = actor.Desk
	}
	dk, ok := d.st.deskNamed(name)
	switch {
	case ok:
		return &dk, nil
	case actor.Desk != "":
		return nil, Errorf(ENotFound, "la caisse « %s » de cet appareil n'est pas une caisse du jour", Shown(actor.Desk))
	}
	return nil, nil
}

// deskNamed finds a desk of the day by name, any case.
func (st *State) deskNamed(name string) (Desk, bool) {
	if st.event == nil {
		return Desk{}, false
	}
	name = strings.TrimSpace(name)
	for _, dk := range st.event.Desks {
		if strings.EqualFold(dk.Name, name) {
			return dk, true
		}
	}
	return Desk{}, false
}

// SessionZ is desk session n's Z report, for an actor who may close its
// desk (a cashier its own only).
func (d *Day) SessionZ(actor Actor, n int) (SessionReport, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n < 1 || n > len(d.st.ent.sessions) {
		return SessionReport{}, Errorf(ENotFound, "session de caisse « %d » inconnue", n)
	}
	z := d.st.ent.sessions[n-1].report()
	if err := Authorize(actor, CmdCloseDesk, z.Desk); err != nil {
		return SessionReport{}, err
	}
	return z, nil
}

// SessionReport is desk session n's Z report, for the day's reports.
func (d *Day) SessionReport(n int) (SessionReport, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n < 1 || n > len(d.st.ent.sessions) {
		return SessionReport{}, Errorf(ENotFound, "session de caisse « %d » inconnue (%s)", n, plural(len(d.st.ent.sessions), "session", "sessions"))
	}
	return d.st.ent.sessions[n-1].report(), nil
}

// Sessions returns every desk session of the day, in opening order, as Z reports.
func (d *Day) Sessions() []SessionReport {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]SessionReport, 0, len(d.st.ent.sessions))
	for _, s := range d.st.ent.sessions {
		out = append(out, s.report())
	}
	return out
}
