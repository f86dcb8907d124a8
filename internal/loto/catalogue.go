package loto

import (
	"reflect"

	"loto/internal/journal"
)

// catalogue is the one list of the day's event types: each with its
// payload, the function that folds it into the state, the secrets it
// commits to, the personal records it names or erases, whether it is a
// decision, and a line of doc, which docs/journal.md's table of
// events repeats (TestJournalDocListsEveryEventType). Apply refuses an
// event whose type is not here, on replay and live alike: a journal
// written by another program or a later version, or a corrupt one, is
// never half read by skipping what the state does not know. Apply, the
// Day's fetch of secrets, CheckSecrets, CheckPersonal and Decisions read
// the columns here, so that a new event type is written here with its fold
// and nowhere else (TestEveryEventTypeIsRegistered fails when a Type
// constant is missing); the events of another package sharing the journal
// would be written here too, with a fold that keeps what the day needs of
// them.
var catalogue = []eventType{
	register(entry[seriesCreated]{name: TypeSeriesCreated, fold: (*State).applySeries,
		secrets: func(p seriesCreated) []secretRef {
			return []secretRef{{seriesSeedSecret(p.Code), p.SeedSHA256}, {seriesKeySecret(p.Code), p.KeySHA256}}
		},
		doc: "a series of cards exists; commits the seed its cards are made from and the key of their check codes"}),
	register(entry[eventCreated]{name: TypeEventCreated, fold: (*State).applyEvent,
		doc: "the organiser described the day: schedule, prices, desks, draw mode and programme"}),
	register(entry[cardsStamped]{name: TypeCardsStamped, fold: (*State).applyStamp,
		decision: "cartes tamponnées (R9)",
		doc:      "cards stamped for the day, without which they do not play (R9)"}),
	register(entry[cardsVoided]{name: TypeCardsVoided, fold: (*State).applyVoid,
		doc: "cards voided by hand; no command writes it now, but the journals that hold it still replay"}),

	register(entry[personalKeyCreated]{name: TypePersonalKeyCreated, foldEvent: (*State).applyPersonalKey,
		secrets: func(p personalKeyCreated) []secretRef { return []secretRef{{personalKeySecret, p.KeySHA256}} },
		doc:     "the key of the personal records' hashes exists; commits it (P1)"}),
	register(entry[personalErased]{name: TypePersonalErased, fold: (*State).applyErased,
		decision: "effacement de données personnelles (P1)",
		erases:   func(p personalErased) []string { return p.Refs },
		doc:      "personal records erased, on request or at the purge: which ones and why, never what they held (P1)"}),

	register(entry[deskOpened]{name: TypeDeskOpened, fold: (*State).applyDeskOpened,
		doc: "a cash desk opened a session with its float"}),
	register(entry[deskClosed]{name: TypeDeskClosed, fold: (*State).applyDeskClosed,
		doc: "a cash desk closed its session with the money counted (its Z report)"}),
	register(entry[saleRecorded]{name: TypeSaleRecorded, fold: (*State).applySale,
		personal: func(p saleRecorded) []personalRef {
			if p.Payer == nil {
				return nil
			}
			return []personalRef{*p.Payer}
		},
		doc: "a desk sold cards; names a cheque payer's identity, kept beside the journal (R8)"}),
	register(entry[reservationCreated]{name: TypeReservationCreated, fold: (*State).applyReservation,
		secrets: func(p reservationCreated) []secretRef {
			if !p.NewKey {
				return nil
			}
			return []secretRef{{reservationKeySecret, p.KeySHA256}}
		},
		personal: func(p reservationCreated) []personalRef { return []personalRef{p.Holder} },
		doc:      "a reservation and its numbered tickets; names its holder; the first commits the key of the ticket codes"}),
	register(entry[ticketCrossed]{name: TypeTicketCrossed, fold: (*State).applyCrossing,
		doc: "the door crossed out a reservation ticket and gave its free card (R4)"}),
	register(entry[saleRefunded]{name: TypeSaleRefunded, foldEvent: (*State).applyRefund,
		decision: "remboursement",
		doc:      "a sale refunded in cash, its cards voided"}),
	register(entry[personExcluded]{name: TypePersonExcluded, foldEvent: (*State).applyExclusion,
		decision: "exclusion (R28)",
		doc:      "a person excluded: every card they hold voided, their sales refunded in the same batch (R28)"}),
	register(entry[eventPostponed]{name: TypeEventPostponed, fold: (*State).applyPostponed,
		decision: "report du loto (R29)",
		doc:      "the day postponed before its first game: sales stop, each one to be refunded (R29)"}),
	register(entry[breakStarted]{name: TypeBreakStarted, fold: (*State).applyBreakStarted,
		doc: "a pause in the games began, planned or not (R12)"}),
	register(entry[breakEnded]{name: TypeBreakEnded, foldEvent: (*State).applyBreakEnded,
		doc: "the pause ended"}),

	register(entry[gameStarted]{name: TypeGameStarted, fold: (*State).applyGameStarted,
		secrets: func(p gameStarted) []secretRef { return []secretRef{{gameSeedSecret(p.Game), p.SeedSHA256}} },
		doc:     "a game began; commits the seed its numbers and tie tokens are drawn from (R14)"}),
	register(entry[numberDrawn]{name: TypeNumberDrawn, fold: (*State).applyNumberDrawn,
		doc: "a number drawn by the software from the game's seed, or typed from the ball machine"}),
	register(entry[numberUndone]{name: TypeNumberUndone, fold: (*State).applyNumberUndone,
		decision: "numéro annulé",
		doc:      "the host took back the last number typed, with why"}),
	register(entry[gameCalled]{name: TypeGameCalled, fold: (*State).applyGameCalled,
		doc: "a player called out: the draw stops (R15)"}),
	register(entry[claimRegistered]{name: TypeClaimRegistered, fold: (*State).applyClaim,
		doc: "a card claimed the stage, a late one with its verdict at once (R21)"}),
	register(entry[controlStarted]{name: TypeControlStarted, fold: (*State).applyControl,
		doc: "the control judged the stage's claims: each card's verdict and read-out (R20)"}),
	register(entry[tieTokens]{name: TypeTieTokens, fold: (*State).applyTieTokens,
		doc: "the tied winners drew their tokens from the bag (R17)"}),
	register(entry[tieDeclined]{name: TypeTieDeclined, fold: (*State).applyTieDeclined,
		doc: "the tied winners of a voucher declined to share it (R18)"}),
	register(entry[prizeAwarded]{name: TypePrizeAwarded, fold: (*State).applyPrizeAwarded,
		doc: "the stage's prize awarded: its winners, tokens and shares (R17-R19, R25)"}),
	register(entry[rulingRecorded]{name: TypeRulingRecorded, fold: (*State).applyRuling,
		decision: "décision sur un litige (R27)",
		doc:      "a decision in a dispute, by whom and why; it may change a claim's verdict (R27)"}),
	register(entry[seedRevealed]{name: TypeSeedRevealed, fold: (*State).applyReveal,
		doc: "a game's seed revealed at its end, so that anyone can recompute its draws (R14)"}),
	register(entry[dayEnded]{name: TypeDayEnded, fold: (*State).applyDayEnded,
		decision: "journée close",
		doc:      "the day ended before its programme, with why"}),

	register(entry[journalRestored]{name: TypeJournalRestored, fold: (*State).applyRestored,
		doc: "a backup restored in the place of a journal that held events: the head it replaced"}),

	register(entry[DevicePaired]{name: TypeDevicePaired, fold: keptBeside[DevicePaired],
		secrets: func(p DevicePaired) []secretRef {
			return []secretRef{{DeviceCodeKeySecret(p.Device), p.CodeKeySHA256}}
		},
		doc: "the organiser paired a device with a role; commits the key of its pairing code's hash"}),
	register(entry[DeviceCodeUsed]{name: TypeDeviceCodeUsed, fold: keptBeside[DeviceCodeUsed],
		doc: "the device exchanged its pairing code for a token"}),
	register(entry[DeviceRevoked]{name: TypeDeviceRevoked, fold: keptBeside[DeviceRevoked],
		decision: "appareil révoqué",
		doc:      "the organiser revoked a device: its tokens stop working"}),

	register(entry[OrganiserPasswordSet]{name: TypeOrganiserPasswordSet, fold: keptBeside[OrganiserPasswordSet],
		secrets: func(p OrganiserPasswordSet) []secretRef {
			return []secretRef{{OrganiserPasswordSecret(p.Version), p.HashSHA256}}
		},
		doc: "a new version of the organiser's password; commits its hash"}),
	register(entry[SessionOpened]{name: TypeSessionOpened, fold: keptBeside[SessionOpened],
		doc: "the organiser logged in with the password"}),
	register(entry[SessionClosed]{name: TypeSessionClosed, fold: keptBeside[SessionClosed],
		doc: "the organiser logged out, or the browser was paired as a device"}),
}

