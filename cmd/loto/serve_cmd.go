package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"loto/examples"
	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/sim"
	"loto/internal/web"
)

// demoActor records the demo day a server creates on an empty journal.
var demoActor = loto.Actor{Name: "loto serve", Role: loto.RoleOrganiser}

// shutdownGrace is how long a stop waits for the answers under way.
const shutdownGrace = 10 * time.Second

func serve(fs *flags) action {
	addr := fs.String("addr", "127.0.0.1:8080", "`HÔTE:PORT` adresse d'écoute ; 0.0.0.0:8080 pour les autres appareils de la salle")
	readOnly := fs.Bool("read-only", false, "ne servir que les lectures, toute écriture refusée ; sert aussi un journal corrompu, jusqu'au premier événement altéré")
	demo := fs.Bool("demo", false, "jouer la journée d'exemple en direct (enregistrée d'abord sur une base vide) : ventes, entrées, tirages, annonces, contrôles, lots et pauses raccourcies")
	interval := fs.Duration("demo-interval", 3*time.Second, "`DURÉE` entre deux numéros de la démo (--demo)")
	proxyList := fs.String("proxy", "", "`ADRESSES` IP des proxys inverses devant le serveur, séparées par des virgules (127.0.0.1 pour nginx sur la machine) : leurs requêtes comptent, pour les limites de connexion, pour le client dont ils transmettent l'adresse, et sont en https quand ils l'indiquent (X-Forwarded-Proto: https)")
	var anchorTexts listFlag
	fs.Var(&anchorTexts, "anchor", "`NUMÉRO:EMPREINTE` ancre gardée hors de la base (vue au tableau, sur un rapport Z, un reçu) que le journal doit prolonger, sinon le serveur ne démarre pas ; répétable")
	tlsOpt := addTLSFlags(fs)
	autoBackup := backupFlags(fs)
	fs.About = "Le serveur rejoue le journal, suit les ajouts des autres programmes sur la même base (la ligne de commande) et sert\nles pages et l'API JSON sous /api/v1. Sur une base vide, la journée se prépare dans le navigateur : le lien affiché\n" +
		"une seule fois choisit le mot de passe de l'organisateur, qui envoie ensuite le fichier de l'événement sur\n" +
		"/organisateur/evenement ; avec --demo, la journée d'exemple (examples/mega-loto.yaml) est enregistrée et se joue.\n" +
		"Avec --tls, https sur le même port que http : les pages des joueurs et le tableau restent en http, l'entrée, le contrôle\n" +
		"et la caisse (caméra, caisse hors ligne) passent en https ; le certificat de la salle est fait une fois et gardé\n" +
		"à côté de la base (--tls-dir), son empreinte affichée au démarrage et sur les pages d'appairage.\nArrêt propre par Ctrl+C (SIGINT) ou SIGTERM."
	return func(ctx context.Context, e *env) error {
		anchors, err := anchorTexts.anchors("--anchor : ")
		if err != nil {
			return err
		}
		if err := autoBackup.check(dbName(fs.db)); err != nil {
			return err
		}
		// The certificate comes first: a mistake in its flags records nothing.
		cert, certDir, err := tlsOpt.certificate(fs.db, *addr)
		if err != nil {
			return err
		}
		proxies, err := web.ParseProxies(*proxyList)
		if err != nil {
			return usagef("--proxy : adresse IP illisible (%v) : attendu par exemple --proxy 127.0.0.1", err)
		}
		ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()

		store, err := openStore(ctx, fs.db, !*readOnly)
		if err != nil {
			return err
		}
		defer store.Close()
		if err := extendsAnchors(ctx, store, anchors); err != nil {
			return err
		}
		day, book, view, why, err := openServed(ctx, store, *readOnly)
		if err != nil {
			return err
		}
		if *demo && why != "" {
			return fmt.Errorf("--demo écrit au journal : impossible en lecture seule (%s)", why)
		}
		// Only the demo records the example day: a hall's base stays empty
		// until its organiser sends the day's own event file.
		if *demo && day.Event() == nil {
			fmt.Fprintln(e.stderr, "base vide : création de la journée d'exemple (examples/mega-loto.yaml)")
			if err := createEvent(ctx, e, day, demoActor, examples.MegaLoto, nil); err != nil {
				return err
			}
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return fmt.Errorf("impossible d'écouter sur %s : %v (adresse prise par un autre programme ? essayer --addr 127.0.0.1:8081)", *addr, err)
		}
		log := slog.New(slog.NewTextHandler(e.stderr, nil))
		// The stream's clients end when the stop begins: Shutdown waits for
		// every answer, and a stream never ends by itself.
		broker := web.NewBroker(day, web.BrokerOptions{})
		brokerCtx, stopBroker := context.WithCancel(context.Background())
		brokerDone := make(chan struct{})
		go func() {
			defer close(brokerDone)
			broker.Run(brokerCtx)
		}()
		defer func() { stopBroker(); <-brokerDone }()
		// The limits count, and the set-up links are kept, in the store, where
		// every instance on it sees them; a read-only server writes nothing
		// there and counts alone (it offers no link).
		var counts journal.Counter
		var links journal.SetupLinks
		if why == "" {
			counts, _ = store.(journal.Counter)
			links, _ = store.(journal.SetupLinks)
		}
		srv := web.New(web.Config{Day: day, Auth: book, ReadOnly: why, Stream: broker, Cert: cert, Log: log, Proxies: proxies, Counts: counts, SetupLinks: links})
		hs := srv.HTTPServer(ln.Addr().String())
		hs.RegisterOnShutdown(stopBroker)
		head, err := view.Head(ctx)
		if err != nil {
			ln.Close()
			return err
		}
		scheme := "http"
		if cert != nil {
			scheme = "https"
		}
		// The certificate's lines come first: whoever waits for the address
		// (a test, a script) has them then.
		if cert != nil {
			printCertificate(e.stdout, cert, certDir, hostsOf(ln.Addr().(*net.TCPAddr)))
		}
		for _, a := range anchors {
			fmt.Fprintf(e.stdout, "ancre %s : conforme, le journal servi la prolonge\n", a.Short())
		}
		show := banner
		if e.banner != nil {
			show = e.banner
		}
		show(e.stdout, ln.Addr().(*net.TCPAddr), scheme, srv, day, head, why)

		followCtx, stopFollow := context.WithCancel(context.Background())
		followed := make(chan struct{})
		go func() {
			defer close(followed)
			follow(followCtx, view, day, log)
		}()
		served := make(chan error, 1)
		go func() {
			if cert != nil {
				served <- web.ServeTLS(hs, ln, cert.TLS)
			} else {
				served <- hs.Serve(ln)
			}
		}()
		// The backups start now; the last one is taken once the server stopped.
		defer autoBackup.start(ctx, e, fs.db, day.Head)()
		if *demo {
			demoCtx, stopDemo := context.WithCancel(ctx)
			demoDone := playDemo(demoCtx, e.stdout, day, *interval, log)
			defer func() { stopDemo(); <-demoDone }()
		}

		select {
		case <-ctx.Done():
		case err := <-served:
			stopFollow()
			<-followed
			return fmt.Errorf("le serveur s'est arrêté : %v", err)
		}
		fmt.Fprintln(e.stdout, "arrêt demandé : fin des requêtes en cours…")
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		err = hs.Shutdown(sctx)
		stopFollow()
		<-followed
		if err != nil {
			hs.Close()
			return fmt.Errorf("arrêt forcé après %s : des requêtes ne finissaient pas (%v)", shutdownGrace, err)
		}
		if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("le serveur s'est arrêté : %v", err)
		}
		fmt.Fprintln(e.stdout, "serveur arrêté proprement : tout ce qui a été confirmé est au journal")
		return nil
	}
}

