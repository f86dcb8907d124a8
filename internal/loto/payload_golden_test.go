package loto

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
)

var update = flag.Bool("update", false, "rewrite the golden payloads in testdata/payload/")

// A journal keeps its payloads, hashed, for ever: a renamed or dropped
// field would make every past day's journal read differently. Each event
// type has a representative payload here, every field set, pinned by
// testdata/payload/TYPE.json. A change to a payload shows as a failure,
// and its -update as a diff of the golden file, never silently.

// payloadSamples returns a representative payload of every event type.
func payloadSamples(t *testing.T) map[string]any {
	t.Helper()
	token, share := 42, Cents(1500)
	byCard, byCheque := Cents(123456), Cents(7000)
	return map[string]any{
		TypeSeriesCreated: seriesCreated{Code: "A", Kind: Regular, Cards: 6000, Color: "jaune", Title: "Méga Loto",
			Generator: 1, SeedSHA256: strings.Repeat("ab", 32), KeySHA256: strings.Repeat("cd", 32), Rerolls: map[int]int{17: 1}, Simulated: true},
		TypeEventCreated: eventCreated{Event: sponsoredSpec(t), CreatedSeries: []string{"A", "V"}, Simulated: true},
		TypeCardsStamped: cardsStamped{Cards: []string{"A-000001-K7"}, Reason: "carte de remplacement"},
		TypeCardsVoided:  cardsVoided{Cards: []string{"A-000001-K7"}, Reason: "exclusion"},
		TypeGameStarted: gameStarted{Game: 1, Title: "Partie 1", Announce: "quine : bon d'achat de 30 €",
			SeedSHA256: strings.Repeat("ef", 32)},
		TypeNumberDrawn:  numberDrawn{Game: 1, Number: 17, RNG: true},
		TypeNumberUndone: numberUndone{Game: 1, Number: 17, Reason: "boule lue 71 au lieu de 17"},
		TypeGameCalled:   gameCalled{Game: 1, Stage: 2},
		TypeClaimRegistered: claimRegistered{Game: 1, Stage: 2, Claim: 3, Serial: "A-000001-K7", Call: true,
			Verdict: VerdictLate, Reason: "annonce après le début du contrôle"},
		TypeControlStarted: controlStarted{Game: 1, Stage: 2, Verdicts: []claimVerdict{{Claim: 3, Serial: "A-000001-K7",
			Verdict: VerdictMissedTurn, ReadOut: []card.Number{17, 4, 88}, Reason: "ligne complète depuis le n° 4"}}},
		TypeTieTokens: tieTokens{Game: 1, Stage: 2, Tie: "1/2", RNG: true,
			Tokens: []tieToken{{Claim: 3, Serial: "A-000001-K7", Token: 42}}},
		TypeTieDeclined: tieDeclined{Game: 1, Stage: 2},
		TypePrizeAwarded: prizeAwarded{Game: 1, Stage: 2, Draws: []int{17, 4, 88}, GameOver: true,
			Winners: []awardedWinner{{Serial: "A-000001-K7", Token: &token, Prize: "Bon d'achat de 30 €", ShareCents: &share, Consolation: true}}},
		TypeRulingRecorded: rulingRecorded{Game: 1, Stage: 2, By: RoleHost, Claim: 3, Verdict: VerdictWin,
			What: "carte reconnue gagnante", Why: "le contrôleur a mal lu", Warning: "carte déjà annoncée"},
		TypeSeedRevealed:    seedRevealed{Game: 1, Seed: strings.Repeat("01", 32), CutShort: true},
		TypeDayEnded:        dayEnded{Reason: "coupure de courant"},
		TypeJournalRestored: journalRestored{Replaced: journal.Anchor{Seq: 57, Hash: strings.Repeat("9a", 32)}, Games: 1},

		TypeDeskOpened: deskOpened{Desk: "caisse-1", Session: 1, Float: 15000},
		TypeDeskClosed: deskClosed{Desk: "caisse-1", Session: 1, Count: []Denomination{{Cents: 2000, Count: 7}},
			Cash: 14000, Card: &byCard, Cheque: &byCheque},
		TypeSaleRecorded: saleRecorded{ID: 1, Desk: "caisse-1", Session: 1, Cards: []string{"A-000001-K7"}, Regular: 1, Special: 1,
			Bundles: []Bundle{{Kind: Regular, Cards: 1, Cents: 500, Times: 1}}, Total: 500,
			Payments: []Payment{{Method: Cheque, Cents: 1000}}, Change: 500, Payer: &personalRef{Ref: "sale/1", MAC: strings.Repeat("45", 32)},
			Ticket: 1, Hint: "une plaque de 6 coûte moins", Warnings: []string{"ne joue pas la partie 3"},
			TakenAt: time.Date(2025, 3, 15, 14, 5, 0, 0, time.UTC)},
		TypeReservationCreated: reservationCreated{Reservation: 1, Holder: personalRef{Ref: "reservation/1", MAC: strings.Repeat("67", 32)},
			First: 1, Tickets: 2, NewKey: true, KeySHA256: strings.Repeat("23", 32)},
		TypeTicketCrossed: ticketCrossed{Number: 1, Reservation: 1, Door: "entrée principale",
			Card: "A-000002-M3", Warnings: []string{"carte gratuite émise pendant une partie"}},
		TypePersonalKeyCreated: personalKeyCreated{KeySHA256: strings.Repeat("89", 32)},
		TypePersonalErased: personalErased{Refs: []string{"reservation/1"}, Reservation: 1, Sale: 1, Purge: true,
			Why: "demande de la personne"},
		TypeSaleRefunded: saleRefunded{ID: 1, Sale: 1, Reason: RefundExclusion, Desk: "caisse-1", Session: 1, Cents: 500,
			Cards: []string{"A-000001-K7"}, FreeCards: []string{"A-000002-M3"}, Note: "perturbe le jeu"},
		TypePersonExcluded: personExcluded{ID: 1, Why: "perturbe le jeu", Tickets: []int{1}, Sales: []int{1, 2}, Refunds: []int{3},
			Desk: "caisse-1", Cents: 500, Cards: []string{"A-000001-K7", "A-000002-M3"}},
		TypeEventPostponed: eventPostponed{Reason: "salle inondée"},
		TypeBreakStarted:   breakStarted{Label: "pause repas", Minutes: 75, Scheduled: 1},
		TypeBreakEnded:     breakEnded{},

		TypeDevicePaired: DevicePaired{Device: 1, Name: "tablette caisse 1", Role: RoleCashier, Desk: "caisse-1",
			TokenSHA256: strings.Repeat("a1", 32), CodeHMAC: strings.Repeat("b2", 32), CodeKeySHA256: strings.Repeat("c3", 32),
			CodeExpires: time.Date(2025, 3, 16, 9, 15, 0, 0, time.UTC)},
		TypeDeviceCodeUsed:       DeviceCodeUsed{Device: 1, TokenSHA256: strings.Repeat("d4", 32)},
		TypeDeviceRevoked:        DeviceRevoked{Device: 1, Why: "tablette perdue"},
		TypeSessionOpened:        SessionOpened{TokenSHA256: strings.Repeat("e5", 32), Expires: time.Date(2026, 3, 14, 2, 0, 0, 0, time.UTC)},
		TypeSessionClosed:        SessionClosed{TokenSHA256: strings.Repeat("e5", 32)},
		TypeOrganiserPasswordSet: OrganiserPasswordSet{Version: 2, HashSHA256: strings.Repeat("e5", 32)},
	}
}

