package loto

import (
	"context"
	"testing"
	"time"

	"loto/internal/journal"
)

// accessEvents appends, as actor, the events of internal/access (which
// loto's tests cannot import) as its commands write them: a device named
// after its holder paired, its code used, the device revoked, a
// password set, a session opened and closed. It returns what they must
// never show: the holder's name, the tokens, the code and the password.
func accessEvents(t *testing.T, d *Day, actor Actor) []string {
	t.Helper()
	ctx := context.Background()
	const (
		name     = "téléphone de Paul Martin"
		code     = "K7M3Q9XZ"
		token    = "jeton-d-appareil-de-paul-martin-0123456789a"
		browser  = "jeton-du-navigateur-de-paul-martin-01234567"
		session  = "jeton-de-session-de-jeanne-dupont"
		password = "mot-de-passe-de-Jeanne"
	)
	key := []byte("clé du code d'appairage, 32 octets")
	hash := []byte("$argon2id$v=19$m=65536,t=3,p=2$sel$empreinte-de-" + password)
	device := Actor{Name: name, Role: RoleController}
	for _, ev := range []struct {
		actor   Actor
		typ     string
		payload any
		secrets map[string][]byte
	}{
		{actor, TypeDevicePaired, DevicePaired{Device: 1, Name: name, Role: RoleController, TokenSHA256: sha256Hex([]byte(token)),
			CodeHMAC: sha256Hex([]byte(code)), CodeKeySHA256: sha256Hex(key), CodeExpires: testClock().Add(15 * time.Minute).UTC()},
			map[string][]byte{DeviceCodeKeySecret(1): key}},
		{device, TypeDeviceCodeUsed, DeviceCodeUsed{Device: 1, TokenSHA256: sha256Hex([]byte(browser))}, nil},
		{actor, TypeDeviceRevoked, DeviceRevoked{Device: 1, Why: "perdu par Paul Martin"}, nil},
		{actor, TypeOrganiserPasswordSet, OrganiserPasswordSet{Version: 1, HashSHA256: sha256Hex(hash)},
			map[string][]byte{OrganiserPasswordSecret(1): hash}},
		{actor, TypeSessionOpened, SessionOpened{TokenSHA256: sha256Hex([]byte(session)), Expires: testClock().Add(12 * time.Hour).UTC()}, nil},
		{actor, TypeSessionClosed, SessionClosed{TokenSHA256: sha256Hex([]byte(session))}, nil},
	} {
		_, err := d.Run(ctx, ev.typ, func(st *State) ([]journal.Draft, int, error) {
			dr, err := Draft(ev.actor, ev.typ, ev.payload)
			dr.Secrets = ev.secrets
			return []journal.Draft{dr}, 0, err
		})
		ok(t, err)
	}
	return []string{name, "Paul Martin", code, token, browser, session, password}
}
