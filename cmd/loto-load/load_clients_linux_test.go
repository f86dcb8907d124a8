package main

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// A change's delivery is the kernel's time for its arrival at the
// client's socket, not the time the tool got round to reading it: the
// tool's clients stand in for phones, which read on their own CPUs.
func TestLoadStreamTimesDeliveryWhenTheDataArrivedNotWhenItWasRead(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	c, err := dialStream(context.Background(), ln.Addr().String(), []byte("GET / HTTP/1.1\r\n\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(c.fd)
	srv := <-accepted
	defer srv.Close()
	fmt.Fprint(srv, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n")
	// Linux turns its receive stamps on a moment after the first socket
	// asks (a deferred work): the first changes may come unstamped, and
	// are then timed at their read.
	const late = 80 * time.Millisecond
	buf, oob := make([]byte, 4096), make([]byte, 64)
	for id := range 10 {
		sent := time.Now()
		fmt.Fprintf(srv, "id: %d\nevent: change\ndata: {\"time\":%q}\n\n", id, sent.Format(time.RFC3339Nano))
		time.Sleep(late)
		if !c.drain(buf, oob, make(chan error, 1)) || len(c.mine) != id+1 {
			t.Fatalf("receipts %+v", c.mine)
		}
		r := c.mine[id]
		if r.id != int64(id) || r.at.Before(sent) || r.read.Before(r.at) {
			t.Fatalf("sent %s, delivered %s, read %s", sent, r.at, r.read)
		}
		if r.read.Sub(r.at) >= late/2 {
			return
		}
	}
	t.Fatalf("no change delivered well before it was read: %+v", c.mine)
}

func TestLoadStreamReadersRunTheWindowAtIdlePriority(t *testing.T) {
	policies := make(chan [3]uintptr, 1)
	go func() {
		runtime.LockOSThread() // the thread ends with the goroutine
		var p [3]uintptr
		p[0], _, _ = syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
		restore := idlePriority()
		p[1], _, _ = syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
		restore()
		p[2], _, _ = syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
		policies <- p
	}()
	p := <-policies
	if p[1] != schedIdle || p[2] != p[0] {
		t.Fatalf("scheduling policies %v: want SCHED_IDLE (%d) in the middle, the first one back after", p, schedIdle)
	}
}
