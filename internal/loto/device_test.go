package loto

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"loto/internal/journal/sqlite"
)

// clockDay is a Day on a fresh journal whose clock the test moves.
func clockDay(t *testing.T) (*Day, *memStore, *time.Time) {
	t.Helper()
	store := newMemStore()
	now := time.Date(2025, 3, 16, 9, 0, 0, 0, time.UTC)
	d, err := OpenWith(context.Background(), store, Options{Rand: testRand(3), Clock: func() time.Time { return now }})
	ok(t, err)
	return d, store, &now
}

func addDevice(t *testing.T, d *Day, name string, role Role, desk string) Pairing {
	t.Helper()
	p, err := d.AddDevice(context.Background(), org("org"), name, role, desk)
	ok(t, err)
	return p
}

func TestDevicePairingRoundTrip(t *testing.T) {
	d, _, _ := clockDay(t)
	ctx := context.Background()
	p := addDevice(t, d, "tablette caisse", RoleCashier, "caisse-1")
	if len(p.Code) != codeLen || strings.Trim(p.Code, codeAlphabet) != "" {
		t.Fatalf("code %q: want %d characters of %s", p.Code, codeLen, codeAlphabet)
	}
	if len(p.Token) != 43 {
		t.Fatalf("token %q: want 32 bytes in base64url (43 characters)", p.Token)
	}
	want := Actor{Name: "tablette caisse", Role: RoleCashier, Desk: "caisse-1"}
	v, err := d.DeviceByToken(p.Token)
	ok(t, err)
	if v.Actor() != want || v.ID != 1 || v.CodeUsed {
		t.Fatalf("device by the API token: %+v", v)
	}
	// The device types its code, in lower case and with a dash.
	typed := strings.ToLower(p.Code[:4] + "-" + p.Code[4:])
	v, token, err := d.PairDevice(ctx, typed)
	ok(t, err)
	if v.ID != 1 || !v.CodeUsed || token == p.Token || len(token) != 43 {
		t.Fatalf("paired %+v with token %q", v, token)
	}
	for _, tk := range []string{p.Token, token} {
		v, err := d.DeviceByToken(tk)
		ok(t, err)
		if v.Actor() != want {
			t.Fatalf("token %q gives %+v", tk, v.Actor())
		}
	}
	list := d.Devices()
	if len(list) != 1 || !list[0].CodeUsed || list[0].PairedBy != "org" {
		t.Fatalf("devices %+v", list)
	}
}

func TestDeviceCodeUsedTwiceIsRefused(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := context.Background()
	p := addDevice(t, d, "téléphone contrôle", RoleController, "")
	// Another process on the same journal.
	other, err := OpenWith(ctx, store, Options{Rand: testRand(4), Clock: d.clock})
	ok(t, err)
	_, _, err = d.PairDevice(ctx, p.Code)
	ok(t, err)
	before := store.count()
	for _, day := range []*Day{d, other} {
		_, _, err = day.PairDevice(ctx, p.Code)
		wantCode(t, err, EForbidden)
		if !strings.Contains(ErrorMessage(err), "déjà servi") {
			t.Fatalf("message %q", ErrorMessage(err))
		}
	}
	nothingWritten(t, store, before)
}

func TestDeviceCodeExpires(t *testing.T) {
	d, store, now := clockDay(t)
	ctx := context.Background()
	early := addDevice(t, d, "meneur", RoleHost, "")
	late := addDevice(t, d, "tableau", RoleBoard, "")
	*now = now.Add(codeValidity - time.Second)
	_, _, err := d.PairDevice(ctx, early.Code)
	ok(t, err)
	*now = now.Add(time.Second)
	before := store.count()
	_, _, err = d.PairDevice(ctx, late.Code)
	wantCode(t, err, EForbidden)
	if !strings.Contains(ErrorMessage(err), "expiré") {
		t.Fatalf("message %q", ErrorMessage(err))
	}
	nothingWritten(t, store, before)
	// The API token of a device whose code expired still works.
	_, err = d.DeviceByToken(late.Token)
	ok(t, err)
}

func TestRevokedDeviceIsRefused(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := context.Background()
	used := addDevice(t, d, "entrée", RoleDoor, "")
	_, browser, err := d.PairDevice(ctx, used.Code)
	ok(t, err)
	unused := addDevice(t, d, "tableau", RoleBoard, "")
	for _, id := range []int{1, 2} {
		v, err := d.RevokeDevice(ctx, org("org"), id, "téléphone perdu")
		ok(t, err)
		if !v.Revoked() || v.Why != "téléphone perdu" || v.RevokedBy != "org" {
			t.Fatalf("revoked %+v", v)
		}
	}
	for _, tk := range []string{used.Token, browser, unused.Token} {
		_, err := d.DeviceByToken(tk)
		wantCode(t, err, EForbidden)
	}
	before := store.count()
	_, _, err = d.PairDevice(ctx, unused.Code)
	wantCode(t, err, EForbidden)
	_, err = d.RevokeDevice(ctx, org("org"), 1, "encore")
	wantCode(t, err, EConflict)
	_, err = d.RevokeDevice(ctx, org("org"), 3, "inconnu")
	wantCode(t, err, ENotFound)
	_, err = d.RevokeDevice(ctx, org("org"), 2, "  ")
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
	// Unknown tokens and codes.
	for _, tk := range []string{"", "x", strings.Repeat("A", 43), strings.Repeat("A", 1000)} {
		_, err := d.DeviceByToken(tk)
		wantCode(t, err, ENotFound)
	}
	_, _, err = d.PairDevice(ctx, "ABCDEFGH")
	wantCode(t, err, ENotFound)
	// A revoked device's name may be given to a new one.
	addDevice(t, d, "Entrée", RoleDoor, "")
}