// eventType is an entry of the catalogue, its columns read from any event
// of its type.
type eventType struct {
	name    string
	payload reflect.Type
	fold    func(*State, journal.Event) error
	// decision is the act in French of an event that records a decision of
	// the organiser or the host, as Decisions lists them; "" for the others.
	decision string
	// secrets names the secrets kept beside the journal that the event
	// creates, with the commitment it holds to each; nil when it creates none.
	secrets func(journal.Event) ([]secretRef, error)
	// personal names the personal records the event holds a reference
	// to, with their keyed hash (P1); nil when it names none.
	personal func(journal.Event) ([]personalRef, error)
	// erases names the personal records the event erases; nil when it erases none.
	erases func(journal.Event) ([]string, error)
	// doc says in one line what the event records, for docs/journal.md.
	doc string
}

// entry is an entry of the catalogue as written: its columns take the
// payload P itself, so that a column reading another type does not compile.
type entry[P any] struct {
	name string
	// fold folds the event with its payload decoded; foldEvent, set
	// instead, folds the event as it is: its fold reads no payload or
	// decodes it into its answer itself.
	fold      func(*State, journal.Event, P) error
	foldEvent func(*State, journal.Event) error
	decision  string
	secrets   func(P) []secretRef
	personal  func(P) []personalRef
	erases    func(P) []string
	doc       string
}

