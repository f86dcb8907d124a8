package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"time"

	"loto/internal/drive"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// The bounds of a simulated day: a big hall, on this machine.
const (
	maxDayPlayers     = 10000
	maxDayControllers = 20
)

func init() {
	register("load day", "joue une journée simulée par HTTP contre le vrai serveur : joueurs, caissiers, entrée, meneur, contrôleurs et clients en direct ; latences par route, débit, erreurs, mémoire et CPU du serveur", loadDayCmd)
}

// dayLoad is what a simulated day through HTTP found.
type dayLoad struct {
	drive.Report
	Cashiers      int         `json:"cashiers"`
	Acts          int         `json:"acts"` // acknowledged
	ActsPerSecond float64     `json:"acts_per_second"`
	Events        int64       `json:"events"` // the journal's head after the day
	Stream        *streamLoad `json:"stream,omitempty"`
	// The server's use of this machine, from /proc: its CPU time during
	// the day, and its resident memory after the day and at its peak.
	ServerCPU  time.Duration `json:"server_cpu_ns"`
	ServerRSS  int64         `json:"server_rss_bytes"`
	ServerPeak int64         `json:"server_peak_rss_bytes"`
}

// dayOptions are the flags of load day.
type dayOptions struct {
	players, cashiers, controllers, clients, games int
	pace, pause, duration                          time.Duration
}

