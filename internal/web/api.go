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

// act serves a write of the API whose body is JSON, in the steps of every
// write: the body decoded into a B; the idempotency key read; do reads the
// body into the domain's typed request, with the domain's one parser of
// each value, and makes one call of the Day; the first error goes back to
// the route's handler for writeError, which maps it; the answer is written
// (answer).
func act[B any](w http.ResponseWriter, r *http.Request, do func(ctx context.Context, body B) (any, error)) error {
	var body B
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	return commit(w, r, func(ctx context.Context) (any, error) { return do(ctx, body) })
}

// commit is act for a write whose body was read already (a file sent):
// the key read, do's one call of the Day, its answer written.
func commit(w http.ResponseWriter, r *http.Request, do func(ctx context.Context) (any, error)) error {
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	ans, err := do(ctx)
	if err != nil {
		return err
	}
	answer(w, ans)
	return nil
}

// created is the answer of a write that made a resource: 201 Created.
type created struct{ v any }

// answer writes a write's answer: nil is 204 No Content, created 201 with
// its JSON, any other 200 with its JSON.
func answer(w http.ResponseWriter, ans any) {
	switch v := ans.(type) {
	case nil:
		w.WriteHeader(http.StatusNoContent)
	case created:
		writeJSON(w, http.StatusCreated, v.v)
	default:
		writeJSON(w, http.StatusOK, v)
	}
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
