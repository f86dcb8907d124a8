package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/web/sink"
)

var host = loto.Actor{Name: "meneur", Role: loto.RoleHost}

// liveDay opens a day on a real SQLite file with the example's event
// created and its first game started, ready to draw.
func liveDay(t *testing.T) *loto.Day {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "day.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	d, err := loto.Open(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	org := loto.Actor{Name: "org", Role: loto.RoleOrganiser}
	if _, err := d.CreateEvent(ctx, org, spec); err != nil {
		t.Fatal(err)
	}
	if _, err := d.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	return d
}

// draw draws the next number and returns the sequence of its event.
func draw(t *testing.T, d *loto.Day) int64 {
	t.Helper()
	if _, err := d.Draw(context.Background(), host, 0); err != nil {
		t.Fatal(err)
	}
	return d.Head()
}

// streamOf runs a broker of the day behind a test server; it stops with the test.
func streamOf(t *testing.T, d *loto.Day, opt BrokerOptions) (*Broker, *httptest.Server) {
	t.Helper()
	b := NewBroker(d, opt)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	srv := httptest.NewServer(b)
	t.Cleanup(func() { cancel(); <-done; srv.Close() })
	return b, srv
}

// sse is one message of a stream, or a comment.
type sse struct {
	id, event, data, comment string
}

// sseClient reads a stream message by message.
type sseClient struct {
	t    *testing.T
	resp *http.Response
	r    *bufio.Reader
	msgs chan sse
}

// connect opens the stream, resuming after lastID when it is not empty.
func connect(t *testing.T, srv *httptest.Server, lastID string) *sseClient {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	c := &sseClient{t: t, resp: resp, r: bufio.NewReader(resp.Body), msgs: make(chan sse, 1024)}
	t.Cleanup(func() { resp.Body.Close() })
	go c.read()
	return c
}

// read parses the stream into messages until it ends.
func (c *sseClient) read() {
	defer close(c.msgs)
	var m sse
	for {
		line, err := c.r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			if m != (sse{}) {
				c.msgs <- m
			}
			m = sse{}
		case strings.HasPrefix(line, ":"):
			m.comment = strings.TrimSpace(line[1:])
		default:
			k, v, _ := strings.Cut(line, ": ")
			switch k {
			case "id":
				m.id = v
			case "event":
				m.event = v
			case "data":
				m.data = v
			}
		}
	}
}

// next returns the next message that is not a retry hint, or fails after a while.
func (c *sseClient) next() sse {
	c.t.Helper()
	return c.nextOr(func() {})
}

// nextOr is next, calling why before it fails.
func (c *sseClient) nextOr(why func()) sse {
	c.t.Helper()
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatal("the stream ended")
			}
			if m.id == "" && m.event == "" && m.data == "" && m.comment == "" {
				continue // the retry hint alone
			}
			return m
		case <-time.After(10 * time.Second):
			why()
			c.t.Fatal("no message within 10 s")
		}
	}
}

// fields decodes a message's data field by field.
func fields(t *testing.T, data string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		t.Fatalf("data %q: %v", data, err)
	}
	return m
}

// merge applies a change's merge patch to a state, as RFC 7386 says:
// an object in both is merged field by field.
func merge(state, patch map[string]json.RawMessage) {
	for k, v := range patch {
		switch {
		case string(v) == "null":
			delete(state, k)
		case isObject(v) && isObject(state[k]):
			inner := map[string]json.RawMessage{}
			json.Unmarshal(state[k], &inner)
			var p map[string]json.RawMessage
			json.Unmarshal(v, &p)
			merge(inner, p)
			state[k], _ = json.Marshal(inner)
		default:
			state[k] = v
		}
	}
}

