package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// keyed is the request's context with its Idempotency-Key, if any
// (loto.WithKey): a retry with the same key gets the first answer.
func keyed(r *http.Request) (context.Context, error) {
	k, err := loto.ParseKey(r.Header.Get("Idempotency-Key"))
	if err != nil || k == "" {
		return r.Context(), err
	}
	return loto.WithKey(r.Context(), k), nil
}

// act serves a write of the API: the request's JSON decoded into a B, its
// idempotency key taken, do's answer written as JSON; the first error goes
// back to the route's handler for writeError.
func act[B any](w http.ResponseWriter, r *http.Request, do func(ctx context.Context, body B) (any, error)) error {
	var body B
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	ans, err := do(ctx, body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

func apiUnknown(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return loto.Errorf(loto.ENotFound, "pas de route %s %s dans l'API", r.Method, loto.Shown(r.URL.Path))
}

func apiStream(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	if s.stream == nil {
		return loto.Errorf(loto.ENotFound, "le flux en direct n'est pas encore servi")
	}
	s.stream.ServeHTTP(w, r)
	return nil
}
