package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/drive"
	"loto/internal/journal"
	"loto/internal/loto"
)

// The bounds of a simulated day: a big hall, on this machine.
const (
	maxDayPlayers     = 10000
	maxDayControllers = 20
	maxDayInstances   = 2
)

// dayLoad is what a simulated day through HTTP found.
type dayLoad struct {
	drive.Report
	Journal       string  `json:"journal"`   // SQLite or PostgreSQL
	Instances     int     `json:"instances"` // servers of the journal
	Cashiers      int     `json:"cashiers"`
	Acts          int     `json:"acts"` // acknowledged
	ActsPerSecond float64 `json:"acts_per_second"`
	Events        int64   `json:"events"` // the journal's head after the day
	// Replayed says that every server showed, after the day, the status
	// and the day's report of a fresh replay of the journal, byte for byte.
	Replayed bool        `json:"replayed"`
	Stream   *streamLoad `json:"stream,omitempty"`
	// The servers' use of this machine, from /proc, added up: their CPU
	// time during the day, and their resident memory after the day and at
	// their peaks. A PostgreSQL server's own is not counted.
	ServerCPU  time.Duration `json:"server_cpu_ns"`
	ServerRSS  int64         `json:"server_rss_bytes"`
	ServerPeak int64         `json:"server_peak_rss_bytes"`
}

// dayOptions are the flags of load day.
type dayOptions struct {
	players, cashiers, controllers, clients, games, instances int
	pace, pause, duration                                     time.Duration
	pg                                                        string // an empty PostgreSQL database; "" for a temporary SQLite file
	loto                                                      string // the program that serves the day; "" to look for it
}

func loadDayCmd(fs *flags) action {
	fs.About = "Mesure sur cette machine seulement : la journée d'exemple sur un fichier SQLite temporaire, ou sur la base PostgreSQL vide\n" +
		"de cette machine que --db nomme, servie par le programme loto (loto serve) en 127.0.0.1, jouée par HTTP ; s'arrête d'elle-même.\n" +
		"Avec --instances 2 (PostgreSQL), deux serveurs sur la même base : les caisses sur les deux, l'entrée et les clients en direct\n" +
		"sur le second, la partie sur le premier. À la fin, la chaîne du journal est vérifiée et chaque serveur doit montrer ce\n" +
		"qu'une relecture fraîche du journal montre."
	var o dayOptions
	fs.IntVar(&o.players, "players", 3000, "`N` joueurs, de 1 à "+strconv.Itoa(maxDayPlayers))
	fs.IntVar(&o.cashiers, "cashiers", 8, "`N` caissiers qui vendent en même temps, de 1 à "+strconv.Itoa(maxCashiers))
	fs.IntVar(&o.controllers, "controllers", 2, "`N` contrôleurs, de 1 à "+strconv.Itoa(maxDayControllers))
	fs.IntVar(&o.clients, "clients", 1000, "`N` clients en direct (tableaux, téléphones), de 0 à "+strconv.Itoa(maxLoadClients))
	fs.IntVar(&o.instances, "instances", 1, "`N` serveurs sur la même base, 1 ou 2 (2 : PostgreSQL seulement)")
	fs.IntVar(&o.games, "games", 0, "`N` premières parties du programme seulement ; 0 : toutes")
	fs.DurationVar(&o.pace, "pace", 20*time.Millisecond, "`DURÉE` entre deux numéros tirés, de 0 à 10s")
	fs.DurationVar(&o.pause, "pause", 500*time.Millisecond, "`DURÉE` d'une pause du programme, de 0 à 1m")
	fs.DurationVar(&o.duration, "duration", maxLoadDuration, "`DURÉE` au plus de la journée, de 1s à 10m")
	fs.StringVar(&o.loto, "loto", "", "`PROGRAMME` le programme loto qui sert la journée (par défaut : loto à côté de ce programme, sinon dans le PATH)")
	asJSON := fs.Bool("json", false, "écrit le résultat en JSON")
	return func(ctx context.Context, e *env) error {
		switch {
		case o.players < 1 || o.players > maxDayPlayers:
			return usagef("--players : de 1 à %d joueurs", maxDayPlayers)
		case o.cashiers < 1 || o.cashiers > maxCashiers:
			return usagef("--cashiers : de 1 à %d caissiers", maxCashiers)
		case o.controllers < 1 || o.controllers > maxDayControllers:
			return usagef("--controllers : de 1 à %d contrôleurs", maxDayControllers)
		case o.clients < 0 || o.clients > maxLoadClients:
			return usagef("--clients : de 0 à %d clients", maxLoadClients)
		case o.games < 0:
			return usagef("--games : 0 (toutes) ou un nombre de parties")
		case o.pace < 0 || o.pace > 10*time.Second:
			return usagef("--pace : de 0 à 10s")
		case o.pause < 0 || o.pause > time.Minute:
			return usagef("--pause : de 0 à 1m")
		case badDuration(o.duration):
			return errDuration
		case o.instances < 1 || o.instances > maxDayInstances:
			return usagef("--instances : 1 ou %d serveurs", maxDayInstances)
		}
		if o.pg = fs.db; o.pg != "" {
			if err := localPostgres(o.pg); err != nil {
				return err
			}
		} else if o.instances > 1 {
			return usagef("--instances 2 : plusieurs serveurs partagent une base PostgreSQL (--db postgres://...) ; un fichier SQLite n'a qu'un serveur")
		}
		res, err := measureDay(ctx, o, e)
		if err != nil {
			return err
		}
		if *asJSON {
			if err := cli.WriteJSON(e.stdout, res); err != nil {
				return err
			}
		} else {
			writeDay(e.stdout, res)
		}
		if res.Errors > 0 {
			return fmt.Errorf("%d actes refusés ou sans réponse alors qu'ils devaient passer ; le premier : %s", res.Errors, res.FirstError)
		}
		return nil
	}
}

