package web

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"strings"

	"loto/internal/loto"
)

// Page is a page of the server, as the start page and the console list it.
type Page struct {
	Path  string
	Title string // French
	For   string // who opens it, in French
}

// Pages are the server's pages at their fixed French paths, in the order
// of the start page.
var Pages = []Page{
	{"/", "Accueil", "tout le monde"},
	{"/tableau", "Tableau", "le projecteur de la salle"},
	{"/meneur", "Meneur de jeu", "l'ordinateur à côté de la machine à boules"},
	{"/controle", "Contrôle", "les téléphones des contrôleurs"},
	{"/caisse", "Caisse", "les caissiers"},
	{"/entree", "Entrée", "l'accueil des porteurs de billet"},
	{"/organisateur", "Organisateur", "l'organisateur"},
	{"/joueur", "Joueur", "le téléphone d'un joueur"},
	{"/verifier", "Vérifier le tirage", "tout le monde, sur son téléphone"},
	{"/reglement", "Règlement", "tout le monde"},
	{"/guide", "Guide de la journée", "les organisateurs et les bénévoles"},
	{"/connexion", "Connexion", "l'organisateur"},
	{"/appairer", "Appairer un appareil", "chaque appareil de la salle, une fois"},
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
	// Preparing: no event is recorded yet, the organiser sets the day up;
	// NoPassword: nor is the organiser's password, so the way in is the
	// one-time link the server printed.
	Preparing, NoPassword bool
}

func pageHome(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	p := homePage{Pages: Pages, Actor: a, ReadOnly: s.readOnly, Preparing: s.day.Event() == nil}
	p.NoPassword = p.Preparing && s.auth != nil && !s.auth.HasOrganiserPassword()
	return s.render(w, http.StatusOK, "home.html", p)
}

// pageNotFound answers a path that is no page, in French, with a link to
// the start page, which lists the pages.
func pageNotFound(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusNotFound, "notfound.html", r.URL.Path)
}

// isPage says whether a route serves a page to a browser, whose refusals
// are pages too: a GET outside the API and the static files.
func isPage(pattern string) bool {
	method, path, _ := strings.Cut(pattern, " ")
	return method == "GET" && !strings.HasPrefix(path, "/api/") && !strings.HasPrefix(path, "/static/")
}

// refusedPage says in French why a page is not shown, and how to open it.
type refusedPage struct {
	Message string
	Status  int
	Next    string // the page that sets the refusal right, if one does
}

// refuse answers a page's refusal with a page: the error's status and its
// French message; an internal error is logged and said as such.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	code := loto.ErrorCode(err)
	msg := loto.ErrorMessage(err)
	if _, ok := statuses[code]; !ok || code == loto.EInternal {
		s.log.Error("erreur interne", "method", r.Method, "path", r.URL.Path, "err", err)
		code, msg = loto.EInternal, "erreur interne"
	}
	if err := s.render(w, statusOf(code), "refused.html", refusedPage{Message: msg, Status: statusOf(code), Next: nextOf(err)}); err != nil {
		writeError(w, r, s.log, err)
	}
}
