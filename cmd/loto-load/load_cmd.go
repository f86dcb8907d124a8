package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"loto/examples"
	"loto/internal/card"
	"loto/internal/cli"
	"loto/internal/eventfile"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/web"
)

// The bounds of a measure: the tool loads only this machine, for a while.
const (
	maxLoadClients  = 10000
	maxLoadDuration = 10 * time.Minute
	streamPath      = "/api/v1/stream"
)

// loadStream opens N clients of the stream and measures, for each change,
// the time from its append to the last client's receipt. Without --url it
// runs a server on a temporary day, draws numbers itself and weighs the
// server's memory per client; its clients then run in a child process, so
// that their memory is not counted as the server's. --transport chooses
// the server's way of writing the stream, so that both are measured by
// the same clients on the same machine.
func loadStream(fs *flags) action {
	fs.About = "Mesure sur cette machine seulement (127.0.0.1, ::1, localhost), bornée en clients et en durée ; --db ne sert pas."
	clients := fs.Int("clients", 100, "`N` clients du flux, de 1 à "+strconv.Itoa(maxLoadClients))
	duration, asJSON := fs.timed()
	target := fs.String("url", "", "`URL` du serveur à mesurer, sur cette machine (http://127.0.0.1:PORT) ; sans elle, un serveur est lancé sur un jour temporaire")
	interval := fs.Duration("interval", time.Second, "`DURÉE` entre deux numéros tirés, sans --url (de 10ms à 10s ; une seconde, plus vite que tout meneur, par défaut)")
	pid := fs.Int("pid", 0, "`PID` du serveur de --url sur cette machine : sa mémoire et son CPU lus dans /proc")
	transport := fs.String("transport", "raw", "`FAÇON` d'écrire le flux, sans --url : raw (la connexion reprise à net/http, là où le système s'y prête) ou http (net/http, partout)")
	return func(ctx context.Context, e *env) error {
		switch {
		case *transport != "raw" && *transport != "http":
			return usagef("--transport : raw ou http")
		case *pid != 0 && *target == "":
			return usagef("--pid : avec --url seulement (sans --url, le serveur est ce programme)")
		case *pid < 0:
			return usagef("--pid : un numéro de processus")
		case *clients < 1 || *clients > maxLoadClients:
			return usagef("--clients : de 1 à %d clients", maxLoadClients)
		case badDuration(*duration):
			return errDuration
		case *interval < 10*time.Millisecond || *interval > 10*time.Second:
			return usagef("--interval : de 10ms à 10s")
		}
		// Each client is a connection, on both sides when the tool serves:
		// thousands of them need more open files than a shell's default.
		if limit, err := raiseOpenFiles(); err != nil {
			return fmt.Errorf("limite de fichiers ouverts : %w", err)
		} else if need := uint64(*clients) + 100; limit > 0 && limit < need {
			return fmt.Errorf("%d clients demandent %d fichiers ouverts, la limite de ce système est %d (ulimit -Hn)", *clients, need, limit)
		}
		var res streamLoad
		if *target != "" {
			u, err := loopbackURL(*target)
			if err != nil {
				return err
			}
			if res, err = measureAtURL(ctx, u, *clients, *duration, *pid); err != nil {
				return err
			}
		} else {
			var err error
			opt := web.BrokerOptions{NetHTTP: *transport == "http"}
			if res, err = loadOwnServer(ctx, *clients, *duration, *interval, opt, e); err != nil {
				return err
			}
		}
		if *asJSON {
			return cli.WriteJSON(e.stdout, res)
		}
		writeLoad(e, res, *duration)
		return nil
	}
}

// measureAtURL measures the stream of a server at url and, when pid is
// not 0, weighs that process from /proc: its resident memory once every
// client is in, less before, per client, and its CPU time meanwhile.
func measureAtURL(ctx context.Context, url string, n int, d time.Duration, pid int) (streamLoad, error) {
	if pid == 0 {
		return measureStream(ctx, url, n, d, nil)
	}
	before, err := readUsage(pid)
	if err != nil {
		return streamLoad{}, err
	}
	ready := make(chan struct{})
	type result struct {
		r   streamLoad
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := measureStream(ctx, url, n, d, ready)
		done <- result{r, err}
	}()
	var connected procUsage
	select {
	case <-ready:
		if connected, err = readUsage(pid); err != nil {
			return streamLoad{}, err
		}
	case res := <-done:
		return res.r, res.err
	}
	res := <-done
	if res.err != nil {
		return res.r, res.err
	}
	after, err := readUsage(pid)
	if err != nil {
		return streamLoad{}, err
	}
	res.r.MemPerClient = max(0, connected.RSS-before.RSS) / int64(n)
	res.r.ServerCPU = after.CPU - connected.CPU
	return res.r, nil
}