// serverBinary finds the program that serves the measured day when --loto
// does not name it: loto beside this program, as a release ships them,
// else loto on the PATH. Tests build it.
var serverBinary = func() (string, error) {
	if exe, err := os.Executable(); err == nil {
		beside := filepath.Join(filepath.Dir(exe), "loto")
		if _, err := os.Stat(beside); err == nil {
			return beside, nil
		}
	}
	bin, err := exec.LookPath("loto")
	if err != nil {
		return "", errors.New("programme loto introuvable à côté de ce programme ni dans le PATH : le nommer avec --loto (go build -o /tmp/loto ./cmd/loto)")
	}
	return bin, nil
}

// measureDay records the example day on a temporary SQLite file or the
// empty PostgreSQL database o.pg, big enough for the players, prepares its
// devices and reservations, serves it with o.instances `loto serve` in
// child processes on loopback ports, plays it through HTTP with the live
// clients following, weighs the servers, and checks the journal and what
// every server shows against a fresh replay.
func measureDay(ctx context.Context, o dayOptions, e *env) (dayLoad, error) {
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	if _, err := raiseOpenFiles(); err != nil {
		return dayLoad{}, fmt.Errorf("limite de fichiers ouverts : %w", err)
	}
	dir, err := os.MkdirTemp("", "loto-load-day-")
	if err != nil {
		return dayLoad{}, err
	}
	defer os.RemoveAll(dir)
	db, kind := filepath.Join(dir, "load.db"), "SQLite"
	if o.pg != "" {
		db, kind = o.pg, "PostgreSQL"
	}
	store, err := salesStore(ctx, dir, o.pg)
	if err != nil {
		return dayLoad{}, err
	}
	plan, password, err := prepareDay(ctx, store, o)
	store.Close() // for the servers to open
	if err != nil {
		return dayLoad{}, err
	}
	bin := o.loto
	if bin == "" {
		if bin, err = serverBinary(); err != nil {
			return dayLoad{}, err
		}
	}
	var servers []*child
	var bases []string // each ends with a slash
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for range o.instances {
		srv, base, err := startServer(ctx, bin, db, e)
		if err != nil {
			return dayLoad{}, err
		}
		servers, bases = append(servers, srv), append(bases, base)
	}
	var stream chan streamResult
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	if o.clients > 0 {
		ready := make(chan struct{})
		stream = make(chan streamResult, 1)
		// On the last server: with two, what the clients see of the game
		// went from the first through the journal.
		go func() {
			r, err := measureStream(streamCtx, bases[len(bases)-1]+streamPath[1:], o.clients, 2*maxLoadDuration, ready)
			stream <- streamResult{r, err}
		}()
		select {
		case <-ready:
		case res := <-stream:
			return dayLoad{}, fmt.Errorf("clients en direct : %w", res.err)
		}
	}
	before, err := serversUsage(servers)
	if err != nil {
		return dayLoad{}, err
	}
	var spread []string
	for _, b := range bases[1:] {
		spread = append(spread, b[:len(b)-1])
	}
	d := drive.New(plan, drive.Config{Base: bases[0][:len(bases[0])-1], Spread: spread, Pace: o.pace, Break: o.pause})
	rep, runErr := d.Run(ctx)
	after, err := serversUsage(servers)
	if err != nil {
		return dayLoad{}, err
	}
	out := dayLoad{Report: rep, Journal: kind, Instances: o.instances, Cashiers: o.cashiers, Acts: len(d.Acked()),
		ServerCPU: after.CPU - before.CPU, ServerRSS: after.RSS, ServerPeak: after.Peak}
	out.ActsPerSecond = float64(out.Acts) / rep.Took.Seconds()
	if stream != nil {
		// The last changes get a grace to reach every client.
		sleepCtx(ctx, grace)
		stopStream()
		res := <-stream
		if res.err != nil {
			return dayLoad{}, fmt.Errorf("clients en direct : %w", res.err)
		}
		out.Stream = &res.r
	}
	if runErr != nil && out.Errors == 0 {
		return out, fmt.Errorf("journée interrompue : %w", runErr)
	}
	// A day cut short by its errors has its chain verified still.
	var served *shownDay
	if runErr == nil {
		s, err := servedDay(ctx, bases, password)
		if err != nil {
			return out, err
		}
		served = &s
	}
	for _, s := range servers {
		s.stop()
	}
	if out.Events, err = checkDayJournal(ctx, db, served); err != nil {
		return out, err
	}
	out.Replayed = served != nil
	return out, nil
}

