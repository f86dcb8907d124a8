package web

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// The fan-out of a change to thousands of phones is the stream's cost:
// one send per client per change. So the broker hands each change to
// every client's sink itself, from one goroutine per core; a raw sink
// writes it there and then, without waking a goroutine per client.

// fanOutShard is the fewest clients worth a goroutine of their own, and
// fanOutChunk how many a goroutine takes at a time.
const (
	fanOutShard = 256
	fanOutChunk = 64
)

// fanOut sends frame f to the clients cls, on every core at once, and
// returns once each has it written or waiting. A client too slow or gone
// is dropped. The goroutines take the clients a chunk at a time, so
// that a core busy with something else for a while (a collection, another
// process) leaves more of them to the others instead of finishing last.
func (b *Broker) fanOut(cls []*client, f []byte) {
	var next atomic.Int64
	write := func() {
		for {
			end := int(next.Add(fanOutChunk))
			start := end - fanOutChunk
			if start >= len(cls) {
				return
			}
			for _, cl := range cls[start:min(end, len(cls))] {
				if !cl.sink.Send(f) {
					b.drop(cl)
				}
			}
		}
	}
	k := min(runtime.GOMAXPROCS(0), (len(cls)+fanOutShard-1)/fanOutShard)
	var wg sync.WaitGroup
	for range k - 1 {
		wg.Go(write)
	}
	write()
	wg.Wait()
}
