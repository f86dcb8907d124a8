package main

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"
)

// writeDay says the figures of a simulated day in French.
func writeDay(w io.Writer, r dayLoad) {
	fmt.Fprintf(w, "journée : %d joueurs, %d caissiers, jouée de bout en bout par HTTP en %s ; journal %s, %s\n", r.Players, r.Cashiers,
		seconds(r.Took), r.Journal, plural(r.Instances, "serveur", "serveurs"))
	fmt.Fprintf(w, "actes confirmés : %d (%s par seconde) ; journal : %d événements, chaîne vérifiée\n", r.Acts,
		frenchDecimal(strconv.FormatFloat(r.ActsPerSecond, 'f', 0, 64)), r.Events)
	if r.Replayed {
		where := "sur le serveur"
		if r.Instances > 1 {
			where = fmt.Sprintf("sur les %d serveurs", r.Instances)
		}
		fmt.Fprintf(w, "état de la partie et rapport de la journée %s : les mêmes que ceux d'une relecture fraîche du journal\n", where)
	}
	fmt.Fprintf(w, "dont : %d ventes, %d entrées, %d parties, %d numéros, %d annonces, %d lots\n",
		r.Sales, r.Admissions, r.Games, r.Draws, r.Claims, r.Awards)
	fmt.Fprintf(w, "erreurs provoquées exprès, refusées comme il faut : %d ; refus ou absences de réponse à tort : %d\n", r.Provoked, r.Errors)
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "route\trequêtes\tp50\tp99\tmax\terreurs\trenvois\t")
	for _, f := range r.Routes {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%d\t\n", f.Route, f.Count, millis(f.P50.Microseconds()),
			millis(f.P99.Microseconds()), millis(f.Max.Microseconds()), f.Errors, f.Retries)
	}
	tw.Flush()
	if s := r.Stream; s != nil {
		fmt.Fprintf(w, "en direct : %d clients, %d changements reçus par tous", s.Clients, s.Changes)
		if s.Changes > 0 {
			fmt.Fprintf(w, ", de l'écriture au dernier client %s", latency(s.P50, s.P99, s.Max))
		}
		fmt.Fprintf(w, " ; clients coupés : %d\n", s.Dropped)
	}
	cpu := 0.0
	if r.Took > 0 {
		cpu = 100 * r.ServerCPU.Seconds() / r.Took.Seconds()
	}
	fmt.Fprintf(w, "%s : CPU %s (%s %% d'un cœur), mémoire %s Mo après la journée, %s Mo au plus\n", servers(r.Instances), seconds(r.ServerCPU),
		frenchDecimal(strconv.FormatFloat(cpu, 'f', 0, 64)), megabytes(r.ServerRSS), megabytes(r.ServerPeak))
}

// servers names the measured servers in the report's last line.
func servers(n int) string {
	if n > 1 {
		return fmt.Sprintf("les %d serveurs ensemble", n)
	}
	return "serveur"
}

// seconds writes a duration in seconds in French ("41,2 s").
func seconds(d time.Duration) string {
	return frenchDecimal(strconv.FormatFloat(d.Seconds(), 'f', 1, 64)) + " s"
}

// megabytes writes bytes in megabytes in French ("45,3").
func megabytes(b int64) string {
	return frenchDecimal(strconv.FormatFloat(float64(b)/(1<<20), 'f', 1, 64))
}

// plural writes a count with its noun, singular for 0 and 1 as French
// writes them: "1 serveur", "2 serveurs".
func plural(n int, one, many string) string {
	if n >= 2 {
		return strconv.Itoa(n) + " " + many
	}
	return strconv.Itoa(n) + " " + one
}
