package loto

import (
	"testing"

	"loto/internal/journal"
)

// rewriteTie edits the first tie of at least two tokens drawn by the
// software; it returns the event's sequence.
func rewriteTie(t *testing.T, events []journal.Event, edit func(tokens []any)) int64 {
	t.Helper()
	return rewrite(t, events, TypeTieTokens, func(p map[string]any) bool {
		tokens := p["tokens"].([]any)
		if len(tokens) < 2 || p["rng"] != true {
			return false
		}
		edit(tokens)
		return true
	})
}

// Tokens handed out in the order the claims were listed are what a
// controller who knew the seed could steer: the audit names them, though
// every token is the seed's.
func TestR17_AuditFailsTokensHandedInTheOrderOfTheClaims(t *testing.T) {
	events := playedDay(t)
	seq := rewriteTie(t, events, func(tokens []any) {
		a, b := tokens[0].(map[string]any), tokens[1].(map[string]any)
		// The cards swap places in the list, the tokens stay in the
		// order drawn: the second card now holds the first token.
		a["serial"], b["serial"] = b["serial"], a["serial"]
		a["claim"], b["claim"] = b["claim"], a["claim"]
	})
	wantFailure(t, events, seq, "token_order")
}

// The tie's name keys its bag: another name would be another draw.
func TestR17_AuditFailsATieNamedOtherwise(t *testing.T) {
	events := playedDay(t)
	seq := rewrite(t, events, TypeTieTokens, func(p map[string]any) bool {
		p["tie"] = p["tie"].(string) + "0"
		return true
	})
	wantFailure(t, events, seq, "tie")
}
