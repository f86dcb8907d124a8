package loto

import (
	"bytes"
	"encoding/json"
	"strconv"

	"loto/internal/card"
	"loto/internal/journal"
)

// Event types of the day, as stored in the journal.
const (
	TypeSeriesCreated = "series.created"
	TypeEventCreated  = "event.created"
	TypeCardsStamped  = "cards.stamped"
	// TypeCardsVoided voided cards by hand, before exclusions (see
	// Exclude) voided them; no command writes it now, but the journals
	// that hold it still replay.
	TypeCardsVoided     = "cards.voided"
	TypeGameStarted     = "game.started"
	TypeNumberDrawn     = "number.drawn"
	TypeNumberUndone    = "number.undone"
	TypeGameCalled      = "game.called"
	TypeClaimRegistered = "claim.registered"
	TypeControlStarted  = "control.started"
	TypeTieTokens       = "tie.tokens"
	TypeTieDeclined     = "tie.declined"
	TypePrizeAwarded    = "prize.awarded"
	TypeRulingRecorded  = "ruling.recorded"
	TypeSeedRevealed    = "seed.revealed"
	TypeDayEnded        = "day.ended"
)

// Names of the secrets kept beside the journal, never in a payload.
func gameSeedSecret(game int) string      { return "game/" + strconv.Itoa(game) + "/seed" }
func seriesSeedSecret(code string) string { return "series/" + code + "/seed" }
func seriesKeySecret(code string) string  { return "series/" + code + "/key" }

// Verdict is the outcome of a claim at the control (R20-R22, R9, R10, R28, R31).
type Verdict string

// The verdicts.
const (
	VerdictWin           Verdict = "win"
	VerdictNotWinner     Verdict = "not_winner"
	VerdictMissedTurn    Verdict = "missed_turn" // completed before the last number, called too late (R20)
	VerdictLate          Verdict = "late"
	VerdictNotStamped    Verdict = "not_stamped"
	VerdictNextGame      Verdict = "next_game" // sold or given once the game had started: it plays from the next one (R14)
	VerdictUnknownSeries Verdict = "unknown_series"
	VerdictBadCheck      Verdict = "bad_check"
	VerdictNotEligible   Verdict = "not_eligible"
	VerdictVoided        Verdict = "voided"
	VerdictDuplicate     Verdict = "duplicate"
)

// French says the verdict to the controller and the host.
func (v Verdict) French() string {
	switch v {
	case VerdictWin:
		return "carton gagnant"
	case VerdictNotWinner:
		return "pas gagnant : erreur du joueur (R22)"
	case VerdictMissedTurn:
		// Always said with the claim's reason: since which number, R20.
		return "pas gagnant"
	case VerdictLate:
		return "annonce après le début du contrôle : non retenue (R21)"
	case VerdictNotStamped:
		return "carte non tamponnée pour ce jour : nulle (R9)"
	case VerdictNextGame:
		// Always said with the claim's reason: which sale or ticket.
		return "carte vendue ou remise après le début de la partie : elle joue à partir de la partie suivante"
	case VerdictUnknownSeries:
		return "série inconnue ou pas en vente aujourd'hui (R10)"
	case VerdictBadCheck:
		return "code de contrôle faux : carte refusée (R10)"
	case VerdictNotEligible:
		return "cette carte ne joue pas dans cette partie (R31)"
	case VerdictVoided:
		return "carte annulée : son porteur est exclu (R28)"
	case VerdictDuplicate:
		return "carte déjà annoncée"
	}
	return string(v)
}

