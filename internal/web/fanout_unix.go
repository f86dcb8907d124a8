//go:build unix

package web

import "syscall"

// tryWrite writes p to the socket of raw without waiting: n is what the
// socket took, 0 when its buffer is full.
func tryWrite(raw syscall.RawConn, p []byte) (n int, err error) {
	var werr error
	if err := raw.Write(func(fd uintptr) bool {
		for {
			n, werr = syscall.Write(int(fd), p)
			if werr != syscall.EINTR {
				return true
			}
		}
	}); err != nil {
		return 0, err
	}
	switch {
	case werr == syscall.EAGAIN:
		return 0, nil
	case werr != nil:
		return 0, werr
	}
	return n, nil
}
