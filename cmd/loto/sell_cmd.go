package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strings"

	"loto/internal/loto"
)

func init() {
	register("sell", "sell cards at a desk and print the sale as JSON (--desk DESK --pay cash:25.00[,card:5] [--key KEY] [--id \"CNI 123456\" --cheque 0012345] SERIAL-or-PLATE...)", sell)
}

func sell(ctx context.Context, e *env) error {
	fs := newFlags("sell", e)
	by := byFlag(fs)
	desk := fs.String("desk", "", "the desk selling")
	key := fs.String("key", "", "idempotency key: a sale retried with it returns the first sale (default: a new random key)")
	pay := fs.String("pay", "", "payments METHOD:AMOUNT, split with commas; METHOD is cash, card or cheque; cash is the amount tendered")
	id := fs.String("id", "", "identity document of a cheque payer: kind and number, e.g. \"CNI 123456\" (R8)")
	cheque := fs.String("cheque", "", "the cheque's number")
	ticket := fs.String("ticket", "", "the buyer's reservation ticket, if any (else a walk-in buyer, R3)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *desk == "" {
		return usagef("--desk est requis : la caisse qui vend")
	}
	if *pay == "" {
		return usagef("--pay est requis : le paiement, par exemple --pay cash:25.00 ou --pay cash:10,card:15")
	}
	if fs.NArg() == 0 {
		return usagef("aucune carte : donner les numéros de série ou les codes de plaque des cartes remises")
	}
	req := loto.SaleRequest{Desk: *desk, Cards: fs.Args(), Cheque: *cheque, Ticket: *ticket}
	var err error
	if req.Payments, err = loto.ParsePayments(*pay); err != nil {
		return err
	}
	if strings.TrimSpace(*id) != "" {
		if req.Identity, err = loto.ParseIdentity(*id); err != nil {
			return err
		}
	}
	if *key == "" {
		*key = newKey("vente")
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		sale, err := d.Sell(loto.WithKey(ctx, *key), *by, req)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sale)
	})
}

// newKey makes a random idempotency key for a command given none.
func newKey(prefix string) string {
	var b [12]byte
	rand.Read(b[:])
	return prefix + "-" + hex.EncodeToString(b[:])
}
