package loto

import (
	"context"
	"crypto/rand"
	"time"

	"loto/internal/journal"
)

// The organiser's sessions are in the journal, as the devices' tokens are:
// every server sharing the journal (several instances behind one reverse
// proxy) knows a session opened on any of them, and a restart logs nobody
// out. The journal keeps the SHA-256 of the session's token, never the
// token, and the time it expires.

// Event types of the organiser's sessions.
const (
	TypeSessionOpened = "organiser.session.opened" // the organiser logged in with the password
	TypeSessionClosed = "organiser.session.closed" // the organiser logged out, or the browser was paired as a device
)

// SessionTTL is how long an organiser's session lasts from its login: a loto day.
const SessionTTL = 12 * time.Hour

// Payloads of the session events: hashes only, never a token.
type (
	sessionOpened struct {
		TokenSHA256 string    `json:"token_sha256"`
		Expires     time.Time `json:"expires"`
	}
	sessionClosed struct {
		TokenSHA256 string `json:"token_sha256"`
	}
)

// OrganiserActor is the actor of the organiser's sessions.
var OrganiserActor = Actor{Name: "organisateur", Role: RoleOrganiser}

// OpenOrganiserSession checks the organiser's password and records a new
// session, returning its token (128 bits and more from crypto/rand, the
// cookie's value). A wrong password is EForbidden in French and records
// nothing. It takes no actor: the password is what proves the organiser.
func (d *Day) OpenOrganiserSession(ctx context.Context, password string) (string, error) {
	if err := d.CheckOrganiserPassword(password); err != nil {
		return "", err
	}
	token := rand.Text()
	_, err := d.run(ctx, TypeSessionOpened, func(st *State) ([]journal.Draft, int, error) {
		expires := d.clock().Add(SessionTTL).UTC().Truncate(time.Second)
		dr, err := draft(OrganiserActor, TypeSessionOpened, sessionOpened{TokenSHA256: sha256Hex([]byte(token)), Expires: expires})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// SessionActor is the actor of a live session's token: an unknown, closed
// or expired one is ENotFound. Like DeviceByToken it answers from the
// state, looked up by the token's SHA-256.
func (d *Day) SessionActor(token string) (Actor, error) {
	if token == "" || len(token) > maxTokenLen {
		return Actor{}, Errorf(ENotFound, "session inconnue")
	}
	h := sha256Hex([]byte(token))
	d.mu.Lock()
	expires, ok := d.st.sessions[h]
	d.mu.Unlock()
	if !ok || !d.clock().Before(expires) {
		return Actor{}, Errorf(ENotFound, "session inconnue ou expirée : se connecter de nouveau")
	}
	return OrganiserActor, nil
}

// CloseSession ends the session of token on every server sharing the
// journal; a token of no open session records nothing.
func (d *Day) CloseSession(ctx context.Context, token string) error {
	if token == "" || len(token) > maxTokenLen {
		return nil
	}
	h := sha256Hex([]byte(token))
	_, err := d.run(ctx, TypeSessionClosed, func(st *State) ([]journal.Draft, int, error) {
		if _, ok := st.sessions[h]; !ok {
			return nil, 0, errNoSession
		}
		dr, err := draft(OrganiserActor, TypeSessionClosed, sessionClosed{TokenSHA256: h})
		return []journal.Draft{dr}, 0, err
	})
	if err == errNoSession {
		return nil
	}
	return err
}

// errNoSession stops a close that has nothing to close.
var errNoSession = Errorf(ENotFound, "session inconnue")

// CatchUpIfBehind applies the events other processes appended, when the
// journal's head is past the Day's, and says whether it did: a server
// looks again before refusing a token or a session that another instance
// may have just recorded. It reads the head without the Day's lock, so a
// look that finds nothing new never waits on a command.
func (d *Day) CatchUpIfBehind(ctx context.Context) (bool, error) {
	h, err := d.store.Head(ctx)
	if err != nil {
		return false, internalf(err, "lecture de la tête du journal")
	}
	if h.Seq <= d.Head() {
		return false, nil
	}
	return true, d.Refresh(ctx)
}

func (st *State) applySessionOpened(e journal.Event, p sessionOpened) error {
	if st.sessions == nil {
		st.sessions = map[string]time.Time{}
	}
	st.sessions[p.TokenSHA256] = p.Expires
	return nil
}

func (st *State) applySessionClosed(e journal.Event, p sessionClosed) error {
	delete(st.sessions, p.TokenSHA256)
	return nil
}
