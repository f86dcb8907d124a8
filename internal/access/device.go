package access

import (
	"sort"
	"strings"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// A device (the host's laptop, a controller's phone, a desk's tablet, the
// door's phone, the board's projector) is paired by the organiser with one
// role. Pairing gives it a bearer token for API clients and a short code
// that a browser exchanges, once, for a token of its own. Neither the
// tokens nor the code are ever stored: the journal keeps the SHA-256 of
// each token and a keyed hash of the code (see code.go).

// Device is a device paired with a role, as the organiser's list shows it:
// no token, no code.
type Device struct {
	ID          int        `json:"id"`
	Name        string     `json:"name"`
	Role        loto.Role  `json:"role"`
	Desk        string     `json:"desk,omitempty"` // a cashier's desk
	PairedAt    time.Time  `json:"paired_at"`
	PairedBy    string     `json:"paired_by"`
	CodeExpires time.Time  `json:"code_expires"`
	CodeUsed    bool       `json:"code_used"` // the pairing code was exchanged for a token
	RevokedAt   *time.Time `json:"revoked_at,omitempty"`
	RevokedBy   string     `json:"revoked_by,omitempty"`
	Why         string     `json:"why,omitempty"` // why it was revoked
}

// Actor is who the device acts as: its name, its role and, for a cashier, its desk.
func (v Device) Actor() loto.Actor { return loto.Actor{Name: v.Name, Role: v.Role, Desk: v.Desk} }

// Revoked says whether the organiser revoked the device.
func (v Device) Revoked() bool { return v.RevokedAt != nil }

// deviceRecord is a device with what the state keeps to check its
// credentials.
type deviceRecord struct {
	Device
	codeHMAC string
	codeKey  []byte
}

// deviceBook is the book's part of the devices.
type deviceBook struct {
	list    []*deviceRecord // by id - 1
	byToken map[string]int  // hex SHA-256 of a token -> device id
}

// get is the device numbered id, or nil.
func (b *deviceBook) get(id int) *deviceRecord {
	if id < 1 || id > len(b.list) {
		return nil
	}
	return b.list[id-1]
}

// active is the unrevoked device named name (any case), or nil.
func (b *deviceBook) active(name string) *deviceRecord {
	for _, r := range b.list {
		if !r.Revoked() && sameName(r.Name, name) {
			return r
		}
	}
	return nil
}

func (b *Book) devicePaired(st *loto.State, e journal.Event, p loto.DevicePaired) error {
	if p.Device != len(b.devices.list)+1 {
		return broken(e, "appareil n° %d après %d", p.Device, len(b.devices.list))
	}
	r := &deviceRecord{
		Device: Device{ID: p.Device, Name: p.Name, Role: p.Role, Desk: p.Desk, PairedAt: e.Time,
			PairedBy: loto.ActorName(e.Actor), CodeExpires: p.CodeExpires},
		codeHMAC: p.CodeHMAC,
		codeKey:  st.Secret(loto.DeviceCodeKeySecret(p.Device)),
	}
	b.devices.list = append(b.devices.list, r)
	return b.devices.addToken(e, p.Device, p.TokenSHA256)
}

func (b *Book) deviceCodeUsed(st *loto.State, e journal.Event, p loto.DeviceCodeUsed) error {
	r := b.devices.get(p.Device)
	if r == nil || r.CodeUsed {
		return broken(e, "code d'appairage de l'appareil n° %d inconnu ou déjà utilisé", p.Device)
	}
	r.CodeUsed = true
	return b.devices.addToken(e, p.Device, p.TokenSHA256)
}

func (b *Book) deviceRevoked(st *loto.State, e journal.Event, p loto.DeviceRevoked) error {
	r := b.devices.get(p.Device)
	if r == nil || r.Revoked() {
		return broken(e, "appareil n° %d inconnu ou déjà révoqué", p.Device)
	}
	at := e.Time
	r.RevokedAt, r.RevokedBy, r.Why = &at, loto.ActorName(e.Actor), p.Why
	return nil
}

// sameName says whether two names are one, as people type them.
func sameName(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

// addToken records a token's hash for device id.
func (b *deviceBook) addToken(e journal.Event, id int, hash string) error {
	if _, dup := b.byToken[hash]; dup || len(hash) != 64 {
		return broken(e, "empreinte de jeton invalide ou déjà connue")
	}
	b.byToken[hash] = id
	return nil
}

// Devices lists every device paired today, revoked ones included, by id:
// never a token nor a code.
func (b *Book) Devices() []Device {
	var out []Device
	b.day.View(func(*loto.State) {
		out = make([]Device, 0, len(b.devices.list))
		for _, r := range b.devices.list {
			out = append(out, r.Device)
		}
	})
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// DeviceByToken finds the device a bearer token was given to: an unknown
// token is ENotFound, a revoked device's EForbidden, both in French. The
// token is looked up by its SHA-256: what a lookup's timing could tell is
// about the hash of a 256-bit random token, which does not help to guess
// one, so the map is safe where a compare of the token itself would not
// be. It answers from the book: a revocation appended by another process
// counts once the Day has caught up (Refresh, or the server following the
// journal's tail).
func (b *Book) DeviceByToken(token string) (Device, error) {
	if token == "" || len(token) > maxTokenLen {
		return Device{}, loto.Errorf(loto.ENotFound, "jeton d'appareil inconnu")
	}
	h := sha256Hex([]byte(token))
	var r *deviceRecord
	var v Device
	b.day.View(func(*loto.State) {
		if r = b.devices.get(b.devices.byToken[h]); r != nil {
			v = r.Device
		}
	})
	switch {
	case r == nil:
		return Device{}, loto.Errorf(loto.ENotFound, "jeton d'appareil inconnu")
	case v.Revoked():
		return Device{}, loto.Errorf(loto.EForbidden, "l'appareil « %s » a été révoqué par l'organisateur", v.Name)
	}
	return v, nil
}
