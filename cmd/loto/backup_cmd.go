package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// backupJSON is what `loto backup --json` prints.
type backupJSON struct {
	File   string         `json:"file"`
	Anchor journal.Anchor `json:"anchor"` // the copy's head, full hash
	Events int64          `json:"events"`
}

func backup(fs *flags) action {
	out := fs.String("out", "", "`FICHIER` sauvegarde à écrire (il ne doit pas exister) ; un dossier (une clé USB) reçoit loto-AAAAMMJJ-HHMMSS.db")
	asJSON := fs.Bool("json", false, "écrire le fichier et l'ancre en JSON")
	fs.About = "La copie est cohérente même pendant que le serveur enregistre : elle contient les événements jusqu'à son ancre,\ndans l'ordre, sans les données personnelles déjà effacées. Elle est vérifiée (chaîne, secrets, données personnelles)\navant de prendre son nom. Pour PostgreSQL : pg_dump (voir docs/deploy.md)."
	return func(ctx context.Context, e *env) error {
		if *out == "" {
			return usagef("--out FICHIER est requis : où écrire la sauvegarde (par exemple --out /media/cle-usb/)")
		}
		db := dbName(fs.db)
		if cli.IsPostgres(db) {
			return errors.New("loto backup copie un fichier SQLite ; une base PostgreSQL se sauvegarde avec pg_dump (voir docs/deploy.md)")
		}
		if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("base SQLite %s introuvable : rien à sauvegarder (vérifier --db ou LOTO_DB)", shownPath(db))
		}
		// Copied without being opened as a journal: the same refusal as every
		// command's of a base that is not private.
		if err := sqlite.CheckPrivate(db); err != nil {
			return sqliteError(db, err)
		}
		dest, head, err := writeBackup(ctx, db, *out)
		if err != nil {
			return err
		}
		a := journal.AnchorOf(head)
		if *asJSON {
			return cli.WriteJSON(e.stdout, backupJSON{File: dest, Anchor: a, Events: head.Seq})
		}
		fmt.Fprintf(e.stdout, "sauvegarde écrite : %s\n", shownPath(dest))
		fmt.Fprintf(e.stdout, "ancre de la sauvegarde : %s (%s, chaîne vérifiée)\n", a.Short(), plural(int(head.Seq), "événement", "événements"))
		fmt.Fprintf(e.stdout, "pour la remettre en place : loto restore --from %s --db %s\n", shownPath(dest), shownPath(db))
		return nil
	}
}

// writeBackup writes a verified copy of the SQLite day db into the file
// out, or into a new file named for the time when out is a folder, and
// returns the file written and the copy's head. It never writes over a file.
func writeBackup(ctx context.Context, db, out string) (string, journal.Head, error) {
	dest := out
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		dest = freeName(out, "loto-"+clock().Format("20060102-150405"))
	}
	if _, err := os.Lstat(dest); err == nil {
		return "", journal.Head{}, fmt.Errorf("%s existe déjà : une sauvegarde n'écrit jamais sur un fichier (choisir un autre nom, ou donner un dossier)", shownPath(dest))
	}
	tmp, head, err := checkedCopy(ctx, db, dest, nil)
	if err != nil {
		return "", journal.Head{}, err
	}
	if err := os.Rename(tmp, dest); err != nil {
		removeCopy(tmp)
		return "", journal.Head{}, fmt.Errorf("sauvegarde impossible à nommer %s : %v", shownPath(dest), err)
	}
	if err := syncDir(dest); err != nil {
		return "", journal.Head{}, fmt.Errorf("sauvegarde %s écrite mais pas confirmée sur le disque : %v", shownPath(dest), err)
	}
	return dest, head, nil
}

