package main

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"loto/internal/access"
	"loto/internal/cli/clitest"
	"loto/internal/loto"
)

// runWith runs the program in-process with stdin.
func runWith(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(Run, stdin, args...)
}

// replayed is a day replayed from its journal, with its access control.
type replayed struct {
	*loto.Day
	*access.Book
}

// replayDay replays the journal of db.
func replayDay(t *testing.T, db string) replayed {
	t.Helper()
	d, b, err := access.Open(context.Background(), openSQLite(t, db), loto.Options{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	return replayed{d, b}
}

func TestCLI_DeviceAddJSONIsExactlyTheContract(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	out := mustRun(t, "device", "add", "tablette", "caisse", "--role", "caissier", "--desk", "Caisse-1", "--json", "--db", db)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if !reflect.DeepEqual(keys, []string{"code", "device", "role", "token"}) {
		t.Fatalf("keys %v, want exactly device, role, code, token", keys)
	}
	code, _ := m["code"].(string)
	token, _ := m["token"].(string)
	if m["device"] != 1.0 || m["role"] != "cashier" || len(code) != 8 || len(token) != 43 {
		t.Fatalf("answer %s", out)
	}
	// The token works, for the device named with its spaces and its desk.
	d := replayDay(t, db)
	v, err := d.DeviceByToken(token)
	if err != nil || v.Actor() != (loto.Actor{Name: "tablette caisse", Role: loto.RoleCashier, Desk: "caisse-1"}) {
		t.Fatalf("device by token: %+v %v", v, err)
	}
	if _, _, err := d.PairDevice(context.Background(), code); err != nil {
		t.Fatal(err)
	}
}

// TestCLI_DeviceCredentialsShownOnceStoredNowhere: the text answer gives
// the code and the token; neither is in the list, the export or the SQLite
// file afterwards.
func TestCLI_DeviceCredentialsShownOnceStoredNowhere(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	out := mustRun(t, "device", "add", "meneur", "--role", "host", "--db", db)
	var code, token string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 3 && strings.HasPrefix(line, "code d'appairage : ") {
			code = f[3]
		} else if strings.HasPrefix(line, "jeton d'API : ") {
			token = f[3]
		}
	}
	if len(code) != 8 || len(token) != 43 || !strings.Contains(out, "appareil n° 1 « meneur » appairé : meneur de jeu") {
		t.Fatalf("answer:\n%s", out)
	}
	if _, err := replayDay(t, db).DeviceByToken(token); err != nil {
		t.Fatal(err)
	}
	list := mustRun(t, "device", "list", "--db", db)
	if !strings.Contains(list, "n° 1  meneur  meneur de jeu") || !strings.Contains(list, "code d'appairage valable jusqu'à") {
		t.Fatalf("list:\n%s", list)
	}
	export := mustRun(t, "journal", "export", "--db", db)
	if !strings.Contains(export, loto.TypeDevicePaired) {
		t.Fatalf("the export lacks the pairing:\n%s", export)
	}
	stored, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	wal, _ := os.ReadFile(db + "-wal")
	for _, sec := range []string{code, token} {
		for what, text := range map[string]string{"list": list, "list --json": mustRun(t, "device", "list", "--json", "--db", db),
			"export": export, "SQLite file": string(stored) + string(wal)} {
			if strings.Contains(text, sec) {
				t.Fatalf("the %s holds %q", what, sec)
			}
		}
	}
}

func TestCLI_DeviceRevoke(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	var p pairingJSON
	if err := json.Unmarshal([]byte(mustRun(t, "device", "add", "tableau", "--role", "tableau", "--json", "--db", db)), &p); err != nil {
		t.Fatal(err)
	}
	misused(t, db, "--why est requis", "device", "revoke", "1", "--db", db)
	misused(t, db, "numéro d'appareil « un » invalide", "device", "revoke", "un", "--why", "perdu", "--db", db)
	if out := mustRun(t, "device", "revoke", "1", "--why", "écran remplacé", "--db", db); !strings.Contains(out, "appareil n° 1 « tableau » révoqué") {
		t.Fatalf("revoke: %s", out)
	}
	if code, _, errs := run(t, "device", "revoke", "1", "--why", "encore", "--db", db); code != 1 || !strings.Contains(errs, "déjà révoqué") {
		t.Fatalf("second revoke: %d %s", code, errs)
	}
	if _, err := replayDay(t, db).DeviceByToken(p.Token); loto.ErrorCode(err) != loto.EForbidden {
		t.Fatalf("a revoked token: %v", err)
	}
	if out := mustRun(t, "device", "list", "--db", db); !strings.Contains(out, "révoqué à") || !strings.Contains(out, "écran remplacé") {
		t.Fatalf("list:\n%s", out)
	}
}

func TestCLI_DeviceUsage(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	misused(t, db, "--role est requis", "device", "add", "tablette", "--db", db)
	misused(t, db, "le nom de l'appareil est attendu", "device", "add", "--role", "meneur", "--db", db)
	misused(t, db, "--role : rôle « chef » inconnu", "device", "add", "x", "--role", "chef", "--db", db)
	if code, _, errs := run(t, "device", "add", "x", "--role", "organisateur", "--db", db); code != 1 || !strings.Contains(errs, "impossible pour un appareil") {
		t.Fatalf("an organiser device: %d %s", code, errs)
	}
	if code, _, errs := run(t, "device", "add", "x", "--role", "caissier", "--db", db); code != 1 || !strings.Contains(errs, "la caisse manque") {
		t.Fatalf("a cashier without desk: %d %s", code, errs)
	}
}

// TestCLI_DeviceAndPasswordAreTheOrganisers: the role table refuses the
// other roles, in French, and nothing is recorded.
func TestCLI_DeviceAndPasswordAreTheOrganisers(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	before := head(t, db)
	for _, args := range [][]string{
		{"device", "add", "x", "--role", "meneur", "--as", "meneur"},
		{"device", "revoke", "1", "--why", "x", "--as", "caissier:caisse-1"},
		{"organiser", "password", "--as", "contrôleur"},
	} {
		code, _, errs := runWith(t, "cheval batterie agrafe\n", append(args, "--db", db)...)
		if code != 1 || !strings.Contains(errs, "ne peut pas") || !strings.Contains(errs, "c'est le rôle de l'organisateur") {
			t.Fatalf("loto %s: exit %d %s", strings.Join(args, " "), code, errs)
		}
	}
	if head(t, db) != before {
		t.Fatal("a refused command wrote to the journal")
	}
}

func TestCLI_OrganiserPassword(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	if code, out, errs := runWith(t, "cheval batterie agrafe\n", "organiser", "password", "--db", db); code != 0 || !strings.Contains(out, "mot de passe de l'organisateur enregistré") {
		t.Fatalf("set: %d %s %s", code, out, errs)
	}
	// A browser logged in with the first password (a server's session).
	session, err := replayDay(t, db).OpenOrganiserSession(context.Background(), "cheval batterie agrafe")
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runWith(t, "licorne parapluie 42\r\n", "organiser", "password", "--db", db); code != 0 || !strings.Contains(out, "l'ancien ne sert plus, et chaque navigateur connecté avec lui est déconnecté") {
		t.Fatalf("change: %d %s %s", code, out, errs)
	}
	d := replayDay(t, db)
	if _, err := d.SessionActor(session); loto.ErrorCode(err) != loto.ENotFound {
		t.Fatalf("the session of the old password after the change: %v", err)
	}
	if err := d.CheckOrganiserPassword("licorne parapluie 42"); err != nil {
		t.Fatal(err)
	}
	if err := d.CheckOrganiserPassword("cheval batterie agrafe"); loto.ErrorCode(err) != loto.EForbidden {
		t.Fatalf("the old password: %v", err)
	}
	before := head(t, db)
	if code, _, errs := runWith(t, "court\n", "organiser", "password", "--db", db); code != 1 || !strings.Contains(errs, "mot de passe trop faible") {
		t.Fatalf("weak: %d %s", code, errs)
	}
	if code, _, errs := runWith(t, "", "organiser", "password", "--db", db); code != 2 || !strings.Contains(errs, "aucun mot de passe sur l'entrée standard") {
		t.Fatalf("empty: %d %s", code, errs)
	}
	if code, _, errs := runWith(t, "", "organiser", "password", "licorne parapluie 43", "--db", db); code != 2 || !strings.Contains(errs, "ne se donne pas en argument") {
		t.Fatalf("argument: %d %s", code, errs)
	}
	if head(t, db) != before {
		t.Fatal("a refused password was recorded")
	}
	// The password is in no exported line.
	if out := mustRun(t, "journal", "export", "--db", db); strings.Contains(out, "licorne") || strings.Contains(out, "argon2") {
		t.Fatalf("the export holds the password or its hash:\n%s", out)
	}
}

func TestCLI_DeviceListEmptyAndJSON(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	if out := mustRun(t, "device", "list", "--db", db); !strings.Contains(out, "aucun appareil appairé") {
		t.Fatalf("empty list: %s", out)
	}
	mustRun(t, "device", "add", "porte", "--role", "entrée", "--db", db)
	var list []access.Device
	if err := json.Unmarshal([]byte(mustRun(t, "device", "list", "--json", "--db", db)), &list); err != nil || len(list) != 1 ||
		list[0].Role != loto.RoleDoor || list[0].Name != "porte" {
		t.Fatalf("list %+v %v", list, err)
	}
}

// TestCLI_R1_DeviceListTellsTimesInTheEventsZone: the devices' times are
// the hall's clocks (the event's zone), not the machine's: a laptop set
// to UTC prints them as the board and the pages do, and names the zone.
func TestCLI_R1_DeviceListTellsTimesInTheEventsZone(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	mustRun(t, "device", "add", "porte", "--role", "entrée", "--db", db)
	var list []access.Device
	if err := json.Unmarshal([]byte(mustRun(t, "device", "list", "--json", "--db", db)), &list); err != nil || len(list) != 1 {
		t.Fatalf("list %+v %v", list, err)
	}
	zone := replayDay(t, db).Event().Location()
	want := "appairé à " + list[0].PairedAt.In(zone).Format("15:04")
	if out := mustRun(t, "device", "list", "--db", db); !strings.Contains(out, want) || !strings.Contains(out, "fuseau de l'événement : "+zone.String()) {
		t.Fatalf("list says %q, want %q and the event's zone named, %s", out, want, zone)
	}
}
