package loto

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	mathrand "math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"loto/internal/card"
	"loto/internal/journal"
)

// Day runs the commands of a loto day against a journal: each command is
// checked against the state, appended as events with the expected sequence
// (optimistic: on a conflict it catches up, checks again and retries), then
// applied. A mutex serialises the commands of one process; several processes
// on one journal stay correct through the expected sequence.
type Day struct {
	mu    sync.Mutex
	store journal.Store
	st    *State
	rand  io.Reader
	clock func() time.Time
	pub   publisher // the public snapshot, read without mu
	// broken is set when an event failed to apply: the state is then
	// unreliable, so every later command fails until the Day is reopened.
	broken error
	// simulated marks the events that create the day (Options.Simulation).
	simulated bool
}

// Options tune a Day; the zero value is right for production.
type Options struct {
	// Rand is the source of seeds and keys: crypto/rand when nil. Tests and
	// reproducible simulations may pass a seeded stream; never in production.
	Rand io.Reader
	// Clock tells the time of a command for its warnings (another day than
	// the event's, before a set time, R1) and its deadlines (a pairing
	// code's expiry): time.Now when nil. Tests pass a fixed time.
	Clock func() time.Time
	// Simulation marks the events that create the day (its series and
	// event) as a simulation's, for every reader of the journal to tell
	// it from a real day: its seeds come from a seeded Rand.
	Simulation bool
	// Neighbours fold the journal for the packages beside loto that
	// share it (internal/access), from its first event on.
	Neighbours []Neighbour
}

// State is the day as a pure fold of the journal's events: replaying the same
// events gives the same state. Commands read it to check themselves; only
// Apply changes it. It also holds the secrets the Day fetched beside the
// journal (series seeds and keys, game seeds), which no event carries.
type State struct {
	head       int64
	event      *EventSpec
	ended      bool // the day was closed before its programme was played
	series     map[string]*Series
	secrets    map[string][]byte
	stamped    map[CardRef]int64  // sequence of the stamping event
	voided     map[CardRef]string // reason
	games      []*GameRecord      // the games started, in order
	claims     int                // claims registered so far: the next claim id - 1
	ties       int                // ties broken so far
	grids      map[CardRef]card.Card
	checkers   map[string]*card.Checker // check codes per series, a cache
	ent        *entrance                // desks, sales, door, refunds, breaks
	priv       *privacy                 // what became of each personal record (P1)
	headHash   string                   // hash of the last event applied
	headTime   time.Time                // time of the last event applied
	restores   []Restore                // the restores of the journal it records, in order
	neighbours []Neighbour              // the packages beside loto folding the journal too (Options.Neighbours)
	rejudge    bool                     // the folds judge again each control, draw of tokens and award (JudgeJournal)
}

// NewState returns the state of an empty journal.
func NewState() *State {
	return &State{
		series:   map[string]*Series{},
		secrets:  map[string][]byte{},
		stamped:  map[CardRef]int64{},
		voided:   map[CardRef]string{},
		grids:    map[CardRef]card.Card{},
		checkers: map[string]*card.Checker{},
		ent:      newEntrance(),
		priv:     newPrivacy(),
	}
}

// Head is the sequence of the last event applied.
func (st *State) Head() int64 { return st.head }

// Event returns the day's event, or nil before it is created.
func (st *State) Event() *EventSpec { return st.event }

// setSecret gives the state a secret the Day fetched or created.
func (st *State) setSecret(name string, value []byte) { st.secrets[name] = value }

// Apply folds one event into the state. Events must come in sequence; an
// event the state cannot fold, or of a type it does not know (catalogue), is a
// corrupt journal, reported as internal.
func (st *State) Apply(e journal.Event) error {
	if e.Seq != st.head+1 {
		return internalf(nil, "événement %d reçu après %d", e.Seq, st.head)
	}
	t, known := eventTypes[e.Type]
	if !known {
		return unknownType(e)
	}
	if err := t.fold(st, e); err != nil {
		return err
	}
	for _, n := range st.neighbours {
		if err := n.Fold(st, e); err != nil {
			return err
		}
	}
	st.head, st.headHash, st.headTime = e.Seq, e.Hash, e.Time
	return nil
}

// maxRetries bounds the catch-up-and-retry loop when other writers keep
// winning: a command on a store with exclusive turns wins within a few
// tries (pause, turnAfter), one on a store without (a test's) within fifty.
const maxRetries = 50