// extendsAnchors refuses a journal that does not extend every anchor kept
// outside the base, as `journal verify --anchor` checks it: a journal cut
// or rewritten since an anchor was seen in the hall (a restore from an
// older backup, a day started again) is not served, even read only.
func extendsAnchors(ctx context.Context, store journal.Store, anchors []journal.Anchor) error {
	if len(anchors) == 0 {
		return nil
	}
	if _, err := journal.VerifyAnchored(ctx, store, anchors); err != nil {
		return fmt.Errorf("serveur non lancé : le journal ne prolonge pas les ancres données (--anchor) : %s", cli.Message(err))
	}
	return nil
}

// playDemo plays the day live beside the server until the programme is
// over or ctx ends; the channel closes when the demo has stopped.
func playDemo(ctx context.Context, w io.Writer, day *loto.Day, interval time.Duration, log *slog.Logger) <-chan struct{} {
	fmt.Fprintf(w, "démo : la journée se joue toute seule, un numéro toutes les %s ; à suivre sur le tableau\n", interval)
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := sim.Live(ctx, day, sim.LiveOptions{Players: 60, Seed: time.Now().UnixNano(), Interval: interval})
		switch {
		case err == nil:
			fmt.Fprintln(w, "démo terminée : tout le programme est joué")
		case errors.Is(err, context.Canceled):
		default:
			log.Error("démo arrêtée", "erreur", err)
		}
	}()
	return done
}

