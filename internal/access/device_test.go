package access

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
	"loto/internal/loto"
)

func addDevice(t *testing.T, d testDay, name string, role loto.Role, desk string) Pairing {
	t.Helper()
	p, err := d.AddDevice(context.Background(), org("org"), name, role, desk)
	ok(t, err)
	return p
}

func TestDevicePairingRoundTrip(t *testing.T) {
	d, _, _ := clockDay(t)
	ctx := context.Background()
	p := addDevice(t, d, "tablette caisse", loto.RoleCashier, "caisse-1")
	if len(p.Code) != codeLen || strings.Trim(p.Code, codeAlphabet) != "" {
		t.Fatalf("code %q: want %d characters of %s", p.Code, codeLen, codeAlphabet)
	}
	if len(p.Token) != 43 {
		t.Fatalf("token %q: want 32 bytes in base64url (43 characters)", p.Token)
	}
	want := loto.Actor{Name: "tablette caisse", Role: loto.RoleCashier, Desk: "caisse-1"}
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
	p := addDevice(t, d, "téléphone contrôle", loto.RoleController, "")
	// Another process on the same journal.
	other := openDay(t, store, 4, d.Clock)
	_, _, err := d.PairDevice(ctx, p.Code)
	ok(t, err)
	before := count(t, store)
	for _, day := range []testDay{d, other} {
		_, _, err = day.PairDevice(ctx, p.Code)
		wantCode(t, err, loto.EForbidden)
		if !strings.Contains(loto.ErrorMessage(err), "déjà servi") {
			t.Fatalf("message %q", loto.ErrorMessage(err))
		}
	}
	nothingWritten(t, store, before)
}

func TestDeviceCodeExpires(t *testing.T) {
	d, store, now := clockDay(t)
	ctx := context.Background()
	early := addDevice(t, d, "meneur", loto.RoleHost, "")
	late := addDevice(t, d, "tableau", loto.RoleBoard, "")
	*now = now.Add(codeValidity - time.Second)
	_, _, err := d.PairDevice(ctx, early.Code)
	ok(t, err)
	*now = now.Add(time.Second)
	before := count(t, store)
	_, _, err = d.PairDevice(ctx, late.Code)
	wantCode(t, err, loto.EForbidden)
	if !strings.Contains(loto.ErrorMessage(err), "expiré") {
		t.Fatalf("message %q", loto.ErrorMessage(err))
	}
	nothingWritten(t, store, before)
	// The API token of a device whose code expired still works.
	_, err = d.DeviceByToken(late.Token)
	ok(t, err)
}

func TestRevokedDeviceIsRefused(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := context.Background()
	used := addDevice(t, d, "entrée", loto.RoleDoor, "")
	_, browser, err := d.PairDevice(ctx, used.Code)
	ok(t, err)
	unused := addDevice(t, d, "tableau", loto.RoleBoard, "")
	for _, id := range []int{1, 2} {
		v, err := d.RevokeDevice(ctx, org("org"), id, "téléphone perdu")
		ok(t, err)
		if !v.Revoked() || v.Why != "téléphone perdu" || v.RevokedBy != "org" {
			t.Fatalf("revoked %+v", v)
		}
	}
	for _, tk := range []string{used.Token, browser, unused.Token} {
		_, err := d.DeviceByToken(tk)
		wantCode(t, err, loto.EForbidden)
	}
	before := count(t, store)
	_, _, err = d.PairDevice(ctx, unused.Code)
	wantCode(t, err, loto.EForbidden)
	_, err = d.RevokeDevice(ctx, org("org"), 1, "encore")
	wantCode(t, err, loto.EConflict)
	_, err = d.RevokeDevice(ctx, org("org"), 3, "inconnu")
	wantCode(t, err, loto.ENotFound)
	_, err = d.RevokeDevice(ctx, org("org"), 2, "  ")
	wantCode(t, err, loto.EInvalid)
	nothingWritten(t, store, before)
	// Unknown tokens and codes.
	for _, tk := range []string{"", "x", strings.Repeat("A", 43), strings.Repeat("A", 1000)} {
		_, err := d.DeviceByToken(tk)
		wantCode(t, err, loto.ENotFound)
	}
	_, _, err = d.PairDevice(ctx, "ABCDEFGH")
	wantCode(t, err, loto.ENotFound)
	// A revoked device's name may be given to a new one.
	addDevice(t, d, "Entrée", loto.RoleDoor, "")
}

