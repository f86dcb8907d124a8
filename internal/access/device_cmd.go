package access

import (
	"context"
	"crypto/hmac"
	"strings"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// Pairing is what the organiser is given when it pairs a device, once:
// the code to type on the device and the bearer token for an API client.
// Neither can be asked for again: a lost one means revoking the device
// and pairing a new one.
type Pairing struct {
	Device Device    `json:"device"`
	Code   string    `json:"code"`
	Token  string    `json:"token"`
	Until  time.Time `json:"code_expires"` // the code is refused after
}

// deviceRoles are the roles a device may be paired with: the organiser
// signs in with its password, the system is the software itself.
var deviceRoles = []loto.Role{loto.RoleHost, loto.RoleController, loto.RoleCashier, loto.RoleDoor, loto.RoleBoard}

// AddDevice pairs a device with a role (a cashier with its desk, one of
// the day's when the event is created) and returns its pairing code and
// bearer token; the journal keeps only their hashes. A name is one active
// device's: another device may take it once the first is revoked.
func (b *Book) AddDevice(ctx context.Context, actor loto.Actor, name string, role loto.Role, desk string) (Pairing, error) {
	if err := loto.Authorize(actor, loto.CmdAddDevice, ""); err != nil {
		return Pairing{}, err
	}
	name, desk = strings.TrimSpace(name), strings.TrimSpace(desk)
	if err := checkDevice(name, role, desk); err != nil {
		return Pairing{}, err
	}
	var out Pairing
	d := b.day
	e, err := d.Run(ctx, loto.TypeDevicePaired, func(st *loto.State) ([]journal.Draft, int, error) {
		if r := b.devices.active(name); r != nil {
			return nil, 0, loto.Errorf(loto.EConflict, "un appareil s'appelle déjà « %s » (n° %d) : choisir un autre nom, ou le révoquer d'abord", r.Name, r.ID)
		}
		if role == loto.RoleCashier && st.Event() != nil {
			var err error
			if desk, err = st.DeskName(desk); err != nil {
				return nil, 0, err
			}
		}
		code, err := newCode(d)
		if err != nil {
			return nil, 0, err
		}
		token, err := newToken(d)
		if err != nil {
			return nil, 0, err
		}
		key, err := d.Random(32)
		if err != nil {
			return nil, 0, err
		}
		id := len(b.devices.list) + 1
		until := d.Clock().Add(codeValidity).UTC().Truncate(time.Second)
		p := loto.DevicePaired{Device: id, Name: name, Role: role, Desk: desk, TokenSHA256: sha256Hex([]byte(token)),
			CodeHMAC: codeMAC(key, code), CodeKeySHA256: sha256Hex(key), CodeExpires: until}
		dr, err := loto.Draft(actor, loto.TypeDevicePaired, p)
		dr.Secrets = map[string][]byte{loto.DeviceCodeKeySecret(id): key}
		out = Pairing{Code: code, Token: token, Until: until}
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Pairing{}, err
	}
	// A retry with a used idempotency key answers with the first event,
	// whose code and token were shown once and are kept nowhere.
	if out.Device, err = b.appended(e, out.Token); err != nil {
		return Pairing{}, err
	}
	return out, nil
}

// checkDevice refuses, in French, a device's name, role or desk.
func checkDevice(name string, role loto.Role, desk string) error {
	valid := false
	for _, r := range deviceRoles {
		valid = valid || r == role
	}
	if !valid {
		return loto.Errorf(loto.EInvalid, "rôle « %s » impossible pour un appareil : meneur (host), contrôleur (controller), caissier (cashier), entrée (door) ou tableau (board)", loto.Shown(string(role)))
	}
	if name == "" {
		return loto.Errorf(loto.EInvalid, "le nom de l'appareil est requis (par exemple « tablette caisse 1 »)")
	}
	// The device signs its events with this actor: the actor's own checks
	// (a cashier's desk, the lengths, no control character) are the device's.
	return loto.Actor{Name: name, Role: role, Desk: desk}.Check()
}

// PairDevice exchanges a pairing code, valid and unused, for a new bearer
// token of the device it was made for; an event records the use, so the
// code is refused afterwards on every process sharing the journal. It
// takes no actor: the code is what proves the device. An unknown code is
// ENotFound; a used or expired code, or a revoked device's, EForbidden.
func (b *Book) PairDevice(ctx context.Context, code string) (Device, string, error) {
	c, err := NormaliseCode(code)
	if err != nil {
		return Device{}, "", err
	}
	var token string
	d := b.day
	e, err := d.Run(ctx, loto.TypeDeviceCodeUsed, func(st *loto.State) ([]journal.Draft, int, error) {
		r, err := b.devices.byCode(c, d.Clock())
		if err != nil {
			return nil, 0, err
		}
		if token, err = newToken(d); err != nil {
			return nil, 0, err
		}
		dr, err := loto.Draft(r.Actor(), loto.TypeDeviceCodeUsed, loto.DeviceCodeUsed{Device: r.ID, TokenSHA256: sha256Hex([]byte(token))})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Device{}, "", err
	}
	dev, err := b.appended(e, token)
	if err != nil {
		return Device{}, "", err
	}
	return dev, token, nil
}

// byCode is the device whose pairing code is c, if it may still be used
// at now. Every device's hash is compared, in constant time, so the time
// taken says nothing of which one, or how much of a hash, matched.
func (b *deviceBook) byCode(c string, now time.Time) (*deviceRecord, error) {
	var found *deviceRecord
	for _, r := range b.list {
		if r.codeKey != nil && hmac.Equal([]byte(codeMAC(r.codeKey, c)), []byte(r.codeHMAC)) && found == nil {
			found = r
		}
	}
	switch {
	case found == nil:
		return nil, loto.Errorf(loto.ENotFound, "code d'appairage inconnu : vérifier la saisie, ou demander un nouveau code à l'organisateur")
	case found.Revoked():
		return nil, loto.Errorf(loto.EForbidden, "l'appareil « %s » a été révoqué : son code ne sert plus", found.Name)
	case found.CodeUsed:
		return nil, loto.Errorf(loto.EForbidden, "ce code d'appairage a déjà servi : il ne sert qu'une fois ; demander un nouveau code à l'organisateur")
	case !now.Before(found.CodeExpires):
		return nil, loto.Errorf(loto.EForbidden, "ce code d'appairage a expiré (valable %d minutes) : demander un nouveau code à l'organisateur", int(codeValidity.Minutes()))
	}
	return found, nil
}

// appended is the device of an event this command appended, known by the
// token hash it holds; a retry answered with an earlier event (its
// idempotency key already used) is refused, the credentials being shown
// only once.
func (b *Book) appended(e journal.Event, token string) (Device, error) {
	p, err := loto.Decode[loto.DeviceCodeUsed](e) // device.paired and device.code.used share these fields
	if err != nil {
		return Device{}, err
	}
	if p.TokenSHA256 != sha256Hex([]byte(token)) {
		return Device{}, loto.Errorf(loto.EConflict, "cette clé d'idempotence a déjà servi à appairer l'appareil n° %d : son code et son jeton ne se montrent qu'une fois ; le révoquer et en appairer un nouveau", p.Device)
	}
	var r *deviceRecord
	var v Device
	b.day.View(func(*loto.State) {
		if r = b.devices.get(p.Device); r != nil {
			v = r.Device
		}
	})
	if r == nil {
		return Device{}, loto.Errorf(loto.EInternal, "appareil n° %d absent de l'état", p.Device)
	}
	return v, nil
}

// RevokeDevice revokes a device: its tokens and its code stop working at
// once in this process, and in others as they catch up with the journal.
func (b *Book) RevokeDevice(ctx context.Context, actor loto.Actor, id int, reason string) (Device, error) {
	if err := loto.Authorize(actor, loto.CmdRevokeDevice, ""); err != nil {
		return Device{}, err
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Device{}, loto.Errorf(loto.EInvalid, "dire pourquoi l'appareil est révoqué (perdu, remplacé, fin de journée…)")
	}
	if err := loto.CheckText("raison de la révocation", reason, loto.MaxNote); err != nil {
		return Device{}, err
	}
	var v Device
	_, err := b.day.Run(ctx, loto.TypeDeviceRevoked, func(st *loto.State) ([]journal.Draft, int, error) {
		r := b.devices.get(id)
		switch {
		case r == nil:
			return nil, 0, loto.Errorf(loto.ENotFound, "appareil n° %d inconnu (%d appareils appairés)", id, len(b.devices.list))
		case r.Revoked():
			return nil, 0, loto.Errorf(loto.EConflict, "l'appareil n° %d (« %s ») est déjà révoqué", id, r.Name)
		}
		dr, err := loto.Draft(actor, loto.TypeDeviceRevoked, loto.DeviceRevoked{Device: id, Why: reason})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Device{}, err
	}
	b.day.View(func(*loto.State) { v = b.devices.get(id).Device })
	return v, nil
}
