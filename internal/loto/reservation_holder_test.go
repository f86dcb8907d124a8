package loto

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// specsOf reads lines "name;contact;tickets" as the CSV reader (eventfile)
// does for these plain ones: numbered from 1, a first line "nom;..."
// naming the columns, no tickets for 1.
func specsOf(text string) []ReservationSpec {
	var specs []ReservationSpec
	for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		f := strings.Split(l, ";")
		if i == 0 && f[0] == "nom" {
			continue
		}
		n := 1
		if f[2] != "" {
			n, _ = strconv.Atoi(f[2])
		}
		specs = append(specs, ReservationSpec{Name: f[0], Contact: f[1], Tickets: n, Line: i + 1})
	}
	return specs
}

func TestReservation_ImportTwiceRefusedUnlessAgain(t *testing.T) {
	first := "nom;contact;billets\nMarie Dupont;06 12 34 56 78;2\nPaul;paul@example.fr;1\nJeanne;;1\n"
	tests := []struct {
		name string
		file string
		say  []string // empty: the second list is recorded
	}{
		{"the same file again", first, []string{"3 titulaires ont déjà une réservation", "ligne 2 : Marie Dupont, 06 12 34 56 78 a déjà la réservation n° 1",
			"ligne 3 : Paul, paul@example.fr a déjà la réservation n° 2", "ligne 4 : Jeanne a déjà la réservation n° 3"}},
		{"written otherwise", "Paul;PAUL@example.fr;1\nLuc;;1\nmarie  DUPONT;+33 6 12 34 56 78;1\n",
			[]string{"2 titulaires ont", "ligne 1 : Paul", "ligne 3 : marie DUPONT", "réservation n° 1"}},
		{"one holder among new ones", "Luc;;1\nJeanne;;2\n", []string{"1 titulaire a déjà", "ligne 2 : Jeanne a déjà la réservation n° 3"}},
		{"same name, another contact", "Marie Dupont;marie@example.fr;1\nPaul;06 00 00 00 00;1\nJeanne;jeanne@example.fr;1\n", nil},
		{"another name, same contact", "Marie Durand;06 12 34 56 78;1\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, store := entranceDay(t)
			ctx := context.Background()
			_, err := d.ImportReservations(ctx, org("org"), specsOf(first))
			ok(t, err)
			again := specsOf(tt.file)
			before := store.count()
			rs, err := d.ImportReservations(ctx, org("org"), again)
			if len(tt.say) == 0 {
				ok(t, err)
				if len(rs) != len(again) {
					t.Fatalf("imported %d of %d", len(rs), len(again))
				}
				return
			}
			wantCode(t, err, EConflict)
			if !errors.Is(err, ErrAlreadyReserved) {
				t.Fatalf("refusal %v is not ErrAlreadyReserved", err)
			}
			for _, say := range tt.say {
				if !strings.Contains(ErrorMessage(err), say) {
					t.Fatalf("refusal %q does not say %q", ErrorMessage(err), say)
				}
			}
			nothingWritten(t, store, before)
			// Asked for, the list is imported again, whole.
			rs, err = d.ImportReservationsAgain(ctx, org("org"), again)
			ok(t, err)
			if len(rs) != len(again) || rs[0].ID != 4 {
				t.Fatalf("imported again: %+v", rs)
			}
		})
	}
}

func TestReservation_AddedByHandForAHolderWhoHasOne(t *testing.T) {
	d, _ := entranceDay(t)
	ctx := context.Background()
	for i := range 2 {
		r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Contact: "06 12 34 56 78", Tickets: 1})
		ok(t, err)
		if r.ID != i+1 {
			t.Fatalf("reservation %d: %+v", i+1, r)
		}
	}
}

func TestReservation_NameContainsIgnoresCaseAndAccents(t *testing.T) {
	r := Reservation{Name: "Hélène Lefèvre-Çelik"}
	tests := []struct {
		name, text string
		want       bool
	}{
		{"exact", "Hélène", true},
		{"lower case without accents", "lefevre", true},
		{"upper case with accents", "HÉLÈNE LEF", true},
		{"cedilla left off", "celik", true},
		{"a hyphen typed as a space", "lefevre celik", true},
		{"combining mark folded", "He\u0301le\u0300ne", true},
		{"spaces around", "  helene  ", true},
		{"empty matches all", "", true},
		{"another name", "Dupont", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.NameContains(tt.text); got != tt.want {
				t.Fatalf("NameContains(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

// TestReservation_MatchesTheOrganisersSearch: the organiser finds a
// reservation by the holder's name, the digits of the phone (+33 as 0, at
// least three), the e-mail, its number or a ticket's code; an erased
// holder (P1) is found by none of them.
func TestReservation_MatchesTheOrganisersSearch(t *testing.T) {
	r := Reservation{ID: 12, Name: "Hélène Lefèvre", Contact: "+33 6 12 34 56 78",
		Tickets: []Ticket{{Code: "B-0042-K7"}}}
	mail := Reservation{ID: 3, Name: "Paul Martin", Contact: "Paul@Example.fr"}
	tests := []struct {
		name string
		r    Reservation
		q    string
		want bool
	}{
		{"the name, without accents", r, "lefevre", true},
		{"digits of the phone, as 06", r, "06 12", true},
		{"digits of the phone, as +33", r, "+33 6 12 34", true},
		{"digits in the middle", r, "345", true},
		{"two digits are too few", r, "56", false},
		{"its number", r, "12", true},
		{"another number", r, "13", false},
		{"a ticket's code, in any case", r, " b-0042-k7 ", true},
		{"the e-mail, in any case", mail, "paul@example.FR", true},
		{"a part of the e-mail without @", mail, "example", false},
		{"the empty search", r, "  ", true},
		{"another name", r, "Dupont", false},
		{"erased, by its old name", Reservation{ID: 12, Name: "effacé", Personal: PersonalErased, Tickets: r.Tickets}, "B-0042-K7", false},
		{"erased, by the empty search", Reservation{ID: 12, Name: "effacé", Personal: PersonalErased}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Matches(tt.q); got != tt.want {
				t.Fatalf("Matches(%q) = %v, want %v", tt.q, got, tt.want)
			}
		})
	}
}