func TestStreamPatchIsAMergePatchOfNestedObjectsToo(t *testing.T) {
	t.Parallel()
	old := fields(t, `{"count":1,"prize":{"cents":3000,"kind":"voucher","label":"Bon"},"break":{"label":"pause"}}`)
	cur := fields(t, `{"count":1,"prize":{"kind":"object","label":"Robot"}}`)
	if got, want := string(patch(old, cur)), `{"break":null,"prize":{"cents":null,"kind":"object","label":"Robot"}}`; got != want {
		t.Fatalf("patch %s, want %s", got, want)
	}
	merge(old, fields(t, string(patch(old, cur))))
	for k, v := range cur {
		var a, b any
		json.Unmarshal(old[k], &a)
		json.Unmarshal(v, &b)
		if !reflect.DeepEqual(a, b) || len(old) != len(cur) {
			t.Fatalf("merged %v, want %v", old, cur)
		}
	}
}

// wantState fails unless state is the day's current public snapshot.
func wantState(t *testing.T, d *loto.Day, state map[string]json.RawMessage) {
	t.Helper()
	b, err := json.Marshal(d.Public())
	if err != nil {
		t.Fatal(err)
	}
	if want := fields(t, string(b)); !reflect.DeepEqual(state, want) {
		t.Fatalf("the client's state\n%v\nis not the day's\n%v", state, want)
	}
}

func TestStreamFirstMessageIsTheState(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	draw(t, d)
	_, srv := streamOf(t, d, BrokerOptions{})
	c := connect(t, srv, "")
	h := c.resp.Header
	if h.Get("Content-Type") != "text/event-stream; charset=utf-8" || h.Get("Cache-Control") != "no-store" || h.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("headers %v: want an event stream, never stored nor buffered", h)
	}
	m := c.next()
	if m.event != "state" || m.id != strconv.FormatInt(d.Head(), 10) {
		t.Fatalf("first message %+v: want the state at %d", m, d.Head())
	}
	state := fields(t, m.data)
	wantState(t, d, state)
	if string(state["count"]) != "1" || !strings.Contains(string(state["event"]), "Méga Loto") {
		t.Fatalf("state %s: want the event and its one number", m.data)
	}
}

func TestStreamChangeArrivesWithItsID(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	_, srv := streamOf(t, d, BrokerOptions{})
	c := connect(t, srv, "")
	state := fields(t, c.next().data)
	seq := draw(t, d)
	m := c.next()
	if m.event != "change" || m.id != strconv.FormatInt(seq, 10) {
		t.Fatalf("message %+v: want the change of event %d", m, seq)
	}
	p := fields(t, m.data)
	if string(p["count"]) != "1" || string(p["last"]) != strconv.Itoa(int(d.Public().Last)) {
		t.Fatalf("change %s: want the number drawn", m.data)
	}
	if _, there := p["programme"]; there {
		t.Fatalf("change %s repeats the programme, which did not change", m.data)
	}
	merge(state, p)
	wantState(t, d, state)
}

func TestStreamResumeWithLastEventIDLosesNothing(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	b, srv := streamOf(t, d, BrokerOptions{})
	c := connect(t, srv, "")
	m := c.next()
	state := fields(t, m.data)
	c.resp.Body.Close()
	waitClients(t, b, 0)
	for range 3 {
		draw(t, d)
	}
	waitSeq(t, b, d.Head())
	c = connect(t, srv, m.id)
	// The three draws come as up to three changes: draws appended faster
	// than the broker wakes up are one change (see docs/stream.md).
	head := strconv.FormatInt(d.Head(), 10)
	for n := 0; ; n++ {
		m := c.next()
		if m.event != "change" || n == 3 {
			t.Fatalf("resumed with %+v after %d changes: want the changes missed, up to %s", m, n, head)
		}
		merge(state, fields(t, m.data))
		if m.id == head {
			break
		}
	}
	wantState(t, d, state)
	// Up to date, a client resumes with nothing to catch up on.
	c.resp.Body.Close()
	c = connect(t, srv, strconv.FormatInt(d.Head(), 10))
	seq := draw(t, d)
	if m := c.next(); m.event != "change" || m.id != strconv.FormatInt(seq, 10) {
		t.Fatalf("an up-to-date client got %+v first: want the next change", m)
	}
}

