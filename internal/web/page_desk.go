package web

import (
	"net/http"

	"loto/internal/loto"
)

// The cash desk's page (/caisse), on a cashier's tablet or laptop, or the
// organiser's at a desk it chooses: the basket priced by the server as the
// cards are scanned, the payment, the receipt, the session's opening and
// closing with its Z, and the sales a Wi-Fi drop holds back, kept in the
// browser until the server takes them.

// offlineMost is how many cards of a kind the page can price while the
// server cannot be reached: a basket of more waits for the link.
const offlineMost = 60

// deskPage is what /caisse is rendered from.
type deskPage struct {
	Actor    loto.Actor
	ReadOnly string
	Event    string
	Zone     string      // the event's time zone, for the times the page writes (R1)
	Desk     *loto.Desk  // nil: the organiser has not chosen one yet
	Desks    []loto.Desk // the organiser's choice
	Offline  offlineData
}

// offlineData is what the page needs to take a sale without the server:
// each series' kind, the price of each count of cards, the methods' French
// names. The price table is the domain's, never computed in the page.
type offlineData struct {
	Series  map[string]loto.Kind           `json:"series"`
	Prices  map[loto.Kind][]loto.PriceLine `json:"prices"`
	Methods map[loto.Method]string         `json:"methods"`
	// PlaysFrom is the game a card sold now plays from, and Games the
	// programme's count: offline, the page says which game its cards will
	// play if a game starts before its sales reach the server (R14).
	PlaysFrom int `json:"plays_from"`
	Games     int `json:"games"`
}

func pageDesk(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	p := deskPage{Actor: a, ReadOnly: s.readOnly, Offline: offlineData{Series: map[string]loto.Kind{},
		Prices: s.day.PriceTable(offlineMost), Methods: map[loto.Method]string{}}}
	for _, m := range loto.Methods {
		p.Offline.Methods[m] = m.French()
	}
	for _, sr := range s.day.Series() {
		p.Offline.Series[sr.Code] = sr.Kind
	}
	dk, err := s.day.WorkDesk(a, r.URL.Query().Get("caisse"))
	if err != nil {
		return err
	}
	// The event is there: WorkDesk refuses a day without one, and an
	// event once created stays.
	ev := s.day.Event()
	p.Desk = dk
	p.Event, p.Zone = ev.Name, ev.TimeZone
	p.Offline.PlaysFrom, p.Offline.Games = s.day.PlaysFrom(), len(ev.Programme)
	if p.Zone == "" {
		p.Zone = loto.DefaultTimeZone
	}
	if p.Desk == nil {
		p.Desks = ev.Desks
	}
	return s.render(w, http.StatusOK, "desk.html", p)
}

// serveDeskWorker serves the desk page's service worker at a fixed path
// outside /static, so that its scope may cover /caisse: it keeps the page
// and its files for a reload while the server cannot be reached.
func serveDeskWorker(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	b, err := staticFiles.ReadFile("static/desk-sw.js")
	if err != nil {
		return loto.Errorf(loto.EInternal, "desk-sw.js : %v", err)
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
	return nil
}