func restore(fs *flags) action {
	from := fs.String("from", "", "`FICHIER` la sauvegarde à remettre en place (faite par « loto backup »)")
	force := fs.Bool("force", false, "remplacer une base qui contient déjà une journée (elle est gardée à côté, renommée)")
	var texts listFlag
	fs.Var(&texts, "anchor", "`NUMÉRO:EMPREINTE` ancre gardée hors de la base (rapport Z, reçu, sortie de « loto backup ») que la sauvegarde doit contenir ; répétable")
	fs.About = "La sauvegarde est copiée à côté de la base, vérifiée (chaîne, ancres, secrets, données personnelles), puis mise à sa place.\nArrêter le serveur avant : une base ouverte par un autre programme n'est jamais remplacée."
	return func(ctx context.Context, e *env) error {
		if *from == "" {
			return usagef("--from FICHIER est requis : la sauvegarde à remettre en place")
		}
		anchors, err := texts.anchors("")
		if err != nil {
			return err
		}
		db := dbName(fs.db)
		if cli.IsPostgres(db) {
			return errors.New("loto restore remplace un fichier SQLite ; une base PostgreSQL se restaure avec pg_restore (voir docs/deploy.md)")
		}
		if _, err := os.Stat(*from); err != nil {
			return fmt.Errorf("sauvegarde %s introuvable", shownPath(*from))
		}
		if same(*from, db) {
			return fmt.Errorf("la sauvegarde %s est la base elle-même", shownPath(*from))
		}
		old, err := targetHead(ctx, db)
		if err != nil {
			return err
		}
		games, err := startedGames(ctx, db, old)
		if err != nil {
			return err
		}
		if old.Seq > 0 && !*force {
			started := ""
			if games > 0 {
				// A game started means a seed drawn and maybe seen: restoring
				// a copy from before it lets the game start again with another.
				started = fmt.Sprintf(" ; la partie n° %d y a déjà commencé : la remplacer se verra dans la salle (« journal restauré » au tableau)", games)
			}
			return fmt.Errorf("la base %s contient déjà une journée (%s, ancre %s)%s : « --force » pour la remplacer (elle sera gardée à côté, renommée)",
				shownPath(db), plural(int(old.Seq), "événement", "événements"), journal.AnchorOf(old).Short(), started)
		}
		tmp, head, err := checkedCopy(ctx, *from, db, anchors)
		if err != nil {
			return err
		}
		if head.Seq == 0 {
			removeCopy(tmp)
			return fmt.Errorf("sauvegarde %s refusée : elle ne contient aucun événement", shownPath(*from))
		}
		var noted journal.Anchor
		if old.Seq > 0 {
			if noted, err = noteRestore(ctx, tmp, journal.AnchorOf(old), games); err != nil {
				removeCopy(tmp)
				return err
			}
		}
		kept, err := setAside(ctx, db, old)
		if err != nil {
			removeCopy(tmp)
			return err
		}
		if err := os.Rename(tmp, db); err != nil {
			removeCopy(tmp)
			return fmt.Errorf("impossible de mettre la sauvegarde à la place de %s : %v", shownPath(db), err)
		}
		if err := syncDir(db); err != nil {
			return fmt.Errorf("journée restaurée dans %s mais pas confirmée sur le disque : %v", shownPath(db), err)
		}
		fmt.Fprintf(e.stdout, "journée restaurée dans %s : %s, ancre %s, chaîne vérifiée\n", shownPath(db),
			plural(int(head.Seq), "événement", "événements"), journal.AnchorOf(head).Short())
		for _, a := range anchors {
			fmt.Fprintf(e.stdout, "ancre %s : conforme\n", a)
		}
		if noted.Seq > 0 {
			fmt.Fprintf(e.stdout, "restauration notée au journal (événement n° %d, ancre %s) : elle remplace le journal d'ancre %s ; le tableau affiche « journal restauré »\n",
				noted.Seq, noted.Short(), journal.AnchorOf(old).Short())
		}
		if kept != "" {
			fmt.Fprintf(e.stdout, "l'ancienne base est gardée sous %s\n", shownPath(kept))
		}
		return nil
	}
}

// restoreActor records a restore in the journal restored.
var restoreActor = loto.Actor{Name: "loto restore", Role: loto.RoleOrganiser}

// startedGames counts the games started in the SQLite journal db whose head is old.
func startedGames(ctx context.Context, db string, old journal.Head) (int, error) {
	if old.Seq == 0 {
		return 0, nil
	}
	s, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		return 0, sqliteError(db, err)
	}
	defer s.Close()
	n := 0
	err = s.Read(ctx, 1, func(e journal.Event) error {
		if e.Type == loto.TypeGameStarted {
			n++
		}
		return nil
	})
	return n, err
}

// noteRestore appends to the verified copy tmp the event that says it
// replaces the journal whose head was replaced: a restore over a day is
// then part of the day's record, shown on the board, and not only a file
// renamed on the laptop. It returns the anchor of that event.
func noteRestore(ctx context.Context, tmp string, replaced journal.Anchor, games int) (journal.Anchor, error) {
	s, err := sqlite.Open(ctx, tmp, nil)
	if err != nil {
		return journal.Anchor{}, fmt.Errorf("copie illisible : %s", sqliteCause(err))
	}
	a, err := func() (journal.Anchor, error) {
		defer s.Close()
		day, _, err := access.Open(ctx, s, loto.Options{})
		if err != nil {
			return journal.Anchor{}, fmt.Errorf("sauvegarde refusée : %s", cli.Message(err))
		}
		a, err := day.RecordRestore(ctx, restoreActor, replaced, games)
		if err != nil {
			return journal.Anchor{}, fmt.Errorf("restauration impossible à noter au journal : %s", cli.Message(err))
		}
		return a, nil
	}()
	if err != nil {
		return a, err
	}
	if err := sqlite.Settle(ctx, tmp); err != nil {
		return journal.Anchor{}, fmt.Errorf("copie inachevée : %s", sqliteCause(err))
	}
	return a, nil
}

