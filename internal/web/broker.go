package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"

	"loto/internal/loto"
	"loto/internal/web/sink"
)

// Source is what the broker watches: the day's public snapshots (a
// *loto.Day). Watch returns the latest snapshot and a channel closed once
// a newer one is out.
type Source interface {
	Watch() (*loto.Public, <-chan struct{})
}

// BrokerOptions tune a Broker; the zero value is right for a full hall.
type BrokerOptions struct {
	Ring         int           // recent changes kept for clients that resume (Last-Event-ID); 256 when 0
	Buffer       int           // messages queued per client before it is dropped as too slow; 16 when 0
	Heartbeat    time.Duration // a comment sent to every stream this often; 15 s when 0
	WriteTimeout time.Duration // the longest a write to a client may take; 10 s when 0
	// NetHTTP serves every stream through net/http (sink.Queue), never
	// taking its connection for a raw sink: the portable way, which the
	// server takes anyway where the raw writes do not pay.
	NetHTTP bool
}

// Broker fans the day's public changes out to the stream's clients. Each
// change is encoded once, as a frame every client is sent as it is: the
// full state for a client that starts or is too far behind, a patch of the
// state for the others. Each client has a bounded queue; a client too slow
// to keep it is dropped, and resumes from its Last-Event-ID when it comes back.
type Broker struct {
	src Source
	opt BrokerOptions

	mu      sync.Mutex
	cur     *loto.Public
	fields  map[string]json.RawMessage // cur, field by field: the base of the next patch
	state   []byte                     // cur as a full-state frame
	ring    []change                   // recent changes, oldest first
	clients map[*client]struct{}
	stopped bool
}

// change is one public change as sent: a frame patching the state with
// id from into the state with id to.
type change struct {
	from, to int64
	frame    []byte
}

// client is one open stream: the sink its frames are sent to, and done,
// closed when the broker drops it or stops.
type client struct {
	sink sink.Sink
	done chan struct{}
}

// NewBroker returns a broker of the source's snapshots, holding the current
// one; Run follows the changes.
func NewBroker(src Source, opt BrokerOptions) *Broker {
	if opt.Ring <= 0 {
		opt.Ring = 256
	}
	if opt.Buffer <= 0 {
		opt.Buffer = 16
	}
	if opt.Heartbeat <= 0 {
		opt.Heartbeat = 15 * time.Second
	}
	if opt.WriteTimeout <= 0 {
		opt.WriteTimeout = 10 * time.Second
	}
	b := &Broker{src: src, opt: opt, clients: map[*client]struct{}{}}
	p, _ := src.Watch()
	js := mustJSON(p)
	b.cur, b.fields, b.state = p, fieldsOf(js), frame(p.Seq, "state", js)
	return b
}

// Run follows the source until ctx ends, then ends every stream. The
// streams get their heartbeat from here, every Heartbeat, so that no
// stream needs a timer of its own.
func (b *Broker) Run(ctx context.Context) {
	defer b.stop()
	beat := time.NewTicker(b.opt.Heartbeat)
	defer beat.Stop()
	for {
		p, changed := b.src.Watch()
		b.offer(p)
		select {
		case <-changed:
		case <-beat.C:
			b.fanOut(b.all(), heartbeat)
		case <-ctx.Done():
			return
		}
	}
}

// offer sends a newer snapshot to every client. A watcher may see
// snapshots skipped (it wakes once for several): the patch then spans
// them, and its id is the latest.
func (b *Broker) offer(p *loto.Public) {
	b.mu.Lock()
	if p == nil || p == b.cur || p.Seq <= b.cur.Seq {
		b.mu.Unlock()
		return
	}
	js := mustJSON(p)
	fields := fieldsOf(js)
	c := change{from: b.cur.Seq, to: p.Seq, frame: frame(p.Seq, "change", patch(b.fields, fields))}
	b.cur, b.fields, b.state = p, fields, frame(p.Seq, "state", js)
	if len(b.ring) == b.opt.Ring {
		b.ring = slices.Delete(b.ring, 0, 1)
	}
	b.ring = append(b.ring, c)
	cls := b.listLocked()
	b.mu.Unlock()
	// Outside the lock: a send never blocks. The next change waits for
	// this one to be out, so that every client gets them in order.
	b.fanOut(cls, c.frame)
}

