package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The backups of a folder (serve's --backup-to, `loto backup --out DIR`)
// are loto's own files, known by their names: they are kept to a bound
// (--backup-keep), and the temporary copy a killed backup left behind is
// removed later. A file loto did not name is never touched.

// backupName is the name of a backup loto wrote into a folder:
// loto-YYYYMMDD-HHMMSS.db, then loto-YYYYMMDD-HHMMSS-N.db for the Nth of
// the same second (freeName).
var backupName = regexp.MustCompile(`^loto-(\d{8})-(\d{6})(?:-(\d{1,3}))?\.db$`)

// copyName is the name of a backup's temporary copy (checkedCopy's, a
// dot, the backup's name and os.CreateTemp's digits) and of what SQLite
// leaves beside it.
var copyName = regexp.MustCompile(`^\.loto-\d{8}-\d{6}(?:-\d{1,3})?\.db\.\d+\.tmp(?:-wal|-shm|-journal)?$`)

// staleCopyAge is how long a temporary copy is left alone: one younger may
// be another process's backup being written (a whole day's takes seconds).
const staleCopyAge = 10 * time.Minute

// defaultBackupKeep is --backup-keep's default: three hours of backups at
// the default interval, on top of the last of each earlier day.
const defaultBackupKeep = 12

// backupFile is a backup found in a folder, by its name.
type backupFile struct {
	name  string
	stamp string // YYYYMMDD-HHMMSS, the time it was taken
	n     int    // its rank among the backups of that second, from 1
}

// backupsIn lists the backups loto wrote into dir, oldest first: regular
// files with loto's name, nothing else.
func backupsIn(dir string) ([]backupFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []backupFile
	for _, e := range entries {
		m := backupName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		n := 1
		if m[3] != "" {
			n, _ = strconv.Atoi(m[3])
		}
		out = append(out, backupFile{name: e.Name(), stamp: m[1] + "-" + m[2], n: n})
	}
	slices.SortFunc(out, func(a, b backupFile) int {
		return cmp.Or(strings.Compare(a.stamp, b.stamp), cmp.Compare(a.n, b.n))
	})
	return out, nil
}

// pruneBackups removes the backups of dir beyond the keep newest, but the
// last of each day, which is that day's final state: a stick keeps the
// latest hours of today and every earlier day, and never fewer than keep.
// keep 0 keeps them all. It returns the names removed.
func pruneBackups(dir string, keep int) ([]string, error) {
	if keep <= 0 {
		return nil, nil
	}
	list, err := backupsIn(dir)
	if err != nil {
		return nil, err
	}
	lastOfDay := map[string]string{}
	for _, b := range list {
		lastOfDay[b.stamp[:8]] = b.name // oldest first: the last one stays
	}
	var removed []string
	var errs []error
	for _, b := range list[:max(0, len(list)-keep)] {
		if lastOfDay[b.stamp[:8]] == b.name {
			continue
		}
		if err := os.Remove(filepath.Join(dir, b.name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, b.name)
	}
	return removed, errors.Join(errs...)
}

// removeStaleCopies removes from dir the temporary copies of backups that
// were cut short (the server killed, the laptop off) and not touched for
// staleCopyAge, with what SQLite left beside them. It returns their names.
func removeStaleCopies(dir string, now time.Time) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	var errs []error
	for _, e := range entries {
		if !copyName.MatchString(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < staleCopyAge {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, e.Name())
	}
	return removed, errors.Join(errs...)
}

// freeName is the name of a new backup of dir taken at base
// (loto-YYYYMMDD-HHMMSS): dir/base.db, or dir/base-N.db after the last
// backup of the same second, so that the names keep the order the
// backups were taken in even once older ones are removed.
func freeName(dir, base string) string {
	next := 1
	if list, err := backupsIn(dir); err == nil {
		for _, b := range list {
			if "loto-"+b.stamp == base {
				next = max(next, b.n+1)
			}
		}
	}
	name := ""
	for ; next < 1000; next++ {
		name = filepath.Join(dir, base+".db")
		if next > 1 {
			name = filepath.Join(dir, fmt.Sprintf("%s-%d.db", base, next))
		}
		if _, err := os.Lstat(name); err != nil {
			break
		}
	}
	return name
}
