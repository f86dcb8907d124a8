package web

import (
	"bytes"
	"context"
	"html/template"
	"net/http"
	"os"
	"path/filepath"

	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/rulebook"
)

// The day's preview: the rules page and the board between games as the hall
// will see them, rendered from an event checked and not recorded. The event
// is created in a journal of its own, in a temporary folder removed at
// once, so the board shows what the domain would publish, word for word,
// and the day's journal stays untouched.

// eventPreview is the answer of a preview: the checked event, its
// warnings, and the two pages as HTML documents, to show in frames.
type eventPreview struct {
	eventCheck
	Rules string `json:"rules"`
	Board string `json:"board"`
}

func apiEventPreview(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	spec, warnings, warned, err := parseEventWarned(r)
	if err != nil {
		return err
	}
	if ev := s.day.Event(); ev != nil {
		return loto.Errorf(loto.EConflict, "l'événement du jour est déjà créé (« %s ») : il ne se modifie plus", ev.Name)
	}
	pub, err := previewPublic(r.Context(), a, spec)
	if err != nil {
		return err
	}
	var rules, board bytes.Buffer
	if err := templates.ExecuteTemplate(&rules, "rules.html", rulesPage{R: rulebook.Of(spec)}); err != nil {
		return loto.Errorf(loto.EInternal, "aperçu du règlement : %v", err)
	}
	b := newBoardPage(pub, "", s.now())
	b.Stream = "" // the unsaved day has no stream: the frame keeps this first paint
	b.PlayerURL = s.scheme(r) + "://" + r.Host + loto.PlayerPath
	if spec.PublicURL != "" {
		b.PlayerURL = spec.PlayerURL()
	}
	if svg, err := qrSVG(b.PlayerURL, "Code QR de la page des joueurs : "+b.PlayerURL); err == nil {
		b.PlayerQR = template.HTML(svg) // drawn by qrSVG from escaped text
	}
	if err := templates.ExecuteTemplate(&board, "board.html", b); err != nil {
		return loto.Errorf(loto.EInternal, "aperçu du tableau : %v", err)
	}
	writeJSON(w, http.StatusOK, eventPreview{
		eventCheck: checked(spec, warnings, warned),
		Rules:      rules.String(), Board: board.String(),
	})
	return nil
}

// previewPublic creates spec in a journal made for it alone and returns
// the board's snapshot of that day, before its first game.
func previewPublic(ctx context.Context, a loto.Actor, spec *loto.EventSpec) (*loto.Public, error) {
	dir, err := os.MkdirTemp("", "loto-apercu-")
	if err != nil {
		return nil, loto.Errorf(loto.EInternal, "aperçu : %v", err)
	}
	defer os.RemoveAll(dir)
	store, err := sqlite.Open(ctx, filepath.Join(dir, "apercu.db"), nil)
	if err != nil {
		return nil, loto.Errorf(loto.EInternal, "aperçu : %v", err)
	}
	defer store.Close()
	day, err := loto.Open(ctx, store)
	if err != nil {
		return nil, loto.Errorf(loto.EInternal, "aperçu : %v", err)
	}
	if _, err := day.CreateEvent(ctx, a, spec); err != nil {
		return nil, err
	}
	// The preview's journal is thrown away: its anchor names nothing the
	// hall could check, so the board shows none.
	p := *day.Public()
	p.Seq, p.Anchor = 0, journal.Anchor{Hash: "aperçu, rien n'est encore enregistré"}
	return &p, nil
}
