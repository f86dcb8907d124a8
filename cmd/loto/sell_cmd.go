package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"loto/internal/loto"
)

func sell(fs *flags) action {
	by := byFlag(fs)
	desk := fs.String("desk", "", "`CAISSE` la caisse qui vend (par défaut : celle de --as caissier:CAISSE)")
	key := fs.String("key", "", "`CLÉ` clé d'idempotence : une vente refaite avec elle rend la première (par défaut : une clé neuve au hasard)")
	pay := fs.String("pay", "", "`MOYEN:MONTANT` les paiements, séparés par des virgules ; MOYEN vaut cash, card ou cheque ; en espèces, le montant remis")
	id := fs.String("id", "", "`PIÈCE` pièce d'identité de qui paie par chèque : type et numéro, par exemple \"CNI 123456\" (R8)")
	cheque := fs.String("cheque", "", "`NUMÉRO` le numéro du chèque")
	ticket := fs.String("ticket", "", "`BILLET` le billet de réservation de l'acheteur, s'il en a un (sinon un acheteur sans réservation, R3)")
	return func(ctx context.Context, e *env) error {
		if *desk == "" {
			*desk = by.as.desk // a cashier sells at its own desk
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
		req := loto.SaleRequest{Desk: *desk, Cheque: strings.TrimSpace(*cheque)}
		var err error
		if req.Cards, err = loto.ParseCardCodes(fs.Args()); err != nil {
			return err
		}
		if req.Payments, err = loto.ParsePayments(*pay); err != nil {
			return err
		}
		if strings.TrimSpace(*ticket) != "" {
			t, err := loto.ParseTicketCode(*ticket)
			if err != nil {
				return err
			}
			req.Ticket = &t
		}
		if strings.TrimSpace(*id) != "" {
			if req.Identity, err = loto.ParseIdentity(*id); err != nil {
				return err
			}
		}
		k, err := loto.ParseKey(*key)
		if err != nil {
			return err
		}
		if k == "" {
			k = newKey("vente")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			sale, err := d.Sell(loto.WithKey(ctx, k), by.actor(), req)
			if err != nil {
				return err
			}
			// Warnings go to the cashier, beside the JSON a program reads.
			for _, w := range sale.Warnings {
				fmt.Fprintln(e.stderr, "attention : "+w)
			}
			// The desk's receipt, with the key that retries the sale.
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(struct {
				loto.Receipt
				Key loto.Key `json:"key"`
			}{sale.Receipt(), k})
		})
	}
}

// newKey makes a random idempotency key for a command given none.
func newKey(prefix string) loto.Key {
	var b [12]byte
	rand.Read(b[:])
	return loto.Key(prefix + "-" + hex.EncodeToString(b[:]))
}