func TestAddDeviceRefusesBadInput(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	addDevice(t, d, "tablette 1", RoleCashier, "CAISSE-1")
	if got := d.Devices()[0].Desk; got != "caisse-1" {
		t.Fatalf("desk %q, want the day's own spelling caisse-1", got)
	}
	before := store.count()
	for _, tc := range []struct {
		name, desk string
		role       Role
		code       string
	}{
		{"orga", "", RoleOrganiser, EInvalid},
		{"robot", "", RoleSystem, EInvalid},
		{"x", "", "chef", EInvalid},
		{"", "", RoleHost, EInvalid},
		{"caisse", "", RoleCashier, EInvalid},
		{"caisse", "caisse-9", RoleCashier, ENotFound},
		{"meneur", "caisse-1", RoleHost, EInvalid},
		{"bip\x07", "", RoleHost, EInvalid},
		{strings.Repeat("n", 81), "", RoleHost, EInvalid},
		{" Tablette 1 ", "", RoleHost, EConflict},
	} {
		_, err := d.AddDevice(ctx, org("org"), tc.name, tc.role, tc.desk)
		wantCode(t, err, tc.code)
	}
	_, _, err := d.PairDevice(ctx, "ABC")
	wantCode(t, err, EInvalid)
	_, _, err = d.PairDevice(ctx, "ABCDEFG0") // 0 is not in the alphabet
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
}

// TestAddDeviceRetryShowsNothingTwice: a retry with the same idempotency
// key cannot give the code and token again, which are kept nowhere; it
// says so and pairs no second device.
func TestAddDeviceRetryShowsNothingTwice(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := WithKey(context.Background(), "k-1")
	_, err := d.AddDevice(ctx, org("org"), "meneur", RoleHost, "")
	ok(t, err)
	before := store.count()
	p, err := d.AddDevice(ctx, org("org"), "meneur", RoleHost, "")
	wantCode(t, err, EConflict)
	if p.Token != "" || p.Code != "" {
		t.Fatalf("a refused retry answered %+v", p)
	}
	nothingWritten(t, store, before)
}

func TestDevicesReplay(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := context.Background()
	a := addDevice(t, d, "meneur", RoleHost, "")
	b := addDevice(t, d, "contrôle 1", RoleController, "")
	c := addDevice(t, d, "tableau", RoleBoard, "")
	_, browser, err := d.PairDevice(ctx, a.Code)
	ok(t, err)
	_, err = d.RevokeDevice(ctx, org("org"), 2, "remplacé")
	ok(t, err)
	again, err := OpenWith(ctx, store, Options{Clock: d.clock})
	ok(t, err)
	if got, want := again.Devices(), d.Devices(); !reflect.DeepEqual(got, want) {
		t.Fatalf("replayed devices\n%+v\nwant\n%+v", got, want)
	}
	for _, tk := range []string{a.Token, browser, c.Token} {
		_, err := again.DeviceByToken(tk)
		ok(t, err)
	}
	_, err = again.DeviceByToken(b.Token)
	wantCode(t, err, EForbidden)
	_, _, err = again.PairDevice(ctx, a.Code)
	wantCode(t, err, EForbidden)
	// The code keys came back from the secrets: a code still works.
	_, _, err = again.PairDevice(ctx, c.Code)
	ok(t, err)
}

// TestDeviceCredentialsNeverStored pairs devices on a real SQLite file and
// finds neither a token nor a code in its bytes.
func TestDeviceCredentialsNeverStored(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "loto.db")
	s, err := sqlite.Open(ctx, path, nil)
	ok(t, err)
	d, err := Open(ctx, s)
	ok(t, err)
	var secrets []string
	for _, role := range []Role{RoleHost, RoleBoard} {
		p, err := d.AddDevice(ctx, org("org"), "appareil "+string(role), role, "")
		ok(t, err)
		_, tk, err := d.PairDevice(ctx, p.Code)
		ok(t, err)
		secrets = append(secrets, p.Code, p.Token, tk)
	}
	ok(t, s.Close())
	files, _ := filepath.Glob(path + "*") // the database and its WAL, if any is left
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		ok(t, err)
		all = append(all, b...)
	}
	if !bytes.Contains(all, []byte(TypeDeviceCodeUsed)) {
		t.Fatal("the file does not hold the events: the test reads the wrong bytes")
	}
	for _, sec := range secrets {
		if bytes.Contains(all, []byte(sec)) {
			t.Fatalf("the SQLite file holds %q", sec)
		}
	}
}
