package loto

import "strings"

// Command names a command of the day in the role table (see Allowed).
type Command string

// The commands of the day, one per Day method that writes to the journal.
const (
	CmdCreateEvent  Command = "event.create"
	CmdCreateSeries Command = "series.create"
	CmdReserve      Command = "reservation.create" // one reservation, or an import
	CmdPostpone     Command = "event.postpone"
	CmdEndDay       Command = "event.end"
	CmdErase        Command = "privacy.erase"
	CmdPurge        Command = "privacy.purge"
	CmdOpenDesk     Command = "desk.open"
	CmdCloseDesk    Command = "desk.close"
	CmdSell         Command = "sale.record"
	CmdStamp        Command = "cards.stamp"
	CmdRefund       Command = "sale.refund"
	CmdExclude      Command = "person.exclude"
	CmdAdmit        Command = "door.admit"
	CmdStartBreak   Command = "break.start"
	CmdEndBreak     Command = "break.end"
	CmdStartGame    Command = "game.start"
	CmdDraw         Command = "game.draw"
	CmdUndo         Command = "game.undo"
	CmdCall         Command = "game.call"
	CmdClaim        Command = "game.claim"
	CmdControl      Command = "game.control"
	CmdTokens       Command = "game.tokens"
	CmdDecline      Command = "game.decline"
	CmdAward        Command = "game.award"
	CmdRule         Command = "game.rule"
	CmdAddDevice    Command = "device.add"
	CmdRevokeDevice Command = "device.revoke"
	CmdSetPassword  Command = "organiser.password"
	// CmdRecordRestore records a restore of the base (loto restore --force).
	CmdRecordRestore Command = "journal.restore"
)

// commands is the role table: each command, its act in French (as in "un
// caissier ne peut pas <act>") and the roles that may run it besides the
// organiser, in the order of a day. The organiser may run every command
// (the CLI, acting as the organiser, runs a whole day); a command that
// lists no role is the organiser's alone. A cashier acts at its own desk
// only (see Authorize). The board writes nothing. The system, the software
// acting by itself (a live demo, a timed draw), may draw numbers and tie
// tokens and end a break when its time is up: acts a machine makes without
// a person's judgement, never money, a claim or a ruling.
var commands = []commandRule{
	{CmdCreateEvent, "créer l'événement", nil},
	{CmdSetPassword, "changer le mot de passe de l'organisateur", nil},
	{CmdAddDevice, "appairer un appareil", nil},
	{CmdRevokeDevice, "révoquer un appareil", nil},
	{CmdCreateSeries, "créer une série", nil},
	{CmdReserve, "enregistrer des réservations", nil},
	{CmdOpenDesk, "ouvrir une caisse", []Role{RoleCashier}},
	{CmdSell, "vendre", []Role{RoleCashier}},
	{CmdStamp, "tamponner des cartes", nil},
	{CmdCloseDesk, "fermer une caisse", []Role{RoleCashier}},
	{CmdAdmit, "faire entrer un porteur de billet", []Role{RoleDoor}},
	{CmdRefund, "rembourser une vente", nil},
	{CmdExclude, "exclure une personne", nil},
	{CmdPostpone, "reporter le loto", nil},
	{CmdStartBreak, "commencer une pause", []Role{RoleHost}},
	{CmdEndBreak, "finir une pause", []Role{RoleHost, RoleSystem}},
	{CmdStartGame, "lancer une partie", []Role{RoleHost}},
	{CmdDraw, "tirer un numéro", []Role{RoleHost, RoleSystem}},
	{CmdUndo, "annuler un numéro", []Role{RoleHost}},
	{CmdCall, "arrêter le tirage sur une annonce", []Role{RoleHost}},
	{CmdClaim, "enregistrer une annonce", []Role{RoleController}},
	{CmdControl, "ouvrir le contrôle", []Role{RoleHost}},
	{CmdTokens, "tirer les pions d'égalité", []Role{RoleHost, RoleController, RoleSystem}}, // R17: the controllers have each tied winner draw a token
	{CmdDecline, "noter le refus de partager", []Role{RoleHost}},
	{CmdAward, "remettre un lot", []Role{RoleHost}},
	{CmdRule, "trancher un litige", []Role{RoleHost}}, // R27: the host or the organiser rules
	{CmdEndDay, "clore la journée", nil},
	{CmdErase, "effacer des données personnelles", nil}, // P1
	{CmdPurge, "purger les données personnelles", nil},
	{CmdRecordRestore, "noter la restauration d'une sauvegarde", nil},
}

