package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// procUsage is what Linux says a process used: its CPU time (user and
// system) and its memory, resident now and at its peak.
type procUsage struct {
	CPU  time.Duration
	RSS  int64 // bytes resident now
	Peak int64 // bytes resident at the most (VmHWM)
}

// clockTicks is the unit of /proc/PID/stat's times: USER_HZ, 100 on every
// Linux this runs on (sysconf(_SC_CLK_TCK) is not in the standard library).
const clockTicks = 100

// readUsage reads /proc/PID/stat and /proc/PID/status.
func readUsage(pid int) (procUsage, error) {
	var u procUsage
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return u, fmt.Errorf("processus %d illisible dans /proc : %w", pid, err)
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// are counted after its closing parenthesis.
	s := string(stat)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return u, fmt.Errorf("/proc/%d/stat inattendu", pid)
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64) // field 14 of stat
	stime, _ := strconv.ParseInt(f[12], 10, 64) // field 15
	u.CPU = time.Duration(utime+stime) * time.Second / clockTicks
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return u, fmt.Errorf("processus %d illisible dans /proc : %w", pid, err)
	}
	for line := range strings.Lines(string(status)) {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch name {
		case "VmRSS":
			u.RSS = kb * 1024
		case "VmHWM":
			u.Peak = kb * 1024
		}
	}
	return u, nil
}
