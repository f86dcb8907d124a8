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