// openServed replays the journal into the Day the server serves. A broken
// journal (an edited, cut or forged event, a replaced secret) stops the
// start, naming the first bad event, unless readOnly: then the events
// before it are served, read only, and why says so. view is the store the
// Day reads: the journal, or the part before the first bad event.
func openServed(ctx context.Context, store journal.Store, readOnly bool) (day *loto.Day, book *access.Book, view journal.Store, why string, err error) {
	view = store
	if readOnly {
		why = "serveur lancé en lecture seule (--read-only)"
	}
	for {
		day, book, err = access.Open(ctx, view, loto.Options{})
		var broken *journal.BrokenError
		switch {
		case err == nil:
			return day, book, view, why, nil
		case !errors.As(err, &broken):
			return nil, nil, nil, "", err
		case !readOnly:
			return nil, nil, nil, "", fmt.Errorf("%v : le serveur ne démarre pas sur un journal corrompu (« loto journal verify » le détaille ; « loto serve --read-only » sert, en lecture seule, les événements d'avant)", err)
		}
		view, err = before(ctx, store, broken.Seq)
		if err != nil {
			return nil, nil, nil, "", err
		}
		why = fmt.Sprintf("%v ; seuls les %d événements d'avant sont servis, en lecture seule", broken, broken.Seq-1)
	}
}