func TestAddDeviceRefusesBadInput(t *testing.T) {
	d, store := eventDay(t)
	ctx := context.Background()
	addDevice(t, d, "tablette 1", loto.RoleCashier, "CAISSE-1")
	if got := d.Devices()[0].Desk; got != "caisse-1" {
		t.Fatalf("desk %q, want the day's own spelling caisse-1", got)
	}
	before := count(t, store)
	for _, tc := range []struct {
		name, desk string
		role       loto.Role
		code       string
	}{
		{"orga", "", loto.RoleOrganiser, loto.EInvalid},
		{"robot", "", loto.RoleSystem, loto.EInvalid},
		{"x", "", "chef", loto.EInvalid},
		{"", "", loto.RoleHost, loto.EInvalid},
		{"caisse", "", loto.RoleCashier, loto.EInvalid},
		{"caisse", "caisse-9", loto.RoleCashier, loto.ENotFound},
		{"meneur", "caisse-1", loto.RoleHost, loto.EInvalid},
		{"bip\x07", "", loto.RoleHost, loto.EInvalid},
		{strings.Repeat("n", 81), "", loto.RoleHost, loto.EInvalid},
		{" Tablette 1 ", "", loto.RoleHost, loto.EConflict},
	} {
		_, err := d.AddDevice(ctx, org("org"), tc.name, tc.role, tc.desk)
		wantCode(t, err, tc.code)
	}
	_, _, err := d.PairDevice(ctx, "ABC")
	wantCode(t, err, loto.EInvalid)
	_, _, err = d.PairDevice(ctx, "ABCDEFG0") // 0 is not in the alphabet
	wantCode(t, err, loto.EInvalid)
	nothingWritten(t, store, before)
}

// TestAddDeviceRetryShowsNothingTwice: a retry with the same idempotency
// key cannot give the code and token again, which are kept nowhere; it
// says so and pairs no second device.
func TestAddDeviceRetryShowsNothingTwice(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := loto.WithKey(context.Background(), "k-1")
	_, err := d.AddDevice(ctx, org("org"), "meneur", loto.RoleHost, "")
	ok(t, err)
	before := count(t, store)
	p, err := d.AddDevice(ctx, org("org"), "meneur", loto.RoleHost, "")
	wantCode(t, err, loto.EConflict)
	if p.Token != "" || p.Code != "" {
		t.Fatalf("a refused retry answered %+v", p)
	}
	nothingWritten(t, store, before)
}

func TestDevicesReplay(t *testing.T) {
	d, store, _ := clockDay(t)
	ctx := context.Background()
	a := addDevice(t, d, "meneur", loto.RoleHost, "")
	b := addDevice(t, d, "contrôle 1", loto.RoleController, "")
	c := addDevice(t, d, "tableau", loto.RoleBoard, "")
	_, browser, err := d.PairDevice(ctx, a.Code)
	ok(t, err)
	_, err = d.RevokeDevice(ctx, org("org"), 2, "remplacé")
	ok(t, err)
	again := openDay(t, store, 5, d.Clock)
	if got, want := again.Devices(), d.Devices(); !reflect.DeepEqual(got, want) {
		t.Fatalf("replayed devices\n%+v\nwant\n%+v", got, want)
	}
	for _, tk := range []string{a.Token, browser, c.Token} {
		_, err := again.DeviceByToken(tk)
		ok(t, err)
	}
	_, err = again.DeviceByToken(b.Token)
	wantCode(t, err, loto.EForbidden)
	_, _, err = again.PairDevice(ctx, a.Code)
	wantCode(t, err, loto.EForbidden)
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
	d, b, err := Open(ctx, s, loto.Options{})
	ok(t, err)
	day := testDay{d, b}
	var secrets []string
	for _, role := range []loto.Role{loto.RoleHost, loto.RoleBoard} {
		p, err := day.AddDevice(ctx, org("org"), "appareil "+string(role), role, "")
		ok(t, err)
		_, tk, err := day.PairDevice(ctx, p.Code)
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
	if !bytes.Contains(all, []byte(loto.TypeDeviceCodeUsed)) {
		t.Fatal("the file does not hold the events: the test reads the wrong bytes")
	}
	for _, sec := range secrets {
		if bytes.Contains(all, []byte(sec)) {
			t.Fatalf("the SQLite file holds %q", sec)
		}
	}
}
