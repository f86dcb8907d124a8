package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"loto/internal/access"
	"loto/internal/loto"
)

func organiserPassword(fs *flags) action {
	by := byFlag(fs)
	fs.About = fmt.Sprintf("Le mot de passe se tape au terminal, deux fois, sans s'afficher ; hors terminal, c'est la première\n"+
		"ligne de l'entrée standard (« loto organiser password < fichier »). %d caractères au moins : quelques\n"+
		"mots qui ne vont pas ensemble. Il remplace le précédent ; le journal n'en garde qu'une empreinte.", access.MinPassword)
	return func(ctx context.Context, e *env) error {
		if fs.NArg() > 0 {
			// A password on the command line would stay in the shell's history
			// and show in the list of processes.
			return usagef("le mot de passe ne se donne pas en argument : le taper quand il est demandé, ou le passer sur l'entrée standard")
		}
		pw, err := readNewPassword(e)
		if err != nil {
			return err
		}
		// The password may come first, on an empty base: the organiser then
		// sets the day up in the browser.
		return fs.withAccess(ctx, mayCreate, func(_ *loto.Day, b *access.Book) error {
			had := b.HasOrganiserPassword()
			if err := b.SetOrganiserPassword(ctx, by.actor(), pw); err != nil {
				return err
			}
			if had {
				fmt.Fprintln(e.stdout, "mot de passe de l'organisateur changé : l'ancien ne sert plus, et chaque navigateur connecté avec lui est déconnecté")
			} else {
				fmt.Fprintln(e.stdout, "mot de passe de l'organisateur enregistré")
			}
			return nil
		})
	}
}

// maxPasswordLine bounds the line read as a password.
const maxPasswordLine = 1024

// readNewPassword reads the new password: at a terminal, twice and without
// echo, its strength checked before the second; otherwise the first line
// of the standard input.
func readNewPassword(e *env) (string, error) {
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		first, err := promptPassword(e.stderr, f, "Nouveau mot de passe de l'organisateur : ")
		if err != nil {
			return "", err
		}
		if err := access.CheckPasswordStrength(first); err != nil {
			return "", err
		}
		again, err := promptPassword(e.stderr, f, "Le retaper : ")
		if err != nil {
			return "", err
		}
		if again != first {
			return "", fmt.Errorf("les deux saisies diffèrent : rien n'est changé")
		}
		return first, nil
	}
	line, err := bufio.NewReaderSize(io.LimitReader(e.stdin, maxPasswordLine+1), maxPasswordLine+1).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("entrée standard illisible : %w", err)
	}
	if len(line) > maxPasswordLine {
		return "", fmt.Errorf("mot de passe trop long : une ligne de %d octets au plus", maxPasswordLine)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", usagef("aucun mot de passe sur l'entrée standard : le taper au terminal, ou « loto organiser password < fichier »")
	}
	return line, nil
}

// promptPassword asks on w and reads a line from the terminal f without echo.
func promptPassword(w io.Writer, f *os.File, prompt string) (string, error) {
	fmt.Fprint(w, prompt)
	b, err := term.ReadPassword(int(f.Fd()))
	fmt.Fprintln(w)
	if err != nil {
		return "", fmt.Errorf("lecture du mot de passe impossible : %w", err)
	}
	return string(b), nil
}
