package loto

import (
	"context"
	"crypto/hmac"
	"errors"
	"fmt"

	"loto/internal/journal"
)

// PersonalCheck is what became of the day's personal records (P1).
type PersonalCheck struct {
	Kept     int      // present and matching their hash
	Erased   int      // erased by an erasure in the journal
	Problems []string // in French: each record altered, gone without an erasure, or erased yet present
}

// CheckPersonal reads the whole journal and checks every personal record
// its events name against the keyed hash they hold: an altered record, one
// gone without an erasure in the journal, or one still there after its
// erasure means someone worked behind the program's back. It reads only the
// events the catalogue says key, name or erase records, so it runs on any
// journal.
func CheckPersonal(ctx context.Context, s journal.Store) (PersonalCheck, error) {
	var refs []personalRef
	erased := map[string]bool{}
	keyed := false
	var last int64
	err := s.Read(ctx, 1, func(e journal.Event) error {
		last = e.Seq
		t, known := eventTypes[e.Type]
		if !known {
			return nil
		}
		for _, ref := range secretsOf(e) {
			keyed = keyed || ref.name == personalKeySecret
		}
		if t.personal != nil {
			held, err := t.personal(e)
			if err != nil {
				return err
			}
			refs = append(refs, held...)
		}
		if t.erases != nil {
			gone, err := t.erases(e)
			if err != nil {
				return err
			}
			for _, ref := range gone {
				erased[ref] = true
			}
		}
		return nil
	})
	if err != nil {
		return PersonalCheck{}, err
	}
	records, err := s.Personal(ctx, 1, last)
	if err != nil {
		return PersonalCheck{}, internalf(err, "lecture des données personnelles")
	}
	var key []byte
	if keyed {
		if key, err = s.Secret(ctx, personalKeySecret); err != nil && !errors.Is(err, journal.ErrNotFound) {
			return PersonalCheck{}, internalf(err, "lecture de la clé des données personnelles")
		}
	}
	var c PersonalCheck
	for _, ref := range refs {
		rec, present := records[ref.Ref]
		switch {
		case erased[ref.Ref] && present:
			c.Problems = append(c.Problems, fmt.Sprintf("donnée personnelle %s effacée au journal mais encore présente (P1)", ref.Ref))
		case erased[ref.Ref]:
			c.Erased++
		case !present:
			c.Problems = append(c.Problems, fmt.Sprintf("donnée personnelle %s absente sans effacement au journal (P1)", ref.Ref))
		case key == nil || !hmac.Equal([]byte(personalMAC(key, rec)), []byte(ref.MAC)):
			c.Problems = append(c.Problems, fmt.Sprintf("donnée personnelle %s altérée : son empreinte ne correspond plus (P1)", ref.Ref))
		default:
			c.Kept++
		}
	}
	return c, nil
}