// Payloads of the events. Numbers cross the journal as plain integers.
type (
	seriesCreated struct {
		Code       string      `json:"code"`
		Kind       Kind        `json:"kind"`
		Cards      int         `json:"cards"`
		Color      string      `json:"color"`
		Title      string      `json:"title"`
		Generator  int         `json:"generator"`   // card.GeneratorVersion
		SeedSHA256 string      `json:"seed_sha256"` // commitment to the secret seed
		KeySHA256  string      `json:"key_sha256"`  // commitment to the secret check key
		Rerolls    map[int]int `json:"rerolls,omitempty"`
		Simulated  bool        `json:"simulated,omitempty"` // made by loto simulate (Simulated)
	}
	eventCreated struct {
		Event         *EventSpec `json:"event"`
		CreatedSeries []string   `json:"created_series"`
		Simulated     bool       `json:"simulated,omitempty"` // made by loto simulate (Simulated)
	}
	cardsStamped struct {
		Cards  []string `json:"cards"` // serials
		Reason string   `json:"reason,omitempty"`
	}
	cardsVoided struct {
		Cards  []string `json:"cards"`
		Reason string   `json:"reason"`
	}
	gameStarted struct {
		Game       int    `json:"game"`
		Title      string `json:"title"`
		Announce   string `json:"announce"`    // R13
		SeedSHA256 string `json:"seed_sha256"` // commitment to the game's secret seed, drawn at its start (R14)
	}
	numberDrawn struct {
		Game   int         `json:"game"`
		Number card.Number `json:"number"`
		RNG    bool        `json:"rng"`
	}
	numberUndone struct {
		Game   int         `json:"game"`
		Number card.Number `json:"number"`
		Reason string      `json:"reason,omitempty"` // the host's words: a slip, a ball read wrong
	}
	gameCalled struct {
		Game  int `json:"game"`
		Stage int `json:"stage"`
	}
	claimRegistered struct {
		Game    int     `json:"game"`
		Stage   int     `json:"stage"`
		Claim   int     `json:"claim"`
		Serial  string  `json:"serial"`
		Call    bool    `json:"call,omitempty"`    // the claim itself stopped the draw (R15)
		Verdict Verdict `json:"verdict,omitempty"` // set at once for a late claim (R21)
		Reason  string  `json:"reason,omitempty"`  // why it is late, when the phase does not say it (R21)
	}
	controlStarted struct {
		Game     int            `json:"game"`
		Stage    int            `json:"stage"`
		Verdicts []claimVerdict `json:"verdicts"`
	}
	// claimVerdict is a claim's verdict as a control records it; ClaimResult is its answer.
	claimVerdict struct {
		Claim   int           `json:"claim"`
		Serial  string        `json:"serial"`
		Verdict Verdict       `json:"verdict"`
		ReadOut []card.Number `json:"read_out,omitempty"` // R20: last number first
		Reason  string        `json:"reason,omitempty"`
	}
	tieTokens struct {
		Game   int        `json:"game"`
		Stage  int        `json:"stage"`
		Tie    string     `json:"tie"` // tie id for the token bag
		RNG    bool       `json:"rng"`
		Tokens []tieToken `json:"tokens"`
	}
	// tieToken is the token a tied winner drew, as the journal records it; ClaimToken is its answer.
	tieToken struct {
		Claim  int    `json:"claim"`
		Serial string `json:"serial"`
		Token  int    `json:"token"`
	}
	tieDeclined struct {
		Game  int `json:"game"`
		Stage int `json:"stage"`
	}
	prizeAwarded struct {
		Game     int             `json:"game"`
		Stage    int             `json:"stage"`
		Draws    []int           `json:"draws"`
		Winners  []awardedWinner `json:"winners"`
		GameOver bool            `json:"game_over"`
	}
	// awardedWinner is what a winning card receives, as an award records it; Winner is its answer.
	awardedWinner struct {
		Serial      string `json:"serial"`
		Token       *int   `json:"token"`
		Prize       string `json:"prize"`
		ShareCents  *Cents `json:"share_cents"`
		Consolation bool   `json:"consolation"`
	}
	// rulingRecorded is a ruling as the journal records it; Ruling is its answer.
	rulingRecorded struct {
		Game    int     `json:"game"`
		Stage   int     `json:"stage"`
		By      Role    `json:"by"`
		Claim   int     `json:"claim,omitempty"`
		Verdict Verdict `json:"verdict,omitempty"`
		What    string  `json:"what"`
		Why     string  `json:"why"`
		Warning string  `json:"warning,omitempty"`
	}
	seedRevealed struct {
		Game     int    `json:"game"`
		Seed     string `json:"seed"`                // hex
		CutShort bool   `json:"cut_short,omitempty"` // the day ended during the game, before its last award
	}
	dayEnded struct {
		Reason string `json:"reason"` // why the day ended before its programme
	}
)