func TestPayloadsMatchTheirGoldenFiles(t *testing.T) {
	samples := payloadSamples(t)
	for typ := range eventTypes {
		if _, there := samples[typ]; !there {
			t.Errorf("event type %s has no sample payload in payloadSamples", typ)
		}
	}
	types := make([]string, 0, len(samples))
	for typ := range samples {
		types = append(types, typ)
	}
	sort.Strings(types)
	for _, typ := range types {
		t.Run(typ, func(t *testing.T) {
			sample := samples[typ]
			// The golden file pins the payload the catalogue decodes.
			if et := eventTypes[typ]; et == nil || reflect.TypeOf(sample) != et.payload {
				t.Fatalf("the sample is a %T, not the payload the catalogue holds for %s", sample, typ)
			}
			if unset := unsetFields(reflect.ValueOf(sample), ""); len(unset) > 0 {
				t.Fatalf("the sample leaves %s unset: give every field a value, so the golden file shows it", strings.Join(unset, ", "))
			}
			got, err := json.MarshalIndent(sample, "", "  ")
			ok(t, err)
			got = append(got, '\n')
			golden := filepath.Join("testdata", "payload", typ+".json")
			if *update {
				ok(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				ok(t, os.WriteFile(golden, got, 0o644))
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/loto -run %s -update to create it)", err, t.Name())
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("the payload of %s differs from %s: a journal keeps its payloads for ever, so a renamed "+
					"or dropped field breaks the days already recorded (rerun with -update only for a new field):\n--- got\n%s",
					typ, golden, got)
			}
			// The golden payload reads back into the type with no field left over.
			back := reflect.New(reflect.TypeOf(sample))
			dec := json.NewDecoder(bytes.NewReader(want))
			dec.DisallowUnknownFields()
			if err := dec.Decode(back.Interface()); err != nil {
				t.Fatalf("%s does not read back: %v", golden, err)
			}
			if !reflect.DeepEqual(back.Elem().Interface(), sample) {
				t.Fatalf("%s reads back as %+v, want %+v", golden, back.Elem().Interface(), sample)
			}
		})
	}
}

// unsetFields lists the fields of a payload left at their zero value,
// through nested structs, pointers, the first element of slices and maps.
// The event's own spec (the organiser's file) is pinned as the example
// day's file gives it.
func unsetFields(v reflect.Value, path string) []string {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return []string{path}
		}
		if _, spec := v.Interface().(*EventSpec); spec {
			return nil
		}
		return unsetFields(v.Elem(), path)
	case reflect.Slice, reflect.Map:
		if v.Len() == 0 {
			return []string{path}
		}
		if v.Kind() == reflect.Slice {
			return unsetFields(v.Index(0), path+"[0]")
		}
		return nil
	case reflect.Struct:
		var out []string
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			name := f.Name
			if path != "" {
				name = path + "." + name
			}
			if f.Anonymous {
				name = path
			}
			out = append(out, unsetFields(v.Field(i), name)...)
		}
		return out
	}
	if v.IsZero() {
		return []string{path}
	}
	return nil
}

// sponsoredSpec is the example day with a logo for its first prize's sponsor.
func sponsoredSpec(t *testing.T) *EventSpec {
	spec := eventSpec(t, megaLoto(t))
	spec.Logos = []Logo{{SHA256: strings.Repeat("5a", 32), Type: "image/png", Data: []byte("\x89PNG\r\n\x1a\n")}}
	spec.Programme[0].Stages[0].Prize.Sponsor = &Sponsor{Name: "Boulangerie Martin", Logo: spec.Logos[0].SHA256}
	return spec
}