// banner prints, in French, where the server answers, its pages, the
// addresses for the hall's other devices and how the organiser logs in.
func banner(w io.Writer, addr *net.TCPAddr, scheme string, srv *web.Server, day *loto.Day, head journal.Head, why string) {
	local := localURL(scheme, addr)
	fmt.Fprintf(w, "loto serve : à l'écoute sur %s\n", local)
	if ev := day.Event(); ev != nil {
		fmt.Fprintf(w, "journée « %s » ; journal : %d événements, ancre %s\n", ev.Name, head.Seq, journal.AnchorOf(head).Short())
	} else {
		fmt.Fprintf(w, "aucun événement encore : l'organisateur prépare la journée dans le navigateur, sur %sorganisateur/evenement\n", local)
		fmt.Fprintln(w, "  (ou « loto event create --from FICHIER » sur cet ordinateur ; « loto serve --demo » pour la journée d'exemple)")
	}
	if why != "" {
		fmt.Fprintf(w, "LECTURE SEULE : %s\n", why)
	}
	fmt.Fprintln(w, "pages :")
	for _, p := range web.Pages {
		fmt.Fprintf(w, "  %-14s %s%s\n", p.Title, local, p.Path[1:])
	}
	fmt.Fprintf(w, "  %-14s %sapi/v1/status\n", "API (état)", local)
	others := hallURLs(scheme, addr)
	switch {
	case addr.IP.IsLoopback():
		fmt.Fprintf(w, "les autres appareils de la salle ne joignent pas %s : relancer avec --addr 0.0.0.0:%d", addr.IP, addr.Port)
		if len(others) > 0 {
			fmt.Fprintf(w, ", puis ouvrir %s", others[0])
		}
		fmt.Fprintln(w)
	case len(others) > 0 && scheme == "https":
		// The players' pages stay on plain http (web.ServeTLS): the
		// address for the board's QR code and the tickets is that one.
		fmt.Fprintln(w, "pour les autres appareils de la salle (même réseau) : les téléphones des joueurs et le tableau en http,")
		for _, u := range hallURLs("http", addr) {
			fmt.Fprintf(w, "  %s\n", u)
		}
		fmt.Fprintln(w, "  l'entrée, le contrôle et la caisse (caméra, caisse hors ligne) en https :")
		for _, u := range others {
			fmt.Fprintf(w, "  %s\n", u)
		}
	case len(others) > 0:
		fmt.Fprintln(w, "pour les autres appareils de la salle (même réseau) :")
		for _, u := range others {
			fmt.Fprintf(w, "  %s\n", u)
		}
	}
	switch setup := srv.SetupPath(); {
	case why != "":
		fmt.Fprintf(w, "organisateur : se connecter sur %sconnexion (lecture seule : rien ne s'enregistre)\n", local)
	case setup != "":
		fmt.Fprintf(w, "organisateur : aucun mot de passe encore ; ouvrir une fois ce lien pour le choisir (il ne sert qu'une fois) :\n  %s%s\n", local, setup[1:])
		fmt.Fprintln(w, "  (ou « loto organiser password » sur cet ordinateur)")
	default:
		fmt.Fprintf(w, "organisateur : se connecter sur %sconnexion avec son mot de passe (oublié : « loto organiser password »)\n", local)
	}
	fmt.Fprintf(w, "appareils : « loto device add NOM --role RÔLE » donne un code, à saisir une fois sur %sappairer, et un jeton pour l'API (Authorization: Bearer JETON)\n", local)
	fmt.Fprintf(w, "en direct : %sapi/v1/stream (Server-Sent Events)\n", local)
	fmt.Fprintln(w, "arrêt : Ctrl+C")
}

// localURL is the server's address on this machine.
func localURL(scheme string, addr *net.TCPAddr) string {
	ip := addr.IP
	if ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return scheme + "://" + net.JoinHostPort(ip.String(), fmt.Sprint(addr.Port)) + "/"
}

// hallURLs are the server's addresses on the machine's network interfaces
// (not the loopback), for the hall's other devices: IPv4 first.
func hallURLs(scheme string, addr *net.TCPAddr) []string {
	ifaddrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var v4, v6 []string
	for _, a := range ifaddrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() {
			continue
		}
		if !addr.IP.IsUnspecified() && !addr.IP.IsLoopback() && !addr.IP.Equal(n.IP) {
			continue // bound to one address: only that one answers
		}
		u := scheme + "://" + net.JoinHostPort(n.IP.String(), fmt.Sprint(addr.Port)) + "/"
		if n.IP.To4() != nil {
			v4 = append(v4, u)
		} else {
			v6 = append(v6, u)
		}
	}
	return append(v4, v6...)
}

// hostsOf are the hosts of the server's addresses, this machine's and the
// hall's, which its certificate must hold.
func hostsOf(addr *net.TCPAddr) []string {
	var hosts []string
	for _, u := range append([]string{localURL("https", addr)}, hallURLs("https", addr)...) {
		if p, err := url.Parse(u); err == nil {
			hosts = append(hosts, p.Hostname())
		}
	}
	return hosts
}