// targetHead is the head of the SQLite file db, that of an empty journal
// when there is no file.
func targetHead(ctx context.Context, db string) (journal.Head, error) {
	if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
		return journal.Head{Hash: journal.Genesis}, nil
	}
	s, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		return journal.Head{}, sqliteError(db, err)
	}
	defer s.Close()
	return s.Head(ctx)
}

// setAside moves the SQLite file db out of the way of a restore, once no
// other program has it open: a journal that held events is renamed beside
// it, never deleted, and its new name returned; an empty one is replaced.
func setAside(ctx context.Context, db string, old journal.Head) (string, error) {
	if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err := sqlite.Settle(ctx, db); err != nil {
		if errors.Is(err, sqlite.ErrInUse) {
			return "", fmt.Errorf("la base %s est ouverte par un autre programme (le serveur ?) : l'arrêter avant de la remplacer", shownPath(db))
		}
		return "", sqliteError(db, err)
	}
	if old.Seq == 0 {
		return "", nil
	}
	kept := db + ".remplacee-" + clock().Format("20060102-150405")
	if _, err := os.Lstat(kept); err == nil {
		return "", fmt.Errorf("%s existe déjà : réessayer dans une seconde", shownPath(kept))
	}
	if err := os.Rename(db, kept); err != nil {
		return "", fmt.Errorf("impossible de garder l'ancienne base sous %s : %v", shownPath(kept), err)
	}
	return kept, nil
}

// checkedCopy copies the SQLite journal from into a new temporary file
// beside dest and verifies the copy as `loto journal verify` does: the
// chain, the anchors, the secrets' commitments and the personal records'
// hashes. It returns the temporary file, one self-contained file, and the
// copy's head; the caller renames it or removes it with removeCopy.
func checkedCopy(ctx context.Context, from, dest string, anchors []journal.Anchor) (string, journal.Head, error) {
	f, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*.tmp")
	if err != nil {
		return "", journal.Head{}, fmt.Errorf("impossible d'écrire à côté de %s : %v", shownPath(dest), err)
	}
	tmp := f.Name()
	f.Close()
	head, err := copyAndVerify(ctx, from, tmp, anchors)
	if err != nil {
		removeCopy(tmp)
		return "", journal.Head{}, err
	}
	return tmp, head, nil
}

// copyAndVerify is checkedCopy once its temporary file exists.
func copyAndVerify(ctx context.Context, from, tmp string, anchors []journal.Anchor) (journal.Head, error) {
	if err := sqlite.Copy(ctx, from, tmp); err != nil {
		return journal.Head{}, fmt.Errorf("copie de %s impossible : %s", shownPath(from), sqliteCause(err))
	}
	s, err := sqlite.OpenCopy(ctx, tmp)
	if err != nil {
		return journal.Head{}, fmt.Errorf("copie de %s illisible : %s", shownPath(from), sqliteCause(err))
	}
	head, err := verifyCopy(ctx, s, anchors)
	s.Close()
	if err != nil {
		return journal.Head{}, fmt.Errorf("sauvegarde de %s refusée : %s", shownPath(from), cli.Message(err))
	}
	// Closed, the copy is settled into one file: nothing beside it to
	// forget when it is carried away on a stick.
	if err := sqlite.Settle(ctx, tmp); err != nil {
		return journal.Head{}, fmt.Errorf("copie de %s inachevée : %s", shownPath(from), sqliteCause(err))
	}
	return head, nil
}

// verifyCopy checks a copy of the journal: its chain and anchors, then the
// secrets and the personal records against their commitments.
func verifyCopy(ctx context.Context, s journal.Store, anchors []journal.Anchor) (journal.Head, error) {
	head, err := journal.VerifyAnchored(ctx, s, anchors)
	if err != nil {
		return head, err
	}
	if _, err := loto.CheckSecrets(ctx, s); err != nil {
		return head, err
	}
	c, err := loto.CheckPersonal(ctx, s)
	if err != nil {
		return head, err
	}
	if len(c.Problems) > 0 {
		return head, errors.New(strings.Join(c.Problems, " ; "))
	}
	return head, nil
}

// removeCopy removes a temporary copy and what SQLite may have left beside it.
func removeCopy(tmp string) {
	for _, p := range []string{tmp, tmp + "-wal", tmp + "-shm", tmp + "-journal"} {
		os.Remove(p)
	}
}

// same reports whether two paths name one file.
func same(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// syncDir flushes the directory of path, so that a rename in it survives
// a power cut.
func syncDir(path string) error {
	d, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
