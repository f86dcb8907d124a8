package web

import (
	"net/http"

	"loto/internal/card"

	"loto/internal/loto"
)

// statusAnswer is the board's state: the domain's public status, and
// whether the server only reads.
type statusAnswer struct {
	loto.Status
	ReadOnly string `json:"read_only,omitempty"`
	// Refused is why the credentials the request carried (a removed
	// device's, an ended session's) were refused: the route is public, so
	// it answers anyway, and the staff's page says what to do instead of
	// showing the board's state as if nothing happened.
	Refused *errorBody `json:"refused,omitempty"`
}

func apiStatus(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	st, err := s.day.StatusFor(a)
	if err != nil {
		return err
	}
	if st.Drawn == nil {
		st.Drawn = []card.Number{} // a list for the board, even before the first number
	}
	ans := statusAnswer{Status: st, ReadOnly: s.readOnly}
	if _, _, err := s.actorOf(r); err != nil && loto.ErrorCode(err) == loto.EForbidden {
		ans.Refused = &errorBody{Code: loto.EForbidden, Message: loto.ErrorMessage(err), Details: []string{}, Next: nextOf(err)}
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}