// ClaimResult is a claim with its verdict.
type ClaimResult struct {
	Claim   int           `json:"claim"`
	Serial  string        `json:"serial"`
	Verdict Verdict       `json:"verdict"`
	ReadOut []card.Number `json:"read_out,omitempty"` // R20: last number first
	// Reason says in French why, where the verdict's own words would
	// mislead: a paid card sold once the game had started (R14), a
	// claim during the draw at a number already controlled (R21), a card
	// that completed at an earlier number (R20).
	Reason string `json:"reason,omitempty"`
}

// ClaimAnswer is a claim as registered, with what the controller must hear
// at once: the same card already in this call, which the control judges a
// duplicate.
type ClaimAnswer struct {
	ClaimResult
	Warning string `json:"warning,omitempty"`
}

// ClaimToken is the token a tied winner drew from the bag (R17).
type ClaimToken struct {
	Claim  int    `json:"claim"`
	Serial string `json:"serial"`
	Token  int    `json:"token"`
}

// Winner is what one winning card receives at an award (R17-R19, R25).
type Winner struct {
	Serial      string `json:"serial"`
	Token       *int   `json:"token"` // nil without a tie
	Prize       string `json:"prize"`
	ShareCents  *Cents `json:"share_cents"` // nil for an object or a consolation
	Consolation bool   `json:"consolation"`
}

// Ruling is a decision in a dispute (R27): who decided, on what, and why. It
// may overturn the verdict of a claim of the current control.
type Ruling struct {
	Game    int     `json:"game"`
	Stage   int     `json:"stage"`
	By      Role    `json:"by"` // organiser or host: the role that decides
	Claim   int     `json:"claim,omitempty"`
	Verdict Verdict `json:"verdict,omitempty"` // the new verdict, if any
	What    string  `json:"what"`
	Why     string  `json:"why"`
	// Warning says, when a ruling makes a card win that the control found
	// unable to (a duplicate, a void or ineligible card), what it gives away:
	// the decision stands, but nobody takes it unwarned (R27).
	Warning string `json:"warning,omitempty"`
}

// draft builds a journal draft from a payload, signed by the actor in its
// journal form (see Actor.String).
func draft(actor Actor, typ string, payload any) (journal.Draft, error) {
	if err := actor.Check(); err != nil {
		return journal.Draft{}, err
	}
	b, err := json.Marshal(payload)
	if err != nil {
		return journal.Draft{}, internalf(err, "encodage de l'événement %s", typ)
	}
	if replacedInvalidUTF8(b) {
		// The event would record another text than the one checked (and
		// answer about it); the edge should have refused it.
		return journal.Draft{}, Errorf(EInvalid, "texte illisible : il n'est pas écrit en UTF-8 (un fichier enregistré en Windows-1252 ?) ; rien n'est enregistré")
	}
	return journal.Draft{Actor: actor.String(), Type: typ, Payload: b}, nil
}

// replacedInvalidUTF8 reports whether encoding/json replaced invalid UTF-8
// in a string with the escape \ufffd, which it writes for nothing else (a
// U+FFFD given as such is written as its UTF-8 bytes, a backslash typed
// before "ufffd" as \\).
func replacedInvalidUTF8(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`\ufffd`))
		if j < 0 {
			return false
		}
		j += i
		slashes := 0
		for k := j - 1; k >= 0 && b[k] == '\\'; k-- {
			slashes++
		}
		if slashes%2 == 0 {
			return true
		}
		i = j + 1
	}
}

// decode reads a payload, as an internal error when it does not parse.
func decode(e journal.Event, v any) error {
	if err := json.Unmarshal(e.Payload, v); err != nil {
		return internalf(err, "événement %d (%s) illisible", e.Seq, e.Type)
	}
	return nil
}
