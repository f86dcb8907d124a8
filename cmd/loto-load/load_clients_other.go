//go:build !linux

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// open starts n clients of the stream at url, a goroutine each through
// net/http (the epoll readers are Linux's); each reports on connected
// once its first state is in, or why not. wait, once ctx ends, returns
// when every client has ended and kept its receipts.
func (lc *loadClients) open(ctx context.Context, url string, n int, connected chan<- error) (wait func()) {
	tr := &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}
	client := &http.Client{Transport: tr}
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { lc.follow(ctx, client, url, connected) })
	}
	return func() { wg.Wait(); tr.CloseIdleConnections() }
}

// follow reads one stream until ctx ends, noting each change's receipt.
func (lc *loadClients) follow(ctx context.Context, client *http.Client, url string, connected chan<- error) {
	resp, err := connectStream(ctx, client, url)
	if err != nil {
		report(connected, err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		report(connected, fmt.Errorf("flux %s : réponse %s", url, resp.Status))
		return
	}
	br := bufio.NewReaderSize(resp.Body, 4096)
	r := &sseReader{}
	defer lc.keep(r)
	long := false // inside a line longer than the buffer: a state, not measured
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = true
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				lc.lost()
			}
			return
		}
		if long {
			long = false
			continue
		}
		now := time.Now()
		if r.line(line, now, now) {
			connected <- nil
		}
	}
}

// connectStream opens the stream at url, trying again after a failed
// connection.
func connectStream(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	var err error
	for attempt := 1; attempt <= connectAttempts; attempt++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, "GET", url, nil); err != nil {
			return nil, err
		}
		var resp *http.Response
		if resp, err = client.Do(req); err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt) * 500 * time.Millisecond):
		}
	}
	return nil, fmt.Errorf("flux %s inaccessible après %d essais : %w", url, connectAttempts, err)
}
