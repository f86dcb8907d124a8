package web

import (
	"strings"
	"testing"

	"loto/internal/loto"
)

// cliOnly are the commands of the role table that no API route runs, each
// with why; a command here must have no route, and a command with no route
// must be here.
var cliOnly = map[loto.Command]string{
	loto.CmdSetPassword: "the organiser's password is chosen through the one-time link printed at start (POST /connexion/initialiser) " +
		"and changed on the server's machine (loto organiser password): a browser session must not change the password that opens it",
	loto.CmdRecordRestore: "a restore replaces the base's file with the server stopped (loto restore --force), which records it in the copy " +
		"before it takes the base's place: no running server is there to take a request",
}

// TestRoutes_EveryCommandHasARouteOrIsCLIOnly: every command of the role
// table (loto.Commands) is run by a route of routes.go that writes, or is
// listed in cliOnly with the reason; none is both.
func TestRoutes_EveryCommandHasARouteOrIsCLIOnly(t *testing.T) {
	t.Parallel()
	routed := map[loto.Command][]string{}
	for _, rt := range routes {
		if rt.writes && rt.cmd != public {
			routed[rt.cmd] = append(routed[rt.cmd], rt.pattern)
		}
	}
	for _, c := range loto.Commands() {
		why, listed := cliOnly[c]
		switch {
		case listed && len(routed[c]) > 0:
			t.Errorf("command %s has the routes %s but is listed in cliOnly: remove it from cliOnly (routes_commands_test.go)", c, strings.Join(routed[c], ", "))
		case !listed && len(routed[c]) == 0:
			t.Errorf("command %s (%s) has no route in routes.go: add one (and to openapi.yaml), or list it in cliOnly with why", c, c.Act())
		case listed && strings.TrimSpace(why) == "":
			t.Errorf("command %s is CLI-only without a reason", c)
		}
	}
	known := map[loto.Command]bool{}
	for _, c := range loto.Commands() {
		known[c] = true
	}
	for c := range cliOnly {
		if !known[c] {
			t.Errorf("cliOnly lists %s, which is not in the role table", c)
		}
	}
}