// commandRule is a line of the role table.
type commandRule struct {
	cmd   Command
	act   string
	roles []Role // besides the organiser
}

// deskActs are the acts of a desk's commands, for a cashier at another desk.
var deskActs = map[Command]string{CmdOpenDesk: "ouvrir %s", CmdSell: "vendre à %s", CmdCloseDesk: "fermer %s"}

// Commands lists every command of the role table, in the order of a day.
func Commands() []Command {
	out := make([]Command, len(commands))
	for i, c := range commands {
		out[i] = c.cmd
	}
	return out
}

// entry is the command's line in the table; nil for an unknown command.
func (c Command) entry() *commandRule {
	for i := range commands {
		if commands[i].cmd == c {
			return &commands[i]
		}
	}
	return nil
}

// Act is the command's act in French ("vendre"), or its id when unknown.
func (c Command) Act() string {
	if e := c.entry(); e != nil {
		return e.act
	}
	return string(c)
}

// Allowed says whether a role may run a command; a cashier only at its own
// desk, which Authorize checks too.
func Allowed(r Role, c Command) bool {
	e := c.entry()
	if e == nil {
		return false
	}
	if r == RoleOrganiser {
		return true
	}
	for _, x := range e.roles {
		if x == r {
			return true
		}
	}
	return false
}

// Authorize checks that an actor may run a command, at desk for the
// commands of a desk: an invalid actor is EInvalid, a refused command
// EForbidden, with a French message naming the role and the act. Every
// command calls it before it looks at the day, so a refusal appends nothing.
func Authorize(a Actor, c Command, desk string) error {
	if err := a.Check(); err != nil {
		return err
	}
	switch {
	case a.Role == RoleBoard:
		return Errorf(EForbidden, "le tableau ne peut rien enregistrer : il montre le jeu")
	case !Allowed(a.Role, c):
		return Errorf(EForbidden, "%s ne peut pas %s : c'est le rôle %s", a.Role.subject(), c.Act(), allowedTo(c))
	case a.Role == RoleCashier && deskActs[c] != "" && !strings.EqualFold(strings.TrimSpace(desk), strings.TrimSpace(a.Desk)):
		return Errorf(EForbidden, "un caissier de %s ne peut pas "+deskActs[c], a.Desk, strings.TrimSpace(desk))
	}
	return nil
}

// deskOr is the desk a desk's command names, the cashier's own when it
// names none: a cashier's device need not say where it sells.
func (a Actor) deskOr(desk string) string {
	if strings.TrimSpace(desk) == "" && a.Role == RoleCashier {
		return a.Desk
	}
	return desk
}

// subjects are the roles as the subject of a sentence.
var subjects = map[Role]string{
	RoleOrganiser: "l'organisateur", RoleHost: "le meneur de jeu", RoleController: "un contrôleur",
	RoleCashier: "un caissier", RoleDoor: "l'entrée", RoleBoard: "le tableau", RoleSystem: "le système",
}

func (r Role) subject() string { return subjects[r] }

// ofRoles are the roles after "le rôle", as in "le rôle de l'organisateur".
var ofRoles = map[Role]string{
	RoleOrganiser: "de l'organisateur", RoleHost: "du meneur de jeu", RoleController: "des contrôleurs",
	RoleCashier: "des caissiers", RoleDoor: "de l'entrée", RoleSystem: "du système",
}

// allowedTo names, in French, the roles that may run c: "du meneur de jeu
// ou de l'organisateur".
func allowedTo(c Command) string {
	var names []string
	for _, r := range c.entry().roles {
		names = append(names, ofRoles[r])
	}
	names = append(names, ofRoles[RoleOrganiser])
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " ou " + names[len(names)-1]
}
