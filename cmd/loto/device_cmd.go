package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/loto"
)

// pairingJSON is what `loto device add --json` writes, exactly: tools
// outside the project read it.
type pairingJSON struct {
	Device int       `json:"device"`
	Role   loto.Role `json:"role"`
	Code   string    `json:"code"`
	Token  string    `json:"token"`
}

func deviceAdd(fs *flags) action {
	by := byFlag(fs)
	role := fs.String("role", "", "`RÔLE` rôle de l'appareil : meneur, contrôleur, caissier, entrée ou tableau (ou host, controller, cashier, door, board)")
	desk := fs.String("desk", "", "`CAISSE` caisse d'un appareil de caissier")
	asJSON := fs.Bool("json", false, `écrire {"device": N, "role": ..., "code": ..., "token": ...} en JSON`)
	fs.About = "Le code (8 caractères, valable un quart d'heure, une seule fois) se tape sur l'appareil ; le jeton sert\n" +
		"à un client de l'API (en-tête « Authorization: Bearer JETON »). Ni l'un ni l'autre n'est gardé : ils ne\n" +
		"s'affichent qu'ici. La commande écrit au journal, que « loto serve » tourne ou non."
	return func(ctx context.Context, e *env) error {
		name := strings.TrimSpace(joinArgs(fs))
		if name == "" {
			return usagef("le nom de l'appareil est attendu, par exemple « loto device add tablette-caisse-1 --role caissier --desk caisse-1 »")
		}
		if strings.TrimSpace(*role) == "" {
			return usagef("--role est requis : meneur, contrôleur, caissier, entrée ou tableau")
		}
		r, err := loto.ParseRole(*role)
		if err != nil {
			return usagef("--role : %s", loto.ErrorMessage(err))
		}
		return fs.withAccess(ctx, mustExist, func(d *loto.Day, b *access.Book) error {
			p, err := b.AddDevice(ctx, by.actor(), name, r, *desk)
			if err != nil {
				return err
			}
			if *asJSON {
				return cli.WriteJSON(e.stdout, pairingJSON{Device: p.Device.ID, Role: p.Device.Role, Code: p.Code, Token: p.Token})
			}
			fmt.Fprintf(e.stdout, "appareil n° %d « %s » appairé : %s\n", p.Device.ID, p.Device.Name, roleOf(p.Device))
			fmt.Fprintf(e.stdout, "code d'appairage : %s (à taper sur l'appareil, une seule fois, avant %s)\n", p.Code, p.Until.In(d.Event().Location()).Format("15:04"))
			fmt.Fprintf(e.stdout, "jeton d'API : %s (en-tête « Authorization: Bearer … »)\n", p.Token)
			fmt.Fprintln(e.stdout, "Le code et le jeton ne s'affichent qu'une fois : perdus, révoquer l'appareil et en appairer un autre.")
			return nil
		})
	}
}

// roleOf says a device's role in French: "caissier de caisse-1".
func roleOf(v access.Device) string {
	if v.Desk != "" {
		return v.Role.Label() + " de " + v.Desk
	}
	return v.Role.Label()
}

func deviceList(fs *flags) action {
	asJSON := fs.Bool("json", false, "écrire la liste en JSON")
	return func(ctx context.Context, e *env) error {
		if fs.NArg() > 0 {
			return usagef("« loto device list » ne prend pas d'argument")
		}
		return fs.withAccess(ctx, mustExist, func(d *loto.Day, b *access.Book) error {
			list := b.Devices()
			if *asJSON {
				return cli.WriteJSON(e.stdout, list)
			}
			writeDevices(e.stdout, list, d.Event().Location())
			return nil
		})
	}
}

// writeDevices writes a line per device, its times in the event's zone,
// the hall's clocks, whatever the machine's own zone (R1).
func writeDevices(w io.Writer, list []access.Device, zone *time.Location) {
	if len(list) == 0 {
		fmt.Fprintln(w, "aucun appareil appairé (« loto device add NOM --role RÔLE »)")
		return
	}
	// The zone named: a laptop on another clock than the hall's (UTC)
	// would otherwise read the times as its own.
	fmt.Fprintf(w, "heures de la salle (fuseau de l'événement : %s)\n", zone)
	for _, v := range list {
		state := "code d'appairage utilisé"
		switch {
		case v.Revoked():
			state = fmt.Sprintf("révoqué à %s par %s : %s", v.RevokedAt.In(zone).Format("15:04"), v.RevokedBy, v.Why)
		case !v.CodeUsed && clock().Before(v.CodeExpires):
			state = "code d'appairage valable jusqu'à " + v.CodeExpires.In(zone).Format("15:04")
		case !v.CodeUsed:
			state = "code d'appairage expiré sans servir (le jeton d'API reste valable)"
		}
		fmt.Fprintf(w, "n° %d  %s  %s  appairé à %s par %s  %s\n", v.ID, v.Name, roleOf(v),
			v.PairedAt.In(zone).Format("15:04"), v.PairedBy, state)
	}
}

func deviceRevoke(fs *flags) action {
	by := byFlag(fs)
	why := fs.String("why", "", "`TEXTE` pourquoi l'appareil est révoqué (perdu, remplacé, fin de journée…)")
	return func(ctx context.Context, e *env) error {
		arg, err := oneArg(fs, "le numéro de l'appareil (voir « loto device list »)")
		if err != nil {
			return err
		}
		id, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(arg), "n°"))
		if err != nil || id < 1 {
			return usagef("numéro d'appareil « %s » invalide : voir « loto device list »", loto.Shown(arg))
		}
		if strings.TrimSpace(*why) == "" {
			return usagef("--why est requis : pourquoi l'appareil est révoqué")
		}
		return fs.withAccess(ctx, mustExist, func(d *loto.Day, b *access.Book) error {
			v, err := b.RevokeDevice(ctx, by.actor(), id, *why)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "appareil n° %d « %s » révoqué : ses jetons et son code ne servent plus\n", v.ID, v.Name)
			return nil
		})
	}
}
