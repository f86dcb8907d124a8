package main

// commands is every command of the loto command line: "verb" or "noun verb",
// its summary for the lists of help, and how it declares its flags (see
// command).
var commands = map[string]command{
	// The day's set-up: the event, its series and cards, the organiser, the devices.
	"event create":       {"vérifie un fichier d'événement et enregistre la journée (--from FICHIER)", eventCreate},
	"event show":         {"affiche l'événement enregistré (--json)", eventShow},
	"series create":      {"crée une série de cartes (--series A --cards 6000 [--special] [--color] [--title])", seriesCreate},
	"series list":        {"liste les séries", seriesList},
	"series export":      {"écrit les cartes d'une série en lignes JSON (--series A [--from N] [--to M])", seriesExport},
	"series plates":      {"liste les plaques d'une série : numéro, code de plaque à taper ou scanner à la vente, cartes (--series A [--from P] [--to P] [--json])", seriesPlates},
	"card check":         {"vérifie un numéro de série (R10), affiche la carte et ce qu'elle est aujourd'hui : vendue, gratuite, pas vendue, annulée (R9, R28)", cardCheck},
	"print cards":        {"imprime des cartes en PDF (--series A [--from N] [--to M] --layout 6|3|1 [--bleed MM] [--crop-marks] --out FICHIER.pdf)", printCards},
	"print rules":        {"imprime le règlement du jour en PDF, tiré de l'événement enregistré (--out FICHIER.pdf)", printRules},
	"print tickets":      {"imprime les billets de réservation en PDF (--out FICHIER.pdf [--reservation N])", printTickets},
	"organiser password": {"définit le mot de passe de l'organisateur, lu sur l'entrée standard (deux fois au terminal, sans écho), jamais en option", organiserPassword},
	"device add":         {"appaire un appareil avec un rôle et affiche, une seule fois, son code d'appairage et son jeton d'API (NOM --role RÔLE [--desk CAISSE] [--json])", deviceAdd},
	"device list":        {"liste les appareils appairés, révoqués compris, sans code ni jeton ([--json])", deviceList},
	"device revoke":      {"révoque un appareil : ses jetons et son code ne servent plus (N --why TEXTE)", deviceRevoke},

	// Reservations, the door and the desks.
	"reservation add":    {"enregistre une réservation et affiche les codes de ses billets, un par ligne (NOM [--contact TÉLÉPHONE-ou-COURRIEL] [--tickets N])", reservationAdd},
	"reservation import": {"enregistre les réservations d'un fichier CSV, toutes ou aucune ; refuse un titulaire déjà réservé sauf --again (FICHIER.csv : nom, téléphone ou e-mail, billets ; voir -h)", reservationImport},
	"reservation list":   {"liste les réservations, un billet par ligne, barré ou non ([--name TEXTE] [--json])", reservationList},
	"door":               {"barre un billet de réservation et remet sa carte gratuite (R4) (--door ENTRÉE BILLET SÉRIE)", door},
	"desk open":          {"ouvre une session de caisse avec son fond de caisse (CAISSE --float 150.00)", deskOpen},
	"desk close":         {"clôt la session de caisse avec le comptage et affiche le rapport Z (CAISSE --count \"50x2,20x5\" [--card 12.00] [--cheque 20.00])", deskClose},
	"sell":               {"vend des cartes à une caisse et écrit la vente en JSON (--desk CAISSE --pay cash:25.00[,card:5] [--key CLÉ] [--id \"CNI 123456\" --cheque 0012345] SÉRIE-ou-PLAQUE...)", sell},
	"exclude":            {"exclut une personne qui perturbe le jeu (R28) : annule toutes ses cartes, la gratuite comprise, et rembourse ses ventes (--why TEXTE [--ticket BILLET] [--sale N] [--card SÉRIE]... [--desk CAISSE])", exclude},
	"refund":             {"rembourse une vente après le report du loto (R29) : --sale N --reason postponement [--desk CAISSE] [--note TEXTE] ; une exclusion se fait par « loto exclude »", refund},

	// The host's and controllers' commands: a day's games run and audited
	// without the web, each act recorded in the journal like the web's.
	"game start":   {"commence la partie suivante, annonce son lot (R13) et montre l'empreinte de sa graine (R14)", gameStart},
	"game draw":    {"tire le numéro suivant : N lu sur la machine à boules en mode manuel, rien en mode rng ([N])", gameDraw},
	"game undo":    {"annule le dernier numéro tapé (faute de frappe, mode manuel)", gameUndo},
	"game call":    {"un joueur annonce : le tirage s'arrête (R15)", gameCall},
	"game claim":   {"enregistre les cartes annoncées (SÉRIE...) ; une fois un contrôle commencé au numéro affiché, elles sont hors délai (R21)", gameClaim},
	"game control": {"clôt les annonces et affiche chaque verdict, avec les numéros à lire (R20-R22)", gameControl},
	"game tokens":  {"pions d'égalité (R17) : sans N, tirés par le logiciel ; en mode manuel, N... tirés du sac, un par gagnant dans l'ordre des annonces (R14)", gameTokens},
	"game decline": {"les gagnants à égalité refusent de partager le bon : le plus haut pion le prend (R18)", gameDecline},
	"game award":   {"remet le lot de l'étape : pion, lot ou part de chaque gagnant, consolation (R17-R19, R25)", gameAward},
	"game status":  {"ce que montre le tableau : partie, étape, lot, numéros sortis, phase, annonces, pause ([--json])", gameStatus},
	"game rule":    {"enregistre une décision dans un litige (R27), au nom du rôle de --as (ou --role organisateur|meneur) : --why TEXTE, avec --claim N --verdict win|not_winner, ou --what TEXTE pour une note", gameRule},
	"break start":  {"commence une pause entre les parties ([--label NOM] [--minutes N] ; par défaut : la suivante du programme, R12)", breakStart},
	"break end":    {"termine la pause : le jeu reprend", breakEnd},

	// The day's end, its records and their checks.
	"event end":      {"clôt une journée écourtée, partie en cours comprise, dont la graine est révélée pour l'audit (--reason TEXTE)", eventEnd},
	"event postpone": {"reporte le loto (R29) : les ventes s'arrêtent ; affiche chaque vente à rembourser ([--reason TEXTE])", eventPostpone},
	"report day":     {"le rapport de la journée : --json, ou --format csv|pdf --out FICHIER (CSV sur la sortie standard sans --out)", reportDay},
	"audit draws":    {"recalcule chaque tirage du logiciel à partir de la graine révélée de sa partie, vérifiée contre son empreinte (R14)", auditDraws},
	"journal head":   {"affiche l'ancre NUMÉRO:EMPREINTE du dernier événement, à garder hors de la base (--json)", journalHead},
	"journal verify": {"recalcule la chaîne d'empreintes et les engagements des secrets ; nomme le premier événement altéré ; vérifie les ancres gardées (--anchor NUMÉRO:EMPREINTE, répétable)", journalVerify},
	"journal export": {"écrit les événements en lignes JSON : jamais les secrets, les données personnelles ni les codes des billets", journalExport},
	"privacy erase":  {"efface pour de bon les données personnelles d'une personne qui le demande (P1) : --reservation N ou --sale N, --why TEXTE", privacyErase},
	"privacy purge":  {"efface toutes les données personnelles d'une journée finie (P1) : --why TEXTE", privacyPurge},
	"privacy scrub":  {"finit de nettoyer les fichiers après un effacement, quand un autre programme lisait le journal", privacyScrub},
	"backup":         {"sauvegarde la base SQLite dans un fichier (--out), même pendant que le serveur écrit ; affiche l'ancre de la sauvegarde", backup},
	"restore":        {"remet en place une sauvegarde (--from) après avoir vérifié sa chaîne ; refuse de remplacer une journée sans --force", restore},

	// The server and the demonstration.
	"serve":    {"sert la journée sur le réseau de la salle : pages, API JSON, connexion de l'organisateur et des appareils (--addr, --read-only)", serve},
	"simulate": {"joue une journée de démonstration entière sur une --db neuve (et y crée l'événement), marquée simulée", simulate},
	"version":  {"affiche la version du programme", version},
}
