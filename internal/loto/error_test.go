package loto

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorCodeAndMessage(t *testing.T) {
	for _, tc := range []struct {
		name      string
		err       error
		code, msg string
	}{
		{"nil", nil, "", ""},
		{"domain error", Errorf(EInvalid, "numéro %d invalide", 91), EInvalid, "numéro 91 invalide"},
		{"wrapped", fmt.Errorf("vente : %w", Errorf(EConflict, "carte déjà vendue")), EConflict, "carte déjà vendue"},
		{"foreign error", errors.New("disk full"), EInternal, "erreur interne"},
		{"internal with cause", internalf(errors.New("disk full"), "écriture"), EInternal, "erreur interne"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ErrorCode(tc.err); got != tc.code {
				t.Fatalf("code %q, want %q", got, tc.code)
			}
			if got := ErrorMessage(tc.err); got != tc.msg {
				t.Fatalf("message %q, want %q", got, tc.msg)
			}
		})
	}
	if err := internalf(errors.New("disk full"), "écriture"); err.Error() != "écriture: disk full" || !errors.Is(err, err.Err) {
		t.Fatalf("internal error for logs: %q", err)
	}
}
