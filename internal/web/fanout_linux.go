package web

import "syscall"

// sendFlags make a send never wait, and a gone client an error rather than
// a signal.
const sendFlags = syscall.MSG_DONTWAIT | syscall.MSG_NOSIGNAL
