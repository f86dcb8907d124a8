//go:build linux

package game

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling OS thread: on a shared machine a
// benchmark's wall time counts the other processes' turns, this does not.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
