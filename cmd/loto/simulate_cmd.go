package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/sim"
)

func init() {
	register("simulate", "joue une journée de démonstration entière (crée l'événement sur une --db vide)", simulate)
}

func simulate(ctx context.Context, e *env) error {
	fs := newFlags("simulate", e)
	from := fs.String("event", "", "`FICHIER` fichier de l'événement pour une --db vide (par défaut : examples/mega-loto.yaml, intégré)")
	players := fs.Int("players", 300, "nombre de joueurs simulés")
	seed := fs.Int64("seed", 0, "graine des choix des joueurs (par défaut : tirée de l'horloge)")
	asJSON := fs.Bool("json", false, "écrire la journée en JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *seed == 0 {
		*seed = time.Now().UnixNano() % 1_000_000_007
	}
	return fs.withStore(ctx, mayCreate, func(s journal.Store) error {
		// A simulation is reproducible from its seed: the game seeds and the
		// series seeds come from a stream derived from it, never from
		// crypto/rand as a real day's do. A real day's secrets must never be
		// made this way, and the day is marked simulated.
		d, err := loto.OpenWith(ctx, s, loto.Options{Clock: clock, Simulation: true,
			Rand: rand.NewChaCha8(sha256.Sum256(fmt.Appendf(nil, "loto simulate %d", *seed)))})
		if err != nil {
			return err
		}
		if d.Event() == nil {
			file, err := readEventFile(*from)
			if err != nil {
				return err
			}
			if err := createEvent(ctx, e, d, organiser, file, eventFiles(*from)); err != nil {
				return err
			}
		}
		rep, err := sim.Play(ctx, d, sim.Options{Players: *players, Seed: *seed})
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(rep)
		}
		h, err := s.Head(ctx)
		if err != nil {
			return err
		}
		day, err := d.Report(ctx)
		if err != nil {
			return err
		}
		writeSimSummary(e, rep, day, h)
		return nil
	})
}

// writeSimSummary prints the day for a person: the entrance, each stage's
// winners and the breaks.
func writeSimSummary(e *env, rep sim.Report, day loto.DayReport, h journal.Head) {
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
