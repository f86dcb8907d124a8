package main

import (
	"testing"
)

func TestCLI_DeskCloseTakesABigDaysCardTotal(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	mustRun(t, "desk", "open", "caisse-1", "--float", "150", "--db", db)
	fails(t, db, "erreur de frappe", "desk", "close", "caisse-1", "--count", "0", "--card", "1000000.01", "--db", db)
	fails(t, db, "erreur de frappe", "desk", "close", "caisse-1", "--count", "0", "--cheque", "2000000", "--db", db)
	fails(t, db, "erreur de frappe", "desk", "open", "pmr", "--float", "15000", "--db", db)
	// 2,500 players paying by card at one desk: far more than one sale.
	out := mustRun(t, "desk", "close", "caisse-1", "--count", "50x3", "--card", "32000", "--cheque", "12500.50", "--db", db)
	wantSays(t, "Z report", out, "32000,00 €", "12500,50 €")
}

// TestCLI_DeskCloseRefusesADenominationTwice: --count names each note or
// coin once, as the API's count does; a count past the bound of the cash
// counted is refused the same way.
func TestCLI_DeskCloseRefusesADenominationTwice(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	mustRun(t, "desk", "open", "caisse-1", "--float", "150", "--db", db)
	fails(t, db, "coupure de 20,00 € comptée deux fois", "desk", "close", "caisse-1", "--count", "20x5,10x1,20x1", "--db", db)
	fails(t, db, "erreur de frappe", "desk", "close", "caisse-1", "--count", "500x100000,200x100000", "--db", db)
	mustRun(t, "desk", "close", "caisse-1", "--count", "20x6,10x1", "--db", db)
}
