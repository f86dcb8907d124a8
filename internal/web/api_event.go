package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"

	"loto/internal/eventfile"
	"loto/internal/loto"
	"loto/internal/print"
	"loto/internal/rulebook"
)

// The day's set-up through the API, the organiser's alone: the event file
// checked, then recorded; the event shown once it is. A file comes as the
// raw body (YAML or JSON, as saved), or with its images as a form
// (upload.go): its bytes are checked as they are, so a file in the wrong
// encoding is told as such, not read as other letters.

// readFile reads a request's body as the file what names, in French: "le
// fichier de l'événement". An empty one is refused.
func readFile(r *http.Request, what string) ([]byte, error) {
	b, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, loto.Errorf(eTooLarge, "%s est trop gros : %d octets au plus", what, tooBig.Limit)
	case err != nil:
		return nil, loto.Errorf(eMalformed, "%s n'a pas pu être lu en entier : recommencer", what)
	case len(bytes.TrimSpace(b)) == 0:
		return nil, loto.Errorf(loto.EInvalid, "%s est vide : le choisir, le déposer ou le coller", what)
	}
	return b, nil
}

// eventCheck is the answer of a valid event file: the day it describes and
// what is worth a look before it is recorded.
type eventCheck struct {
	Event *loto.EventSpec `json:"event"`
	// Subtitle is the day as the rules page will name it: its date the
	// French way and its venue ("dimanche 16 mars 2025 — Salle Hermione").
	Subtitle string   `json:"subtitle"`
	Warnings []string `json:"warnings"`
	// Warned are the warnings one by one, each at its line and place in
	// the file, for the form that shows each beside its field.
	Warned []eventfile.Mistake `json:"warned,omitempty"`
}

// checked is the answer of the event spec with its warnings.
func checked(spec *loto.EventSpec, warnings []string, warned []eventfile.Mistake) eventCheck {
	return eventCheck{Event: spec, Subtitle: rulebook.Subtitle(spec), Warnings: warnings, Warned: warned}
}

// parseEventFile reads and validates the body as an event file, alone or
// with its images (upload.go), the printer's colours included, every
// mistake at its line.
func parseEventFile(r *http.Request) (*loto.EventSpec, []string, error) {
	spec, warnings, _, err := parseEventWarned(r)
	return spec, warnings, err
}

// parseEventWarned is parseEventFile with the warnings also one by one,
// each at its place in the file ("" for the whole file).
func parseEventWarned(r *http.Request) (*loto.EventSpec, []string, []eventfile.Mistake, error) {
	file, files, err := readEventUpload(r)
	if err != nil {
		return nil, nil, nil, err
	}
	var spec *loto.EventSpec
	var warned []eventfile.Mistake
	if files == nil {
		spec, warned, err = eventfile.ParseWarned(file, print.CheckColor, nil)
	} else {
		spec, warned, err = eventfile.ParseWarned(file, print.CheckColor, files)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	for _, u := range unusedWarnings(files) {
		warned = append(warned, eventfile.Mistake{Message: u})
	}
	// The event is recorded once and never amended: its address is given
	// now or never.
	if spec.PublicURL == "" {
		warned = append(warned, eventfile.Mistake{Path: "public_url", Message: noPublicURL})
	}
	warnings := make([]string, 0, len(warned))
	for _, m := range warned {
		if m.Path == "" || m.Message == noPublicURL {
			warnings = append(warnings, m.Message)
		} else {
			warnings = append(warnings, m.String())
		}
	}
	return spec, warnings, warned, nil
}

// noPublicURL warns of an event file without the day's public address.
const noPublicURL = "pas d'adresse publique (public_url) : les billets n'imprimeront que « /reglement », sans l'adresse du serveur ni son code QR ; l'ajouter au fichier avant de créer l'événement, par exemple public_url: http://192.168.1.10:8080 (l'adresse que loto serve affiche pour le réseau de la salle)"

func apiEventCheck(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	spec, warnings, warned, err := parseEventWarned(r)
	if err != nil {
		return err
	}
	if ev := s.day.Event(); ev != nil {
		created := "l'événement du jour est déjà créé (« " + ev.Name + " ») : ce fichier ne peut plus être enregistré"
		warnings = append(warnings, created)
		warned = append(warned, eventfile.Mistake{Message: created})
	}
	writeJSON(w, http.StatusOK, checked(spec, warnings, warned))
	return nil
}

// eventCreated is the answer of a recorded event.
type eventCreated struct {
	Event         *loto.EventSpec `json:"event"`
	CreatedSeries []string        `json:"created_series"`
	Warnings      []string        `json:"warnings"`
}

func apiEventCreate(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	spec, warnings, err := parseEventFile(r)
	if err != nil {
		return err
	}
	return commit(w, r, func(ctx context.Context) (any, error) {
		res, err := s.day.CreateEvent(ctx, a, spec)
		if err != nil {
			return nil, err
		}
		series := res.CreatedSeries
		if series == nil {
			series = []string{}
		}
		return created{eventCreated{Event: res.Event, CreatedSeries: series, Warnings: append(warnings, res.Warnings...)}}, nil
	})
}

func apiEvent(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	ev := s.day.Event()
	if ev == nil {
		return loto.Errorf(loto.ENotFound, "l'événement du jour n'est pas encore créé : envoyer son fichier")
	}
	writeJSON(w, http.StatusOK, checked(ev, []string{}, nil))
	return nil
}
