package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/journal/postgres"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/web"
)

// shownDay is what a server shows of the whole day to the organiser: the
// status and the day's report, read with one session.
type shownDay struct {
	status, report []byte
	session        *http.Cookie
}

// catchUpTimeout bounds the wait for every server to apply the journal.
const catchUpTimeout = 30 * time.Second

// servedDay logs the organiser in on the first server (base ends with a
// slash), waits until every server has applied the journal up to the same
// head (the login is an event of it), and reads what they show, which must
// be the same on all.
func servedDay(ctx context.Context, bases []string, password string) (shownDay, error) {
	c := &http.Client{Timeout: 30 * time.Second}
	session, err := loginOrganiser(ctx, c, bases[0], password)
	if err != nil {
		return shownDay{}, err
	}
	want, err := appliedHead(ctx, c, bases[0], session)
	if err != nil {
		return shownDay{}, err
	}
	for _, b := range bases[1:] {
		deadline := time.Now().Add(catchUpTimeout)
		for {
			got, err := appliedHead(ctx, c, b, session)
			if err != nil {
				return shownDay{}, err
			}
			if got == want {
				break
			}
			if time.Now().After(deadline) {
				return shownDay{}, fmt.Errorf("le serveur %s en est à l'événement %d du journal, le premier à %d, après %s", b, got, want, catchUpTimeout)
			}
			sleepCtx(ctx, 20*time.Millisecond)
		}
	}
	var first shownDay
	for i, b := range bases {
		s, err := readShown(ctx, c, b, session)
		if err != nil {
			return shownDay{}, err
		}
		if i == 0 {
			first = s
		} else if what := differs(first, s); what != "" {
			return shownDay{}, fmt.Errorf("les serveurs %s et %s ne montrent pas %s de la même façon", bases[0], b, what)
		}
	}
	return first, nil
}

// checkDayJournal verifies the chain of the journal db once its servers
// have stopped and, unless served is nil, that a fresh replay of it shows
// what they showed; it returns the journal's count of events.
func checkDayJournal(ctx context.Context, db string, served *shownDay) (int64, error) {
	store, err := openJournal(ctx, db)
	if err != nil {
		return 0, err
	}
	defer store.Close()
	head, err := journal.Verify(ctx, store)
	if err != nil {
		return 0, fmt.Errorf("journal de la journée mesurée : %w", err)
	}
	if served == nil {
		return head.Seq, nil
	}
	replay, book, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		return 0, fmt.Errorf("relecture fraîche du journal : %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	hs := web.New(web.Config{Day: replay, Auth: book, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}).HTTPServer(ln.Addr().String())
	go hs.Serve(ln)
	defer hs.Close()
	fresh, err := readShown(ctx, &http.Client{Timeout: 30 * time.Second}, "http://"+ln.Addr().String()+"/", served.session)
	if err != nil {
		return 0, err
	}
	if what := differs(*served, fresh); what != "" {
		return 0, fmt.Errorf("les serveurs ne montrent pas %s comme une relecture fraîche du journal : leur état n'est pas celui que le journal donne", what)
	}
	return head.Seq, nil
}

// differs names the first view that a and b do not show alike, "" when
// they show both alike.
func differs(a, b shownDay) string {
	switch {
	case !bytes.Equal(a.status, b.status):
		return "l'état de la partie (/api/v1/status)"
	case !bytes.Equal(a.report, b.report):
		return "le rapport de la journée (/api/v1/reports/day)"
	}
	return ""
}

// loginOrganiser opens an organiser's session on the server at base.
func loginOrganiser(ctx context.Context, c *http.Client, base, password string) (*http.Cookie, error) {
	body, err := json.Marshal(map[string]string{"password": password})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", base+"connexion", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("connexion de l'organisateur sur %s : %w", base, err)
	}
	resp.Body.Close()
	for _, ck := range resp.Cookies() {
		if ck.Name == "loto_session" && resp.StatusCode == http.StatusOK {
			return ck, nil
		}
	}
	return nil, fmt.Errorf("connexion de l'organisateur sur %s : %s", base, resp.Status)
}

// appliedHead is the last event of the journal the server at base applied.
func appliedHead(ctx context.Context, c *http.Client, base string, session *http.Cookie) (int64, error) {
	b, err := organiserGet(ctx, c, base, "api/v1/journal/head", session)
	if err != nil {
		return 0, err
	}
	var h struct {
		Seq int64 `json:"seq"`
	}
	if err := json.Unmarshal(b, &h); err != nil {
		return 0, fmt.Errorf("%sapi/v1/journal/head : réponse illisible : %w", base, err)
	}
	return h.Seq, nil
}

// readShown reads what the server at base shows the organiser's session.
func readShown(ctx context.Context, c *http.Client, base string, session *http.Cookie) (shownDay, error) {
	status, err := organiserGet(ctx, c, base, "api/v1/status", session)
	if err != nil {
		return shownDay{}, err
	}
	report, err := organiserGet(ctx, c, base, "api/v1/reports/day?format=csv", session)
	if err != nil {
		return shownDay{}, err
	}
	return shownDay{status: status, report: report, session: session}, nil
}

// organiserGet reads path on the server at base with the organiser's session.
func organiserGet(ctx context.Context, c *http.Client, base, path string, session *http.Cookie) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	if err != nil {
		return nil, err
	}
	req.AddCookie(session)
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s%s : %w", base, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%s%s : %w", base, path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s%s : %s %s", base, path, resp.Status, strings.TrimSpace(loto.Cut(string(b), 200)))
	}
	return b, nil
}

// openJournal opens the measured day's journal, the PostgreSQL database
// or the SQLite file db.
func openJournal(ctx context.Context, db string) (journal.Store, error) {
	if cli.IsPostgres(db) {
		return postgres.Open(ctx, db, nil)
	}
	return sqlite.Open(ctx, db, nil)
}
