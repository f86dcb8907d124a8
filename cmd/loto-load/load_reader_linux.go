package main

import (
	"context"
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// read follows conns until ctx ends, its receipts delivered when the
// kernel stamped the data in. It reads the measure's window at idle
// priority: in a hall each phone reads on its own CPU, here the clients'
// reading would take the server's. Once the window is over, it reads what
// the connections still hold at its own priority again, so that a busy
// machine delays the tool's end, not a change's count.
//
// Until each of its connections has its first state, epoll watches them
// all. Then it watches one, the sentinel: each connection in an epoll set
// adds the set's callback to the server's write of each message, work a
// phone would do on its own CPU.
// When the sentinel has a change, the reader reads every connection until
// each has it too.
func (lc *loadClients) read(ctx context.Context, conns []*epollConn, connected chan<- error) {
	// The thread stays locked: it ends with the goroutine, its priority
	// with it, instead of going back to run other goroutines.
	runtime.LockOSThread()
	defer func() {
		for _, c := range conns {
			syscall.Close(c.fd)
			lc.keep(&c.sseReader)
		}
	}()
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		report(connected, err)
		return
	}
	defer syscall.Close(ep)
	r := &reader{lc: lc, ep: ep, conns: conns, connected: connected, byFD: map[int32]*epollConn{},
		buf: make([]byte, 64<<10), oob: make([]byte, syscall.CmsgSpace(int(unsafe.Sizeof(syscall.Timespec{}))))}
	for _, c := range conns {
		if err := r.watch(c); err != nil {
			report(connected, err)
			return
		}
	}
	if r.connect(ctx) {
		restore := idlePriority()
		r.follow(ctx)
		restore()
		for _, c := range conns {
			r.read(ctx, c)
		}
	}
}

// idlePriority puts the calling thread at Linux's idle priority
// (SCHED_IDLE), where it runs only when nothing else would, and returns
// what puts its priority back. Where it cannot, the thread stays as it
// is, and the figures can only be worse.
func idlePriority() (restore func()) {
	var was struct{ priority int32 }
	policy, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
	if errno == 0 {
		_, _, errno = syscall.RawSyscall(syscall.SYS_SCHED_GETPARAM, 0, uintptr(unsafe.Pointer(&was)), 0)
	}
	if errno != 0 {
		return func() {}
	}
	var idle struct{ priority int32 }
	syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, schedIdle, uintptr(unsafe.Pointer(&idle)))
	return func() {
		syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, policy, uintptr(unsafe.Pointer(&was)))
	}
}

// schedIdle is Linux's SCHED_IDLE policy, which package syscall does not name.
const schedIdle = 5

// reader is one reader's connections and buffers.
type reader struct {
	lc        *loadClients
	ep        int // the epoll set
	conns     []*epollConn
	connected chan<- error
	byFD      map[int32]*epollConn // the connections epoll watches
	sentinel  *epollConn
	buf, oob  []byte
}

// watch adds c to the epoll set.
func (r *reader) watch(c *epollConn) error {
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | epollET, Fd: int32(c.fd)}
	if err := syscall.EpollCtl(r.ep, syscall.EPOLL_CTL_ADD, c.fd, &ev); err != nil {
		return err
	}
	r.byFD[int32(c.fd)] = c
	return nil
}

// unwatch takes c out of the epoll set.
func (r *reader) unwatch(c *epollConn) {
	syscall.EpollCtl(r.ep, syscall.EPOLL_CTL_DEL, c.fd, nil)
	delete(r.byFD, int32(c.fd))
}

// read reads what c holds; false, and c is counted lost, when its stream
// has ended.
func (r *reader) read(ctx context.Context, c *epollConn) bool {
	if c.ended {
		return false
	}
	if c.drain(r.buf, r.oob, r.connected) {
		return true
	}
	c.ended = true
	r.unwatch(c)
	if ctx.Err() == nil {
		r.lc.lost()
	}
	return false
}

// connect reads the connections epoll finds readable until each has its
// first state, then leaves only a sentinel in the set; false when ctx
// ended first.
func (r *reader) connect(ctx context.Context) bool {
	events := make([]syscall.EpollEvent, 512)
	for ctx.Err() == nil {
		k, err := syscall.EpollWait(r.ep, events, 100)
		if err != nil && err != syscall.EINTR {
			report(r.connected, err)
			return false
		}
		for _, ev := range events[:max(k, 0)] {
			r.read(ctx, r.byFD[ev.Fd])
		}
		if r.started() {
			for _, c := range r.conns {
				if !c.ended {
					r.unwatch(c)
				}
			}
			return r.newSentinel()
		}
		time.Sleep(readPause)
	}
	return false
}

// started is whether every connection still open has its first state.
func (r *reader) started() bool {
	for _, c := range r.conns {
		if !c.ended && !c.state {
			return false
		}
	}
	return true
}

// newSentinel watches the first connection still open; false if none is.
func (r *reader) newSentinel() bool {
	for _, c := range r.conns {
		if !c.ended {
			r.sentinel = c
			return r.watch(c) == nil
		}
	}
	return false
}

// follow waits for the sentinel's changes until ctx ends, and has every
// connection catch up with each.
func (r *reader) follow(ctx context.Context) {
	events := make([]syscall.EpollEvent, 1)
	for ctx.Err() == nil {
		k, err := syscall.EpollWait(r.ep, events, 100)
		if err != nil && err != syscall.EINTR {
			return
		}
		if k <= 0 {
			continue
		}
		if !r.read(ctx, r.sentinel) && !r.newSentinel() {
			return
		}
		r.catchUp(ctx, r.sentinel.id)
	}
}

// catchUp reads the connections until each open one has the change id:
// those the server has not written to yet are read again after a pause.
// A heartbeat, which has no id, is left to be read with the next change.
func (r *reader) catchUp(ctx context.Context, id int64) {
	for ctx.Err() == nil {
		behind := false
		for _, c := range r.conns {
			if c.id < id && r.read(ctx, c) && c.id < id {
				behind = true
			}
		}
		if !behind {
			return
		}
		time.Sleep(readPause)
	}
}

// readPause is how long a reader waits before it looks again at
// connections that had nothing yet. A change is timed when it arrived,
// so a later read cannot make it look early.
const readPause = time.Millisecond
