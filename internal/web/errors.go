package web

import (
	"errors"
	"log/slog"
	"net/http"

	"loto/internal/eventfile"
	"loto/internal/loto"
)

// The web layer's own error codes, beside the domain's (loto.EInvalid...):
// they name what only HTTP can go wrong with.
const (
	eMalformed = "malformed" // the body is not the JSON the route reads
	eTooLarge  = "too_large" // the body is over the route's limit
	eTooMany   = "too_many"  // too many attempts from one client (login)
)

// errUnavailable is said when the journal's database cannot be reached;
// its cause is logged. A commit cut short may have happened, hence the key.
var errUnavailable = loto.Errorf(loto.EUnavailable, "la base du journal ne répond pas pour l'instant (redémarrage ?) : réessayer dans un moment ; une vente renvoyée avec la même clé d'idempotence ne compte qu'une fois")

// statuses maps every error code to its HTTP status: the one place where
// the domain's codes become statuses.
var statuses = map[string]int{
	loto.EInvalid:   http.StatusUnprocessableEntity,
	loto.EConflict:  http.StatusConflict,
	loto.ENotFound:  http.StatusNotFound,
	loto.EForbidden: http.StatusForbidden,
	loto.EInternal:  http.StatusInternalServerError,
	// A full disk, or a PostgreSQL that does not answer: the client keeps
	// its request and sends it again later.
	loto.EUnavailable: http.StatusServiceUnavailable,
	eMalformed:        http.StatusBadRequest,
	eTooLarge:         http.StatusRequestEntityTooLarge,
	eTooMany:          http.StatusTooManyRequests,
}

// statusOf is the HTTP status of an error code; an unknown code is a bug,
// hence internal.
func statusOf(code string) int {
	if s, ok := statuses[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// errorBody is the JSON of every error answer.
type errorBody struct {
	Code    string   `json:"code"`
	Message string   `json:"message"` // French, for people
	Details []string `json:"details"` // more French lines, e.g. the field at fault; never nil
	// Mistakes are an event file's mistakes one by one, each at its line.
	Mistakes []eventfile.Mistake `json:"mistakes,omitempty"`
	// Next is the page where the person sets a refusal right: /connexion
	// for the organiser, /appairer for a device.
	Next string `json:"next,omitempty"`
}

// detailed is an error with details for its answer.
type detailed struct {
	error
	details []string
}

// Unwrap returns the error the details are about.
func (d *detailed) Unwrap() error { return d.error }

// writeError answers a failed request: its code, its French message and
// the status of its code. An internal error is logged with its cause and
// shown as "erreur interne" only.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	unreachable := loto.Unreachable(err)
	if unreachable {
		log.Warn("base du journal injoignable", "method", r.Method, "path", r.URL.Path, "err", err)
		err = errUnavailable
	}
	code := loto.ErrorCode(err)
	if _, ok := statuses[code]; !ok {
		code = loto.EInternal
	}
	body := errorBody{Code: code, Message: loto.ErrorMessage(err), Details: []string{}}
	switch code {
	case loto.EInternal:
		body.Message = "erreur interne"
		log.Error("erreur interne", "method", r.Method, "path", r.URL.Path, "err", err)
	case loto.EUnavailable:
		switch {
		case loto.DiskFull(err):
			// The organiser must hear of a full disk at once: the log says it.
			log.Error("écriture refusée : disque plein", "method", r.Method, "path", r.URL.Path, "err", err)
		case !unreachable:
			// Other instances' writes won every try: nothing to repair, but
			// a sign of more load than the journal takes.
			log.Warn("écriture refusée : journal très sollicité", "method", r.Method, "path", r.URL.Path, "err", err)
		}
		w.Header().Set("Retry-After", "5")
	}
	var d *detailed
	if errors.As(err, &d) {
		body.Details = append(body.Details, d.details...)
	}
	body.Mistakes = eventfile.Mistakes(err)
	body.Next = nextOf(err)
	writeJSON(w, statusOf(code), body)
}

// refusal is a refusal with the page where the person sets it right
// (errorBody.Next): a page or a stream refused then says where to go
// instead of trying again for ever.
type refusal struct {
	error
	next string
}

func (r *refusal) Unwrap() error { return r.error }

// goTo is err with the page that sets it right.
func goTo(err error, next string) error { return &refusal{error: err, next: next} }

// nextOf is the page that sets err right, "" when none does.
func nextOf(err error) string {
	var r *refusal
	if errors.As(err, &r) {
		return r.next
	}
	return ""
}
