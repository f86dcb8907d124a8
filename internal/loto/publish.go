package loto

import (
	"sync"
	"sync/atomic"
)

// publisher holds the latest public snapshot and wakes its watchers when a
// newer one is out. Readers load the snapshot without the Day's lock, so a
// page or the stream never waits on a command and its fsync.
type publisher struct {
	cur     atomic.Pointer[Public]
	mu      sync.Mutex
	changed chan struct{} // closed, then replaced, at each new snapshot
	built   int64         // the head last projected, under the Day's lock
	moved   chan struct{} // closed, then replaced, at each new head, public or not
}

// offer publishes p unless it shows the same as the current snapshot.
func (pb *publisher) offer(p *Public) {
	if old := pb.cur.Load(); old != nil && samePublic(old, p) {
		return
	}
	pb.mu.Lock()
	defer pb.mu.Unlock()
	pb.cur.Store(p)
	if pb.changed != nil {
		close(pb.changed)
	}
	pb.changed = make(chan struct{})
}

// watch returns the current snapshot and a channel closed once a newer one
// is published.
func (pb *publisher) watch() (*Public, <-chan struct{}) {
	pb.mu.Lock()
	defer pb.mu.Unlock()
	return pb.cur.Load(), pb.changed
}

// publish offers the snapshot of the state as it is after a batch of
// events (a command's append, a catch-up): called under d.mu.
func (d *Day) publish() {
	if d.pub.cur.Load() != nil && d.pub.built == d.st.head {
		return
	}
	d.pub.built = d.st.head
	d.pub.offer(d.st.public(d.pub.cur.Load()))
	d.pub.mu.Lock()
	if d.pub.moved != nil {
		close(d.pub.moved)
	}
	d.pub.moved = make(chan struct{})
	d.pub.mu.Unlock()
}

// Public returns the latest public snapshot, without waiting on a command:
// the board's state, with no personal data. It must not be changed.
func (d *Day) Public() *Public { return d.pub.cur.Load() }

// Watch returns the latest public snapshot and a channel closed once a
// newer one is published: a watcher that falls behind sees the latest
// snapshot, never a queue of old ones.
func (d *Day) Watch() (*Public, <-chan struct{}) { return d.pub.watch() }

// Moved returns a channel closed once the journal's head moves past what
// the Day has applied now, by any event, public or not (a sale, a door):
// the organiser's dashboard follows it, never the public stream.
func (d *Day) Moved() <-chan struct{} {
	d.pub.mu.Lock()
	defer d.pub.mu.Unlock()
	if d.pub.moved == nil {
		d.pub.moved = make(chan struct{})
	}
	return d.pub.moved
}
