package web

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"

	"loto/internal/loto"
)

// Page is a page of the server, as the start page and the console list it.
type Page struct {
	Path  string
	Title string // French
	For   string // who opens it, in French
	Ready bool   // false: announced, not built yet
}

// Pages are the server's pages at their fixed French paths, in the order
// of the start page.
var Pages = []Page{
	{"/", "Accueil", "tout le monde", true},
	{"/tableau", "Tableau", "le projecteur de la salle", false},
	{"/meneur", "Meneur de jeu", "l'ordinateur à côté de la machine à boules", false},
	{"/controle", "Contrôle", "les téléphones des contrôleurs", false},
	{"/caisse", "Caisse", "les caissiers", false},
	{"/entree", "Entrée", "l'accueil des porteurs de billet", false},
	{"/organisateur", "Organisateur", "l'organisateur", false},
	{"/joueur", "Joueur", "le téléphone d'un joueur", false},
	{"/reglement", "Règlement", "tout le monde", false},
	{"/connexion", "Connexion", "l'organisateur", true},
	{"/appairer", "Appairer un appareil", "chaque appareil de la salle, une fois", true},
}

//go:embed templates/*.html
var templateFiles embed.FS

// templates are parsed once, at start; a template that does not parse
// stops the program at once rather than on the first visit.
var templates = template.Must(template.New("").Funcs(template.FuncMap{"static": staticPath}).ParseFS(templateFiles, "templates/*.html"))

// render writes a page, rendered whole before anything is sent so that a
// failing template gives an error answer, not half a page.
func (s *Server) render(w http.ResponseWriter, status int, name string, data any) error {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return loto.Errorf(loto.EInternal, "page %s : %v", name, err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b.Bytes())
	return nil
}

// homePage is what the start page shows.
type homePage struct {
	Pages    []Page
	Actor    loto.Actor // the zero Actor when nobody is logged in
	ReadOnly string
}

func pageHome(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return s.render(w, http.StatusOK, "home.html", homePage{Pages: Pages, Actor: a, ReadOnly: s.readOnly})
}

// pageNotFound answers a path that is no page, in French, with a link to
// the start page, which lists the pages.
func pageNotFound(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusNotFound, "notfound.html", r.URL.Path)
}
