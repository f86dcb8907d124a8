package sqlite

import (
	"errors"
	"io/fs"
	"os"
	"runtime"
	"strings"
)

// The base holds what no other account of the machine may read: the
// reservation holders' names and phones, the reservation key the ticket
// codes derive from, the series' keys, the games' seeds and the
// organiser's password hash. So the file is made 0600, and SQLite makes
// its write-ahead log and shared memory with the main file's mode (it
// sets it on them whatever the umask): they are 0600 too.
const privateMode fs.FileMode = 0o600

// othersMay are the permission bits that let another account read or
// write a file of the base.
const othersMay fs.FileMode = 0o066

// SharedError says that other accounts may read or write files of the
// base; it names them.
type SharedError struct {
	Files []string // the base's files that grant others access, the main file first
}

func (e *SharedError) Error() string {
	return "journal: other accounts may read " + strings.Join(e.Files, ", ")
}

// CheckPrivate refuses, with a *SharedError, a base at path whose file,
// write-ahead log or shared memory other accounts may read or write. A
// file that does not exist is no refusal. On Windows the check is left to
// the system: a file's access there is an ACL, private to the account in its
// own folders, and Go reports every writable file's mode as 0666, which
// would refuse every base.
func CheckPrivate(path string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	var shared []string
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		info, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if info.Mode().Perm()&othersMay != 0 {
			shared = append(shared, p)
		}
	}
	if len(shared) > 0 {
		return &SharedError{Files: shared}
	}
	return nil
}

// createPrivate makes an empty file at path, 0600, unless one exists: an
// empty file is an empty SQLite base, and SQLite, which would make it
// 0644, then makes its other files with its mode. A file it cannot make
// is left to SQLite's open, which says why in its own codes.
func createPrivate(path string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, privateMode)
	if err == nil {
		f.Close()
	}
}