// register makes an entry of the catalogue, each column decoding the event's payload.
func register[P any](e entry[P]) eventType {
	return eventType{name: e.name, payload: reflect.TypeFor[P](), fold: folding(e),
		decision: e.decision, secrets: reading(e.secrets), personal: reading(e.personal), erases: reading(e.erases), doc: e.doc}
}

// folding is the fold of an entry, decoding the event's payload when the
// entry's fold takes it; nil when the entry has no fold.
func folding[P any](e entry[P]) func(*State, journal.Event) error {
	if e.fold == nil {
		return e.foldEvent
	}
	return func(st *State, ev journal.Event) error {
		p, err := decodeFor[P](ev)
		if err != nil {
			return err
		}
		return e.fold(st, ev, p)
	}
}

// reading reads an event's payload, decoded as P, with read; nil when read is.
func reading[P, R any](read func(P) R) func(journal.Event) (R, error) {
	if read == nil {
		return nil
	}
	return func(e journal.Event) (R, error) {
		p, err := decodeFor[P](e)
		if err != nil {
			var none R
			return none, err
		}
		return read(p), nil
	}
}

// eventTypes is the catalogue by type name.
var eventTypes = func() map[string]*eventType {
	m := make(map[string]*eventType, len(catalogue))
	for i := range catalogue {
		m[catalogue[i].name] = &catalogue[i]
	}
	return m
}()

// unknownType is the error of an event whose type the catalogue does not hold.
func unknownType(e journal.Event) error {
	return internalf(nil, "événement %d : type « %s » inconnu de cette version du programme : journal illisible", e.Seq, e.Type)
}
