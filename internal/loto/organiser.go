package loto

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"loto/internal/journal"
	"loto/internal/password"
)

// The organiser signs in with a password. Its hash is a secret beside the
// journal, never in a payload; secrets are written once, so each new
// password is a new version: the event organiser.password_set names the
// version and commits to the hash (the SHA-256 of the encoded hash, which
// holds a random salt: the commitment tells nothing of the password), and
// the secret organiser/password/N holds the hash. The latest version is
// the password.

// TypeOrganiserPasswordSet records a new organiser password.
const TypeOrganiserPasswordSet = "organiser.password_set"

// organiserPasswordSecret names the hash of version n of the password.
func organiserPasswordSecret(n int) string { return "organiser/password/" + strconv.Itoa(n) }

// organiserPasswordSet is the payload of TypeOrganiserPasswordSet.
type organiserPasswordSet struct {
	Version    int    `json:"version"`
	HashSHA256 string `json:"hash_sha256"` // commitment to the secret hash
}

// The bounds of a password, in characters: long enough that trying every
// password is out of reach even with the hash in hand, and a bound so
// that hashing one costs a known time.
const (
	MinPassword = 10
	maxPassword = 200
)

// passwordState is the state's part of the organiser's password.
type passwordState struct {
	version int
	hash    []byte // the encoded argon2id hash of the latest version
}

func (st *State) applyPasswordSet(e journal.Event, p organiserPasswordSet) error {
	if p.Version != st.password.version+1 {
		return internalf(nil, "événement %d : mot de passe version %d après %d", e.Seq, p.Version, st.password.version)
	}
	st.password = passwordState{version: p.Version, hash: st.secrets[organiserPasswordSecret(p.Version)]}
	// A new password ends every session the old one opened: it is how the
	// organiser shuts out whoever saw the old password or took a browser
	// logged in with it, on every server following the journal.
	st.sessions = nil
	return nil
}

// CheckPasswordStrength refuses, in French, a password too short or too
// long, or one repeated character, so the CLI and the server say it
// before anything else.
func CheckPasswordStrength(pw string) error {
	n := utf8.RuneCountInString(pw)
	first, _ := utf8.DecodeRuneInString(pw)
	switch {
	case !utf8.ValidString(pw):
		return Errorf(EInvalid, "mot de passe illisible : il n'est pas écrit en UTF-8")
	case n < MinPassword:
		return Errorf(EInvalid, "mot de passe trop faible : %d caractères au moins (quelques mots qui ne vont pas ensemble font un bon mot de passe)", MinPassword)
	case n > maxPassword:
		return Errorf(EInvalid, "mot de passe trop long : %d caractères au plus", maxPassword)
	case strings.Trim(pw, string(first)) == "":
		return Errorf(EInvalid, "mot de passe trop faible : un seul caractère répété")
	}
	return nil
}

// SetOrganiserPassword sets a new organiser password, replacing the one
// before; the organiser's act alone.
func (d *Day) SetOrganiserPassword(ctx context.Context, actor Actor, pw string) error {
	if err := Authorize(actor, CmdSetPassword, ""); err != nil {
		return err
	}
	if err := CheckPasswordStrength(pw); err != nil {
		return err
	}
	d.mu.Lock()
	salt, err := d.randomBytes(password.SaltLen)
	d.mu.Unlock()
	if err != nil {
		return err
	}
	// Hashed before the command takes the Day's lock: it takes a while.
	hash := password.Hash(pw, salt)
	_, err = d.run(ctx, TypeOrganiserPasswordSet, func(st *State) ([]journal.Draft, int, error) {
		n := st.password.version + 1
		dr, err := draft(actor, TypeOrganiserPasswordSet, organiserPasswordSet{Version: n, HashSHA256: sha256Hex(hash)})
		dr.Secrets = map[string][]byte{organiserPasswordSecret(n): hash}
		return []journal.Draft{dr}, 0, err
	})
	return err
}

// HasOrganiserPassword says whether an organiser password was set.
func (d *Day) HasOrganiserPassword() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.password.version > 0
}

// CheckOrganiserPassword says whether pw is the organiser's password: a
// wrong one, or none set, is EForbidden in French. The hashes are compared
// in constant time; the hashing is done outside the Day's lock, so a
// sign-in never holds up the game.
func (d *Day) CheckOrganiserPassword(pw string) error {
	d.mu.Lock()
	stored := d.st.password.hash
	d.mu.Unlock()
	if stored == nil {
		return Errorf(EForbidden, "aucun mot de passe d'organisateur : le définir d'abord (loto organiser password)")
	}
	if len(pw) > 4*maxPassword {
		return Errorf(EForbidden, "mot de passe incorrect")
	}
	if !password.Verify(stored, pw) {
		return Errorf(EForbidden, "mot de passe incorrect")
	}
	return nil
}
