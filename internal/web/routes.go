package web

import (
	"net/http"

	"loto/internal/loto"
)

// route is a line of the routes table: the pattern it serves, the domain
// command its caller must be allowed to run (the role table of the domain
// decides; the domain checks again), and its handler.
type route struct {
	pattern string
	// cmd is the command the route runs, or for a read the command whose
	// roles may see it; public for a read anyone may make (the board's
	// state, the start page) or for the login itself.
	cmd loto.Command
	// writes says that the route appends to the journal: a read-only
	// server refuses it. Every POST with a command writes.
	writes bool
	h      handler
}

// public marks a route that needs no actor.
const public loto.Command = ""

// handler serves a request for the actor the gate let through (the zero
// Actor on a public route without a session); the error it returns is
// answered by writeError.
type handler func(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error

// routes is every route the server serves. The role matrix test iterates it.
var routes = []route{
	{"GET /{$}", public, false, pageHome},
	{"GET /static/{file...}", public, false, serveStatic},
	{"GET /tableau", public, false, pageBoard},
	{"GET /reglement", public, false, pageRules},
	{"GET /reglement.pdf", public, false, rulesPDF},
	{"GET /guide", public, false, pageGuide},
	{"GET /guide/{file...}", public, false, guidePicture},
	{"GET /joueur", public, false, pagePlayer},
	{"GET /verifier", public, false, pageVerifier},
	{"GET /tableau/voix/{voice}", public, false, serveVoice},
	{"GET /tableau/logos/{logo}", public, false, serveLogo},

	{"GET /connexion", public, false, pageLogin},
	{"POST /connexion", public, false, login},
	{"POST /deconnexion", public, false, logout},
	{"GET /connexion/initialiser", public, false, pageSetup},
	{"POST /connexion/initialiser", public, true, setup},
	{"GET /appairer", public, false, pagePair},
	// The hall's TLS authority, for a device to install (loto serve --tls).
	{"GET /certificat-salle.crt", public, false, serveAuthority},
	{"POST /appairer", public, true, pair},
	// The game's pages, for whoever may run their first command: the host's
	// (start a game) and the controllers' (register a claim).
	{"GET /meneur", loto.CmdStartGame, false, pageHost},
	{"GET /controle", loto.CmdClaim, false, pageController},
	// The organiser's desk (page_organiser.go), the organiser's alone.
	{"GET /organisateur", orgRead, false, pageOrganiser},
	{"GET /organisateur/direct", orgRead, false, pageDashboardFragment},
	{"GET /organisateur/appareils", loto.CmdAddDevice, false, pageDevices},
	{"GET /organisateur/rapports", orgRead, false, pageReports},
	{"GET /organisateur/decisions", orgRead, false, pageActs},
	{"GET /entree", loto.CmdAdmit, false, pageDoor},
	// The cash desk's page, for whoever may sell; its service worker, which
	// holds no data, for the browser to fetch before any login matters.
	{"GET /caisse", loto.CmdSell, false, pageDesk},
	{"GET /caisse-sw.js", public, false, serveDeskWorker},
	// The organiser's set-up pages, for whoever may run their command.
	{"GET /organisateur/evenement", loto.CmdCreateEvent, false, pageOrgEvent},
	{"GET /organisateur/series", loto.CmdCreateSeries, false, pageOrgSeries},
	{"GET /organisateur/reservations", loto.CmdReserve, false, pageOrgReservations},

	{"GET /api/v1/openapi.json", public, false, apiOpenAPI},
	{"GET /api/v1/status", public, false, apiStatus},
	// What the hall needs to recompute each game's draw (/verifier).
	{"GET /api/v1/games", public, false, apiGames},
	{"GET /api/v1/session", public, false, apiWho},
	{"GET /api/v1/cards/{serial}", public, false, apiCard},
	{"POST /api/v1/sales", loto.CmdSell, true, apiSale},
	{"GET /api/v1/sales/quote", loto.CmdSell, false, apiQuote},
	{"POST /api/v1/door", loto.CmdAdmit, true, apiDoor},
	// The door's reads name holders: for the door (and the organiser) only.
	{"GET /api/v1/door", loto.CmdAdmit, false, apiDoorCount},
	{"GET /api/v1/door/ticket", loto.CmdAdmit, false, apiDoorTicket},
	{"GET /api/v1/door/reservations", loto.CmdAdmit, false, apiDoorFind},
	// The staff's stream says only that the journal moved: the door's page
	// follows it to read its tally again, the game's pages their status.
	{"GET /api/v1/door/stream", loto.CmdAdmit, false, apiMovedStream},
	// For the game's staff: the host and the controllers, who draw the tie's tokens.
	{"GET /api/v1/game/stream", loto.CmdTokens, false, apiMovedStream},
	{"POST /api/v1/game/start", loto.CmdStartGame, true, apiGameStart},
	{"POST /api/v1/game/draws", loto.CmdDraw, true, apiDraw},
	{"POST /api/v1/claims", loto.CmdClaim, true, apiClaim},
	{"POST /api/v1/game/control", loto.CmdControl, true, apiControl},
	{"POST /api/v1/game/award", loto.CmdAward, true, apiAward},
	{"POST /api/v1/game/call", loto.CmdCall, true, apiCall},
	{"POST /api/v1/game/undo", loto.CmdUndo, true, apiUndo},
	{"POST /api/v1/game/tokens", loto.CmdTokens, true, apiTokens},
	{"POST /api/v1/game/decline", loto.CmdDecline, true, apiDecline},
	{"POST /api/v1/game/rulings", loto.CmdRule, true, apiRule},
	{"POST /api/v1/breaks", loto.CmdStartBreak, true, apiBreakStart},
	{"POST /api/v1/breaks/end", loto.CmdEndBreak, true, apiBreakEnd},
	{"POST /api/v1/desks/{desk}/open", loto.CmdOpenDesk, true, apiDeskOpen},
	{"POST /api/v1/desks/{desk}/close", loto.CmdCloseDesk, true, apiDeskClose},
	{"GET /api/v1/desks/{desk}", loto.CmdOpenDesk, false, apiDesk},
	{"GET /api/v1/sessions/{id}/z", loto.CmdCloseDesk, false, apiSessionZ},

	// The devices: who may pair them may list them.
	{"GET /api/v1/devices", loto.CmdAddDevice, false, apiDevices},
	{"POST /api/v1/devices", loto.CmdAddDevice, true, apiDeviceAdd},
	{"POST /api/v1/devices/{id}/revoke", loto.CmdRevokeDevice, true, apiDeviceRevoke},
	// The day's set-up: the event file checked then recorded, the series
	// and their cards in PDF, the reservations (a CSV previewed then
	// imported, one added, searched) and their tickets in PDF. A check or a
	// preview records nothing, but like every POST with a command it counts
	// as a write: a read-only server refuses it.
	{"GET /api/v1/event", loto.CmdCreateEvent, false, apiEvent},
	{"POST /api/v1/event", loto.CmdCreateEvent, true, apiEventCreate},
	{"POST /api/v1/event/check", loto.CmdCreateEvent, true, apiEventCheck},
	{"POST /api/v1/event/preview", loto.CmdCreateEvent, true, apiEventPreview},
	{"GET /api/v1/series", loto.CmdCreateSeries, false, apiSeries},
	{"POST /api/v1/series", loto.CmdCreateSeries, true, apiSeriesCreate},
	{"GET /api/v1/series/{code}/cards.pdf", loto.CmdCreateSeries, false, apiSeriesCards},
	{"GET /api/v1/reservations", loto.CmdReserve, false, apiReservations},
	{"POST /api/v1/reservations", loto.CmdReserve, true, apiReservationAdd},
	{"POST /api/v1/reservations/preview", loto.CmdReserve, true, apiReservationsPreview},
	{"POST /api/v1/reservations/import", loto.CmdReserve, true, apiReservationsImport},
	{"GET /api/v1/reservations/tickets.pdf", loto.CmdReserve, false, apiReservationTickets},
	{"GET /api/v1/stream", public, false, apiStream},
	{"GET /api/v1/dashboard", orgRead, false, apiDashboard},
	{"GET /api/v1/dashboard/stream", orgRead, false, apiMovedStream},
	// The organiser's reports and journal (api_reports.go).
	{"GET /api/v1/reports/day", orgRead, false, apiReportDay},
	{"GET /api/v1/reports/sessions/{id}", orgRead, false, apiReportSession},
	{"GET /api/v1/reports/refunds", orgRead, false, apiReportRefunds},
	{"GET /api/v1/journal/head", orgRead, false, apiJournalHead},
	{"GET /api/v1/journal/verify", orgRead, false, apiJournalVerify},
	// The organiser's acts, each with its reason (api_acts.go).
	{"POST /api/v1/exclusions", loto.CmdExclude, true, apiExclude},
	{"POST /api/v1/event/postpone", loto.CmdPostpone, true, apiPostpone},
	{"POST /api/v1/event/end", loto.CmdEndDay, true, apiEndDay},
	{"POST /api/v1/refunds", loto.CmdRefund, true, apiRefund},
	{"POST /api/v1/stamps", loto.CmdStamp, true, apiStamp},
	{"POST /api/v1/privacy/erase", loto.CmdErase, true, apiErase},
	{"POST /api/v1/privacy/purge", loto.CmdPurge, true, apiPurge},
	{"/api/", public, false, apiUnknown},
	{"/", public, false, pageNotFound},
}

func apiUnknown(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return loto.Errorf(loto.ENotFound, "pas de route %s %s dans l'API", r.Method, loto.Shown(r.URL.Path))
}
