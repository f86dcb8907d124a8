package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/web"
)

// bannerFunc prints what a server says once it listens.
type bannerFunc func(w io.Writer, addr *net.TCPAddr, scheme string, srv *web.Server, day *loto.Day, head journal.Head, why string)

// The volunteer's start listens on the first free port from hallPort on,
// so that a second window (or another program on 8080) does not stop it.
const (
	hallPort  = 8080
	hallPorts = 10
)

// openBrowser opens a page in the machine's default browser; a variable so
// that a test can watch what it is given.
var openBrowser = openURL

// hall is the program started without arguments, as a double-click starts
// it: `loto serve` on loto.db beside the executable, for the hall's network,
// with the organiser's page opened in the browser and a console text that
// says only what a volunteer needs. The stop is serve's: Ctrl+C, or the
// console closed (Windows sends CTRL_CLOSE_EVENT, which Go delivers as
// SIGTERM).
func hall(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "loto %s : démarrage de la journée (« loto help » liste les commandes)\n", Version)
	exeDir := ""
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			exeDir = filepath.Dir(exe)
		}
	}
	home, _ := os.UserHomeDir()
	dir, note, err := hallDir(exeDir, home)
	if err == nil {
		if note != "" {
			fmt.Fprintln(stdout, note)
		}
		if local := runningHall(); local != "" {
			// A second double-click: one loto serves the hall, the
			// volunteer gets its page, not a second server on another port.
			page := local + "organisateur"
			fmt.Fprintf(stdout, "loto est déjà ouvert dans une autre fenêtre : sa page de l'organisateur s'ouvre dans le navigateur (%s).\n", page)
			if err := openBrowser(page); err != nil {
				fmt.Fprintf(stdout, "le navigateur ne s'est pas ouvert (%v) : ouvrir soi-même %s\n", err, page)
			}
			if runtime.GOOS == "windows" {
				time.Sleep(5 * time.Second)
			}
			return 0
		}
		var addr string
		addr, note, err = hallAddr()
		if err == nil {
			if note != "" {
				fmt.Fprintln(stdout, note)
			}
			db := filepath.Join(dir, "loto.db")
			fmt.Fprintf(stdout, "la journée est gardée dans %s\n", db)
			e := &env{args: []string{"--db", db, "--addr", addr}, stdin: stdin, stdout: stdout, stderr: stderr, banner: hallBanner}
			err = commands["serve"].run(ctx, "serve", e)
		}
	}
	code := cli.ExitStatus("loto", err, stderr)
	if code != 0 && runtime.GOOS == "windows" {
		// A double-clicked console closes with the program: keep the
		// reason on screen until it has been read.
		fmt.Fprintln(stdout, "Appuyer sur Entrée pour fermer cette fenêtre.")
		bufio.NewReader(stdin).ReadString('\n')
	}
	return code
}

// hallDir is the folder of loto.db: the executable's, or when it takes no
// file (Program Files, a read-only volume) a "loto" folder in home, which
// note then names.
func hallDir(exeDir, home string) (dir, note string, err error) {
	if exeDir != "" && writable(exeDir) {
		return exeDir, "", nil
	}
	if home == "" {
		return "", "", fmt.Errorf("impossible d'écrire la journée dans le dossier de loto (%s), et aucun dossier personnel : copier loto dans un dossier à soi (par exemple Documents) et le relancer", exeDir)
	}
	alt := filepath.Join(home, "loto")
	if err := os.MkdirAll(alt, 0o700); err != nil || !writable(alt) {
		return "", "", fmt.Errorf("impossible d'écrire la journée ni dans le dossier de loto (%s) ni dans %s : copier loto dans un dossier à soi (par exemple Documents) et le relancer", exeDir, alt)
	}
	return alt, fmt.Sprintf("attention : le dossier de loto (%s) n'accepte pas d'écriture ; la journée est donc gardée dans %s (pour la garder à côté de loto, copier loto dans un dossier à soi, par exemple Documents)", exeDir, alt), nil
}

