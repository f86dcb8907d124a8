package journaltest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// SmallDisk mounts a tmpfs of size bytes on a new temporary directory and
// returns the directory, unmounted when the test ends: a disk a test can
// fill without filling the machine's. Mounting needs root, or sudo without
// a password (as scripts/test.sh uses), the disk then owned by the test's
// user; where it cannot mount the test is skipped, except under CI=true
// where it fails, so that CI never silently skips the disk-full tests.
func SmallDisk(t testing.TB, size int64) string {
	t.Helper()
	dir := t.TempDir()
	mountSmall(t, dir, size, os.Getuid(), os.Getgid(), nil)
	return dir
}

// mountSmall mounts a tmpfs of size bytes on dir, owned by uid and gid, as
// SmallDisk says; when the test ends it calls before (unless nil), which
// lets go of the disk's files, then unmounts it.
func mountSmall(t testing.TB, dir string, size int64, uid, gid int, before func()) {
	t.Helper()
	opts := "size=" + strconv.FormatInt(size, 10) + ",mode=0700,uid=" + strconv.Itoa(uid) + ",gid=" + strconv.Itoa(gid)
	out, err := asRoot("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput()
	if err != nil {
		msg := "cannot mount a small tmpfs (root needed) for a disk-full test: " + err.Error() + " " + string(out)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	// Cleanups run last first: this unmount runs before TempDir's removal.
	t.Cleanup(func() {
		if before != nil {
			before()
		}
		if out, err := asRoot("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
}

// asRoot is the command run as root: as it is by root, else through sudo
// without a password.
func asRoot(name string, args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command(name, args...)
	}
	return exec.Command("sudo", append([]string{"-n", name}, args...)...)
}

// FillDisk writes a file in dir until the disk has no byte left and
// returns the function that removes it, giving the space back.
func FillDisk(t testing.TB, dir string) (free func()) {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling %s: %v", dir, err)
			}
			break
		}
	}
	// The last bytes of a page too, so that not even a small write fits.
	for {
		if _, err := f.Write(block[:1]); err != nil {
			break
		}
	}
	return func() {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}

// OnDisk returns the bytes of a SQLite journal file and of its WAL as they
// are on disk, for a test that looks for what must not be there.
func OnDisk(t testing.TB, path string) []byte {
	t.Helper()
	var all []byte
	for _, p := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(p)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

// WantPrivate fails the test unless every file is its owner's alone to
// read and write (mode 0600).
func WantPrivate(t testing.TB, files ...string) {
	t.Helper()
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %04o, want 0600", filepath.Base(f), info.Mode().Perm())
		}
	}
}
