package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"
)

// streamLoad is what a measure of the stream found.
type streamLoad struct {
	Clients    int   `json:"clients"`
	Changes    int   `json:"changes"`    // changes every client received, measured
	Incomplete int   `json:"incomplete"` // changes some client missed (dropped, or the end of the run)
	Dropped    int   `json:"dropped"`    // streams that ended before the run did
	P50        int64 `json:"p50_us"`     // from the append to the last client's receipt, microseconds
	P99        int64 `json:"p99_us"`
	Max        int64 `json:"max_us"`
	// MemPerClient is the server's memory per open stream, in bytes: its
	// heap and stacks when the tool serves, its resident memory with
	// --url and --pid; 0 when the server runs elsewhere without --pid.
	MemPerClient int64 `json:"server_bytes_per_client,omitempty"`
	// ServerCPU is the CPU time of the server of --pid while the clients
	// were all connected.
	ServerCPU time.Duration `json:"server_cpu_ns,omitempty"`
	// Command* is how long the tool's own commands took, their durable
	// append included (the fsync), when it draws itself: the part of the
	// latency the stream does not make.
	CommandP50 int64 `json:"command_p50_us,omitempty"`
	CommandP99 int64 `json:"command_p99_us,omitempty"`
	CommandMax int64 `json:"command_max_us,omitempty"`
}

// arrival is when the changes of one id reached the clients.
type arrival struct {
	sent    time.Time // the event's time, as the change says
	last    time.Time // the latest receipt
	clients int
}

// receipt is one change as one client received it.
type receipt struct {
	id       string
	sent, at time.Time
}

// loadClients holds the receipts of n clients of one stream. Each client
// keeps its own until it ends, so that the clients of a change do not
// wait on each other to note it.
type loadClients struct {
	mu       sync.Mutex
	from     time.Time // changes appended before are not measured,
	until    time.Time // nor those appended after
	receipts [][]receipt
	dropped  int
}

// measureStream opens n streams on url, waits until each has its first
// state (ready, when not nil, is then closed), measures the changes
// appended during d and returns the figures. Everything ends within the
// connect timeout, d and the grace.
func measureStream(ctx context.Context, url string, n int, d time.Duration, ready chan<- struct{}) (streamLoad, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lc := &loadClients{}
	tr := &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	connected := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { lc.follow(ctx, client, url, connected) })
	}
	connect := time.NewTimer(connectTimeout)
	defer connect.Stop()
	for range n {
		select {
		case err := <-connected:
			if err != nil {
				cancel()
				wg.Wait()
				return streamLoad{}, err
			}
		case <-connect.C:
			cancel()
			wg.Wait()
			return streamLoad{}, fmt.Errorf("les %d clients ne sont pas connectés au flux après %s", n, connectTimeout)
		case <-ctx.Done():
			wg.Wait()
			return streamLoad{}, ctx.Err()
		}
	}
	lc.mu.Lock()
	lc.from = time.Now()
	lc.until = lc.from.Add(d)
	lc.mu.Unlock()
	if ready != nil {
		close(ready)
	}
	// The last changes of the window get a grace to reach every client.
	select {
	case <-time.After(d + grace):
	case <-ctx.Done():
	}
	cancel()
	wg.Wait()
	return lc.figures(n), nil
}

// connectTimeout bounds the time the clients take to connect; grace is
// how long the clients still read after the window of the measure.
const (
	connectTimeout = 30 * time.Second
	grace          = time.Second
)

// follow reads one stream until ctx ends, noting each change's receipt.
// It reports on connected once the first state is in, or why not.
func (lc *loadClients) follow(ctx context.Context, client *http.Client, url string, connected chan<- error) {
	once := sync.OnceFunc(func() { connected <- nil })
	fail := func(err error) {
		select {
		case connected <- err:
		default:
		}
	}
	resp, err := connectStream(ctx, client, url)
	if err != nil {
		fail(err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fail(fmt.Errorf("flux %s : réponse %s", url, resp.Status))
		return
	}
	r := bufio.NewReaderSize(resp.Body, 4096)
	var id []byte
	var mine []receipt
	defer func() {
		lc.mu.Lock()
		lc.receipts = append(lc.receipts, mine)
		lc.mu.Unlock()
	}()
	long := false // inside a line longer than the buffer: a state, not measured
	for {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = true
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				lc.mu.Lock()
				lc.dropped++
				lc.mu.Unlock()
			}
			return
		}
		if long {
			long = false
			continue
		}
		switch {
		case bytes.HasPrefix(line, []byte("id: ")):
			id = append(id[:0], bytes.TrimSpace(line[4:])...)
		case bytes.HasPrefix(line, []byte("event: state")):
			once()
		case bytes.HasPrefix(line, []byte("data: ")):
			at := time.Now()
			if sent, ok := changeTime(line); ok {
				mine = append(mine, receipt{id: string(id), sent: sent, at: at})
			}
		}
	}
}

// connectAttempts is how many times a client tries to open the stream:
// thousands connecting at once on a busy machine may find the server's
// backlog full or its header timeout past, and a browser's EventSource
// tries again too.
const connectAttempts = 5

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

// changeTime reads the "time" field of a change, without decoding the rest.
func changeTime(data []byte) (time.Time, bool) {
	key := []byte(`"time":"`)
	i := bytes.Index(data, key)
	if i < 0 {
		return time.Time{}, false
	}
	rest := data[i+len(key):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, string(rest[:j]))
	return t, err == nil
}

// figures sums the receipts up: the latency of each change every client received.
func (lc *loadClients) figures(n int) streamLoad {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	out := streamLoad{Clients: n, Dropped: lc.dropped}
	byID := map[string]*arrival{}
	for _, rs := range lc.receipts {
		for _, r := range rs {
			if r.sent.Before(lc.from) || r.sent.After(lc.until) {
				continue
			}
			a := byID[r.id]
			if a == nil {
				a = &arrival{sent: r.sent}
				byID[r.id] = a
			}
			a.clients++
			if r.at.After(a.last) {
				a.last = r.at
			}
		}
	}
	var lat []int64
	for _, a := range byID {
		if a.clients < n {
			out.Incomplete++
			continue
		}
		lat = append(lat, a.last.Sub(a.sent).Microseconds())
	}
	slices.Sort(lat)
	out.Changes = len(lat)
	if len(lat) > 0 {
		out.P50, out.P99, out.Max = quantile(lat, 0.50), quantile(lat, 0.99), lat[len(lat)-1]
	}
	return out
}

// quantile is the value at q of sorted values (nearest rank).
func quantile(sorted []int64, q float64) int64 {
	i := int(float64(len(sorted))*q+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// millis writes microseconds as milliseconds in French ("3,2 ms").
func millis(us int64) string {
	return frenchDecimal(strconv.FormatFloat(float64(us)/1000, 'f', 1, 64)) + " ms"
}

// frenchDecimal writes a decimal point as the French comma.
func frenchDecimal(s string) string {
	return string(bytes.ReplaceAll([]byte(s), []byte("."), []byte(",")))
}
