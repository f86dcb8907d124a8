package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/report"
	"loto/internal/sim"
)

func simulate(fs *flags) action {
	from := fs.String("event", "", "`FICHIER` fichier de l'événement pour une --db vide (par défaut : examples/mega-loto.yaml, intégré)")
	players := fs.Int("players", 300, "nombre de joueurs simulés")
	seed := fs.Int64("seed", 0, "graine des choix des joueurs (par défaut : tirée de l'horloge)")
	asJSON := fs.Bool("json", false, "écrire la journée en JSON")
	fs.About = "Sur une base neuve seulement : les graines d'une journée simulée se déduisent de --seed, elle ne vaut rien pour une vraie.\nSur SQLite, la journée est jouée dans un fichier à part, mis à la place de --db seulement une fois jouée : un échec ne laisse rien."
	return func(ctx context.Context, e *env) error {
		if *seed == 0 {
			*seed = time.Now().UnixNano() % 1_000_000_007
		}
		sm := simulation{e: e, from: *from, players: *players, seed: *seed}
		db := dbName(fs.db)
		if cli.IsPostgres(db) {
			return fs.withStore(ctx, mustExist, func(s journal.Store) error {
				if err := sm.play(ctx, s, db); err != nil {
					return err
				}
				return sm.print(*asJSON)
			})
		}
		if err := sm.playFile(ctx, db); err != nil {
			return err
		}
		return sm.print(*asJSON)
	}
}

// simulation is a run of loto simulate and, once played, its day.
type simulation struct {
	e       *env
	from    string // the event file for a new base, "" for the example
	players int
	seed    int64

	rep  sim.Report
	day  report.DayReport
	head journal.Head
}

// play plays the simulated day on the journal s, which must be empty or a
// simulation's: a simulation's seeds follow from --seed, so that on a real
// day's journal its games would be draws anyone can foresee, accepted by
// every check.
func (sm *simulation) play(ctx context.Context, s journal.Store, db string) error {
	var first journal.Event
	stop := errors.New("first event read")
	if err := s.Read(ctx, 1, func(ev journal.Event) error { first = ev; return stop }); err != nil && err != stop {
		return err
	}
	if first.Seq > 0 && !loto.Simulated(first) {
		h, err := s.Head(ctx)
		if err != nil {
			return err
		}
		return fmt.Errorf("la base %s contient une journée qui n'est pas simulée (%s) : « loto simulate » ne joue que sur une base neuve (donner une autre --db)",
			shownPath(db), plural(int(h.Seq), "événement", "événements"))
	}
	// A simulation is reproducible from its seed: the game seeds and the
	// series seeds come from a stream derived from it, never from
	// crypto/rand as a real day's do; the day is marked simulated.
	d, err := loto.OpenWith(ctx, s, loto.Options{Clock: clock, Simulation: true,
		Rand: rand.NewChaCha8(sha256.Sum256(fmt.Appendf(nil, "loto simulate %d", sm.seed)))})
	if err != nil {
		return err
	}
	if d.Event() == nil {
		file, err := readEventFile(sm.from)
		if err != nil {
			return err
		}
		if err := createEvent(ctx, sm.e, d, organiser, file, eventFiles(sm.from)); err != nil {
			return err
		}
	}
	if sm.rep, err = sim.Play(ctx, d, sim.Options{Players: sm.players, Seed: sm.seed}); err != nil {
		return err
	}
	if sm.head, err = s.Head(ctx); err != nil {
		return err
	}
	sm.day, err = report.OfDay(ctx, d)
	return err
}