// all lists the open streams.
func (b *Broker) all() []*client {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.listLocked()
}

// listLocked lists the open streams, with b.mu held.
func (b *Broker) listLocked() []*client {
	cls := make([]*client, 0, len(b.clients))
	for cl := range b.clients {
		cls = append(cls, cl)
	}
	return cls
}

// subscribe registers a client of sink s resuming after the change with
// id last (0 for a new one) and returns the frames it needs first: none
// when it is up to date, the changes since last when the ring holds them
// all, else the full state. The sink gets the changes from then on, and
// its stream writes first ahead of them. ok is false once the broker has
// stopped.
func (b *Broker) subscribe(s sink.Sink, last int64, resume bool) (cl *client, first [][]byte, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped {
		return nil, nil, false
	}
	cl = &client{sink: s, done: make(chan struct{})}
	b.clients[cl] = struct{}{}
	switch {
	case resume && last == b.cur.Seq:
	case resume:
		first = [][]byte{b.state}
		for i, c := range b.ring {
			if c.from == last {
				first = first[:0]
				for _, c := range b.ring[i:] {
					first = append(first, c.frame)
				}
				break
			}
		}
	default:
		first = [][]byte{b.state}
	}
	return cl, first, true
}

// drop ends a client's stream: too slow, gone, or the broker stopping.
func (b *Broker) drop(cl *client) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, there := b.clients[cl]; there {
		delete(b.clients, cl)
		end(cl)
	}
}

// end closes a dropped client's done and, for a sink that holds a
// connection (a raw one), the connection, which ends the goroutine
// waiting for the client to leave.
func end(cl *client) {
	close(cl.done)
	if c, ok := cl.sink.(io.Closer); ok {
		c.Close()
	}
}

// stop ends every stream and refuses new ones.
func (b *Broker) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stopped = true
	for cl := range b.clients {
		delete(b.clients, cl)
		end(cl)
	}
}

// isStopped reports whether the broker has stopped and takes no client.
func (b *Broker) isStopped() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stopped
}

// Clients is the number of open streams.
func (b *Broker) Clients() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.clients)
}

// fieldsOf splits an encoded snapshot field by field, each field as its JSON.
func fieldsOf(js []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(js, &m); err != nil {
		panic(err) // a snapshot always encodes to an object
	}
	return m
}

// patch is the JSON merge patch (RFC 7386) from one snapshot to the next:
// the fields that changed, with their new value, null for those now
// absent, and for an object in both, the patch of its fields. A client
// merges it into its state as the RFC says.
func patch(old, cur map[string]json.RawMessage) []byte {
	keys := make([]string, 0, len(cur))
	for k, v := range cur {
		if !bytes.Equal(old[k], v) {
			keys = append(keys, k)
		}
	}
	for k := range old {
		if _, there := cur[k]; !there {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(mustJSON(k))
		buf.WriteByte(':')
		v, there := cur[k]
		switch was := old[k]; {
		case !there:
			buf.WriteString("null")
		case isObject(was) && isObject(v):
			buf.Write(patch(fieldsOf(was), fieldsOf(v)))
		default:
			buf.Write(v)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// isObject reports whether an encoded value is a JSON object.
func isObject(v json.RawMessage) bool { return len(v) > 0 && v[0] == '{' }

// frame is one Server-Sent Events message: its id, its event name and
// its data on one line (compact JSON holds no newline).
func frame(id int64, event string, data []byte) []byte {
	out := make([]byte, 0, len(data)+40)
	out = append(out, "id: "...)
	out = strconv.AppendInt(out, id, 10)
	out = append(out, "\nevent: "...)
	out = append(out, event...)
	out = append(out, "\ndata: "...)
	out = append(out, data...)
	return append(out, "\n\n"...)
}

// mustJSON encodes a value that always encodes: a snapshot, a string.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
