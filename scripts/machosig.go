//go:build ignore

// Machosig checks that a Mach-O executable carries a code signature load
// command: Apple silicon runs no unsigned arm64 code, and Go's linker signs
// darwin/arm64 binaries ad hoc. scripts/release.sh --check runs it on the
// darwin builds, which nothing here can start:
//
//	go run scripts/machosig.go FILE...
package main

import (
	"debug/macho"
	"fmt"
	"os"
)

const lcCodeSignature = 0x1d

func main() {
	failed := false
	for _, name := range os.Args[1:] {
		f, err := macho.Open(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: not a Mach-O file: %v\n", name, err)
			failed = true
			continue
		}
		signed := false
		for _, l := range f.Loads {
			if raw := l.Raw(); len(raw) >= 4 && f.ByteOrder.Uint32(raw) == lcCodeSignature {
				signed = true
			}
		}
		f.Close()
		fmt.Printf("%s: Mach-O %s executable, code signature: %v\n", name, f.Cpu, signed)
		if f.Type != macho.TypeExec || (f.Cpu == macho.CpuArm64 && !signed) {
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}
