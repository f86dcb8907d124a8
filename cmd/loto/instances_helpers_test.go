package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/journal"
)

// live is one client of a server's public stream, noting when each change
// arrived.
type live struct {
	mu       sync.Mutex
	arrivals []arrived
	ended    chan struct{}
}

// arrived is a change received: its id (the sequence of the event that
// made it) and when.
type arrived struct {
	id int64
	at time.Time
}

// openLive opens base's stream and reads it until the test ends or the
// server goes; it returns once the first state is in. A client that
// reconnects comes back as a browser's EventSource does, with the
// Last-Event-ID of the last message, until the test ends; ended closes
// when it stops reading.
func openLive(t *testing.T, base string, reconnect bool) *live {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	l := &live{ended: make(chan struct{})}
	ready := make(chan struct{})
	once := sync.OnceFunc(func() { close(ready) })
	go func() {
		defer close(l.ended)
		last := ""
		for {
			last = l.read(ctx, base, last, once)
			if !reconnect || ctx.Err() != nil {
				return
			}
			time.Sleep(100 * time.Millisecond) // the stream's retry hint is 2 s; the test is brisker
		}
	}()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatalf("no state on the stream of %s", base)
	}
	return l
}

// read reads one connection to base's stream until it ends, and returns
// the id of the last message; ready is called on the first state.
func (l *live) read(ctx context.Context, base, last string, ready func()) string {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"api/v1/stream", nil)
	if last != "" {
		req.Header.Set("Last-Event-ID", last)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return last
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return last
	}
	r := bufio.NewReaderSize(resp.Body, 1<<20)
	var id int64
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return last
		}
		switch {
		case bytes.HasPrefix(line, []byte("id: ")):
			last = string(bytes.TrimSpace(line[4:]))
			id, _ = strconv.ParseInt(last, 10, 64)
		case bytes.HasPrefix(line, []byte("event: state")):
			ready()
		case bytes.HasPrefix(line, []byte("event: change")):
			l.mu.Lock()
			l.arrivals = append(l.arrivals, arrived{id: id, at: time.Now()})
			l.mu.Unlock()
		}
	}
}

// waitFor waits, up to d, until the client got a change that includes
// event seq; false if it did not.
func (l *live) waitFor(seq int64, d time.Duration) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		l.mu.Lock()
		got := len(l.arrivals) > 0 && l.arrivals[len(l.arrivals)-1].id >= seq
		l.mu.Unlock()
		if got {
			return true
		}
	}
	return false
}

// delays returns, for each event, the time from its append to the first
// change the client got that includes it (a server that applies several
// events at once sends one change for them, its id the last one's), and
// the events no change included.
func (l *live) delays(events []journal.Event) (got []time.Duration, missing []int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, e := range events {
		i := slices.IndexFunc(l.arrivals, func(a arrived) bool { return a.id >= e.Seq })
		if i < 0 {
			missing = append(missing, e.Seq)
			continue
		}
		got = append(got, l.arrivals[i].at.Sub(e.Time))
	}
	return got, missing
}

// percentile is the q-quantile of ds (sorted in place).
func percentile(ds []time.Duration, q float64) time.Duration {
	slices.Sort(ds)
	if len(ds) == 0 {
		return 0
	}
	return ds[min(len(ds)-1, int(q*float64(len(ds))))]
}

// answer is a JSON answer: its status and body.
type answer struct {
	code int
	body []byte
}

func (a answer) String() string {
	return strconv.Itoa(a.code) + " " + strings.TrimSpace(string(a.body))
}

// post sends a JSON body to url as the holder of token (none when empty),
// with an idempotency key when key is not empty, and cookies when given.
func post(t *testing.T, client *http.Client, url, token, key, body string, cookies ...*http.Cookie) answer {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := client.Do(req)
	if err != nil {
		return answer{code: 0, body: []byte(err.Error())}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{code: resp.StatusCode, body: b}
}

// roundRobin is a reverse proxy that sends each request to the next of its
// backends in turn, as a proxy without sticky sessions does.
type roundRobin struct {
	next     atomic.Int64
	backends []*url.URL
	served   []atomic.Int64
}

// startRoundRobin serves a round-robin proxy to the base URLs for the test.
func startRoundRobin(t *testing.T, bases ...string) (*roundRobin, string) {
	t.Helper()
	rr := &roundRobin{served: make([]atomic.Int64, len(bases))}
	for _, b := range bases {
		u, err := url.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		rr.backends = append(rr.backends, u)
	}
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		i := int(rr.next.Add(1)-1) % len(rr.backends)
		rr.served[i].Add(1)
		pr.SetURL(rr.backends[i])
	}, ErrorLog: log.New(io.Discard, "", 0)} // a backend killed on purpose is no news
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return rr, srv.URL + "/"
}

// whoIs asks base who the cookie's holder is (GET /api/v1/session).
func whoIs(t *testing.T, base string, c *http.Cookie) map[string]any {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"api/v1/session", nil)
	req.AddCookie(c)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// loginCookie sends the organiser's login req with client and returns the
// session cookie it answers with; the test fails, naming where the login
// went through, unless the login passed and set the cookie.
func loginCookie(t *testing.T, client *http.Client, req *http.Request, where string) *http.Cookie {
	t.Helper()
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == "loto_session" && resp.StatusCode == http.StatusOK {
			return c
		}
	}
	t.Fatalf("the organiser's login %s: %s", where, resp.Status)
	return nil
}
