package journal

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Anchor names one event by its sequence and hash, written "SEQ:HASH". The
// chain alone cannot show that events were cut off its tail, or that it was
// rewritten and rehashed from some event on: an anchor kept outside the
// database (printed on a receipt, a Z report, the final report) can. The
// hash may be a prefix of the event's hash (MinAnchorHex characters at least).
type Anchor struct {
	Seq  int64
	Hash string // hex, lower case; the full hash or a prefix of it
}

// MinAnchorHex is the shortest hash prefix an anchor may carry: 48 bits, too
// many to forge an event that matches by chance.
const MinAnchorHex = 12

// AnchorOf returns the anchor of a head: its sequence and full hash.
func AnchorOf(h Head) Anchor { return Anchor{Seq: h.Seq, Hash: h.Hash} }

// String writes the anchor as "SEQ:HASH".
func (a Anchor) String() string { return strconv.FormatInt(a.Seq, 10) + ":" + a.Hash }

// Short writes the anchor with a hash prefix of MinAnchorHex characters, as
// printed for people to keep.
func (a Anchor) Short() string {
	h := a.Hash
	if len(h) > MinAnchorHex {
		h = h[:MinAnchorHex]
	}
	return strconv.FormatInt(a.Seq, 10) + ":" + h
}

// MarshalText writes the anchor as "SEQ:HASH", so JSON carries it as one string.
func (a Anchor) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads "SEQ:HASH".
func (a *Anchor) UnmarshalText(b []byte) error {
	v, err := ParseAnchor(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// ParseAnchor reads "SEQ:HASH" as printed: a sequence of 1 or more and at
// least MinAnchorHex hexadecimal characters of the hash, in either case.
// Its error is shown to people as it is, so it speaks French.
func ParseAnchor(s string) (Anchor, error) {
	s = strings.TrimSpace(s)
	seqText, hash, ok := strings.Cut(s, ":")
	bad := func(why string) (Anchor, error) {
		return Anchor{}, fmt.Errorf("ancre « %s » invalide : %s (attendu NUMÉRO:EMPREINTE, par exemple 1234:0f3a9c2e71b4)", clip(s), why)
	}
	if !ok {
		return bad("il manque « : »")
	}
	seq, err := strconv.ParseInt(seqText, 10, 64)
	if err != nil || seq < 1 {
		return bad("le numéro d'événement doit être un entier de 1 ou plus")
	}
	hash = strings.ToLower(hash)
	if len(hash) < MinAnchorHex || len(hash) > 64 {
		return bad(fmt.Sprintf("l'empreinte doit avoir de %d à 64 caractères hexadécimaux", MinAnchorHex))
	}
	if strings.Trim(hash, "0123456789abcdef") != "" {
		return bad("l'empreinte ne s'écrit qu'avec 0-9 et a-f")
	}
	return Anchor{Seq: seq, Hash: hash}, nil
}

// clip shortens a text quoted back in a message, so that a huge input is
// never repeated whole, and writes its invisible characters (controls,
// bidirectional marks) as U+XXXX, so a pasted anchor cannot scramble the
// message around it: the message is shown on the organiser's pages too.
func clip(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if n == 80 {
			b.WriteString("…")
			break
		}
		n++
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Zl, unicode.Zp) {
			fmt.Fprintf(&b, "%U", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// AnchorError says that the journal disagrees with an anchor kept outside
// it: it is shorter than the anchor's sequence, or its event there has
// another hash. It is shown to people as it is, so it speaks French.
type AnchorError struct {
	Anchor Anchor
	Head   Head   // the journal's head as verified
	Found  string // the hash of the journal's event at Anchor.Seq; empty when it has none
}

// Error names the anchor and says how the journal disagrees with it.
func (e *AnchorError) Error() string {
	if e.Found == "" {
		return fmt.Sprintf("journal raccourci : l'ancre %s nomme l'événement n° %d, le journal s'arrête au n° %d (des événements ont été supprimés)",
			e.Anchor, e.Anchor.Seq, e.Head.Seq)
	}
	return fmt.Sprintf("journal réécrit : l'ancre %s ne correspond pas à l'événement n° %d, dont l'empreinte est %s",
		e.Anchor, e.Anchor.Seq, e.Found)
}

// matches reports whether the event hash hash is the anchor's, or starts with it.
func (a Anchor) matches(hash string) bool { return strings.HasPrefix(hash, a.Hash) }

// VerifyAnchored is Verify that also checks each anchor against the
// journal: a verified chain that is shorter than an anchor's sequence, or
// whose event at that sequence has another hash, fails with an
// *AnchorError naming the first such anchor, in the order given.
func VerifyAnchored(ctx context.Context, s Store, anchors []Anchor) (Head, error) {
	want := make(map[int64]bool, len(anchors))
	for _, a := range anchors {
		want[a.Seq] = true
	}
	found := make(map[int64]string, len(anchors))
	head, err := verify(ctx, s, func(e Event) {
		if want[e.Seq] {
			found[e.Seq] = e.Hash
		}
	})
	if err != nil {
		return Head{}, err
	}
	for _, a := range anchors {
		if h := found[a.Seq]; !a.matches(h) || h == "" {
			return Head{}, &AnchorError{Anchor: a, Head: head, Found: h}
		}
	}
	return head, nil
}
