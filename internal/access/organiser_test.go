package access

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"loto/internal/journal"
	"loto/internal/loto"
)

func TestOrganiserPassword(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	if d.HasOrganiserPassword() {
		t.Fatal("a fresh day has a password")
	}
	wantCode(t, d.CheckOrganiserPassword(""), loto.EForbidden)
	ok(t, d.SetOrganiserPassword(ctx, org("org"), "cheval batterie agrafe"))
	if !d.HasOrganiserPassword() {
		t.Fatal("no password after setting one")
	}
	ok(t, d.CheckOrganiserPassword("cheval batterie agrafe"))
	for _, wrong := range []string{"", "cheval batterie agrafE", "cheval batterie agrafe ", strings.Repeat("x", 5000)} {
		err := d.CheckOrganiserPassword(wrong)
		wantCode(t, err, loto.EForbidden)
		if loto.ErrorMessage(err) != "mot de passe incorrect" {
			t.Fatalf("message %q", loto.ErrorMessage(err))
		}
	}
	// A new password replaces the first, here and after a replay.
	ok(t, d.SetOrganiserPassword(ctx, org("org"), "licorne parapluie 42"))
	for _, day := range []testDay{d, reopen(t, store)} {
		ok(t, day.CheckOrganiserPassword("licorne parapluie 42"))
		wantCode(t, day.CheckOrganiserPassword("cheval batterie agrafe"), loto.EForbidden)
	}
}

func TestOrganiserPasswordTooWeak(t *testing.T) {
	d, store := newDay(t)
	before := count(t, store)
	for _, pw := range []string{"", "court", "123456789", "éééééééééééé", "a\xffbcdefghijk", strings.Repeat("long ", 50)} {
		err := d.SetOrganiserPassword(context.Background(), org("org"), pw)
		wantCode(t, err, loto.EInvalid)
		if !strings.Contains(loto.ErrorMessage(err), "mot de passe") {
			t.Fatalf("message %q", loto.ErrorMessage(err))
		}
	}
	nothingWritten(t, store, before)
	if d.HasOrganiserPassword() {
		t.Fatal("a refused password was set")
	}
}

// TestOrganiserPasswordHashNeverInAPayload: the password and its hash are
// in no event, only in the versioned secrets, each committed to by its event.
func TestOrganiserPasswordHashNeverInAPayload(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	pws := []string{"cheval batterie agrafe", "licorne parapluie 42"}
	for _, pw := range pws {
		ok(t, d.SetOrganiserPassword(ctx, org("org"), pw))
	}
	var hashes [][]byte
	for n := 1; n <= 2; n++ {
		h, err := store.Secret(ctx, loto.OrganiserPasswordSecret(n))
		ok(t, err)
		if !bytes.HasPrefix(h, []byte("$argon2id$v=19$m=65536,t=3,p=2$")) {
			t.Fatalf("secret %d is %q, want an argon2id hash", n, h)
		}
		hashes = append(hashes, h)
	}
	for _, e := range events(t, store) {
		for _, h := range hashes {
			// The hash, and the key part of it alone.
			if bytes.Contains(e.Payload, h) || bytes.Contains(e.Payload, h[bytes.LastIndexByte(h, '$')+1:]) {
				t.Fatalf("event %d (%s) holds a password hash: %s", e.Seq, e.Type, e.Payload)
			}
		}
		for _, pw := range pws {
			if bytes.Contains(e.Payload, []byte(pw)) {
				t.Fatalf("event %d holds the password", e.Seq)
			}
		}
	}
	n, err := loto.CheckSecrets(ctx, store)
	ok(t, err)
	if n != 2 {
		t.Fatalf("%d secrets checked, want the 2 password hashes", n)
	}
	// A hash replaced behind the program's back breaks the journal.
	swapped := swappedSecret{store, loto.OrganiserPasswordSecret(1), hashes[1]}
	if _, err := loto.CheckSecrets(ctx, swapped); err == nil || !strings.Contains(err.Error(), "organiser/password/1") {
		t.Fatalf("a replaced hash: %v", err)
	}
}

// swappedSecret is a store whose secret name holds value instead: a
// secret replaced behind the program's back.
type swappedSecret struct {
	journal.Store
	name  string
	value []byte
}

func (s swappedSecret) Secret(ctx context.Context, name string) ([]byte, error) {
	if name == s.name {
		return s.value, nil
	}
	return s.Store.Secret(ctx, name)
}
