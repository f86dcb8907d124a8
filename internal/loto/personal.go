package loto

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"loto/internal/journal"
)

// Personal data (P1): a reservation holder's name and contact, a cheque
// payer's identity document and cheque number. None of it goes into an
// event: each record is stored beside the journal (journal.Draft.Personal)
// under a reference, and the event holds the reference with a keyed hash of
// the record, so that an edited record is detected when read and an erased
// one is known to have existed, while the chain verifies with or without it.
//
// The hash is an HMAC-SHA256 under the day's personal key (a secret), over
// the record's bytes, which start with 16 random bytes of salt: once the
// record is erased, nobody can find a phone number or a name back from the
// hash by trying them all, key in hand or not.

// TypePersonalKeyCreated is the event that stores the key of the personal
// records' hashes, in the batch of the first record of the day.
const TypePersonalKeyCreated = "personal.key.created"

// TypePersonalErased records an erasure: which records, why; never their content.
const TypePersonalErased = "personal.erased"

// personalKeySecret names the key of the personal records' hashes.
const personalKeySecret = "day/personal-key"

// personalRef is what an event holds of a personal record.
type personalRef struct {
	Ref string `json:"ref"`
	MAC string `json:"hmac"` // hex HMAC-SHA256(personal key, record)
}

type (
	// personalKeyCreated is the payload of TypePersonalKeyCreated: the key
	// itself is a secret, committed to here.
	personalKeyCreated struct {
		KeySHA256 string `json:"key_sha256"`
	}
	// personalErased is the payload of TypePersonalErased.
	personalErased struct {
		Refs        []string `json:"refs"`
		Reservation int      `json:"reservation,omitempty"` // the holder who asked, for an erasure on request
		Sale        int      `json:"sale,omitempty"`        // the cheque payer who asked
		Purge       bool     `json:"purge,omitempty"`       // every record of a day that is over
		Why         string   `json:"why"`
	}
	// holderRecord is a reservation holder's personal data.
	holderRecord struct {
		Salt    string `json:"salt"`
		Name    string `json:"name"`
		Contact string `json:"contact,omitempty"`
	}
	// payerRecord is a cheque payer's personal data (R8).
	payerRecord struct {
		Salt     string   `json:"salt"`
		Identity Identity `json:"identity"`
		Cheque   string   `json:"cheque"`
	}
)

// PersonalState says what became of a personal record: "" while it is there.
type PersonalState string

// The states of a personal record that is not there to be read.
const (
	PersonalErased  PersonalState = "erased"  // erased on request or by the purge (P1)
	PersonalAltered PersonalState = "altered" // its hash does not match: edited behind the program's back
	PersonalMissing PersonalState = "missing" // gone without an erasure in the journal
)

// French is what lists, reports and the door show in place of the data.
func (s PersonalState) French() string {
	switch s {
	case PersonalErased:
		return "effacé"
	case PersonalAltered:
		return "altéré"
	case PersonalMissing:
		return "absent"
	}
	return string(s)
}

func reservationRef(id int) string { return fmt.Sprintf("reservation/%d", id) }
func saleRef(id int) string        { return fmt.Sprintf("sale/%d", id) }

// privacy is the state's part of the personal records: whether the key
// exists, the records handed over for the events being applied, and what
// became of each reference met.
type privacy struct {
	keyed   bool
	pending map[string][]byte        // records the Day read for the events it applies
	refs    []string                 // every reference, in the order of its event
	state   map[string]PersonalState // by reference; "" while the record is there
	erasure map[string]int64         // the erasing event of each erased reference
}

func newPrivacy() *privacy {
	return &privacy{state: map[string]PersonalState{}, erasure: map[string]int64{}}
}

// givePersonal hands the state the records stored with the events it is
// about to apply.
func (st *State) givePersonal(records map[string][]byte) { st.priv.pending = records }

// sealer makes the personal records of one command under the day's
// personal key; it draws the key when the day has none yet, and its event
// then opens the command's batch.
type sealer struct {
	d      *Day
	key    []byte
	opener *journal.Draft // the key's event, for the day's first record
}