// loopbackURL reads --url: http on a loopback address, the stream's path
// when none is given. Any other address is refused: the tool loads only
// this machine.
func loopbackURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" || u.Host == "" || u.User != nil {
		return "", usagef("--url : attendu http://127.0.0.1:PORT (reçu « %s »)", loto.Shown(s))
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", usagef("--url : %s n'est pas cette machine ; la mesure ne charge que la boucle locale (127.0.0.1, ::1, localhost)", loto.Shown(host))
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = streamPath
	}
	return u.String(), nil
}

// writeLoad says the figures in French.
func writeLoad(e *env, r streamLoad, d time.Duration) {
	fmt.Fprintf(e.stdout, "flux : %d clients pendant %s, %d changements reçus par tous", r.Clients, d, r.Changes)
	if r.Incomplete > 0 {
		fmt.Fprintf(e.stdout, " (%d manqués par un client au moins)", r.Incomplete)
	}
	fmt.Fprintln(e.stdout)
	if r.Changes > 0 {
		fmt.Fprintf(e.stdout, "de l'écriture au dernier client, reçu par son système : %s\n", latency(r.P50, r.P99, r.Max))
		fmt.Fprintf(e.stdout, "… et lu par cet outil, qui partage la machine : %s\n", latency(r.ReadP50, r.ReadP99, r.ReadMax))
	}
	if r.CommandMax > 0 {
		fmt.Fprintf(e.stdout, "dont la commande (écriture durable comprise) : %s\n", latency(r.CommandP50, r.CommandP99, r.CommandMax))
	}
	if r.MemPerClient > 0 {
		fmt.Fprintf(e.stdout, "mémoire du serveur : %s Ko par client\n", frenchDecimal(strconv.FormatFloat(float64(r.MemPerClient)/1024, 'f', 1, 64)))
	}
	if r.ServerCPU > 0 {
		fmt.Fprintf(e.stdout, "CPU du serveur pendant la mesure : %s%s\n", seconds(r.ServerCPU), perChange(r.ServerCPU, r))
	}
	if r.ClientCPU > 0 {
		fmt.Fprintf(e.stdout, "CPU des clients (cet outil) pendant la mesure : %s%s\n", seconds(r.ClientCPU), perChange(r.ClientCPU, r))
	}
	fmt.Fprintf(e.stdout, "clients coupés avant la fin : %d\n", r.Dropped)
}

// perChange is a CPU time per change of the measure, " (X ms par
// changement)", or nothing without changes.
func perChange(cpu time.Duration, r streamLoad) string {
	n := r.Changes + r.Incomplete
	if n == 0 {
		return ""
	}
	return " (" + millis((cpu / time.Duration(n)).Microseconds()) + " par changement)"
}

// spawnClients runs the clients of a measure at url and returns their
// figures: in a child process of this program, so that the server's
// memory is weighed alone. Tests run them in-process.
var spawnClients = func(ctx context.Context, url string, n int, d time.Duration, e *env) (streamLoad, error) {
	exe, err := os.Executable()
	if err != nil {
		return streamLoad{}, fmt.Errorf("programme introuvable pour lancer les clients : %w", err)
	}
	cmd := exec.CommandContext(ctx, exe, "stream", "--url", url, "--clients", strconv.Itoa(n), "--duration", d.String(), "--json")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, e.stderr
	if err := cmd.Run(); err != nil {
		return streamLoad{}, fmt.Errorf("clients de la mesure : %w", err)
	}
	var r streamLoad
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		return streamLoad{}, fmt.Errorf("résultat des clients illisible : %w", err)
	}
	return r, nil
}