// Open replays the journal into a new Day, fetching the secrets of the
// series, of the games and of the reservation tickets as it meets them,
// and judging every control, draw of tokens and award again (JudgeJournal).
func Open(ctx context.Context, store journal.Store) (*Day, error) {
	return OpenWith(ctx, store, Options{})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, store journal.Store, opt Options) (*Day, error) {
	d := &Day{store: store, st: NewState(), rand: opt.Rand, clock: opt.Clock, simulated: opt.Simulation}
	d.st.neighbours = opt.Neighbours
	if d.rand == nil {
		d.rand = rand.Reader
	}
	if d.clock == nil {
		d.clock = time.Now
	}
	// The opening judges the record as verify and audit do: a control, a
	// draw of tokens or an award that does not follow from the cards and
	// the numbers is a broken journal, whatever its chain says.
	if err := d.judgedCatchUp(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

// Refresh applies the events other processes appended since.
func (d *Day) Refresh(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.catchUp(ctx)
}

// View calls fn with the state, under the lock: fn must not keep it.
func (d *Day) View(fn func(st *State)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	fn(d.st)
}

// Head is the sequence of the last event applied.
func (d *Day) Head() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.head
}

// CatchUpIfBehind applies the events other processes appended, when the
// journal's head is past the Day's, and says whether it did: a server
// looks again before refusing a token or a session that another instance
// may have just recorded. It reads the head without the Day's lock, so a
// look that finds nothing new never waits on a command.
func (d *Day) CatchUpIfBehind(ctx context.Context) (bool, error) {
	h, err := d.store.Head(ctx)
	if err != nil {
		return false, internalf(err, "lecture de la tête du journal")
	}
	if h.Seq <= d.Head() {
		return false, nil
	}
	return true, d.Refresh(ctx)
}

// catchUp applies every event after the state's head. It reads in chunks
// and applies each chunk after its read ends, so that fetching a secret
// never nests a query inside a streaming read (a store with one connection
// would wait for ever).
func (d *Day) catchUp(ctx context.Context) error {
	if d.broken != nil {
		return d.broken
	}
	// Every event read is checked against the chain before it is applied,
	// and the store's head against the last event, so a command never acts
	// on an edited, truncated or forged journal.
	moreExpected := false // the head, read before this read, names events past ours
	for {
		var chunk []journal.Event
		err := d.store.Read(ctx, d.st.head+1, func(e journal.Event) error {
			chunk = append(chunk, e)
			if len(chunk) == catchUpChunk {
				return errChunkFull
			}
			return nil
		})
		if err != nil && !errors.Is(err, errChunkFull) {
			return internalf(err, "lecture du journal")
		}
		if moreExpected && len(chunk) == 0 {
			return d.breaks(journal.ErrHeadMismatch(d.headOf()))
		}
		var personal map[string][]byte
		if len(chunk) > 0 {
			// The personal records of the chunk's events, in one query.
			if personal, err = d.store.Personal(ctx, chunk[0].Seq, chunk[len(chunk)-1].Seq); err != nil {
				return internalf(err, "lecture des données personnelles")
			}
		}
		for _, e := range chunk {
			if err := journal.Follows(d.headOf(), e); err != nil {
				return d.breaks(err)
			}
			if err := d.apply(ctx, d.st.inZone(e), nil, personal); err != nil {
				return err
			}
		}
		if len(chunk) == catchUpChunk {
			moreExpected = false
			continue
		}
		h, err := d.store.Head(ctx)
		if err != nil {
			return internalf(err, "lecture de la tête du journal")
		}
		switch mine := d.headOf(); {
		case h == mine:
			d.publish()
			return nil
		case h.Seq <= mine.Seq:
			return d.breaks(journal.ErrHeadMismatch(mine))
		}
		// Another writer went on, or events are missing: a new read tells.
		moreExpected = true
	}
}

// headOf is the sequence and hash of the last event applied.
func (d *Day) headOf() journal.Head {
	if d.st.head == 0 {
		return journal.Head{Seq: 0, Hash: journal.Genesis}
	}
	return journal.Head{Seq: d.st.head, Hash: d.st.headHash}
}

// breaks stops the Day on a broken journal: every later command fails.
func (d *Day) breaks(err error) error {
	d.broken = err
	return err
}

// catchUpChunk is how many events catchUp reads before applying them.
var catchUpChunk = 4096

var errChunkFull = errors.New("chunk full")

// apply gives the state the secrets the event needs (from the draft that
// made it, or from the store), each checked against its commitment, and
// the personal records stored with it (P1), then folds the event.
func (d *Day) apply(ctx context.Context, e journal.Event, secrets, personal map[string][]byte) error {
	for _, ref := range secretsOf(e) {
		v, ok := secrets[ref.name]
		if !ok {
			var err error
			v, err = d.store.Secret(ctx, ref.name)
			if errors.Is(err, journal.ErrNotFound) {
				// Said in full, without the store's English cause.
				return internalf(nil, "erreur interne : le secret « %s » de l'événement %d manque dans la base (table des secrets altérée, ou copie sans ses secrets)", ref.name, e.Seq)
			}
			if err != nil {
				return internalf(err, "erreur interne : secret « %s » de l'événement %d illisible", ref.name, e.Seq)
			}
		}
		if err := checkCommitment(e, ref, v); err != nil {
			return d.breaks(err)
		}
		d.st.setSecret(ref.name, v)
	}
	d.st.givePersonal(personal)
	err := d.st.Apply(e)
	d.st.givePersonal(nil) // the records now live in the state, checked
	if err != nil {
		d.broken = err
		return err
	}
	return nil
}

// Key is an idempotency key, read by ParseKey: a command retried with the
// same key returns the first answer and appends nothing (WithKey).
type Key string

// MaxKey bounds a key, in printable ASCII characters: a UUID has 36. The
// journal keeps the key with its event.
const MaxKey = 128

// ParseKey reads an idempotency key as a device or a person gives it,
// spaces around it dropped: at most MaxKey printable ASCII characters;
// "" is no key.
func ParseKey(text string) (Key, error) {
	k := strings.TrimSpace(text)
	if n := len(k); n > MaxKey {
		return "", Errorf(EInvalid, "Idempotency-Key invalide : la clé d'idempotence a %d caractères, c'est trop (%d caractères ASCII imprimables au plus)", n, MaxKey)
	}
	if i := strings.IndexFunc(k, func(c rune) bool { return c < ' ' || c > '~' }); i >= 0 {
		return "", Errorf(EInvalid, "Idempotency-Key invalide : le %de caractère de la clé d'idempotence est refusé (%d caractères ASCII imprimables au plus)", utf8.RuneCountInString(k[:i])+1, MaxKey)
	}
	return Key(k), nil
}

type keyContext struct{}

// WithKey attaches an idempotency key (ParseKey) to the command run with
// ctx: a command retried with the same key returns the first answer and
// appends nothing.
func WithKey(ctx context.Context, key Key) context.Context {
	return context.WithValue(ctx, keyContext{}, string(key))
}

func keyOf(ctx context.Context) string {
	k, _ := ctx.Value(keyContext{}).(string)
	return k
}

// plan checks a command against the state and returns its drafts with the
// index of the main one (which carries the idempotency key and the answer).
type plan func(st *State) (drafts []journal.Draft, main int, err error)

// run executes a command and returns its main event, whose payload is the answer.
func (d *Day) run(ctx context.Context, typ string, p plan) (journal.Event, error) {
	return d.runKeyed(ctx, typ, nil, p)
}

// runKeyed is run for a command whose request has content: a key that
// already made an event answers with it only when same finds that event
// made by the same request, else the key is refused as reused.
func (d *Day) runKeyed(ctx context.Context, typ string, same sameRequest, p plan) (journal.Event, error) {
	a, err := d.runAct(ctx, typ, same, p)
	return a.main, err
}

// act is what a command appended: its main event, and its anchor, the
// sequence and hash of the last event it appended (R27). A retry answered
// from the first attempt has the main event's own anchor.
type act struct {
	main   journal.Event
	anchor journal.Anchor
}

// anchorOf returns the anchor of event e.
func anchorOf(e journal.Event) journal.Anchor { return journal.Anchor{Seq: e.Seq, Hash: e.Hash} }

// runAct is runKeyed that also returns the act's anchor.
func (d *Day) runAct(ctx context.Context, typ string, same sameRequest, p plan) (act, error) {
	key := keyOf(ctx) // read by ParseKey at the edge
	c := &command{typ: typ, key: key, same: same, plan: p}
	d.mu.Lock()
	defer d.mu.Unlock()
	if key != "" {
		if a, err := d.replayed(ctx, c); err == nil || !errors.Is(err, journal.ErrNotFound) {
			return a, err
		}
	}
	for lost := range maxRetries {
		if err := d.pause(ctx, lost); err != nil {
			return act{}, lostEveryRetry(err)
		}
		turn, err := d.turnAfter(ctx, lost)
		if err != nil {
			return act{}, err
		}
		if a, err := d.try(ctx, c, turn); !errors.Is(err, errLost) {
			return a, err
		}
	}
	return act{}, lostEveryRetry(nil)
}

// What a command does when another writer appended first (several
// instances on one journal): it catches up and tries again. The first
// retries are immediate, so that a single lost race costs nothing more.
// Then it pauses a random time before each try, without the Day's lock:
// without the pauses the writers of several instances that rush at once
// (their queued requests, right after the database came back) retry in
// step; without the lock released, the instance's other commands (a sale
// at another desk, a claim) would wait behind the pauses. A command that
// still loses takes the journal's exclusive turn (journal.Exclusive), with
// which its next try cannot lose, however many writers never stop.
const (
	immediateRetries = 2
	firstPause       = time.Millisecond
	// longestPause bounds each pause: the bound doubles from firstPause.
	longestPause = 8 * time.Millisecond
	// turnAfterLosses is how many lost appends make a command take the
	// exclusive turn: one pause of 1 ms at most comes before. The turn
	// keeps every other writer waiting for the holder's catching up too,
	// hence not at the first loss.
	turnAfterLosses = immediateRetries + 2
)

// errLost is a try that another writer beat: nothing was recorded.
var errLost = errors.New("loto: another writer appended first")

// pause waits before the try that follows a command's lost-th lost append:
// not at all for the first ones, nor before a try in an exclusive turn,
// which waits for the others by itself; else for a random time below a
// bound that doubles from firstPause up to longestPause. The Day's lock is
// released meanwhile: the next try catches up with the commands that ran
// as with the other writers'. It returns the context's error if the
// context ends first. The jitter comes from math/rand, never from the
// Day's source of seeds and keys.
func (d *Day) pause(ctx context.Context, lost int) error {
	if _, turns := d.store.(journal.Exclusive); lost <= immediateRetries || turns && lost >= turnAfterLosses {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	bound := firstPause
	for n := immediateRetries + 1; n < lost && bound < longestPause; n++ {
		bound *= 2
	}
	d.mu.Unlock()
	defer d.mu.Lock()
	timer := time.NewTimer(1 + mathrand.N(min(bound, longestPause)))
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// turnAfter returns the exclusive turn for the try that follows a
// command's lost-th lost append, from the turnAfterLosses-th on; nil
// before, or for a store without turns (a test's), whose commands keep
// trying up to maxRetries times.
func (d *Day) turnAfter(ctx context.Context, lost int) (journal.Turn, error) {
	ex, ok := d.store.(journal.Exclusive)
	if !ok || lost < turnAfterLosses {
		return nil, nil
	}
	turn, err := ex.Exclude(ctx)
	if err != nil {
		return nil, internalf(err, "écriture dans le journal")
	}
	return turn, nil
}

// command is what runAct runs: the type of its main event, its
// idempotency key, how to tell its own first attempt, and its plan.
type command struct {
	typ  string
	key  string
	same sameRequest
	plan plan
}

// try catches up, checks the command against the state and appends its
// events, within an exclusive turn when given one (which it ends). It
// returns errLost when another writer appended first: nothing is recorded.
func (d *Day) try(ctx context.Context, c *command, turn journal.Turn) (act, error) {
	appendTo := d.store.Append
	if turn != nil {
		defer turn.Release()
		appendTo = turn.Append
	}
	if err := d.catchUp(ctx); err != nil {
		return act{}, err
	}
	drafts, main, err := c.plan(d.st)
	if err != nil && c.key != "" && ErrorCode(err) != EInternal {
		// A retry may lose to its own first attempt, appended by another
		// process since the key was looked up: the check then fails
		// because of it (its card is sold, its game started), and the
		// first answer is the answer.
		if a, rerr := d.replayed(ctx, c); !errors.Is(rerr, journal.ErrNotFound) {
			return a, rerr
		}
	}
	if err != nil {
		return act{}, err
	}
	drafts[main].Key = c.key
	evs, err := appendTo(ctx, d.st.head, drafts...)
	switch {
	case err == nil:
		for i := range evs {
			evs[i] = d.st.inZone(evs[i])
			if err := d.apply(ctx, evs[i], drafts[i].Secrets, drafts[i].Personal); err != nil {
				return act{}, err
			}
		}
		d.publish()
		return act{evs[main], anchorOf(evs[len(evs)-1])}, nil
	case errors.Is(err, journal.ErrConflict):
		return act{}, errLost
	case errors.Is(err, journal.ErrDuplicateKey):
		return d.replayed(ctx, c)
	case errors.Is(err, journal.ErrFull):
		return act{}, &Error{Code: EUnavailable, Err: err, Message: "le disque du serveur est plein : rien n'est enregistré ; " +
			"libérer de la place sur l'ordinateur du serveur, puis refaire la même demande (elle sera enregistrée une seule fois)"}
	default:
		return act{}, internalf(err, "écriture dans le journal")
	}
}

// lostEveryRetry is the answer to a command that other writers beat at
// every try (several instances catching up at once), or whose context
// ended while it waited to try again: nothing is recorded and the same
// request may simply come again, which a desk does by itself for an
// unavailable answer, not for a conflict.
func lostEveryRetry(cause error) *Error {
	return &Error{Code: EUnavailable, Err: cause,
		Message: "le journal est très sollicité : rien n'est enregistré ; refaire la même demande dans un instant"}
}

// replayed answers with the event the command's key already made, after
// catching up so that the state includes it, when same finds it made by
// the same request; ErrNotFound when the key is new.
func (d *Day) replayed(ctx context.Context, c *command) (act, error) {
	e, err := d.store.ByKey(ctx, c.key)
	if errors.Is(err, journal.ErrNotFound) {
		return act{}, err
	} else if err != nil {
		return act{}, internalf(err, "recherche de la clé d'idempotence")
	}
	if e.Type != c.typ {
		return act{}, Errorf(EConflict, "la clé %q a déjà servi à une autre commande (%s)", Shown(c.key), e.Type)
	}
	if err := d.catchUp(ctx); err != nil {
		return act{}, err
	}
	e = d.st.inZone(e)
	if c.same != nil {
		if err := c.same(d.st, e); err != nil {
			return act{}, err
		}
	}
	return act{e, anchorOf(e)}, nil
}

// sameRequest checks that the event an idempotency key already made was
// made by the request now retried; otherwise it returns the conflict to
// answer. A retry must never pass for a new request whose content would be
// silently dropped (a sale of other cards answered with the first sale).
type sameRequest func(st *State, e journal.Event) error

// diffs collects what differs between a request and the event its key made.
type diffs []string

func (d *diffs) check(same bool, what string) {
	if !same {
		*d = append(*d, what)
	}
}

// err is the refusal of a key reused for another request, naming the key
// and what it first made, or nil when nothing differs.
func (d diffs) err(e journal.Event, first string) error {
	if len(d) == 0 {
		return nil
	}
	return Errorf(EConflict, "la clé d'idempotence « %s » a déjà servi à %s, avec %s : cette demande n'est pas enregistrée ; la refaire avec une nouvelle clé",
		Shown(e.Key), first, strings.Join(d, ", "))
}

// firstEvent names an event for a refusal: its number, kind and time.
func firstEvent(e journal.Event) string {
	return fmt.Sprintf("l'événement n° %d (%s, %s)", e.Seq, e.Type, hhmm(e.Time))
}

// decodeFor decodes the payload of the event a key made.
func decodeFor[T any](e journal.Event) (T, error) {
	var p T
	err := decode(e, &p)
	return p, err
}

// deskName is the name of a desk as recorded, "" for an unknown desk.
func (st *State) deskName(name string) string {
	if dk, err := st.desk(name); err == nil {
		return dk.Name
	}
	return ""
}

// sameSet compares two lists of serials in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// now is the time of a command, in the event's zone (R1).
func (d *Day) now() time.Time { return d.clock().In(d.st.event.Location()) }

// answer decodes the payload P of a command's main event and makes the
// command's answer A of it. Payloads are kept for ever in the journal and
// answers change with the API and the CLI: they are separate types, and
// the payload's answer method is the one place that maps one to the other.
// On a failed command it passes the error on.
func answer[P interface{ answer() A }, A any](e journal.Event, err error) (A, error) {
	var zero A
	if err != nil {
		return zero, err
	}
	p, err := decodeFor[P](e)
	if err != nil {
		return zero, err
	}
	return p.answer(), nil
}

// randomBytes reads n bytes from the Day's source of randomness.
func (d *Day) randomBytes(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(d.rand, b); err != nil {
		return nil, internalf(err, "tirage aléatoire")
	}
	return b, nil
}
