// Package sink writes the frames of a live stream to one client. The
// broker hands every client's sink each frame in turn and drops the
// client whose sink refuses one; how the frame reaches the client is the
// sink's: through net/http (Queue, the portable default) or by a
// non-blocking write to the socket taken from net/http (Raw, where such a
// write is at hand and pays).
package sink

// Sink takes the frames of one client's stream, in order.
type Sink interface {
	// Send hands the client frame f: written now or queued behind the
	// frames before it. False when the client is gone or too slow to
	// keep up, and must be dropped. Send never blocks.
	Send(f []byte) bool
}

// Queue is the portable sink: a bounded queue of frames that the stream's
// own goroutine writes through net/http. A client that lets it fill is
// too slow.
type Queue chan []byte

// NewQueue returns a queue of n frames.
func NewQueue(n int) Queue { return make(Queue, n) }

// Send queues f; false when the queue is full.
func (q Queue) Send(f []byte) bool {
	select {
	case q <- f:
		return true
	default:
		return false
	}
}