// loadOwnServer serves the stream of a temporary day on a loopback port,
// draws a number every interval while the clients measure, and weighs the
// server's memory once they are all connected.
func loadOwnServer(ctx context.Context, n int, d, interval time.Duration, opt web.BrokerOptions, e *env) (streamLoad, error) {
	ctx, cancel := context.WithTimeout(ctx, d+connectTimeout+30*time.Second)
	defer cancel()
	dir, err := os.MkdirTemp("", "loto-load-")
	if err != nil {
		return streamLoad{}, err
	}
	defer os.RemoveAll(dir)
	day, closeDay, err := loadDay(ctx, filepath.Join(dir, "load.db"))
	if err != nil {
		return streamLoad{}, err
	}
	defer closeDay()
	broker := web.NewBroker(day, opt)
	brokerDone := make(chan struct{})
	go func() { broker.Run(ctx); close(brokerDone) }()
	defer func() { cancel(); <-brokerDone }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return streamLoad{}, err
	}
	var stream http.Handler = broker
	if opt.NetHTTP {
		// The clients read a body that runs until the connection closes,
		// as a raw stream's does: net/http then writes the frames without
		// the chunks of HTTP/1.1, a few bytes a frame, that HTTP/2 (the
		// path's use in a hall) does not have either.
		stream = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Transfer-Encoding", "identity")
			broker.ServeHTTP(w, r)
		})
	}
	mux := http.NewServeMux()
	mux.Handle("GET "+streamPath, stream)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	base := serverMemory()
	type result struct {
		r   streamLoad
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := spawnClients(ctx, "http://"+ln.Addr().String()+streamPath, n, d, e)
		done <- result{r, err}
	}()
	for deadline := time.Now().Add(connectTimeout); broker.Clients() < n && time.Now().Before(deadline); {
		select {
		case res := <-done:
			return res.r, res.err
		case <-time.After(10 * time.Millisecond):
		}
	}
	// The clients' window opens once they are all connected: the draws
	// start at once, so that the whole window is drawn, and the memory is
	// weighed in their midst once every client has had time to read its
	// first state (a few events more in the day weigh nothing per client).
	var weigh <-chan time.Time
	if broker.Clients() >= n {
		weigh = time.After(500 * time.Millisecond)
	}
	perClient := int64(0)
	cpu := cpuSince()
	draws := newDrawer(day)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	var took []int64 // how long each command took, its durable append included
	for {
		select {
		case <-weigh:
			perClient = max(0, serverMemory()-base) / int64(n)
		case res := <-done:
			res.r.MemPerClient, res.r.ServerCPU = perClient, cpu()
			res.r.CommandP50, res.r.CommandP99, res.r.CommandMax = quantiles(took)
			return res.r, res.err
		case <-tick.C:
			start := time.Now()
			if err := draws.next(ctx); err != nil {
				return streamLoad{}, err
			}
			took = append(took, time.Since(start).Microseconds())
		}
	}
}

// serverMemory is the memory this process uses for its heap and its
// goroutines' stacks, after a collection.
func serverMemory() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

// loadDay creates the example day, numbers typed, on a new SQLite file
// and starts its first game.
func loadDay(ctx context.Context, path string) (*loto.Day, func(), error) {
	store, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		return nil, nil, err
	}
	day, err := loto.OpenWith(ctx, store, loto.Options{Clock: clock})
	if err == nil {
		var spec *loto.EventSpec
		if spec, _, err = eventfile.Parse(examples.MegaLoto); err == nil {
			spec.Draw = loto.DrawManual // the tool types the numbers, and takes them back
			if _, err = day.CreateEvent(ctx, organiser, spec); err == nil {
				_, err = day.StartGame(ctx, loadHost)
			}
		}
	}
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	return day, func() { store.Close() }, nil
}

// loadHost is the host who draws for the measure.
var loadHost = loto.Actor{Name: "mesure", Role: loto.RoleHost}

// drawer types the numbers of a shuffled bag one by one, then takes them
// back one by one, and again: every step is a public change, for as long
// as the measure lasts.
type drawer struct {
	day   *loto.Day
	bag   []card.Number
	drawn int
	back  bool
}

func newDrawer(day *loto.Day) *drawer {
	dr := &drawer{day: day}
	for n := card.Number(1); n <= 90; n++ {
		dr.bag = append(dr.bag, n)
	}
	rand.Shuffle(len(dr.bag), func(i, j int) { dr.bag[i], dr.bag[j] = dr.bag[j], dr.bag[i] })
	return dr
}

// next makes the next change: a number typed, or the last one taken back.
func (dr *drawer) next(ctx context.Context) error {
	if dr.back {
		if _, err := dr.day.Undo(ctx, loadHost, ""); err != nil {
			return err
		}
		dr.drawn--
		dr.back = dr.drawn > 0
		return nil
	}
	if _, err := dr.day.Draw(ctx, loadHost, dr.bag[dr.drawn]); err != nil {
		return err
	}
	dr.drawn++
	dr.back = dr.drawn == len(dr.bag)
	return nil
}
