//go:build unix && !linux

package sink

import "syscall"

// sendFlags make a send never wait; Go's runtime takes the signal of a
// gone client's socket.
const sendFlags = syscall.MSG_DONTWAIT

// sendPromptly leaves the socket as it is: the choice of congestion
// control that paces small messages is Linux's.
func sendPromptly(int) {}
