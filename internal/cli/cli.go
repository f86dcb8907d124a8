// Package cli is the French command line the hall's programs share: a
// flag set that speaks French in its help and its refusals, and the exit
// statuses of a command (0 done or help given, 1 refused or failed, 2 a
// command line of the wrong shape).
package cli

import (
	"errors"
	"fmt"
)

// ErrHelp means -h was asked for and answered: exit 0.
var ErrHelp = errors.New("help")

// ExitError carries a specific exit status with a message.
type ExitError struct {
	Code int
	Msg  string
}

// Error returns the message.
func (e *ExitError) Error() string { return e.Msg }

// Usagef reports a command line of the wrong shape (a flag or an argument
// missing, a value outside a flag's choices): exit 2 with the French
// message, where a refusal of the day's rules exits 1.
func Usagef(format string, args ...any) error {
	return &ExitError{Code: 2, Msg: fmt.Sprintf(format, args...)}
}
