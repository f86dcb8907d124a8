//go:build unix && !linux

package web

import "syscall"

// sendFlags make a send never wait; Go's runtime takes the signal of a
// gone client's socket.
const sendFlags = syscall.MSG_DONTWAIT
