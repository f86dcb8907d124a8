package access

import (
	"context"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
)

// TestSession_SharedByEveryDayOnTheJournal: a session opened on one Day
// (one server) is known to another Day on the same journal once it caught
// up, without the token in any event; closed on the second it is refused
// on the first; a wrong password records nothing; a session ends after
// SessionTTL.
func TestSession_SharedByEveryDayOnTheJournal(t *testing.T) {
	ctx := context.Background()
	a, store := newDay(t)
	ok(t, a.SetOrganiserPassword(ctx, org("org"), "cheval batterie agrafe"))
	b := reopen(t, store)

	before := count(t, store)
	_, err := a.OpenOrganiserSession(ctx, "cheval batterie agrafE")
	wantCode(t, err, loto.EForbidden)
	nothingWritten(t, store, before)

	token, err := a.OpenOrganiserSession(ctx, "cheval batterie agrafe")
	ok(t, err)
	if who, err := a.SessionActor(token); err != nil || who != OrganiserActor {
		t.Fatalf("the session on its own server: %v %v", who, err)
	}
	// The other server has not followed the journal yet: it does not know
	// the session until it catches up, which CatchUpIfBehind does.
	wantCode(t, errOf(b.SessionActor(token)), loto.ENotFound)
	moved, err := b.CatchUpIfBehind(ctx)
	if err != nil || !moved {
		t.Fatalf("catching up: %v %v", moved, err)
	}
	if who, err := b.SessionActor(token); err != nil || who != OrganiserActor {
		t.Fatalf("the session on the other server: %v %v", who, err)
	}
	if moved, err := b.CatchUpIfBehind(ctx); err != nil || moved {
		t.Fatalf("catching up with nothing new: %v %v", moved, err)
	}
	for _, e := range events(t, store) {
		if strings.Contains(string(e.Payload), token) {
			t.Fatalf("event %d holds the session's token: %s", e.Seq, e.Payload)
		}
	}

	ok(t, b.CloseSession(ctx, token))
	ok(t, a.Refresh(ctx))
	wantCode(t, errOf(a.SessionActor(token)), loto.ENotFound)
	before = count(t, store)
	ok(t, a.CloseSession(ctx, token)) // closed already: nothing to record
	ok(t, a.CloseSession(ctx, "inconnu"))
	nothingWritten(t, store, before)

	// A session lasts SessionTTL from its login, on a replay too.
	token, err = a.OpenOrganiserSession(ctx, "cheval batterie agrafe")
	ok(t, err)
	now := testClock().Add(SessionTTL - time.Minute)
	late := openDay(t, store, 6, func() time.Time { return now })
	ok(t, errOf(late.SessionActor(token)))
	now = testClock().Add(SessionTTL + time.Second)
	wantCode(t, errOf(late.SessionActor(token)), loto.ENotFound)
}

// TestSession_EndedByANewPassword: setting a new password ends every
// session opened with the old one, on the server that set it, on another
// following the journal and after a restart (a replay); a login with the
// new password opens one again.
func TestSession_EndedByANewPassword(t *testing.T) {
	ctx := context.Background()
	a, store := newDay(t)
	ok(t, a.SetOrganiserPassword(ctx, org("org"), "cheval batterie agrafe"))
	first, err := a.OpenOrganiserSession(ctx, "cheval batterie agrafe")
	ok(t, err)
	second, err := a.OpenOrganiserSession(ctx, "cheval batterie agrafe")
	ok(t, err)
	b := reopen(t, store)
	if _, err := b.SessionActor(first); err != nil {
		t.Fatalf("the session before the change, on the other server: %v", err)
	}

	ok(t, a.SetOrganiserPassword(ctx, org("org"), "lampe riviere carton"))
	ok(t, b.Refresh(ctx))
	restarted := reopen(t, store)
	for name, d := range map[string]testDay{"the server that changed it": a, "another server": b, "a restarted server": restarted} {
		for _, token := range []string{first, second} {
			if _, err := d.SessionActor(token); loto.ErrorCode(err) != loto.ENotFound {
				t.Fatalf("%s: a session of the old password is still open (%v)", name, err)
			}
		}
	}
	token, err := a.OpenOrganiserSession(ctx, "lampe riviere carton")
	ok(t, err)
	if who, err := reopen(t, store).SessionActor(token); err != nil || who != OrganiserActor {
		t.Fatalf("a session opened with the new password, after a restart: %v %v", who, err)
	}
}
