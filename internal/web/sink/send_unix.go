//go:build unix

package sink

import (
	"syscall"
	"unsafe"
)

// tryWrite writes p to the socket fd without waiting: n is what the
// socket took, 0 when its buffer is full. A send, not a write: the
// kernel's path for files (their position lock, the checks of a write)
// cost a twentieth of a fan-out, for a socket that needs none of it.
func tryWrite(fd int, p []byte) (n int, err error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		r, _, errno := syscall.Syscall6(syscall.SYS_SENDTO, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)),
			sendFlags, 0, 0)
		switch errno {
		case 0:
			return int(r), nil
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return 0, nil
		default:
			return 0, errno
		}
	}
}

// Direct says that Raw writes a frame itself, without a goroutine, on
// this system.
const Direct = true
