package loto

import "strings"

// Role is what a person or a device does in the day; it decides which
// commands it may run (see Allowed).
type Role string

// The roles of a loto day.
const (
	RoleOrganiser  Role = "organiser"  // runs the day; may do everything
	RoleHost       Role = "host"       // draws the numbers and runs the games
	RoleController Role = "controller" // checks the cards that claim
	RoleCashier    Role = "cashier"    // sells at one desk
	RoleDoor       Role = "door"       // admits reservation holders
	RoleBoard      Role = "board"      // shows the game; writes nothing
	RoleSystem     Role = "system"     // acts the software makes by itself
)

// Roles lists every role, in the order people meet them in the docs.
var Roles = []Role{RoleOrganiser, RoleHost, RoleController, RoleCashier, RoleDoor, RoleBoard, RoleSystem}

// roleLabels are the French names of the roles, as people say them.
var roleLabels = map[Role]string{
	RoleOrganiser:  "organisateur",
	RoleHost:       "meneur de jeu",
	RoleController: "contrôleur",
	RoleCashier:    "caissier",
	RoleDoor:       "entrée",
	RoleBoard:      "tableau",
	RoleSystem:     "système",
}

// Label is the role's French name ("caissier"), or its id when unknown.
func (r Role) Label() string {
	if l, ok := roleLabels[r]; ok {
		return l
	}
	return string(r)
}

// roleWords are the words people type for a role: its id, and French
// words with and without accents.
var roleWords = map[string]Role{
	"organisateur": RoleOrganiser, "organisatrice": RoleOrganiser,
	"meneur": RoleHost, "meneuse": RoleHost, "meneur de jeu": RoleHost, "meneuse de jeu": RoleHost,
	"contrôleur": RoleController, "controleur": RoleController, "contrôleuse": RoleController, "controleuse": RoleController,
	"caissier": RoleCashier, "caissière": RoleCashier, "caissiere": RoleCashier,
	"entrée": RoleDoor, "entree": RoleDoor, "accueil": RoleDoor,
	"tableau": RoleBoard,
	"système": RoleSystem, "systeme": RoleSystem,
}

// ParseRole reads a role as typed, in any case: its id ("cashier") or a
// French word ("caissier", "meneur de jeu", "entrée").
func ParseRole(text string) (Role, error) {
	w := strings.ToLower(strings.TrimSpace(text))
	if r := Role(w); r.Valid() {
		return r, nil
	}
	if r, ok := roleWords[w]; ok {
		return r, nil
	}
	return "", Errorf(EInvalid, "rôle « %s » inconnu : organisateur, meneur, contrôleur, caissier, entrée, tableau ou système (en anglais : organiser, host, controller, cashier, door, board, system)", clip(text))
}

// clip shortens a text quoted in a message, so that a huge input is never
// repeated (see Shown).
func clip(s string) string { return Shown(s) }

// Valid says whether r is one of Roles.
func (r Role) Valid() bool {
	_, ok := roleLabels[r]
	return ok
}

// Actor is who runs a command: a person's name (or a device's), the role it
// acts in and, for a cashier, the desk it sells at.
type Actor struct {
	Name string
	Role Role
	Desk string // the cashier's desk; empty for every other role
}

// maxActorName bounds a name, which is recorded in every event it makes.
const maxActorName = 80

// Check says, in French, why an actor cannot sign an event: an unknown
// role, a cashier without a desk (or another role with one), an empty or
// over-long name or one with a control character, or a desk CheckDesk
// refuses.
func (a Actor) Check() error {
	switch {
	case !a.Role.Valid():
		return Errorf(EInvalid, "rôle « %s » inconnu : organiser, host, controller, cashier, door, board ou system", clip(string(a.Role)))
	case a.Role == RoleCashier && a.Desk == "":
		return Errorf(EInvalid, "un caissier agit à une caisse : la caisse manque")
	case a.Role != RoleCashier && a.Desk != "":
		return Errorf(EInvalid, "seul un caissier agit à une caisse (%s : %s)", a.Role.Label(), clip(a.Desk))
	case strings.TrimSpace(a.Name) == "":
		return Errorf(EInvalid, "qui agit ? le nom manque")
	}
	if err := CheckDesk(a.Desk); err != nil {
		return err
	}
	return CheckText("nom de qui agit", a.Name, maxActorName)
}

// CheckDesk says, in French, why name cannot be a desk's: a "/", which
// ends the desk in an actor's journal form (see String), or a text that
// CheckText refuses. The event file's desks are checked by it, so that a
// cashier's device can be bound to every desk of the day.
func CheckDesk(name string) error {
	if strings.ContainsRune(name, '/') {
		return Errorf(EInvalid, "nom de caisse « %s » invalide : sans « / », qui sépare la caisse du nom de qui agit dans le journal (par exemple caisse-2)", Shown(name))
	}
	return CheckText("nom de caisse", name, MaxName)
}

// String is the actor's form in the journal: "ROLE/NAME", or
// "cashier:DESK/NAME" for a cashier ("cashier:caisse-1/Marie",
// "host/Paul"). The role holds neither ":" nor "/" and the desk no "/", so
// the first "/" ends the role and desk, and the name, whatever it holds,
// is the rest: actorName reads it back.
func (a Actor) String() string {
	if a.Desk != "" {
		return string(a.Role) + ":" + a.Desk + "/" + a.Name
	}
	return string(a.Role) + "/" + a.Name
}

// actorName is the name in an event's actor, for the state and reports; an
// actor not in the journal form (events written by hand or by an older
// version) is taken whole as the name. It is read on every fold of an
// event, so it only cuts: the actor was checked when its event was made.
func actorName(s string) string {
	head, name, ok := strings.Cut(s, "/")
	role, _, _ := strings.Cut(head, ":")
	if ok && Role(role).Valid() {
		return name
	}
	return s
}

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
