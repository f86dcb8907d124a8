package web

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"loto/internal/journal"
	"loto/internal/loto"
)

// TestWriteError_StatusFromCode: each domain code maps to its status, with
// the JSON shape {code, message, details}; an internal error shows only
// "erreur interne" and logs its cause.
func TestWriteError_StatusFromCode(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		err    error
		status int
		code   string
		msg    string
	}{
		{"invalid", loto.Errorf(loto.EInvalid, "numéro invalide"), 422, "invalid", "numéro invalide"},
		{"conflict", loto.Errorf(loto.EConflict, "déjà vendu"), 409, "conflict", "déjà vendu"},
		{"notfound", loto.Errorf(loto.ENotFound, "inconnu"), 404, "notfound", "inconnu"},
		{"forbidden", loto.Errorf(loto.EForbidden, "refusé"), 403, "forbidden", "refusé"},
		{"wrapped", fmt.Errorf("contexte : %w", loto.Errorf(loto.EConflict, "déjà vendu")), 409, "conflict", "déjà vendu"},
		{"internal", &loto.Error{Code: loto.EInternal, Message: "écriture dans le journal", Err: errTest}, 500, "internal", "erreur interne"},
		{"not a domain error", errTest, 500, "internal", "erreur interne"},
		{"unknown code", loto.Errorf("bizarre", "quoi"), 500, "internal", "erreur interne"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs bytes.Buffer
			w := httptest.NewRecorder()
			writeError(w, httptest.NewRequest("POST", "/api/v1/sales", nil), slog.New(slog.NewTextHandler(&logs, nil)), c.err)
			if w.Code != c.status {
				t.Fatalf("status %d, want %d", w.Code, c.status)
			}
			e := errorOf(t, w)
			if e.Code != c.code || e.Message != c.msg || len(e.Details) != 0 {
				t.Fatalf("answer %+v, want code %q message %q", e, c.code, c.msg)
			}
			if strings.Contains(w.Body.String(), errTest.Error()) {
				t.Fatalf("the cause was shown: %s", w.Body)
			}
			if c.err != nil && strings.Contains(c.err.Error(), errTest.Error()) && !strings.Contains(logs.String(), errTest.Error()) {
				t.Fatalf("internal error's cause not logged: %q", logs.String())
			}
			if c.status != 500 && logs.Len() != 0 {
				t.Fatalf("a refusal was logged as an error: %q", logs.String())
			}
		})
	}
}

// TestErrors_BadRequestsAnsweredInFrench: malformed JSON, an unknown
// field, a wrong type, another content type and an unknown API path get
// the error JSON with a French message, never the decoder's English.
func TestErrors_BadRequestsAnsweredInFrench(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	host := f.bearerOf(loto.RoleHost)
	cases := []struct {
		name, method, path, body string
		opts                     []option
		status                   int
		msg                      string
	}{
		{"syntax", "POST", "/api/v1/game/draws", `{"number":`, []option{host}, 400, "JSON incomplet"},
		{"garbage", "POST", "/api/v1/game/draws", `{number}`, []option{host}, 400, "JSON mal formé"},
		{"unknown field", "POST", "/api/v1/game/draws", `{"numero": 12}`, []option{host}, 400, "champ « numero » inconnu"},
		{"wrong type", "POST", "/api/v1/game/draws", `{"number": "douze"}`, []option{host}, 400, "le champ « number » attend un nombre entier"},
		{"two values", "POST", "/api/v1/game/draws", `{} {}`, []option{host}, 400, "une seule valeur"},
		{"form", "POST", "/api/v1/game/draws", `number=12`, []option{host, withHeader("Content-Type", "application/x-www-form-urlencoded")}, 400, "doit être du JSON"},
		{"out of range", "POST", "/api/v1/game/draws", `{"number": 256}`, []option{host}, 422, "numéro 256 invalide : de 1 à 90"},
		{"domain conflict", "POST", "/api/v1/game/draws", `{}`, []option{host}, 409, "aucune partie en cours"},
		{"bad key", "POST", "/api/v1/game/start", `{}`, []option{host, withHeader("Idempotency-Key", strings.Repeat("k", loto.MaxKey+1))}, 422, "Idempotency-Key invalide"},
		{"unknown path", "GET", "/api/v1/nulle-part", "", nil, 404, "pas de route GET /api/v1/nulle-part"},
		{"bad bearer", "POST", "/api/v1/game/start", `{}`, []option{withHeader("Authorization", "Bearer faux")}, 403, "cet appareil n'est plus appairé"},
		{"bad scheme", "POST", "/api/v1/game/start", `{}`, []option{withHeader("Authorization", "Basic eDp5")}, 403, "attendu « Bearer JETON »"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := f.head()
			w := f.do(c.method, c.path, c.body, c.opts...)
			if w.Code != c.status {
				t.Fatalf("status %d, want %d: %s", w.Code, c.status, w.Body)
			}
			e := errorOf(t, w)
			if !strings.Contains(e.Message, c.msg) {
				t.Fatalf("message %q, want %q", e.Message, c.msg)
			}
			if c.name == "unknown field" && (len(e.Details) != 1 || e.Details[0] != "numero") {
				t.Fatalf("details %q, want the field", e.Details)
			}
			if strings.Contains(w.Body.String(), "json:") || strings.Contains(w.Body.String(), "invalid character") {
				t.Fatalf("the decoder's English shown: %s", w.Body)
			}
			if f.head() != before {
				t.Fatal("a refused request was recorded")
			}
		})
	}
	if w := f.do("GET", "/api/v1/status", ""); w.Code != http.StatusOK {
		t.Fatalf("status: %d", w.Code)
	}
}

// TestWriteError_UnavailableLogsItsCause: a write the journal's full disk
// refused (SQLite's or PostgreSQL's journal.ErrFull) and one that other
// instances' writes beat at every try are both a 503 to send again, but
// only the first is logged as a full disk, the error the organiser must
// act on.
func TestWriteError_UnavailableLogsItsCause(t *testing.T) {
	t.Parallel()
	full := &loto.Error{Code: loto.EUnavailable, Message: "le disque du serveur est plein", Err: fmt.Errorf("écriture : %w", journal.ErrFull)}
	busy := loto.Errorf(loto.EUnavailable, "le journal est très sollicité")
	for _, c := range []struct {
		name string
		err  error
		log  string
	}{
		{"disk full", full, "level=ERROR msg=\"écriture refusée : disque plein\""},
		{"busy journal", busy, "level=WARN msg=\"écriture refusée : journal très sollicité\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var logs bytes.Buffer
			w := httptest.NewRecorder()
			writeError(w, httptest.NewRequest("POST", "/api/v1/sales", nil), slog.New(slog.NewTextHandler(&logs, nil)), c.err)
			if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
				t.Fatalf("status %d, Retry-After %q; want 503 with Retry-After", w.Code, w.Header().Get("Retry-After"))
			}
			if !strings.Contains(logs.String(), c.log) || strings.Count(logs.String(), "\n") != 1 {
				t.Fatalf("logged %q, want one line with %s", logs.String(), c.log)
			}
		})
	}
}
