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
	register("audit draws", "recalcule chaque tirage au hasard à partir de la graine du jour révélée", auditDraws)
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
		// A simulation is reproducible from its seed: the day seed and the
		// series seeds come from a stream derived from it, never from
		// crypto/rand as a real day's do. A real day's secrets must never be
		// made this way.
		d, err := loto.OpenWith(ctx, s, loto.Options{Rand: rand.NewChaCha8(sha256.Sum256(fmt.Appendf(nil, "loto simulate %d", *seed)))})
		if err != nil {
			return err
		}
		if d.Event() == nil {
			file, err := readEventFile(*from)
			if err != nil {
				return err
			}
			if err := createEvent(ctx, e, d, organiser, file); err != nil {
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

func auditDraws(ctx context.Context, e *env) error {
	fs := newFlags("audit draws", e)
	asJSON := fs.Bool("json", false, "écrire du JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withStore(ctx, mustExist, func(s journal.Store) error {
		if _, err := journal.Verify(ctx, s); err != nil {
			return err
		}
		var events []journal.Event
		if err := s.Read(ctx, 1, func(ev journal.Event) error { events = append(events, ev); return nil }); err != nil {
			return err
		}
		rep, err := loto.AuditDraws(events)
		if err != nil {
			return err
		}
		if *asJSON {
			if err := json.NewEncoder(e.stdout).Encode(rep); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(e.stdout, "graine du jour %s (engagement SHA-256 %s)\nrecalculés : %s, %s, %s\n", rep.Seed, rep.SeedSHA256,
				plural(rep.Games, "partie", "parties"), plural(rep.Draws, "tirage", "tirages"), plural(rep.Tokens, "jeton", "jetons"))
			for _, m := range rep.Mismatches {
				fmt.Fprintf(e.stdout, "DIFFÉRENCE événement n° %d, partie %d : %s %d dans le journal, %d d'après la graine\n", m.Seq, m.Game, m.What, m.Got, m.Want)
			}
		}
		if !rep.OK() {
			return &exitError{code: 1, msg: "audit : " + plural(len(rep.Mismatches), "différence", "différences")}
		}
		return nil
	})
}
