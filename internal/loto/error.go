package loto

import (
	"errors"
	"fmt"

	"loto/internal/journal"
)

// Error codes, mapped to HTTP statuses and exit codes in one place by the callers.
const (
	EInvalid   = "invalid"   // the input breaks a rule or is malformed
	EConflict  = "conflict"  // the input clashes with what the journal already holds
	ENotFound  = "notfound"  // the thing named does not exist
	EForbidden = "forbidden" // the actor may not do this
	EInternal  = "internal"  // a bug or a storage failure; shown as "erreur interne"
	// EUnavailable is a command the server cannot record now (its disk is
	// full): nothing is recorded, and the same command succeeds later.
	EUnavailable = "unavailable"
)

// Error is the one error type of the domain: a code and a French message for people.
type Error struct {
	Code    string
	Message string
	Err     error // the cause, for logs; never shown to people
}

// Error returns the French message, followed by the cause for internal errors.
func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error with a French message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// internalf wraps a cause that people should not see as an internal error.
func internalf(err error, format string, args ...any) *Error {
	return &Error{Code: EInternal, Message: fmt.Sprintf(format, args...), Err: err}
}

// ErrorCode returns the code of err: the code of an *Error in its chain, else internal.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the French message of err for people: "erreur interne" for anything not an *Error or of code internal.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) && e.Code != EInternal {
		return e.Message
	}
	return "erreur interne"
}

// Unreachable reports whether err is the journal's database out of reach
// (journal.ErrUnavailable): nothing is known to be recorded, and the same
// request with the same key may come again.
func Unreachable(err error) bool { return errors.Is(err, journal.ErrUnavailable) }

// DiskFull reports whether err is the server's disk full
// (journal.ErrFull): nothing is recorded until room is made.
func DiskFull(err error) bool { return errors.Is(err, journal.ErrFull) }
