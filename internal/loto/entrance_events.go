package loto

// Event types of the entrance and the desks (issue 5), as stored in the journal.
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

// Payloads of the entrance events. A sale's payload is its SaleData, a refund's its RefundData.
type (
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
