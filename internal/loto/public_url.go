package loto

import (
	"net"
	"net/url"
	"strconv"
	"strings"
)

// PlayerPath is where the server publishes the players' page; the board's
// and the cards' QR codes lead to it.
const PlayerPath = "/joueur"

// MaxPublicURL bounds the day's public address: it is printed on every
// ticket and drawn there as a QR code, which a long text makes too fine.
const MaxPublicURL = 80

// CheckPublicURL validates the day's public address (the event file's
// `public_url`): the address the hall's phones reach the server by, so
// that a ticket prints where the rules are in full. It returns the address
// as recorded, "scheme://host[:port]" in lower case; an empty one is none.
func CheckPublicURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	bad := func(why string) (string, error) {
		return "", Errorf(EInvalid, "adresse publique « %s » invalide : %s", Shown(s), why)
	}
	if len(s) > MaxPublicURL {
		return bad(strconv.Itoa(MaxPublicURL) + " caractères au plus (elle est imprimée avec son code QR sur chaque billet)")
	}
	u, err := url.Parse(s)
	switch {
	case err != nil || strings.ContainsAny(s, " \t\\"):
		return bad("écrire par exemple https://loto.mon-club.fr ou http://192.168.1.10:8080")
	case u.Scheme != "http" && u.Scheme != "https":
		return bad("elle commence par http:// ou https://, par exemple http://192.168.1.10:8080")
	case u.User != nil:
		// A password written there would be printed on every ticket.
		return bad("sans nom d'utilisateur ni mot de passe")
	case u.Hostname() == "":
		return bad("le nom ou l'adresse du serveur manque, par exemple http://192.168.1.10:8080")
	case (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
		return bad("l'adresse du serveur seule, sans chemin : les pages " + RulesPath + " et " + PlayerPath + " s'y ajoutent")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return bad("port « " + Shown(p) + " » invalide : entre 1 et 65535")
		}
	} else if strings.HasSuffix(u.Host, ":") {
		return bad("le port manque après « : »")
	}
	host := strings.ToLower(u.Hostname())
	if ip := net.ParseIP(host); host == "localhost" || strings.HasSuffix(host, ".localhost") || (ip != nil && (ip.IsLoopback() || ip.IsUnspecified())) {
		return bad("c'est l'adresse de l'ordinateur lui-même, que les téléphones de la salle n'atteignent pas : donner celle qu'affiche loto serve sur le réseau de la salle, ou le nom public du serveur")
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// RulesURL is where a player reads the rules (R34): the day's public
// address and the rules' path, or the path alone without an address.
func (e *EventSpec) RulesURL() string { return e.PublicURL + RulesPath }

// PlayerURL is the players' page at the day's public address, or its path
// alone without one.
func (e *EventSpec) PlayerURL() string { return e.PublicURL + PlayerPath }

// checkPublicURL checks the address the event file's parser validated
// first: the domain prints what it records.
func (e *EventSpec) checkPublicURL() error {
	got, err := CheckPublicURL(e.PublicURL)
	if err != nil {
		return Errorf(EInvalid, "public_url : %s", ErrorMessage(err))
	}
	if got != e.PublicURL {
		return Errorf(EInvalid, "public_url : « %s » s'écrit « %s »", Shown(e.PublicURL), got)
	}
	return nil
}
