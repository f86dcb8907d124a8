package loto

import "time"

// Event types of the entrance and the desks, as stored in the journal.
const (
	TypeDeskOpened         = "desk.opened"
	TypeDeskClosed         = "desk.closed"
	TypeSaleRecorded       = "sale.recorded"
	TypeReservationCreated = "reservation.created"
	TypeTicketCrossed      = "ticket.crossed"
	TypeSaleRefunded       = "sale.refunded"
	TypeEventPostponed     = "event.postponed"
	TypeBreakStarted       = "break.started"
	TypeBreakEnded         = "break.ended"
)

// reservationKeySecret names the key of the ticket check codes, stored
// beside the journal with the first reservation, never in a payload.
const reservationKeySecret = "day/reservation-key"

// Payloads of the entrance events.
type (
	// saleRefunded is a refund as the journal records it; Refund is its
	// answer. The refunds of an exclusion are recorded in its batch.
	saleRefunded struct {
		ID      int          `json:"refund"`
		Sale    int          `json:"sale"`
		Reason  RefundReason `json:"reason"`
		Desk    string       `json:"desk"`
		Session int          `json:"session"`
		Cents   Cents        `json:"cents"`
		Cards   []string     `json:"cards"`
		// FreeCards were voided, unpaid, by a refund for an exclusion before
		// exclusions were one act (see Exclude), which now voids them itself;
		// no refund sets them now, but the journals that hold them still replay.
		FreeCards []string `json:"free_cards,omitempty"`
		Note      string   `json:"note,omitempty"`
	}
	// personExcluded is an exclusion as the journal records it (Exclusion
	// is its answer): every card it voids, the sales it refunds and their
	// refunds, recorded in its batch.
	personExcluded struct {
		ID      int    `json:"exclusion"`
		Why     string `json:"why"`
		Tickets []int  `json:"tickets"` // ticket numbers: a code is a bearer right, never recorded twice
		Sales   []int  `json:"sales"`   // every sale of the person
		// Refunds are those recorded with it, one per sale not refunded before
		// (at a postponement), paid at Desk when one was named, else at each
		// sale's desk.
		Refunds []int  `json:"refunds"`
		Desk    string `json:"desk,omitempty"`
		Cents   Cents  `json:"cents"` // paid back in all
		// Cards are every card voided: the sales' cards, the free cards of the
		// tickets, the cards named.
		Cards []string `json:"cards"`
	}
	// saleRecorded is a sale as the journal records it; Sale is its answer.
	saleRecorded struct {
		ID       int       `json:"sale"`
		Desk     string    `json:"desk"`
		Session  int       `json:"session"`
		Cards    []string  `json:"serials"`
		Regular  int       `json:"regular"`
		Special  int       `json:"special"`
		Bundles  []Bundle  `json:"bundles"`
		Total    Cents     `json:"total_cents"`
		Payments []Payment `json:"payments"`
		Change   Cents     `json:"change_cents"`
		// Payer is the cheque payer's identity document and cheque number,
		// kept beside the journal (R8, P1); nil without a cheque.
		Payer *personalRef `json:"payer,omitempty"`
		// Ticket is the number of the buyer's reservation ticket, 0 without
		// one: never its code, a bearer right to a free card.
		Ticket   int      `json:"ticket,omitempty"`
		Hint     string   `json:"hint,omitempty"`
		Warnings []string `json:"warnings,omitempty"`
		// TakenAt is when the desk took the sale by its own clock, which
		// may be wrong: kept beside the event's time, never used to order.
		// A sale held by a desk cut off reaches the journal later.
		TakenAt time.Time `json:"taken_at,omitzero"`
	}
	deskOpened struct {
		Desk    string `json:"desk"`
		Session int    `json:"session"`
		Float   Cents  `json:"float_cents"`
	}
	deskClosed struct {
		Desk    string         `json:"desk"`
		Session int            `json:"session"`
		Count   []Denomination `json:"count"`
		Cash    Cents          `json:"counted_cash_cents"`
		Card    *Cents         `json:"counted_card_cents,omitempty"`
		Cheque  *Cents         `json:"counted_cheque_cents,omitempty"`
	}
	// reservationCreated names its holder by a reference to a personal
	// record (P1) and its tickets by number: their codes, bearer rights to
	// a free card, are computed from the reservation key and never recorded.
	reservationCreated struct {
		Reservation int         `json:"reservation"`
		Holder      personalRef `json:"holder"`
		First       int         `json:"first_ticket"` // number of the first ticket
		Tickets     int         `json:"tickets"`
		NewKey      bool        `json:"new_key,omitempty"`
		KeySHA256   string      `json:"key_sha256,omitempty"` // commitment to the new ticket key
	}
	ticketCrossed struct {
		Number      int    `json:"ticket"`
		Reservation int    `json:"reservation"`
		Door        string `json:"door"`
		Card        string `json:"card"` // the free card issued with it (R4)
		// Warnings are those the door was given, kept so that a retry
		// with the key answers as the first scan did.
		Warnings []string `json:"warnings,omitempty"`
	}
	eventPostponed struct {
		Reason string `json:"reason"`
	}
	breakStarted struct {
		Label     string `json:"label"`
		Minutes   int    `json:"minutes"`
		Scheduled int    `json:"scheduled"` // 1-based index in the schedule, 0 for an unplanned break
	}
	breakEnded struct{}
)