// serversUsage adds up the servers' use of the machine.
func serversUsage(servers []*child) (procUsage, error) {
	var sum procUsage
	for _, s := range servers {
		u, err := readUsage(s.cmd.Process.Pid)
		if err != nil {
			return procUsage{}, err
		}
		sum.CPU, sum.RSS, sum.Peak = sum.CPU+u.CPU, sum.RSS+u.RSS, sum.Peak+u.Peak
	}
	return sum, nil
}

// streamResult is what the live clients of a day found.
type streamResult struct {
	r   streamLoad
	err error
}

// sleepCtx waits for d, or less when ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// prepareDay records the example day on the empty journal store, its
// series big enough for the players, with an organiser's password made for
// the measure, and prepares the plan of its simulated day.
func prepareDay(ctx context.Context, store journal.Store, o dayOptions) (*drive.Plan, string, error) {
	day, book, err := access.Open(ctx, store, loto.Options{Clock: clock})
	if err != nil {
		return nil, "", err
	}
	spec, err := drive.Example(o.games, max(6000, 8*o.players))
	if err != nil {
		return nil, "", err
	}
	for i := range spec.Series {
		if spec.Series[i].Kind == loto.Special {
			spec.Series[i].Cards = max(spec.Series[i].Cards, o.players)
		}
	}
	if _, err := day.CreateEvent(ctx, organiser, spec); err != nil {
		return nil, "", err
	}
	// Known to this process only, for reading what the servers show.
	password := "mesure-" + rand.Text()
	if err := book.SetOrganiserPassword(ctx, organiser, password); err != nil {
		return nil, "", err
	}
	plan, err := drive.Prepare(ctx, day, book, drive.Options{Players: o.players, Cashiers: o.cashiers, Controllers: o.controllers, Seed: 1})
	return plan, password, err
}
