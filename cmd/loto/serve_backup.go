package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"loto/internal/cli"
	"loto/internal/journal"
)

// Bounds of --backup-every: a copy of a whole day takes a fraction of a
// second, and a day is not longer than a day.
const (
	minBackupEvery = time.Second
	maxBackupEvery = 24 * time.Hour
)

// finalBackupTime bounds the last backup, taken once the server stopped.
const finalBackupTime = 30 * time.Second

// autoBackup is serve's --backup-to, --backup-every and --backup-keep: a
// verified backup of the SQLite day into a folder (a USB stick) once the
// server listens, then every interval when the journal has grown, and
// once more at the stop, so that the laptop's disk is never the only copy
// of the day; after each, the folder keeps the newest and the last of
// each earlier day (pruneBackups), without the copies of backups cut short.
type autoBackup struct {
	dir   *string
	every *time.Duration
	keep  *int
}

// backupFlags adds --backup-to, --backup-every and --backup-keep to serve's flags.
func backupFlags(fs *flags) autoBackup {
	return autoBackup{
		dir:   fs.String("backup-to", "", "`DOSSIER` sauvegarder la journée dans ce dossier (une clé USB) au démarrage, régulièrement et à l'arrêt (base SQLite)"),
		every: fs.Duration("backup-every", 15*time.Minute, "`DURÉE` entre deux sauvegardes de --backup-to, quand la journée a changé"),
		keep: fs.Int("backup-keep", defaultBackupKeep, "`N` sauvegardes de --backup-to gardées : les N dernières et la dernière de chaque jour ; "+
			"les plus anciennes de loto sont retirées, jamais un autre fichier (0 : toutes gardées)"),
	}
}

// check refuses, before the server starts, a folder that is not one, a
// PostgreSQL base or an interval out of bounds.
func (b autoBackup) check(db string) error {
	if *b.dir == "" {
		return nil
	}
	if cli.IsPostgres(db) {
		return errors.New("--backup-to copie un fichier SQLite ; une base PostgreSQL se sauvegarde avec pg_dump (voir docs/deploy.md)")
	}
	if *b.every < minBackupEvery || *b.every > maxBackupEvery {
		return usagef("--backup-every : de 1s à 24h")
	}
	if *b.keep < 0 {
		return usagef("--backup-keep : un nombre de sauvegardes à garder, 0 pour les garder toutes")
	}
	st, err := os.Stat(*b.dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("--backup-to : le dossier %s n'existe pas (la clé USB est-elle branchée ?)", shownPath(*b.dir))
	}
	return nil
}

// tidy removes the folder's copies of backups cut short, saying which.
func (b autoBackup) tidy(e *env) {
	removed, err := removeStaleCopies(*b.dir, time.Now())
	if len(removed) > 0 {
		fmt.Fprintf(e.stdout, "copies inachevées retirées de %s : %s\n", shownPath(*b.dir), strings.Join(removed, ", "))
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "loto: copies inachevées impossibles à retirer : %v\n", err)
	}
}

// start backs the day up until ctx ends; the function it returns waits
// for that, then takes the last backup. head is the served journal's last
// sequence: a journal that has not grown since the last backup is not
// copied again.
func (b autoBackup) start(ctx context.Context, e *env, db string, head func() int64) (finish func()) {
	if *b.dir == "" {
		return func() {}
	}
	db = dbName(db)
	var last int64
	var lastSaid string // the last backup's file and anchor, as printed
	b.tidy(e)
	take := func(ctx context.Context, final bool) {
		if head() == last {
			if final && lastSaid != "" {
				fmt.Fprintf(e.stdout, "sauvegarde finale : rien de nouveau depuis la dernière, %s, qui tient tout le journal\n", lastSaid)
			}
			return
		}
		b.tidy(e)
		file, h, err := writeBackup(ctx, db, *b.dir)
		switch {
		case err != nil && ctx.Err() != nil:
			return // the stop cut it short: the final backup follows
		case err != nil && final:
			fmt.Fprintf(e.stderr, "loto: sauvegarde finale impossible : %s ; la faire avec « loto backup »\n", cli.Message(err))
			return
		case err != nil:
			fmt.Fprintf(e.stderr, "loto: sauvegarde impossible : %s ; nouvel essai dans %s\n", cli.Message(err), *b.every)
			return
		}
		last = h.Seq
		lastSaid = shownPath(file) + ", ancre " + journal.AnchorOf(h).Short()
		what := "sauvegarde"
		if final {
			what = "sauvegarde finale"
		}
		fmt.Fprintf(e.stdout, "%s : %s\n", what, lastSaid)
		removed, err := pruneBackups(*b.dir, *b.keep)
		if len(removed) > 0 {
			fmt.Fprintf(e.stdout, "anciennes sauvegardes retirées : %s (gardées : les %d dernières et la dernière de chaque jour)\n", strings.Join(removed, ", "), *b.keep)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "loto: anciennes sauvegardes impossibles à retirer : %v\n", err)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		take(ctx, false)
		t := time.NewTicker(*b.every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				take(ctx, false)
			}
		}
	}()
	return func() {
		<-done
		fctx, cancel := context.WithTimeout(context.Background(), finalBackupTime)
		defer cancel()
		take(fctx, true)
	}
}
