package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"
)

// streamLoad is what a measure of the stream found.
type streamLoad struct {
	Clients    int `json:"clients"`
	Changes    int `json:"changes"`    // changes every client received, measured
	Incomplete int `json:"incomplete"` // changes some client missed (dropped, or the end of the run)
	Dropped    int `json:"dropped"`    // streams that ended before the run did
	// P50, P99 and Max are the times from a change's append to its
	// delivery to the last client, in microseconds: delivery is when the
	// change reached the client's socket, as the kernel stamps it where it
	// can (Linux), else when the client read it.
	P50 int64 `json:"p50_us"`
	P99 int64 `json:"p99_us"`
	Max int64 `json:"max_us"`
	// Read* are the times to the last client's read of it, the tool's own
	// reading included: its clients share the machine, and read at idle
	// priority where they can, as phones read on their own CPUs.
	ReadP50 int64 `json:"read_p50_us"`
	ReadP99 int64 `json:"read_p99_us"`
	ReadMax int64 `json:"read_max_us"`
	// MemPerClient is the server's memory per open stream, in bytes: its
	// heap and stacks when the tool serves, its resident memory with
	// --url and --pid; 0 when the server runs elsewhere without --pid.
	MemPerClient int64 `json:"server_bytes_per_client,omitempty"`
	// ServerCPU is the CPU time of the server (that of --pid, or this
	// tool's own server) while the clients were all connected; ClientCPU
	// that of the process of the clients meanwhile. Both are read from
	// Linux's /proc; 0 elsewhere.
	ServerCPU time.Duration `json:"server_cpu_ns,omitempty"`
	ClientCPU time.Duration `json:"client_cpu_ns,omitempty"`
	// Command* is how long the tool's own commands took, their durable
	// append included (the fsync), when it draws itself: the part of the
	// latency the stream does not make.
	CommandP50 int64 `json:"command_p50_us,omitempty"`
	CommandP99 int64 `json:"command_p99_us,omitempty"`
	CommandMax int64 `json:"command_max_us,omitempty"`
}

// arrival is when the changes of one id reached the clients.
type arrival struct {
	sent     time.Time // the event's time, as the change says
	last     time.Time // the latest delivery
	lastRead time.Time // the latest read
	clients  int
}

// receipt is one change as one client received it: delivered at, read
// by the tool at read.
type receipt struct {
	id             int64 // the change's sequence
	sent, at, read time.Time
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
	connected := make(chan error, n)
	wait := lc.open(ctx, url, n, connected)
	connect := time.NewTimer(connectTimeout)
	defer connect.Stop()
	for range n {
		select {
		case err := <-connected:
			if err != nil {
				cancel()
				wait()
				return streamLoad{}, err
			}
		case <-connect.C:
			cancel()
			wait()
			return streamLoad{}, fmt.Errorf("les %d clients ne sont pas connectés au flux après %s", n, connectTimeout)
		case <-ctx.Done():
			wait()
			return streamLoad{}, ctx.Err()
		}
	}
	cpu := cpuSince()
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
	wait()
	r := lc.figures(n)
	r.ClientCPU = cpu()
	return r, nil
}

// cpuSince starts counting this process's CPU time: the function it
// returns gives the time used since, 0 where /proc cannot tell.
func cpuSince() func() time.Duration {
	before, err := readUsage(os.Getpid())
	return func() time.Duration {
		after, err2 := readUsage(os.Getpid())
		if err != nil || err2 != nil {
			return 0
		}
		return after.CPU - before.CPU
	}
}

// connectTimeout bounds the time the clients take to connect; grace is
// how long the clients still read after the window of the measure.
const (
	connectTimeout = 30 * time.Second
	grace          = time.Second
)

// connectAttempts is how many times a client tries to open the stream:
// thousands connecting at once on a busy machine may find the server's
// backlog full or its header timeout past, and a browser's EventSource
// tries again too.
const connectAttempts = 5

// sseReader reads the lines of one stream and notes its changes' receipts.
type sseReader struct {
	id    int64
	mine  []receipt
	state bool // the first state is in
}

// line takes one line of the stream, delivered at at and read at read;
// it reports true on the first state.
func (r *sseReader) line(line []byte, at, read time.Time) (first bool) {
	switch {
	case bytes.HasPrefix(line, []byte("id: ")):
		r.id, _ = strconv.ParseInt(string(bytes.TrimSpace(line[4:])), 10, 64)
	case bytes.HasPrefix(line, []byte("event: state")):
		first, r.state = !r.state, true
	case bytes.HasPrefix(line, []byte("data: ")):
		if sent, ok := changeTime(line); ok {
			r.mine = append(r.mine, receipt{id: r.id, sent: sent, at: at, read: read})
		}
	}
	return first
}

// report tells the measure why a client could not start, unless it
// already knows why one could not.
func report(connected chan<- error, err error) {
	select {
	case connected <- err:
	default:
	}
}

// keep adds a client's receipts to the measure once it has ended.
func (lc *loadClients) keep(r *sseReader) {
	lc.mu.Lock()
	lc.receipts = append(lc.receipts, r.mine)
	lc.mu.Unlock()
}

// lost counts a stream that ended before the measure did.
func (lc *loadClients) lost() {
	lc.mu.Lock()
	lc.dropped++
	lc.mu.Unlock()
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
	byID := map[int64]*arrival{}
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
			if r.read.After(a.lastRead) {
				a.lastRead = r.read
			}
		}
	}
	var lat, read []int64
	for _, a := range byID {
		if a.clients < n {
			out.Incomplete++
			continue
		}
		lat = append(lat, a.last.Sub(a.sent).Microseconds())
		read = append(read, a.lastRead.Sub(a.sent).Microseconds())
	}
	out.Changes = len(lat)
	out.P50, out.P99, out.Max = quantiles(lat)
	out.ReadP50, out.ReadP99, out.ReadMax = quantiles(read)
	return out
}

// quantiles are the p50, p99 and maximum of values, which it sorts; 0
// without values.
func quantiles(values []int64) (p50, p99, most int64) {
	if len(values) == 0 {
		return 0, 0, 0
	}
	slices.Sort(values)
	return quantile(values, 0.50), quantile(values, 0.99), values[len(values)-1]
}

// quantile is the value at q of sorted values (nearest rank).
func quantile(sorted []int64, q float64) int64 {
	i := int(float64(len(sorted))*q+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// latency writes three figures of a measure's latency, in microseconds:
// "p50 1,2 ms, p99 3,4 ms, max 5,6 ms".
func latency(p50, p99, highest int64) string {
	return "p50 " + millis(p50) + ", p99 " + millis(p99) + ", max " + millis(highest)
}

// millis writes microseconds as milliseconds in French ("3,2 ms").
func millis(us int64) string {
	return frenchDecimal(strconv.FormatFloat(float64(us)/1000, 'f', 1, 64)) + " ms"
}

// frenchDecimal writes a decimal point as the French comma.
func frenchDecimal(s string) string {
	return string(bytes.ReplaceAll([]byte(s), []byte("."), []byte(",")))
}
