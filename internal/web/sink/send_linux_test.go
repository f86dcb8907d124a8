package sink

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// A stream's socket sends with CUBIC, whatever the machine's default: BBR
// paces small segments with a timer, which delayed a fan-out's last phones.
func TestStreamSocketSendsWithCubic(t *testing.T) {
	avail, err := os.ReadFile("/proc/sys/net/ipv4/tcp_available_congestion_control")
	if err != nil || !strings.Contains(string(avail), "cubic") {
		t.Skip("CUBIC is not available on this machine")
	}
	s, _ := rawPair(t)
	s.mu.Lock()
	defer s.mu.Unlock()
	var name [16]byte
	size := uint32(len(name))
	if _, _, errno := syscall.Syscall6(syscall.SYS_GETSOCKOPT, uintptr(s.fd), syscall.IPPROTO_TCP, syscall.TCP_CONGESTION,
		uintptr(unsafe.Pointer(&name[0])), uintptr(unsafe.Pointer(&size)), 0); errno != 0 {
		t.Fatal(errno)
	}
	if cc := strings.TrimRight(string(name[:size]), "\x00"); cc != "cubic" {
		t.Fatalf("congestion control %q, want cubic", cc)
	}
}
