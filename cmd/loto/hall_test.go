package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNoArguments_ServesTheDayBesideTheBinary drives a copy of the real
// binary started without arguments, as a double-click starts it: it serves
// loto.db beside itself (not LOTO_DB, not the working directory), gives the
// organiser's one-time link to the browser opener ($BROWSER, a script
// here), says in French what to do next and how to stop, answers the
// board's state, and SIGINT stops it cleanly with status 0.
func TestNoArguments_ServesTheDayBesideTheBinary(t *testing.T) {
	t.Parallel()
	built := buildBinary(t)
	dir := t.TempDir()
	exe := filepath.Join(dir, "loto")
	data, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	opened := filepath.Join(other, "opened")
	browser := filepath.Join(other, "browser")
	if err := os.WriteFile(browser, []byte("#!/bin/sh\nprintf '%s' \"$1\" > "+opened+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Dir = other
	cmd.Env = append(os.Environ(), "BROWSER="+browser, "LOTO_DB="+filepath.Join(other, "ailleurs.db"), "HOME="+other)
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
	})
	waitUntil(t, 30*time.Second, func() bool { return strings.Contains(stdout.String(), "Ctrl+C ou fermer cette fenêtre pour arrêter") },
		"no word of how to stop:\n%s\n%s", stdout, stderr)
	out := stdout.String()
	for _, want := range []string{
		"la journée est gardée dans " + filepath.Join(dir, "loto.db"),
		"l'organisateur choisit son mot de passe avec ce lien (il ne sert qu'une fois)",
		"Les autres appareils de la salle",
		"Le navigateur l'ouvre tout seul.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the console does not say %q:\n%s", want, out)
		}
	}
	link := regexp.MustCompile(`(?m)^ +(http://127\.0\.0\.1:(\d+)/connexion/initialiser\?jeton=\S+)$`).FindStringSubmatch(out)
	if link == nil {
		t.Fatalf("no one-time link on the console:\n%s", out)
	}
	// The hall's address: the machine's network addresses, never the
	// loopback, on the same port; or, without a network, the word of it.
	if m := regexp.MustCompile(`(?s)Les autres appareils de la salle[^\n]*\n(.*?)\n   \(le tableau`).FindStringSubmatch(out); m != nil {
		if strings.Contains(m[1], "127.0.0.1") || !strings.Contains(m[1], ":"+link[2]+"/") {
			t.Errorf("the hall's addresses hold the loopback or another port:\n%s", m[1])
		}
	} else if !strings.Contains(out, "Aucun réseau trouvé") {
		t.Errorf("neither the hall's addresses nor the lack of a network:\n%s", out)
	}
	waitUntil(t, 10*time.Second, func() bool { b, _ := os.ReadFile(opened); return string(b) == link[1] },
		"the browser was not given the organiser's link %s", link[1])
	local, token, _ := strings.Cut(link[1], "/connexion/initialiser?jeton=")
	// The board answers; the state is that of a day not prepared yet.
	if resp, err := http.Get(local + "/tableau"); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/tableau: %v %v", resp, err)
	}
	resp, err := http.Get(local + "/api/v1/status")
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || st["message"] != "l'événement du jour n'est pas créé" {
		t.Fatalf("/api/v1/status of a day not prepared: %d %v", resp.StatusCode, st)
	}
	// Nothing is written before the first act; the organiser's password,
	// chosen by the link, is written beside the binary.
	resp, err = http.Post(local+"/connexion/initialiser", "application/json", strings.NewReader(`{"token":"`+token+`","password":"un mot de passe long","confirm":"un mot de passe long"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the password by the link: %d", resp.StatusCode)
	}
	if _, err := os.Stat(filepath.Join(dir, "loto.db")); err != nil {
		t.Errorf("no loto.db beside the binary: %v", err)
	}
	for _, stray := range []string{filepath.Join(other, "ailleurs.db"), filepath.Join(other, "loto.db")} {
		if _, err := os.Stat(stray); err == nil {
			t.Errorf("%s made: the day belongs beside the binary", stray)
		}
	}
	// A second double-click starts no second server: it opens the page
	// of the one running and stops.
	os.Remove(opened)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	again := exec.CommandContext(ctx, exe)
	again.Dir, again.Env = other, cmd.Env
	second, err := again.CombinedOutput()
	if err != nil || !strings.Contains(string(second), "loto est déjà ouvert dans une autre fenêtre") {
		t.Fatalf("a second start: %v\n%s", err, second)
	}
	if b, _ := os.ReadFile(opened); string(b) != local+"/organisateur" {
		t.Errorf("the second start opened %q, not the running organiser's page %s/organisateur", b, local)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		done <- err
		if err != nil {
			t.Fatalf("exit after SIGINT: %v\n%s\n%s", err, stdout, stderr)
		}
	case <-time.After(shutdownGrace / 2):
		t.Fatal("SIGINT did not stop it at once")
	}
	if !strings.Contains(stdout.String(), "serveur arrêté proprement") {
		t.Fatalf("no word of the clean stop:\n%s", stdout)
	}
}

// TestHallDir_FallsBackToHomeWhenTheBinarysFolderTakesNoFile: loto.db goes
// beside the binary; when that folder takes no file, into a "loto" folder
// of the home, said in French.
func TestHallDir_FallsBackToHomeWhenTheBinarysFolderTakesNoFile(t *testing.T) {
	t.Parallel()
	exeDir, home := t.TempDir(), t.TempDir()
	if dir, note, err := hallDir(exeDir, home); err != nil || dir != exeDir || note != "" {
		t.Fatalf("a writable folder: %q %q %v", dir, note, err)
	}
	// A folder under a plain file can hold nothing, even for root.
	file := filepath.Join(t.TempDir(), "fichier")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(file, "dossier")
	dir, note, err := hallDir(locked, home)
	if err != nil || dir != filepath.Join(home, "loto") || !strings.Contains(note, "n'accepte pas d'écriture") || !strings.Contains(note, dir) {
		t.Fatalf("a folder that takes no file: %q %q %v", dir, note, err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the fallback folder was not made: %v", err)
	}
	if _, _, err := hallDir(locked, file); err == nil || !strings.Contains(err.Error(), "copier loto dans un dossier à soi") {
		t.Fatalf("no folder at all: %v", err)
	}
}
