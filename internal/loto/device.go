package loto

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"loto/internal/journal"
)

// A device (the host's laptop, a controller's phone, a desk's tablet, the
// door's phone, the board's projector) is paired by the organiser with one
// role. Pairing gives it a bearer token for API clients and a short code
// that a browser exchanges, once, for a token of its own. Neither the
// tokens nor the code are ever stored: the journal keeps the SHA-256 of
// each token and a keyed hash of the code (see device_code.go).

// Event types of the devices.
const (
	TypeDevicePaired   = "device.paired"    // the organiser paired a device with a role
	TypeDeviceCodeUsed = "device.code.used" // the device exchanged its pairing code for a token
	TypeDeviceRevoked  = "device.revoked"   // the organiser revoked a device: its tokens stop working
)

// deviceCodeKeySecret names the key of a device's pairing-code hash.
func deviceCodeKeySecret(id int) string { return "device/" + strconv.Itoa(id) + "/code-key" }

// Payloads of the device events: hashes only, never a token or a code.
type (
	devicePaired struct {
		Device        int       `json:"device"`
		Name          string    `json:"name"`
		Role          Role      `json:"role"`
		Desk          string    `json:"desk,omitempty"`
		TokenSHA256   string    `json:"token_sha256"`    // hex SHA-256 of the bearer token
		CodeHMAC      string    `json:"code_hmac"`       // hex HMAC-SHA256 of the pairing code under the code key
		CodeKeySHA256 string    `json:"code_key_sha256"` // commitment to the code key, a secret
		CodeExpires   time.Time `json:"code_expires"`
	}
	deviceCodeUsed struct {
		Device      int    `json:"device"`
		TokenSHA256 string `json:"token_sha256"` // the token the code was exchanged for
	}
	deviceRevoked struct {
		Device int    `json:"device"`
		Why    string `json:"why"`
	}
)

// Device is a device paired with a role, as the organiser's list shows it:
// no token, no code.
type Device struct {
	ID          int        `json:"id"`
	Name        string     `json:"name"`
	Role        Role       `json:"role"`
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
func (v Device) Actor() Actor { return Actor{Name: v.Name, Role: v.Role, Desk: v.Desk} }

// Revoked says whether the organiser revoked the device.
func (v Device) Revoked() bool { return v.RevokedAt != nil }

// deviceRecord is a device with what the state keeps to check its
// credentials.
type deviceRecord struct {
	Device
	codeHMAC string
	codeKey  []byte
}

// deviceBook is the state's part of the devices.
type deviceBook struct {
	list    []*deviceRecord // by id - 1
	byToken map[string]int  // hex SHA-256 of a token -> device id
}

func newDeviceBook() *deviceBook { return &deviceBook{byToken: map[string]int{}} }

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

func (st *State) applyDevicePaired(e journal.Event, p devicePaired) error {
	if p.Device != len(st.devices.list)+1 {
		return internalf(nil, "événement %d : appareil n° %d après %d", e.Seq, p.Device, len(st.devices.list))
	}
	r := &deviceRecord{
		Device: Device{ID: p.Device, Name: p.Name, Role: p.Role, Desk: p.Desk, PairedAt: e.Time,
			PairedBy: actorName(e.Actor), CodeExpires: p.CodeExpires},
		codeHMAC: p.CodeHMAC,
		codeKey:  st.secrets[deviceCodeKeySecret(p.Device)],
	}
	st.devices.list = append(st.devices.list, r)
	return st.devices.addToken(e, p.Device, p.TokenSHA256)
}

func (st *State) applyDeviceCodeUsed(e journal.Event, p deviceCodeUsed) error {
	r := st.devices.get(p.Device)
	if r == nil || r.CodeUsed {
		return internalf(nil, "événement %d : code d'appairage de l'appareil n° %d inconnu ou déjà utilisé", e.Seq, p.Device)
	}
	r.CodeUsed = true
	return st.devices.addToken(e, p.Device, p.TokenSHA256)
}

func (st *State) applyDeviceRevoked(e journal.Event, p deviceRevoked) error {
	r := st.devices.get(p.Device)
	if r == nil || r.Revoked() {
		return internalf(nil, "événement %d : appareil n° %d inconnu ou déjà révoqué", e.Seq, p.Device)
	}
	at := e.Time
	r.RevokedAt, r.RevokedBy, r.Why = &at, actorName(e.Actor), p.Why
	return nil
}

// sameName says whether two names are one, as people type them.
func sameName(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

// addToken records a token's hash for device id.
func (b *deviceBook) addToken(e journal.Event, id int, hash string) error {
	if _, dup := b.byToken[hash]; dup || len(hash) != 64 {
		return internalf(nil, "événement %d : empreinte de jeton invalide ou déjà connue", e.Seq)
	}
	b.byToken[hash] = id
	return nil
}

// Devices lists every device paired today, revoked ones included, by id:
// never a token nor a code.
func (d *Day) Devices() []Device {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Device, 0, len(d.st.devices.list))
	for _, r := range d.st.devices.list {
		out = append(out, r.Device)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// DeviceByToken finds the device a bearer token was given to: an unknown
// token is ENotFound, a revoked device's EForbidden, both in French. The
// token is looked up by its SHA-256: what a lookup's timing could tell is
// about the hash of a 256-bit random token, which does not help to guess
// one, so the map is safe where a compare of the token itself would not
// be. It answers from the state: a revocation appended by another process
// counts once the Day has caught up (Refresh, or the server following the
// journal's tail).
func (d *Day) DeviceByToken(token string) (Device, error) {
	if token == "" || len(token) > maxTokenLen {
		return Device{}, Errorf(ENotFound, "jeton d'appareil inconnu")
	}
	h := sha256Hex([]byte(token))
	d.mu.Lock()
	defer d.mu.Unlock()
	r := d.st.devices.get(d.st.devices.byToken[h])
	switch {
	case r == nil:
		return Device{}, Errorf(ENotFound, "jeton d'appareil inconnu")
	case r.Revoked():
		return Device{}, Errorf(EForbidden, "l'appareil « %s » a été révoqué par l'organisateur", r.Name)
	}
	return r.Device, nil
}
