package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"loto/internal/access"
	"loto/internal/loto"
	"loto/internal/web"
)

// What the measures through the API (load claims, load sales) share: a
// temporary day served on a loopback port, devices paired with it, one
// client for all the senders and the tally of their answers.

// apiDay is a temporary day whose whole API is served on a loopback port.
type apiDay struct {
	day  *loto.Day
	book *access.Book // the day's devices
	base string       // http://127.0.0.1:PORT
	stop func()       // stops the server, closes the day and removes its folder
}

// serveTempDay makes a temporary folder, has build make the day's journal
// in it, and serves the day's API; a failure leaves nothing behind.
func serveTempDay(ctx context.Context, build func(ctx context.Context, dir string) (*loto.Day, *access.Book, func(), error)) (*apiDay, error) {
	dir, err := os.MkdirTemp("", "loto-load-")
	if err != nil {
		return nil, err
	}
	day, book, closeDay, err := build(ctx, dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		closeDay()
		os.RemoveAll(dir)
		return nil, err
	}
	srv := web.New(web.Config{Day: day, Auth: book, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	hs := srv.HTTPServer(ln.Addr().String())
	go hs.Serve(ln)
	return &apiDay{day: day, book: book, base: "http://" + ln.Addr().String(), stop: func() {
		hs.Close()
		closeDay()
		os.RemoveAll(dir)
	}}, nil
}

// pair pairs n devices of role, named name-1 to name-n, the i-th (from 0)
// at desk(i) when desk is not nil, and returns their tokens.
func (a *apiDay) pair(ctx context.Context, role loto.Role, name string, n int, desk func(i int) string) ([]string, error) {
	tokens := make([]string, n)
	for i := range n {
		d := ""
		if desk != nil {
			d = desk(i)
		}
		p, err := a.book.AddDevice(ctx, organiser, fmt.Sprintf("%s-%d", name, i+1), role, d)
		if err != nil {
			return nil, err
		}
		tokens[i] = p.Token
	}
	return tokens, nil
}

// senders is the HTTP client of n senders at once, one connection each
// kept open, and the function that closes those connections.
func senders(n int) (*http.Client, func()) {
	tr := &http.Transport{MaxIdleConnsPerHost: n, DisableCompression: true}
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}, tr.CloseIdleConnections
}

// tally gathers the answer times and the failures of many senders; each
// sender keeps its own times and adds them once, so that no answer waits
// on the lock to be noted.
type tally struct {
	mu       sync.Mutex
	lat      []int64 // microseconds
	errs     int
	firstErr string
}

// fail counts a failure and keeps the first one's reason.
func (t *tally) fail(why string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.errs++
	if t.firstErr == "" {
		t.firstErr = why
	}
}

// add adds a sender's answer times.
func (t *tally) add(mine []int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lat = append(t.lat, mine...)
}

// quantiles sorts the times and gives the 50th and 99th percentiles and
// the longest, all 0 without any.
func (t *tally) quantiles() (p50, p99, longest int64) {
	return quantiles(t.lat)
}
