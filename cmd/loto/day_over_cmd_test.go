package main

import "testing"

// TestCLI_R9_NothingSoldAfterTheFinalReport: once the last prize of the
// programme is awarded, a desk that sells again, the door and a new
// reservation are refused, and nothing is recorded.
func TestCLI_R9_NothingSoldAfterTheFinalReport(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "simulate", "--players", "40", "--seed", "5", "--db", db)
	mustRun(t, "report", "day", "--json", "--db", db)
	a := serialsOf(t, db, "A", 1)
	fails(t, db, "la journée est finie (le dernier lot du programme est attribué)", "sell", "--desk", "caisse-1", "--pay", "cash:5", a[0], "--db", db)
	fails(t, db, "la journée est finie", "door", "--door", "porte-1", "R-000001-AAA", a[0], "--db", db)
	fails(t, db, "la journée est finie", "reservation", "add", "Marie", "--db", db)
}
