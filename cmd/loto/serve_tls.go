package main

import (
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"loto/internal/cli"
	"loto/internal/hallcert"
)

// tlsOptions are serve's https flags.
type tlsOptions struct {
	on        *bool
	dir       *string
	cert, key *string
}

// addTLSFlags adds the https flags to serve's.
func addTLSFlags(fs *flags) *tlsOptions {
	return &tlsOptions{
		on:   fs.Bool("tls", false, "servir aussi en https, avec le certificat de la salle fait une fois et gardé (--tls-dir) : la caméra de l'entrée et du contrôle et la caisse hors ligne le demandent ; les pages des joueurs et le tableau restent en http"),
		dir:  fs.String("tls-dir", "", "`DOSSIER` où garder le certificat de la salle (par défaut : celui de la base SQLite ; pour une base postgres:// : ~/.config/loto)"),
		cert: fs.String("tls-cert", "", "`FICHIER` son propre certificat (PEM, la chaîne avec), au lieu de celui de la salle ; avec --tls-key"),
		key:  fs.String("tls-key", "", "`FICHIER` la clé de --tls-cert (PEM)"),
	}
}

// certificate is the certificate to serve with, nil without TLS: one's
// own, or the hall's kept in its directory for this machine's names and
// the host of addr.
func (o *tlsOptions) certificate(db, addr string) (cert *hallcert.Cert, dir string, err error) {
	switch {
	case (*o.cert == "") != (*o.key == ""):
		return nil, "", usagef("--tls-cert et --tls-key vont ensemble : le certificat et sa clé")
	case *o.cert != "":
		cert, err := hallcert.LoadFiles(*o.cert, *o.key)
		return cert, "", err
	case !*o.on:
		return nil, "", nil
	}
	dir, err = o.keptIn(db)
	if err != nil {
		return nil, "", err
	}
	names := hallcert.Names()
	if h, _, err := net.SplitHostPort(addr); err == nil && h != "" && !net.ParseIP(h).IsUnspecified() {
		names = append(names, h)
	}
	cert, err = hallcert.Ensure(dir, names, time.Now())
	return cert, dir, err
}

// keptIn is the directory of the hall's certificate: --tls-dir, else the
// SQLite base's folder, else (PostgreSQL) the user's configuration folder.
func (o *tlsOptions) keptIn(db string) (string, error) {
	if *o.dir != "" {
		return *o.dir, nil
	}
	db = dbName(db)
	if !cli.IsPostgres(db) {
		return filepath.Dir(db), nil
	}
	conf, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("pas de dossier pour le certificat de la salle (%v) : le donner par --tls-dir", err)
	}
	return filepath.Join(conf, "loto"), nil
}

// printCertificate says, in French, what the devices are to compare and
// install, and which of the addresses the certificate does not hold.
func printCertificate(w io.Writer, cert *hallcert.Cert, dir string, hosts []string) {
	switch cert.Made {
	case "authority":
		fmt.Fprintf(w, "https : certificat de la salle créé dans %s (à installer sur les tablettes : %s)\n", dir, hallcert.AuthorityFile)
	case "server":
		fmt.Fprintf(w, "https : certificat du serveur refait (nom ou adresse nouveaux, ou fin proche) ; celui de la salle (%s) reste le même\n", filepath.Join(dir, hallcert.AuthorityFile))
	}
	fmt.Fprintf(w, "https : empreinte SHA-256 du certificat du serveur, à comparer sur chaque appareil avant d'accepter l'avertissement :\n  %s\n", cert.Fingerprint)
	if cert.Authority != nil {
		fmt.Fprintf(w, "https : empreinte SHA-256 du certificat de la salle (à installer, page /certificat-salle.crt) :\n  %s\n", cert.AuthorityFingerprint)
	}
	leaf, err := x509.ParseCertificate(cert.TLS.Certificate[0])
	if err != nil {
		return
	}
	var missing []string
	for _, h := range hosts {
		if leaf.VerifyHostname(h) != nil {
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "attention : le certificat ne couvre pas %s ; les appareils qui passent par là verront une erreur de certificat\n", strings.Join(missing, ", "))
	}
}
