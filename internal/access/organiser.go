package access

import (
	"context"
	"strings"
	"unicode/utf8"

	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/password"
)

// The organiser signs in with a password. Its hash is a secret beside the
// journal, never in a payload; secrets are written once, so each new
// password is a new version: the event organiser.password_set names the
// version and commits to the hash (the SHA-256 of the encoded hash, which
// holds a random salt: the commitment tells nothing of the password), and
// the secret organiser/password/N holds the hash (loto.OrganiserPasswordSecret).
// The latest version is the password.

// The bounds of a password, in characters: long enough that trying every
// password is out of reach even with the hash in hand, and a bound so
// that hashing one costs a known time.
const (
	MinPassword = 10
	maxPassword = 200
)

// passwordState is the book's part of the organiser's password.
type passwordState struct {
	version int
	hash    []byte // the encoded argon2id hash of the latest version
}

func (b *Book) passwordSet(st *loto.State, e journal.Event, p loto.OrganiserPasswordSet) error {
	if p.Version != b.password.version+1 {
		return broken(e, "mot de passe version %d après %d", p.Version, b.password.version)
	}
	b.password = passwordState{version: p.Version, hash: st.Secret(loto.OrganiserPasswordSecret(p.Version))}
	// A new password ends every session the old one opened: it is how the
	// organiser shuts out whoever saw the old password or took a browser
	// logged in with it, on every server following the journal.
	clear(b.sessions)
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
		return loto.Errorf(loto.EInvalid, "mot de passe illisible : il n'est pas écrit en UTF-8")
	case n < MinPassword:
		return loto.Errorf(loto.EInvalid, "mot de passe trop faible : %d caractères au moins (quelques mots qui ne vont pas ensemble font un bon mot de passe)", MinPassword)
	case n > maxPassword:
		return loto.Errorf(loto.EInvalid, "mot de passe trop long : %d caractères au plus", maxPassword)
	case strings.Trim(pw, string(first)) == "":
		return loto.Errorf(loto.EInvalid, "mot de passe trop faible : un seul caractère répété")
	}
	return nil
}

// SetOrganiserPassword sets a new organiser password, replacing the one
// before; the organiser's act alone.
func (b *Book) SetOrganiserPassword(ctx context.Context, actor loto.Actor, pw string) error {
	if err := loto.Authorize(actor, loto.CmdSetPassword, ""); err != nil {
		return err
	}
	if err := CheckPasswordStrength(pw); err != nil {
		return err
	}
	var salt []byte
	var err error
	b.day.View(func(*loto.State) { salt, err = b.day.Random(password.SaltLen) })
	if err != nil {
		return err
	}
	// Hashed before the command takes the Day's lock: it takes a while.
	hash := password.Hash(pw, salt)
	_, err = b.day.Run(ctx, loto.TypeOrganiserPasswordSet, func(st *loto.State) ([]journal.Draft, int, error) {
		n := b.password.version + 1
		dr, err := loto.Draft(actor, loto.TypeOrganiserPasswordSet, loto.OrganiserPasswordSet{Version: n, HashSHA256: sha256Hex(hash)})
		dr.Secrets = map[string][]byte{loto.OrganiserPasswordSecret(n): hash}
		return []journal.Draft{dr}, 0, err
	})
	return err
}

// HasOrganiserPassword says whether an organiser password was set.
func (b *Book) HasOrganiserPassword() bool {
	set := false
	b.day.View(func(*loto.State) { set = b.password.version > 0 })
	return set
}

// CheckOrganiserPassword says whether pw is the organiser's password: a
// wrong one, or none set, is EForbidden in French. The hashes are compared
// in constant time; the hashing is done outside the Day's lock, so a
// sign-in never holds up the game.
func (b *Book) CheckOrganiserPassword(pw string) error {
	var stored []byte
	b.day.View(func(*loto.State) { stored = b.password.hash })
	if stored == nil {
		return loto.Errorf(loto.EForbidden, "aucun mot de passe d'organisateur : le définir d'abord (loto organiser password)")
	}
	if len(pw) > 4*maxPassword {
		return loto.Errorf(loto.EForbidden, "mot de passe incorrect")
	}
	if !password.Verify(stored, pw) {
		return loto.Errorf(loto.EForbidden, "mot de passe incorrect")
	}
	return nil
}