func TestStreamTooFarBehindGetsAFreshState(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	b, srv := streamOf(t, d, BrokerOptions{Ring: 2})
	first := d.Head()
	// Each draw waited for: draws faster than the broker wakes up would be
	// one change, still in the ring (see docs/stream.md); four changes
	// are what puts the client too far behind.
	for range 4 {
		waitSeq(t, b, draw(t, d))
	}
	for _, last := range []string{strconv.FormatInt(first, 10), "999999", "n'importe quoi"} {
		c := connect(t, srv, last)
		m := c.next()
		if m.event != "state" || m.id != strconv.FormatInt(d.Head(), 10) {
			t.Fatalf("Last-Event-ID %s, 4 changes behind a ring of 2: got %+v, want a fresh state", last, m)
		}
		wantState(t, d, fields(t, m.data))
		c.resp.Body.Close()
	}
}

func TestStreamDropsASlowClientWhileOthersKeepReceiving(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	b, srv := streamOf(t, d, BrokerOptions{Buffer: 2})
	// A client whose writes are stuck: its queue is never read.
	slow, _, ok := b.subscribe(sink.NewQueue(b.opt.Buffer), 0, false)
	if !ok {
		t.Fatal("the broker refused a client")
	}
	c := connect(t, srv, "")
	state := fields(t, c.next().data)
	for i := range 4 {
		seq := draw(t, d)
		m := c.next()
		if m.id != strconv.FormatInt(seq, 10) {
			t.Fatalf("draw %d: the reading client got %+v, want change %d", i+1, m, seq)
		}
		merge(state, fields(t, m.data))
	}
	wantState(t, d, state)
	select {
	case <-slow.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the slow client was not dropped")
	}
	if n := b.Clients(); n != 1 {
		t.Fatalf("%d clients, want the reading one only", n)
	}
}

func TestStreamHeartbeat(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	_, srv := streamOf(t, d, BrokerOptions{Heartbeat: 20 * time.Millisecond})
	c := connect(t, srv, "")
	c.next()
	for range 2 {
		if m := c.next(); m.comment != "heartbeat" || m.event != "" {
			t.Fatalf("idle stream sent %+v: want a heartbeat comment", m)
		}
	}
}

func TestStreamEndsWhenTheBrokerStops(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	b := NewBroker(d, BrokerOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	srv := httptest.NewServer(b)
	defer srv.Close()
	c := connect(t, srv, "")
	c.next()
	cancel()
	<-done
	select {
	case _, open := <-c.msgs:
		for open {
			_, open = <-c.msgs
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stream still runs after the broker stopped")
	}
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a stopped broker answers %d, want 503", resp.StatusCode)
	}
}

// waitClients waits until the broker has n clients.
func waitClients(t *testing.T, b *Broker, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); b.Clients() != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d clients, want %d", b.Clients(), n)
		}
	}
}

// waitSeq waits until the broker has sent the change of event seq.
func waitSeq(t *testing.T, b *Broker, seq int64) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		b.mu.Lock()
		at := b.cur.Seq
		b.mu.Unlock()
		if at == seq {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the broker is at %d, want %d", at, seq)
		}
	}
}

func TestStreamEncodesEachChangeOnceForAllClients(t *testing.T) {
	t.Parallel()
	d := liveDay(t)
	b, _ := streamOf(t, d, BrokerOptions{})
	var clients []sink.Queue
	for range 3 {
		q := sink.NewQueue(b.opt.Buffer)
		if _, _, ok := b.subscribe(q, 0, false); !ok {
			t.Fatal("the broker refused a client")
		}
		clients = append(clients, q)
	}
	seq := draw(t, d)
	var first []byte
	for i, q := range clients {
		select {
		case f := <-q:
			if !strings.HasPrefix(string(f), "id: "+strconv.FormatInt(seq, 10)+"\nevent: change\n") {
				t.Fatalf("client %d got %q", i, f)
			}
			if first == nil {
				first = f
			} else if &f[0] != &first[0] {
				t.Fatalf("client %d got its own encoding of the change: want the one frame shared by all", i)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("client %d got nothing", i)
		}
	}
}
