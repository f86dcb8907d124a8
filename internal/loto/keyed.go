package loto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"loto/internal/card"
	"loto/internal/journal"
)

// The checks of the commands other than the sale (whose own is in
// sale.go): each tells its first attempt from another request made with
// the same key (sameRequest, beside runKeyed).

func sameDeskOpen(desk string, float Cents) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[deskOpened](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(st.deskName(desk) == p.Desk, "une autre caisse")
		d.check(float == p.Float, "un autre fond de caisse")
		return d.err(e, fmt.Sprintf("l'ouverture de la caisse « %s » (session %d, %s)", p.Desk, p.Session, hhmm(e.Time)))
	}
}

func sameDeskClose(req CloseRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[deskClosed](e)
		if err != nil {
			return err
		}
		pieces := func(count []Denomination) map[Cents]int {
			m := map[Cents]int{}
			for _, dn := range count {
				if dn.Count != 0 {
					m[dn.Cents] += dn.Count
				}
			}
			return m
		}
		sameCents := func(a, b *Cents) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
		var d diffs
		d.check(st.deskName(req.Desk) == p.Desk, "une autre caisse")
		d.check(fmt.Sprint(pieces(req.Count)) == fmt.Sprint(pieces(p.Count)) && sameCents(req.Card, p.Card) && sameCents(req.Cheque, p.Cheque), "un autre comptage")
		return d.err(e, fmt.Sprintf("la clôture de la caisse « %s » (session %d, %s)", p.Desk, p.Session, hhmm(e.Time)))
	}
}

func sameRefund(req RefundRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[saleRefunded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(req.Sale == p.Sale, "une autre vente")
		d.check(req.Reason == p.Reason, "une autre raison")
		d.check(strings.TrimSpace(req.Desk) == "" || st.deskName(req.Desk) == p.Desk, "une autre caisse")
		d.check(strings.TrimSpace(req.Note) == p.Note, "une autre note")
		return d.err(e, fmt.Sprintf("le remboursement n° %d (vente n° %d, %s)", p.ID, p.Sale, hhmm(e.Time)))
	}
}

func sameAdmission(door string, ticket TicketCode, serial card.Serial) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[ticketCrossed](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(st.ticketNumber(&ticket) == p.Number, "un autre billet")
		d.check(serial.String() == p.Card, "une autre carte gratuite")
		d.check(strings.TrimSpace(door) == p.Door, "une autre entrée")
		return d.err(e, fmt.Sprintf("l'entrée du billet n° %d (« %s », %s)", p.Number, p.Door, hhmm(e.Time)))
	}
}

func samePostponement(reason string) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[eventPostponed](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(reason == p.Reason, "une autre raison")
		return d.err(e, fmt.Sprintf("le report du loto (%s)", hhmm(e.Time)))
	}
}

// sameBreak: an empty label or no minutes take the schedule's, which any
// recorded break matches.
func sameBreak(label string, minutes int) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[breakStarted](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(label == "" || strings.EqualFold(label, p.Label), "une autre pause")
		d.check(minutes == 0 || minutes == p.Minutes, "une autre durée")
		return d.err(e, fmt.Sprintf("la pause « %s » (%s)", p.Label, hhmm(e.Time)))
	}
}

func sameClaim(serial card.Serial) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[claimRegistered](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(serial.String() == p.Serial, "une autre carte")
		return d.err(e, fmt.Sprintf("l'annonce n° %d (carte %s, %s)", p.Claim, p.Serial, hhmm(e.Time)))
	}
}

// sameDraw: a number typed from the ball machine must be the one recorded.
func sameDraw(typed card.Number) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[numberDrawn](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(typed == 0 && p.RNG || typed == p.Number && !p.RNG, "un autre numéro")
		return d.err(e, fmt.Sprintf("le tirage du %d (partie n° %d, %s)", p.Number, p.Game, hhmm(e.Time)))
	}
}

func sameTokens(typed []int) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[tieTokens](e)
		if err != nil {
			return err
		}
		drawn := make([]int, len(p.Tokens))
		for i, t := range p.Tokens {
			drawn[i] = t.Token
		}
		var d diffs
		d.check(typed == nil && p.RNG || !p.RNG && slices.Equal(typed, drawn), "d'autres pions")
		return d.err(e, fmt.Sprintf("le tirage des pions (partie n° %d, %s)", p.Game, hhmm(e.Time)))
	}
}

func sameRuling(r Ruling) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[rulingRecorded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(r.By == p.By && r.What == p.What && r.Why == p.Why && r.Claim == p.Claim && r.Verdict == p.Verdict &&
			(r.Game == 0 || r.Game == p.Game && r.Stage == p.Stage), "une autre décision")
		return d.err(e, fmt.Sprintf("la décision « %s » (partie n° %d, %s)", p.What, p.Game, hhmm(e.Time)))
	}
}

// sameCards: the same serials in any order, and the same reason.
func sameCards(serials []card.Serial, reason string) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[cardsStamped](e)
		if err != nil {
			return err
		}
		typed := make([]string, len(serials))
		for i, s := range serials {
			typed[i] = s.String()
		}
		var d diffs
		d.check(sameSet(typed, p.Cards), "d'autres cartes")
		d.check(reason == p.Reason, "une autre raison")
		return d.err(e, firstEvent(e))
	}
}

func sameSeries(spec SeriesSpec) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[seriesCreated](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(spec.Code == p.Code && spec.Cards == p.Cards && spec.Special == (p.Kind == Special) &&
			strings.TrimSpace(spec.Color) == p.Color && strings.TrimSpace(spec.Title) == p.Title, "une autre série")
		return d.err(e, fmt.Sprintf("la création de la série %s (%s)", p.Code, hhmm(e.Time)))
	}
}

func sameEvent(spec *EventSpec) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[eventCreated](e)
		if err != nil {
			return err
		}
		want, err1 := json.Marshal(spec)
		got, err2 := json.Marshal(p.Event)
		var d diffs
		d.check(p.Event != nil && err1 == nil && err2 == nil && bytes.Equal(want, got), "un autre fichier d'événement")
		return d.err(e, fmt.Sprintf("la création de l'événement du jour (%s)", hhmm(e.Time)))
	}
}

func sameEndDay(reason string) sameRequest {
	return func(st *State, e journal.Event) error {
		p, err := decodeFor[dayEnded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(reason == p.Reason, "une autre raison")
		return d.err(e, fmt.Sprintf("la clôture de la journée (%s)", hhmm(e.Time)))
	}
}
