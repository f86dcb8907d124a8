package access

import (
	"context"
	"crypto/rand"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// The organiser's sessions are in the journal, as the devices' tokens are:
// every server sharing the journal (several instances behind one reverse
// proxy) knows a session opened on any of them, and a restart logs nobody
// out. The journal keeps the SHA-256 of the session's token, never the
// token, and the time it expires.

// SessionTTL is how long an organiser's session lasts from its login: a loto day.
const SessionTTL = 12 * time.Hour

// OrganiserActor is the actor of the organiser's sessions.
var OrganiserActor = loto.Actor{Name: "organisateur", Role: loto.RoleOrganiser}

// OpenOrganiserSession checks the organiser's password and records a new
// session, returning its token (128 bits and more from crypto/rand, the
// cookie's value). A wrong password is EForbidden in French and records
// nothing. It takes no actor: the password is what proves the organiser.
func (b *Book) OpenOrganiserSession(ctx context.Context, password string) (string, error) {
	if err := b.CheckOrganiserPassword(password); err != nil {
		return "", err
	}
	token := rand.Text()
	d := b.day
	_, err := d.Run(ctx, loto.TypeSessionOpened, func(st *loto.State) ([]journal.Draft, int, error) {
		expires := d.Clock().Add(SessionTTL).UTC().Truncate(time.Second)
		dr, err := loto.Draft(OrganiserActor, loto.TypeSessionOpened, loto.SessionOpened{TokenSHA256: sha256Hex([]byte(token)), Expires: expires})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// SessionActor is the actor of a live session's token: an unknown, closed
// or expired one is ENotFound. Like DeviceByToken it answers from the
// book, looked up by the token's SHA-256.
func (b *Book) SessionActor(token string) (loto.Actor, error) {
	if token == "" || len(token) > maxTokenLen {
		return loto.Actor{}, loto.Errorf(loto.ENotFound, "session inconnue")
	}
	h := sha256Hex([]byte(token))
	var expires time.Time
	var ok bool
	b.day.View(func(*loto.State) { expires, ok = b.sessions[h] })
	if !ok || !b.day.Clock().Before(expires) {
		return loto.Actor{}, loto.Errorf(loto.ENotFound, "session inconnue ou expirée : se connecter de nouveau")
	}
	return OrganiserActor, nil
}

// CloseSession ends the session of token on every server sharing the
// journal; a token of no open session records nothing.
func (b *Book) CloseSession(ctx context.Context, token string) error {
	if token == "" || len(token) > maxTokenLen {
		return nil
	}
	h := sha256Hex([]byte(token))
	_, err := b.day.Run(ctx, loto.TypeSessionClosed, func(st *loto.State) ([]journal.Draft, int, error) {
		if _, ok := b.sessions[h]; !ok {
			return nil, 0, errNoSession
		}
		dr, err := loto.Draft(OrganiserActor, loto.TypeSessionClosed, loto.SessionClosed{TokenSHA256: h})
		return []journal.Draft{dr}, 0, err
	})
	if err == errNoSession {
		return nil
	}
	return err
}

// errNoSession stops a close that has nothing to close.
var errNoSession = loto.Errorf(loto.ENotFound, "session inconnue")

// CatchUpIfBehind is the Day's (loto.Day.CatchUpIfBehind): a server
// looks again before refusing a token or a session that another instance
// may have just recorded.
func (b *Book) CatchUpIfBehind(ctx context.Context) (bool, error) { return b.day.CatchUpIfBehind(ctx) }

func (b *Book) sessionOpened(st *loto.State, e journal.Event, p loto.SessionOpened) error {
	b.sessions[p.TokenSHA256] = p.Expires
	return nil
}

func (b *Book) sessionClosed(st *loto.State, e journal.Event, p loto.SessionClosed) error {
	delete(b.sessions, p.TokenSHA256)
	return nil
}