// sealer returns the sealer of a command checked against st.
func (d *Day) sealer(st *State, actor Actor) (*sealer, error) {
	if st.priv.keyed {
		k := st.secrets[personalKeySecret]
		if k == nil {
			return nil, internalf(nil, "clé des données personnelles absente")
		}
		return &sealer{d: d, key: k}, nil
	}
	k, err := d.randomBytes(32)
	if err != nil {
		return nil, err
	}
	dr, err := draft(actor, TypePersonalKeyCreated, personalKeyCreated{KeySHA256: sha256Hex(k)})
	if err != nil {
		return nil, err
	}
	dr.Secrets = map[string][]byte{personalKeySecret: k}
	return &sealer{d: d, key: k, opener: &dr}, nil
}

// seal draws a salt, builds the record with it and returns the reference
// for the event's payload and the record's bytes for Draft.Personal.
func (s *sealer) seal(ref string, build func(salt string) any) (personalRef, []byte, error) {
	salt, err := s.d.randomBytes(16)
	if err != nil {
		return personalRef{}, nil, err
	}
	b, err := json.Marshal(build(hex.EncodeToString(salt)))
	if err != nil {
		return personalRef{}, nil, internalf(err, "encodage d'une donnée personnelle")
	}
	return personalRef{Ref: ref, MAC: personalMAC(s.key, b)}, b, nil
}

// batch puts the key's event, if the command drew the key, before the
// command's drafts, and returns them with the new index of the main one.
func (s *sealer) batch(drafts []journal.Draft, main int) ([]journal.Draft, int) {
	if s.opener == nil {
		return drafts, main
	}
	return append([]journal.Draft{*s.opener}, drafts...), main + 1
}

func personalMAC(key, record []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write(record)
	return hex.EncodeToString(m.Sum(nil))
}

// openPersonal reads into rec the record of ref that the Day handed over
// with its event, checking its hash, and notes what became of it: ""
// when read, PersonalAltered when its hash or content is wrong,
// PersonalMissing when it is not there (an erasure later in the journal
// makes it PersonalErased).
func (st *State) openPersonal(e journal.Event, ref personalRef, rec any) (PersonalState, error) {
	p := st.priv
	if _, dup := p.state[ref.Ref]; dup || ref.Ref == "" {
		return "", internalf(nil, "événement %d : référence de donnée personnelle %q déjà vue ou vide", e.Seq, ref.Ref)
	}
	p.refs = append(p.refs, ref.Ref)
	b, ok := p.pending[ref.Ref]
	var s PersonalState
	switch key := st.secrets[personalKeySecret]; {
	case !ok:
		s = PersonalMissing
	case key == nil || !hmac.Equal([]byte(personalMAC(key, b)), []byte(ref.MAC)) || json.Unmarshal(b, rec) != nil:
		s = PersonalAltered
	}
	p.state[ref.Ref] = s
	return s, nil
}

func (st *State) applyPersonalKey(e journal.Event) error {
	if st.priv.keyed {
		return internalf(nil, "événement %d : clé des données personnelles déjà créée", e.Seq)
	}
	st.priv.keyed = true
	return nil
}

// applyErased forgets the erased records wherever the state shows them.
func (st *State) applyErased(e journal.Event, p personalErased) error {
	for _, ref := range p.Refs {
		if s, known := st.priv.state[ref]; !known || s == PersonalErased {
			return internalf(nil, "événement %d : donnée personnelle %q inconnue ou déjà effacée", e.Seq, ref)
		}
		st.priv.state[ref] = PersonalErased
		st.priv.erasure[ref] = e.Seq
		st.showPersonal(ref, PersonalErased)
	}
	return nil
}

// showPersonal puts s in place of the data of ref in the reservation or the
// sale that holds it.
func (st *State) showPersonal(ref string, s PersonalState) {
	var id int
	if _, err := fmt.Sscanf(ref, "reservation/%d", &id); err == nil && id >= 1 && id <= len(st.ent.reservations) {
		r := st.ent.reservations[id-1]
		r.Name, r.Contact, r.Personal = s.French(), "", s
	} else if _, err := fmt.Sscanf(ref, "sale/%d", &id); err == nil && id >= 1 && id <= len(st.ent.sales) {
		sl := st.ent.sales[id-1]
		sl.Identity, sl.Cheque, sl.Personal = nil, "", s
	}
}
