//go:build !unix

package web

import "syscall"

// tryWrite takes nothing where a non-blocking write is not at hand: each
// frame is written by the stream's goroutine.
func tryWrite(syscall.RawConn, []byte) (int, error) { return 0, nil }
