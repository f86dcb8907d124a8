package loto

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"loto/internal/card"
	"loto/internal/journal"
)

// Admission is a ticket crossed out at the door with the free card issued
// with it (R2-R5).
type Admission struct {
	Ticket      string    `json:"ticket"`
	Reservation int       `json:"reservation"`
	Name        string    `json:"name"`
	Card        string    `json:"card"`
	Door        string    `json:"door"`
	By          string    `json:"by"`
	Time        time.Time `json:"time"`
	Seq         int64     `json:"seq"`
	// Anchor is the admission's own event, printed at the door (R27).
	Anchor journal.Anchor `json:"anchor"`
	// Warnings tell the door what the player must know, e.g. that the free
	// card does not play the game already started (R14).
	Warnings []string `json:"warnings,omitempty"`
}

// Admit crosses a reservation ticket out at a door and issues the free card
// scanned with it, both in one event (R2-R5): a ticket crosses out once,
// ever, and a second scan says when, where and by whom it was; a forged
// ticket or one of another day is refused, and so is the ticket of a holder
// excluded (R28). The free card is a regular card
// of a series on sale, neither sold nor issued yet; it is stamped (R9).
// The ticket and the card are read at the edge (ParseTicketCode, ParseSerial).
func (d *Day) Admit(ctx context.Context, actor Actor, door string, ticket TicketCode, serial card.Serial) (Admission, error) {
	if err := Authorize(actor, CmdAdmit, ""); err != nil {
		return Admission{}, err
	}
	door = strings.TrimSpace(door)
	if err := CheckText("nom de l'entrée", door, 40); err != nil {
		return Admission{}, err
	}
	e, err := d.runKeyed(ctx, TypeTicketCrossed, sameAdmission(door, ticket, serial), func(st *State) ([]journal.Draft, int, error) {
		if err := st.selling(); err != nil {
			return nil, 0, err
		}
		if door == "" || utf8.RuneCountInString(door) > 40 {
			return nil, 0, Errorf(EInvalid, "le nom de l'entrée est requis (40 caractères au plus)")
		}
		t, err := st.ticket(ticket)
		if err != nil {
			return nil, 0, err
		}
		if c := t.Crossed; c != nil {
			return nil, 0, Errorf(EConflict, "billet %s déjà barré à %s, entrée « %s », par « %s » (carte gratuite %s) : un billet ne se barre qu'une fois (R5)",
				t.Code, hhmm(c.Time), c.Door, c.By, c.Card)
		}
		if x := st.ent.exclusionOf(t.Number); x != nil {
			// The reason is the organiser's free text: the door need not read it.
			return nil, 0, Errorf(EConflict, "billet %s refusé : son titulaire a été exclu de la salle (exclusion n° %d, %s) : il n'entre pas (R28)",
				t.Code, x.ID, hhmm(x.Time))
		}
		if serial.Series == "" {
			return nil, 0, Errorf(EInvalid, "scanner la carte gratuite remise avec le billet (R4)")
		}
		ref, s, err := st.serialOnSale(serial)
		if err != nil {
			return nil, 0, err
		}
		if st.series[ref.Series].Kind == Special {
			return nil, 0, Errorf(EInvalid, "la carte %s est une carte spéciale : la carte gratuite est une carte ordinaire (R4, R30)", s)
		}
		if st.Stamped(ref) {
			return nil, 0, st.heldBy(ref, s)
		}
		p := ticketCrossed{Number: t.Number, Reservation: t.Reservation, Door: door, Card: s}
		p.Warnings = st.event.timeWarnings(d.now(), st.event.Schedule.Doors, "entrée", "l'ouverture des portes")
		if g := st.running(); g != nil && !g.Plays(st.head+1) {
			if st.gameLeftFor(Regular) {
				p.Warnings = append(p.Warnings, fmt.Sprintf("la partie n° %d a commencé : cette carte joue à partir de la partie suivante (R14)", g.Number))
			} else {
				// The holder still comes in; the card is a souvenir.
				p.Warnings = append(p.Warnings, fmt.Sprintf("la partie n° %d a commencé et c'est la dernière : cette carte ne joue plus aujourd'hui (R14)", g.Number))
			}
		}
		dr, err := draft(actor, TypeTicketCrossed, p)
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Admission{}, err
	}
	var p ticketCrossed
	if err := decode(e, &p); err != nil {
		return Admission{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	name := d.st.ent.reservations[p.Reservation-1].Name
	return Admission{Ticket: d.st.ent.tickets[p.Number-1].Code, Reservation: p.Reservation, Name: name, Card: p.Card, Door: p.Door, By: actorName(e.Actor), Time: e.Time, Seq: e.Seq,
		Anchor: anchorOf(e), Warnings: p.Warnings}, nil
}
