package loto

import (
	"strconv"
	"time"

	"loto/internal/journal"
)

// The events of the access control: the devices paired with a role, the
// organiser's password and sessions. Their state and commands are
// internal/access's, a neighbour folding the same journal (Neighbour);
// their types, payloads and the secrets they commit stay in the
// catalogue, so that every reader of the journal (a replay, verify, the
// audit, the commitments) knows them whether the neighbour is attached or
// not. The payloads hold hashes only, never a token, a code or a password.

// Event types of the devices.
const (
	TypeDevicePaired   = "device.paired"    // the organiser paired a device with a role
	TypeDeviceCodeUsed = "device.code.used" // the device exchanged its pairing code for a token
	TypeDeviceRevoked  = "device.revoked"   // the organiser revoked a device: its tokens stop working
)

// Event types of the organiser.
const (
	TypeOrganiserPasswordSet = "organiser.password_set"   // a new organiser password
	TypeSessionOpened        = "organiser.session.opened" // the organiser logged in with the password
	TypeSessionClosed        = "organiser.session.closed" // the organiser logged out, or the browser was paired as a device
)

// DeviceCodeKeySecret names the key of device id's pairing-code hash.
func DeviceCodeKeySecret(id int) string { return "device/" + strconv.Itoa(id) + "/code-key" }

// OrganiserPasswordSecret names the hash of version n of the organiser's
// password: secrets are written once, so each password is a new version.
func OrganiserPasswordSecret(n int) string { return "organiser/password/" + strconv.Itoa(n) }

// Payloads of the access events.
type (
	// DevicePaired is the payload of TypeDevicePaired.
	DevicePaired struct {
		Device        int       `json:"device"`
		Name          string    `json:"name"`
		Role          Role      `json:"role"`
		Desk          string    `json:"desk,omitempty"`
		TokenSHA256   string    `json:"token_sha256"`    // hex SHA-256 of the bearer token
		CodeHMAC      string    `json:"code_hmac"`       // hex HMAC-SHA256 of the pairing code under the code key
		CodeKeySHA256 string    `json:"code_key_sha256"` // commitment to the code key, a secret
		CodeExpires   time.Time `json:"code_expires"`
	}
	// DeviceCodeUsed is the payload of TypeDeviceCodeUsed.
	DeviceCodeUsed struct {
		Device      int    `json:"device"`
		TokenSHA256 string `json:"token_sha256"` // the token the code was exchanged for
	}
	// DeviceRevoked is the payload of TypeDeviceRevoked.
	DeviceRevoked struct {
		Device int    `json:"device"`
		Why    string `json:"why"`
	}
	// OrganiserPasswordSet is the payload of TypeOrganiserPasswordSet.
	OrganiserPasswordSet struct {
		Version    int    `json:"version"`
		HashSHA256 string `json:"hash_sha256"` // commitment to the secret hash
	}
	// SessionOpened is the payload of TypeSessionOpened.
	SessionOpened struct {
		TokenSHA256 string    `json:"token_sha256"`
		Expires     time.Time `json:"expires"`
	}
	// SessionClosed is the payload of TypeSessionClosed.
	SessionClosed struct {
		TokenSHA256 string `json:"token_sha256"`
	}
)

// keptBeside is the day's fold of an event whose state a neighbour keeps:
// its payload is decoded, so that a replay without the neighbour still
// refuses one it cannot read, and nothing else.
func keptBeside[P any](*State, journal.Event, P) error { return nil }
