package loto

import "loto/internal/journal"

// folds is the one registry of the day's event types: each type with the
// function that folds it into the state. Apply refuses an event whose type
// is not here, on replay and live alike: a journal written by another
// program or a later version, or a corrupt one, is never half read by
// skipping what the state does not know. A new event type is registered
// here with its fold (TestEveryEventTypeIsRegistered fails otherwise); the
// events of another package sharing the journal would be registered here
// too, with a fold that keeps what the day needs of them.
var folds = map[string]func(*State, journal.Event) error{
	TypeSeriesCreated: (*State).applySeries,
	TypeEventCreated:  (*State).applyEvent,
	TypeCardsStamped:  (*State).applyStamp,
	TypeCardsVoided:   (*State).applyVoid,

	TypePersonalKeyCreated: (*State).applyPersonalKey,
	TypePersonalErased:     (*State).applyErased,

	TypeDeskOpened:         (*State).applyDeskOpened,
	TypeDeskClosed:         (*State).applyDeskClosed,
	TypeSaleRecorded:       (*State).applySale,
	TypeReservationCreated: (*State).applyReservation,
	TypeTicketCrossed:      (*State).applyCrossing,
	TypeSaleRefunded:       (*State).applyRefund,
	TypePersonExcluded:     (*State).applyExclusion,
	TypeEventPostponed:     (*State).applyPostponed,
	TypeBreakStarted:       (*State).applyBreakStarted,
	TypeBreakEnded:         (*State).applyBreakEnded,

	TypeGameStarted:     (*State).applyGameStarted,
	TypeNumberDrawn:     (*State).applyNumberDrawn,
	TypeNumberUndone:    (*State).applyNumberUndone,
	TypeGameCalled:      (*State).applyGameCalled,
	TypeClaimRegistered: (*State).applyClaim,
	TypeControlStarted:  (*State).applyControl,
	TypeTieTokens:       (*State).applyTieTokens,
	TypeTieDeclined:     (*State).applyTieDeclined,
	TypePrizeAwarded:    (*State).applyPrizeAwarded,
	TypeRulingRecorded:  (*State).applyRuling,
	TypeSeedRevealed:    (*State).applyReveal,
	TypeDayEnded:        (*State).applyDayEnded,

	TypeJournalRestored: (*State).applyRestored,

	TypeDevicePaired:   (*State).applyDevicePaired,
	TypeDeviceCodeUsed: (*State).applyDeviceCodeUsed,
	TypeDeviceRevoked:  (*State).applyDeviceRevoked,

	TypeOrganiserPasswordSet: (*State).applyPasswordSet,
	TypeSessionOpened:        (*State).applySessionOpened,
	TypeSessionClosed:        (*State).applySessionClosed,
}

// unknownType is the error of an event whose type no fold is registered for.
func unknownType(e journal.Event) error {
	return internalf(nil, "événement %d : type « %s » inconnu de cette version du programme : journal illisible", e.Seq, e.Type)
}