// playFile plays the simulated day into a new file beside the SQLite base
// db, then puts it in db's place, where there was no file or a journal
// without events; a simulation that fails, or is stopped, leaves nothing.
// On a simulation's own base it plays there (and is refused if played).
func (sm *simulation) playFile(ctx context.Context, db string) error {
	var old journal.Head
	if _, err := os.Stat(db); err == nil {
		s, err := openStore(ctx, db, mustExist)
		if err != nil {
			return err
		}
		if old, err = s.Head(ctx); err != nil || old.Seq > 0 {
			if err == nil {
				err = sm.play(ctx, s, db)
			}
			s.Close()
			return err
		}
		s.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(db), "."+filepath.Base(db)+".*.tmp")
	if err != nil {
		return fmt.Errorf("impossible d'écrire à côté de %s : %v", shownPath(db), err)
	}
	tmp := f.Name()
	f.Close()
	placed := false
	defer func() {
		if !placed {
			removeCopy(tmp)
		}
	}()
	s, err := sqlite.Open(ctx, tmp, nil)
	if err != nil {
		return sqliteError(tmp, err)
	}
	err = sm.play(ctx, s, db)
	if cerr := s.Close(); err == nil && cerr != nil {
		err = sqliteError(tmp, cerr)
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(db); err == nil {
		// A journal without events: replaced, once no other program has it open.
		if _, err := setAside(ctx, db, old); err != nil {
			return err
		}
		err = os.Rename(tmp, db)
	} else if err = os.Link(tmp, db); err == nil {
		os.Remove(tmp)
	}
	if err != nil {
		return fmt.Errorf("journée simulée impossible à mettre à la place de %s : %v", shownPath(db), err)
	}
	placed = true
	if err := syncDir(db); err != nil {
		return fmt.Errorf("journée simulée dans %s mais pas confirmée sur le disque : %v", shownPath(db), err)
	}
	return nil
}

// print writes the day played, as JSON or for a person.
func (sm *simulation) print(asJSON bool) error {
	if asJSON {
		return json.NewEncoder(sm.e.stdout).Encode(sm.rep)
	}
	writeSimSummary(sm.e, sm.rep, sm.day, sm.head)
	return nil
}

// writeSimSummary prints the day for a person: the entrance, each stage's
// winners and the breaks.
func writeSimSummary(e *env, rep sim.Report, day report.DayReport, h journal.Head) {
	fmt.Fprintf(e.stdout, "journée simulée (graine %d)\n", rep.Seed)
	a := day.Attendance
	fmt.Fprintf(e.stdout, "entrée : %s (%s), %s avec une carte gratuite, %s sans billet\n",
		plural(a.Reservations, "réservation", "réservations"), plural(a.Tickets, "billet", "billets"),
		plural(a.Crossed, "billet barré", "billets barrés"), plural(a.WalkInSales, "vente", "ventes"))
	for _, r := range rep.DoorRefusals {
		fmt.Fprintf(e.stdout, "refus attendu à l'entrée : %s\n", r)
	}
	for _, g := range rep.Games {
		fmt.Fprintf(e.stdout, "partie %d — %s\n", g.Number, g.Title)
		for _, st := range g.Stages {
			fmt.Fprintf(e.stdout, "  %-13s %2d numéros, %s :", st.Stage.French(), len(st.Draws), plural(len(st.Claims), "annonce", "annonces"))
			for _, w := range st.Winners {
				fmt.Fprintf(e.stdout, " %s", w.Serial)
				if w.Token != nil {
					fmt.Fprintf(e.stdout, " (pion %d)", *w.Token)
				}
				switch {
				case w.Consolation:
					fmt.Fprint(e.stdout, " lot de consolation")
				case w.ShareCents != nil:
					fmt.Fprintf(e.stdout, " %s", loto.ShareFrench(w, st.Winners, st.Declined))
				default:
					fmt.Fprintf(e.stdout, " %s", w.Prize)
				}
				fmt.Fprint(e.stdout, ";")
			}
			fmt.Fprintln(e.stdout)
		}
	}
	if len(day.Breaks) > 0 {
		fmt.Fprint(e.stdout, "pauses :")
		for i, b := range day.Breaks {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(e.stdout, "%s %s (%d min)", sep, b.Label, b.Minutes)
		}
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintf(e.stdout, "journal : %s, empreinte %s\n", plural(int(h.Seq), "événement", "événements"), h.Hash)
}
