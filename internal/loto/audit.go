package loto

import (
	"encoding/hex"
	"encoding/json"

	"loto/internal/game"
	"loto/internal/journal"
)

// AuditReport is the result of recomputing the day's random draws from the revealed seed (R14).
type AuditReport struct {
	Mode       DrawMode        `json:"mode"`
	SeedSHA256 string          `json:"seed_sha256"`
	Seed       string          `json:"seed"`
	Games      int             `json:"games"`
	Draws      int             `json:"draws"`  // rng draws recomputed
	Tokens     int             `json:"tokens"` // rng tie tokens recomputed
	Mismatches []AuditMismatch `json:"mismatches"`
}

// OK reports whether every draw and token matched.
func (r AuditReport) OK() bool { return len(r.Mismatches) == 0 }

// AuditMismatch is an event whose number or token the seed does not give.
type AuditMismatch struct {
	Seq  int64  `json:"seq"`
	Game int    `json:"game"`
	What string `json:"what"` // "number" or "token"
	Want int    `json:"want"` // what the seed gives
	Got  int    `json:"got"`  // what the journal holds
}

// AuditDraws recomputes every number the software drew and every tie token it
// drew from the day seed revealed after the last game, checks that seed
// against the commitment recorded before the first draw, and reports each
// mismatch. Numbers typed from a ball machine (manual mode) are not random
// draws of the software and are only counted as games.
func AuditDraws(events []journal.Event) (AuditReport, error) {
	var r AuditReport
	var seed []byte
	for _, e := range events {
		switch e.Type {
		case TypeEventCreated:
			var p eventCreated
			if err := decode(e, &p); err != nil {
				return r, err
			}
			r.SeedSHA256 = p.SeedSHA256
			if p.Event != nil {
				r.Mode = p.Event.Draw
			}
		case TypeSeedRevealed:
			var p seedRevealed
			if err := decode(e, &p); err != nil {
				return r, err
			}
			s, err := hex.DecodeString(p.Seed)
			if err != nil {
				return r, Errorf(EInvalid, "événement %d : graine révélée illisible", e.Seq)
			}
			seed, r.Seed = s, p.Seed
		}
	}
	if r.SeedSHA256 == "" {
		return r, Errorf(ENotFound, "le journal ne contient pas d'événement")
	}
	if seed == nil {
		return r, Errorf(EConflict, "la graine du jour n'est pas encore révélée : elle l'est après la dernière partie")
	}
	if sha256Hex(seed) != r.SeedSHA256 {
		return r, Errorf(EInvalid, "la graine révélée ne correspond pas à l'empreinte publiée avant le premier tirage")
	}
	var drawn game.Drawn
	var drawer *game.Drawer
	gameNo := 0
	for _, e := range events {
		switch e.Type {
		case TypeGameStarted:
			var p gameStarted
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				return r, internalf(err, "événement %d", e.Seq)
			}
			gameNo, drawn, drawer = p.Game, game.Drawn{}, game.NewDrawer(seed, p.Game)
			r.Games++
		case TypeNumberDrawn:
			var p numberDrawn
			if err := json.Unmarshal(e.Payload, &p); err != nil || drawer == nil {
				return r, internalf(err, "événement %d : tirage hors partie", e.Seq)
			}
			if p.RNG {
				want, err := drawer.Next(&drawn)
				if err != nil {
					return r, internalf(err, "événement %d", e.Seq)
				}
				r.Draws++
				if want != p.Number {
					r.Mismatches = append(r.Mismatches, AuditMismatch{Seq: e.Seq, Game: gameNo, What: "number", Want: int(want), Got: int(p.Number)})
				}
			}
			// The journal's number is what the players played: go on from it.
			if err := drawn.Add(p.Number); err != nil {
				r.Mismatches = append(r.Mismatches, AuditMismatch{Seq: e.Seq, Game: gameNo, What: "number", Got: int(p.Number)})
			}
		case TypeNumberUndone:
			drawn.Undo()
		case TypeTieTokens:
			var p tieTokens
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				return r, internalf(err, "événement %d", e.Seq)
			}
			if !p.RNG {
				continue
			}
			bag := game.NewTokenBag(seed, p.Tie)
			for _, t := range p.Tokens {
				want, err := bag.Draw()
				if err != nil {
					return r, internalf(err, "événement %d", e.Seq)
				}
				r.Tokens++
				if want != t.Token {
					r.Mismatches = append(r.Mismatches, AuditMismatch{Seq: e.Seq, Game: p.Game, What: "token", Want: want, Got: t.Token})
				}
			}
		}
	}
	return r, nil
}
