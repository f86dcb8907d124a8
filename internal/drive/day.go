package drive

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"loto/internal/loto"
)

// Config tunes a driven day.
type Config struct {
	Base   string       // the server, http://127.0.0.1:PORT
	Client *http.Client // nil: one of the driver's own
	// Spread are other servers of the same journal, as in a hall with
	// several instances: the cashiers go to Base and these in turn, the
	// door to the last of them; the game (host, controllers) stays on Base.
	Spread []string
	// Retry is how long an act is sent again while the server does not
	// answer; 30 s when 0.
	Retry time.Duration
	Pace  time.Duration // between two draws; 0 draws at once
	Break time.Duration // how long a break of the schedule lasts; 0 ends it at once
	// Key prefixes the acts' Idempotency-Keys; unique to the run (the
	// driver makes one when empty), so that two runs on one journal
	// never share a key.
	Key string
	// OnAck, when set, is told each acknowledged act as it is.
	OnAck func(Act)
	Seed  int64 // seed of the players' mistakes and of the ball machine in manual mode
}

// Report is what a driven day did.
type Report struct {
	Players    int `json:"players"`
	Admissions int `json:"admissions"` // tickets crossed out at the door
	Sales      int `json:"sales"`
	Games      int `json:"games"`  // games played to their last award
	Awards     int `json:"awards"` // stages awarded
	Draws      int `json:"draws"`
	Claims     int `json:"claims"`
	// Provoked are the mistakes made on purpose and refused or judged as
	// they should be: a ticket scanned twice, a call on a card that has
	// not won.
	Provoked int `json:"provoked"`
	// Errors are the acts refused that should have passed, answered not
	// as expected, or never answered; FirstError says the first.
	Errors     int            `json:"errors"`
	FirstError string         `json:"first_error,omitempty"`
	Took       time.Duration  `json:"took_ns"`
	Routes     []RouteFigures `json:"routes"`
}

// Driver plays one day of a Plan through a server's API.
type Driver struct {
	plan *Plan
	cfg  Config
	c    *client
	seq  atomic.Int64
	rng  *rand.Rand // the host's: one goroutine

	rescan int // the ticket holder whose ticket the door scans twice

	mu     sync.Mutex
	report Report
	sold   map[string]bool // the cards sold or handed out at the door, by serial
}

