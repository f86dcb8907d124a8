package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"loto/internal/access"
	"loto/internal/drive"
	"loto/internal/drive/drivetest"
	"loto/internal/loto"
	"loto/internal/web"
)

// dayViews are what a server shows of the whole day, as the organiser
// reads it: the status and the day's report.
type dayViews struct {
	status []byte // GET /api/v1/status
	report []byte // GET /api/v1/reports/day?format=csv
	// session is the organiser's cookie the views were read with: a login
	// is an event, so the replay's views are read with the same session,
	// which its journal holds, rather than with a login of their own.
	session *http.Cookie
}

// servedViews logs in as the organiser on the server at base and reads
// its views of the day.
func servedViews(t *testing.T, base string, session *http.Cookie) dayViews {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	if session == nil {
		req, _ := http.NewRequest("POST", base+"/connexion", strings.NewReader(`{"password":"`+crashPassword+`"}`))
		session = loginCookie(t, c, req, "on "+base)
	}
	get := func(path string) []byte {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.AddCookie(session)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s %v %s", path, resp.Status, err, b)
		}
		return b
	}
	return dayViews{status: get("/api/v1/status"), report: get("/api/v1/reports/day?format=csv"), session: session}
}

// checkCrashDay checks the journal a killed and restarted server left at
// db, stopped, against the acts the driver was acknowledged (acked), its
// report r and the views the last server served.
func checkCrashDay(t *testing.T, db string, acked []drive.Act, r drive.Report, served dayViews) {
	t.Helper()
	ctx := context.Background()
	store := openSQLite(t, db)

	// Every acknowledged act under its key, on or before its anchor, once,
	// and no write of the driver's that it was not acknowledged.
	anchors := drivetest.Journal(t, store, acked, r)

	// The chain, every receipt's anchor and the secrets verify.
	replay, book, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		t.Fatalf("a fresh replay: %v", err)
	}
	ver, err := replay.VerifyJournal(ctx, anchors)
	if err != nil || !ver.OK {
		t.Fatalf("the journal does not verify with the %d anchors acknowledged: %+v %v", len(anchors), ver, err)
	}
	var sound string
	db2, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	if err := db2.QueryRow(`PRAGMA integrity_check`).Scan(&sound); err != nil || sound != "ok" {
		t.Fatalf("the SQLite file's integrity check: %q %v", sound, err)
	}

	// The state the last server built (replayed at its start, then applied
	// act by act) is the state of a fresh replay.
	hs := httptest.NewServer(web.New(web.Config{Day: replay, Auth: book, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	defer hs.Close()
	fresh := servedViews(t, hs.URL, served.session)
	if !bytes.Equal(fresh.status, served.status) {
		t.Errorf("the served status differs from a fresh replay's:\nserved: %s\nreplay: %s", served.status, fresh.status)
	}
	if !bytes.Equal(fresh.report, served.report) {
		t.Errorf("the served day's report differs from a fresh replay's:\nserved:\n%s\nreplay:\n%s", served.report, fresh.report)
	}
	t.Logf("%d events, %d acts acknowledged, %d anchors verified, %d secrets", ver.Events, len(acked), len(anchors), ver.Secrets)
}