func loadDayCmd(ctx context.Context, e *env) error {
	fs := newFlags("load day", e)
	fs.about = "Mesure sur cette machine seulement : la journée d'exemple sur un fichier SQLite temporaire, servie par ce programme (loto serve) en 127.0.0.1, jouée par HTTP ; s'arrête d'elle-même ; --db ne sert pas."
	var o dayOptions
	fs.IntVar(&o.players, "players", 3000, "`N` joueurs, de 1 à "+strconv.Itoa(maxDayPlayers))
	fs.IntVar(&o.cashiers, "cashiers", 8, "`N` caissiers qui vendent en même temps, de 1 à "+strconv.Itoa(maxCashiers))
	fs.IntVar(&o.controllers, "controllers", 2, "`N` contrôleurs, de 1 à "+strconv.Itoa(maxDayControllers))
	fs.IntVar(&o.clients, "clients", 1000, "`N` clients en direct (tableaux, téléphones), de 0 à "+strconv.Itoa(maxLoadClients))
	fs.IntVar(&o.games, "games", 0, "`N` premières parties du programme seulement ; 0 : toutes")
	fs.DurationVar(&o.pace, "pace", 20*time.Millisecond, "`DURÉE` entre deux numéros tirés, de 0 à 10s")
	fs.DurationVar(&o.pause, "pause", 500*time.Millisecond, "`DURÉE` d'une pause du programme, de 0 à 1m")
	fs.DurationVar(&o.duration, "duration", maxLoadDuration, "`DURÉE` au plus de la journée, de 1s à 10m")
	asJSON := fs.Bool("json", false, "écrit le résultat en JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
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
	case o.duration < time.Second || o.duration > maxLoadDuration:
		return usagef("--duration : de 1s à 10m")
	}
	res, err := measureDay(ctx, o, e)
	if err != nil {
		return err
	}
	if *asJSON {
		if err := json.NewEncoder(e.stdout).Encode(res); err != nil {
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

// serverBinary is the program that serves the measured day: this one.
// Tests, whose binary is not loto, build it.
var serverBinary = os.Executable

// measureDay records the example day on a temporary SQLite file, big
// enough for the players, prepares its devices and reservations, serves
// it with `loto serve` in a child process on a loopback port, plays it
// through HTTP with the live clients following, and weighs the server.
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
	path := filepath.Join(dir, "load.db")
	plan, err := prepareDay(ctx, path, o)
	if err != nil {
		return dayLoad{}, err
	}
	srv, base, err := startServer(ctx, path, e)
	if err != nil {
		return dayLoad{}, err
	}
	defer srv.stop()
	var stream chan streamResult
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	if o.clients > 0 {
		ready := make(chan struct{})
		stream = make(chan streamResult, 1)
		go func() {
			r, err := measureStream(streamCtx, base+streamPath[1:], o.clients, 2*maxLoadDuration, ready)
			stream <- streamResult{r, err}
		}()
		select {
		case <-ready:
		case res := <-stream:
			return dayLoad{}, fmt.Errorf("clients en direct : %w", res.err)
		}
	}
	before, err := readUsage(srv.cmd.Process.Pid)
	if err != nil {
		return dayLoad{}, err
	}
	d := drive.New(plan, drive.Config{Base: base[:len(base)-1], Pace: o.pace, Break: o.pause})
	rep, runErr := d.Run(ctx)
	after, err := readUsage(srv.cmd.Process.Pid)
	if err != nil {
		return dayLoad{}, err
	}
	out := dayLoad{Report: rep, Cashiers: o.cashiers, Acts: len(d.Acked()),
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
	srv.stop()
	if out.Events, err = verifyDay(ctx, path); err != nil {
		return out, err
	}
	return out, nil
}

// verifyDay verifies the chain of the day's journal once its server has
// stopped, and returns its count of events.
func verifyDay(ctx context.Context, path string) (int64, error) {
	store, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		return 0, err
	}
	defer store.Close()
	head, err := journal.Verify(ctx, store)
	if err != nil {
		return 0, fmt.Errorf("journal de la journée mesurée : %w", err)
	}
	return head.Seq, nil
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

// prepareDay records the example day on a new SQLite file at path, its
// series big enough for the players, and prepares the plan of its
// simulated day; the file is closed for the server to open.
func prepareDay(ctx context.Context, path string, o dayOptions) (*drive.Plan, error) {
	store, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	day, err := loto.OpenWith(ctx, store, loto.Options{Clock: clock})
	if err != nil {
		return nil, err
	}
	spec, err := drive.Example(o.games, max(6000, 8*o.players))
	if err != nil {
		return nil, err
	}
	for i := range spec.Series {
		if spec.Series[i].Kind == loto.Special {
			spec.Series[i].Cards = max(spec.Series[i].Cards, o.players)
		}
	}
	if _, err := day.CreateEvent(ctx, organiser, spec); err != nil {
		return nil, err
	}
	return drive.Prepare(ctx, day, drive.Options{Players: o.players, Cashiers: o.cashiers, Controllers: o.controllers, Seed: 1})
}

// child is the server of a measure, a `loto serve` of this program.
type child struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// listeningLine is the line of `loto serve` that says where it answers.
var listeningLine = regexp.MustCompile(`à l'écoute sur (http://\S+/)`)

// startServer starts `loto serve` on the SQLite file path and a loopback
// port of the system's choosing, and returns once its status answers; its
// base address ends with a slash.
func startServer(ctx context.Context, path string, e *env) (*child, string, error) {
	bin, err := serverBinary()
	if err != nil {
		return nil, "", fmt.Errorf("programme introuvable pour lancer le serveur : %w", err)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	cmd.Stderr = e.stderr
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("serveur de la mesure : %w", err)
	}
	c := &child{cmd: cmd, done: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listeningLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, out)
		cmd.Wait()
		close(c.done)
	}()
	var base string
	select {
	case base = <-found:
	case <-c.done:
		return nil, "", fmt.Errorf("le serveur de la mesure s'est arrêté au démarrage : %v", cmd.ProcessState)
	case <-time.After(connectTimeout):
		c.stop()
		return nil, "", fmt.Errorf("le serveur de la mesure ne dit pas son adresse après %s", connectTimeout)
	case <-ctx.Done():
		c.stop()
		return nil, "", ctx.Err()
	}
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(connectTimeout); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		resp, err := client.Get(base + "api/v1/status")
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return c, base, nil
		}
	}
	c.stop()
	return nil, "", fmt.Errorf("le serveur de la mesure ne répond pas à %sapi/v1/status", base)
}

// stop asks the server to stop (SIGTERM: it finishes its requests), and
// kills it if it has not after a few seconds; once stopped, it does nothing.
func (c *child) stop() {
	select {
	case <-c.done:
		return
	default:
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
	}
}
