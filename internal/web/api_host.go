package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// The host's other commands on the game in play: a call stops the draw,
// undo takes back a mistyped number, tokens break a tie, decline notes
// that tied winners refuse to share.

func apiCall(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, _ emptyBody) (any, error) {
		return nil, s.day.Call(ctx, a)
	})
}

// undoBody is the JSON of POST /api/v1/game/undo: why the host takes the
// last number back (a slip, a ball read wrong), kept with the event.
type undoBody struct {
	Reason string `json:"reason"`
}

func apiUndo(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body undoBody) (any, error) {
		return s.day.Undo(ctx, a, body.Reason)
	})
}

// tokensBody is the JSON of POST /api/v1/game/tokens: {} when the software
// draws the tokens, {"tokens": [N, ...]} for those drawn from the bag, one
// per tied winner in the order of the claims (R17).
type tokensBody struct {
	Tokens []int `json:"tokens"`
}

// typed reads the tokens drawn from the bag, nil for none, each 1..90.
func (b tokensBody) typed() ([]int, error) {
	if b.Tokens == nil {
		return nil, nil
	}
	out := make([]int, 0, len(b.Tokens))
	for _, n := range b.Tokens {
		t, err := loto.TokenOf(n)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// tokensAnswer is the tokens drawn, one per tied winner.
type tokensAnswer struct {
	Tokens []loto.ClaimToken `json:"tokens"`
}

func apiTokens(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body tokensBody) (any, error) {
		typed, err := body.typed()
		if err != nil {
			return nil, err
		}
		res, err := s.day.DrawTokens(ctx, a, typed)
		if err != nil {
			return nil, err
		}
		return tokensAnswer{Tokens: res}, nil
	})
}

func apiDecline(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, _ emptyBody) (any, error) {
		return nil, s.day.DeclineShare(ctx, a)
	})
}