// writable tells whether a file can be made in dir.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, ".loto-essai-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// hallAddr is the address serve listens on: every interface, so that the
// hall's devices reach it, on the first free port from hallPort.
func hallAddr() (addr, note string, err error) {
	for port := hallPort; port < hallPort+hallPorts; port++ {
		a := fmt.Sprintf("0.0.0.0:%d", port)
		ln, err := net.Listen("tcp", a)
		if err != nil {
			continue
		}
		ln.Close()
		if port != hallPort {
			note = fmt.Sprintf("le port %d est déjà pris (loto est peut-être déjà ouvert dans une autre fenêtre) : celui-ci répond sur le port %d", hallPort, port)
		}
		return a, note, nil
	}
	return "", "", fmt.Errorf("les ports %d à %d sont tous pris : fermer les autres fenêtres de loto, puis relancer", hallPort, hallPort+hallPorts-1)
}

// runningHall is the local address of a loto already serving on one of
// the hall's ports of this machine (a window opened before), or "".
// loto is told from another program by its API's description.
func runningHall() string {
	client := &http.Client{Timeout: time.Second}
	for port := hallPort; port < hallPort+hallPorts; port++ {
		local := fmt.Sprintf("http://127.0.0.1:%d/", port)
		resp, err := client.Get(local + "api/v1/openapi.json")
		if err != nil {
			continue
		}
		var doc struct {
			Info struct{ Title string } `json:"info"`
		}
		err = json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&doc)
		resp.Body.Close()
		if err == nil && resp.StatusCode == http.StatusOK && doc.Info.Title == "loto" {
			return local
		}
	}
	return ""
}

// hallBanner is the volunteer's console text: the organiser's page (the
// one-time link to choose the password, the first time), the address for
// the hall's other devices, and how to stop; it opens the organiser's page.
func hallBanner(w io.Writer, addr *net.TCPAddr, scheme string, srv *web.Server, day *loto.Day, head journal.Head, why string) {
	local := localURL(scheme, addr)
	if ev := day.Event(); ev != nil {
		fmt.Fprintf(w, "journée « %s » ; journal : %d événements, ancre %s\n", ev.Name, head.Seq, journal.AnchorOf(head).Short())
	} else {
		fmt.Fprintln(w, "aucune journée préparée encore : l'organisateur la prépare sur sa page, dans le navigateur")
	}
	fmt.Fprintln(w)
	page := local + "organisateur"
	if setup := srv.SetupPath(); setup != "" {
		page = local + setup[1:]
		fmt.Fprintln(w, "1. Sur cet ordinateur, l'organisateur choisit son mot de passe avec ce lien (il ne sert qu'une fois) :")
	} else {
		fmt.Fprintln(w, "1. Sur cet ordinateur, la page de l'organisateur (se connecter avec son mot de passe) :")
	}
	fmt.Fprintf(w, "     %s\n", page)
	fmt.Fprintln(w, "   Le navigateur l'ouvre tout seul.")
	fmt.Fprintln(w)
	if others := hallURLs(scheme, addr); len(others) > 0 {
		fmt.Fprintln(w, "2. Les autres appareils de la salle (tableau, caisses, entrée, meneur, téléphones), sur le même Wi-Fi, ouvrent :")
		for _, u := range others {
			fmt.Fprintf(w, "     %s\n", u)
		}
		fmt.Fprintf(w, "   (le tableau : %stableau)\n", others[0])
	} else {
		fmt.Fprintln(w, "2. Aucun réseau trouvé : les autres appareils de la salle ne joignent loto qu'une fois cet ordinateur sur le Wi-Fi de la salle ; s'y connecter, puis relancer loto.")
	}
	if runtime.GOOS == "windows" {
		fmt.Fprintln(w, "   Si Windows demande d'autoriser loto sur le réseau : accepter (réseaux privés).")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Ctrl+C ou fermer cette fenêtre pour arrêter (tout ce qui est confirmé est déjà enregistré).")
	go func() {
		if err := openBrowser(page); err != nil {
			fmt.Fprintf(w, "le navigateur ne s'est pas ouvert (%v) : ouvrir soi-même %s\n", err, page)
		}
	}()
}

// openURL opens url in the default browser: $BROWSER when set, else the
// system's opener. An opener that fails within a few seconds is an error;
// one still running then is taken as having opened it.
func openURL(url string) error {
	var cmd *exec.Cmd
	switch b := os.Getenv("BROWSER"); {
	case b != "":
		cmd = exec.Command(b, url)
	case runtime.GOOS == "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	case runtime.GOOS == "darwin":
		cmd = exec.Command("open", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		return nil
	}
}