// New prepares the driving of plan's day on the server at cfg.Base.
func New(plan *Plan, cfg Config) *Driver {
	if cfg.Retry <= 0 {
		cfg.Retry = 30 * time.Second
	}
	if cfg.Key == "" {
		cfg.Key = "drive-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	hc := cfg.Client
	if hc == nil {
		tr := &http.Transport{MaxIdleConnsPerHost: len(plan.Cashiers) + len(plan.Controllers) + 4, DisableCompression: true}
		hc = &http.Client{Transport: tr, Timeout: 30 * time.Second}
	}
	d := &Driver{plan: plan, cfg: cfg, rng: rand.New(rand.NewPCG(uint64(cfg.Seed), 0x686f7374)), rescan: -1, sold: map[string]bool{},
		c: &client{http: hc, retry: cfg.Retry, base: cfg.Base, stats: map[string]*routeStats{}, onAck: cfg.OnAck}}
	if len(cfg.Spread) > 0 {
		bases := append([]string{cfg.Base}, cfg.Spread...)
		d.c.at = map[string]string{}
		for i, c := range plan.Cashiers {
			d.c.at[c.Token] = bases[i%len(bases)]
		}
		d.c.at[plan.Special.Token] = bases[len(plan.Cashiers)%len(bases)]
		d.c.at[plan.Door.Token] = bases[len(bases)-1]
	}
	for p, pl := range plan.Players {
		if pl.Ticket != "" && pl.Free != nil {
			d.rescan = p
			break
		}
	}
	return d
}

// Run plays the whole day: the desks open, the players come in and buy,
// then every game of the programme is played with the schedule's breaks.
// It returns at the first act that fails for good; the report says what
// was done until then.
func (d *Driver) Run(ctx context.Context) (Report, error) {
	start := time.Now()
	err := d.Sell(ctx)
	if err == nil {
		err = d.Play(ctx)
	}
	r := d.Report()
	r.Took = time.Since(start)
	return r, err
}

// Report returns the figures so far.
func (d *Driver) Report() Report {
	d.mu.Lock()
	r := d.report
	d.mu.Unlock()
	r.Routes = d.c.figures()
	return r
}

// Acked returns every act the server acknowledged so far.
func (d *Driver) Acked() []Act {
	d.c.mu.Lock()
	defer d.c.mu.Unlock()
	return append([]Act(nil), d.c.acked...)
}

// key gives the next act its Idempotency-Key.
func (d *Driver) key(what string) string {
	return fmt.Sprintf("%s-%s-%d", d.cfg.Key, what, d.seq.Add(1))
}

// count adds to the report under its lock.
func (d *Driver) count(f func(r *Report)) {
	d.mu.Lock()
	f(&d.report)
	d.mu.Unlock()
}

// failed notes an act that did not go as it should.
func (d *Driver) failed(err error) {
	d.count(func(r *Report) {
		r.Errors++
		if r.FirstError == "" {
			r.FirstError = err.Error()
		}
	})
}

// Sell opens every desk, then lets the players in and sells them their
// cards, one cashier of the plan at a time per player, all the cashiers
// at once: a ticket holder is admitted at the door with a free card first
// (R4, R5; one ticket is scanned twice, and refused) and names the ticket
// at the desk (R3).
func (d *Driver) Sell(ctx context.Context) error {
	for _, desk := range d.plan.Desks {
		tok := d.plan.Special.Token
		for _, c := range d.plan.Cashiers {
			if c.Desk == desk {
				tok = c.Token
				break
			}
		}
		err := d.c.do(ctx, tok, "POST", "/api/v1/desks/"+url.PathEscape(desk)+"/open", d.key("ouverture"),
			map[string]any{"float_cents": 15000}, nil)
		if err != nil {
			d.failed(err)
			return err
		}
	}
	players := make(chan int)
	errs := make(chan error, len(d.plan.Cashiers))
	var wg sync.WaitGroup
	for _, cashier := range d.plan.Cashiers {
		wg.Go(func() {
			for p := range players {
				if err := d.serve(ctx, cashier, p); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	var err error
feed:
	for p := range d.plan.Players {
		select {
		case players <- p:
		case err = <-errs:
			break feed
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(players)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

// serve lets player p in and sells it its cards at cashier's desk.
func (d *Driver) serve(ctx context.Context, cashier Device, p int) error {
	pl := d.plan.Players[p]
	d.count(func(r *Report) { r.Players++ })
	if pl.Ticket != "" && pl.Free != nil {
		body := map[string]any{"ticket": pl.Ticket, "card": pl.Free.Serial}
		if err := d.c.do(ctx, d.plan.Door.Token, "POST", "/api/v1/door", d.key("entree"), body, nil); err != nil {
			d.failed(err)
			return err
		}
		d.count(func(r *Report) { r.Admissions++; d.sold[pl.Free.Serial] = true })
		if p == d.rescan {
			// Scanned twice by mistake: the door must refuse it (R5).
			err := d.c.do(ctx, d.plan.Door.Token, "POST", "/api/v1/door", d.key("entree"), body, nil, http.StatusConflict)
			if !isRefusal(err, http.StatusConflict) {
				err = fmt.Errorf("billet scanné deux fois : refus 409 attendu (R5), reçu %v", err)
				d.failed(err)
				return err
			}
			d.count(func(r *Report) { r.Provoked++ })
		}
	}
	if len(pl.Regular) > 0 {
		if err := d.sell(ctx, cashier, p, loto.Regular, pl.Regular, pl.Ticket); err != nil {
			return err
		}
	}
	if pl.Special != nil {
		return d.sell(ctx, d.plan.Special, p, loto.Special, []Card{*pl.Special}, "")
	}
	return nil
}

// sell sells cards of one kind to player p at cashier's desk, paid in
// cash (the next 10 EUR tendered), by bank card or by cheque in turn (R8).
func (d *Driver) sell(ctx context.Context, cashier Device, p int, kind loto.Kind, cards []Card, ticket string) error {
	tiers := d.plan.Prices.Regular
	if kind == loto.Special {
		tiers = d.plan.Prices.Special
	}
	total, _, _ := loto.Price(kind, tiers, len(cards))
	serials := make([]string, len(cards))
	for i, c := range cards {
		serials[i] = c.Serial
	}
	body := map[string]any{"desk": cashier.Desk, "cards": serials, "ticket": ticket}
	switch p % 3 {
	case 0:
		body["payments"] = []map[string]any{{"method": "cash", "cents": (total + 999) / 1000 * 1000}}
	case 1:
		body["payments"] = []map[string]any{{"method": "card", "cents": total}}
	default:
		body["payments"] = []map[string]any{{"method": "cheque", "cents": total}}
		body["identity"], body["cheque"] = fmt.Sprintf("CNI DRV%06d", p), fmt.Sprintf("%07d", p+1)
	}
	if err := d.c.do(ctx, cashier.Token, "POST", "/api/v1/sales", d.key("vente"), body, nil); err != nil {
		d.failed(err)
		return err
	}
	d.count(func(r *Report) {
		r.Sales++
		for _, s := range serials {
			d.sold[s] = true
		}
	})
	return nil
}
