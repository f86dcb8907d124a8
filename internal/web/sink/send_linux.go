package sink

import "syscall"

// sendFlags make a send never wait, and a gone client an error rather than
// a signal.
const sendFlags = syscall.MSG_DONTWAIT | syscall.MSG_NOSIGNAL

// sendPromptly asks Linux to send a stream's messages as soon as they are
// written, with CUBIC, Linux's default congestion control, where the
// machine's own is another. A stream's change is a few hundred bytes that
// every phone waits for; BBR, which some machines choose (the project's
// VM does), paces a socket's segments with a timer, which can hold some
// of a fan-out's back, and costs more CPU per acknowledgement. Where CUBIC
// is not there, the socket stays as it is.
func sendPromptly(fd int) {
	syscall.SetsockoptString(fd, syscall.IPPROTO_TCP, syscall.TCP_CONGESTION, "cubic")
}
