package drive

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Act is an act the server acknowledged: its route, the Idempotency-Key
// it was sent with, and the anchor of what it appended ("seq:hash"), when
// its answer gives one.
type Act struct {
	Route  string `json:"route"`
	Key    string `json:"key"`
	Anchor string `json:"anchor,omitempty"`
	// Tries is how many times it was sent: more than 1 when the server
	// did not answer the first time (restarting, a connection cut).
	Tries int `json:"tries"`
}

// Refusal is the French error a server answered an act with.
type Refusal struct {
	Route   string `json:"route"`
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%s : %d %s", r.Route, r.Status, r.Message)
}

// client sends the acts of a driven day and keeps their figures.
type client struct {
	http  *http.Client
	base  string            // the server, http://127.0.0.1:PORT
	at    map[string]string // the server of a device sent elsewhere, by token; set before the day
	retry time.Duration     // how long an act is sent again while the server does not answer

	mu    sync.Mutex
	stats map[string]*routeStats
	acked []Act
	onAck func(Act)
}

// routeStats are the figures of one route.
type routeStats struct {
	took    []time.Duration // of the answered requests (acknowledged or refused)
	errors  int             // refusals not expected, and acts never answered
	retries int             // sends again after no answer
}

// RouteFigures are the figures of one route in a report.
type RouteFigures struct {
	Route   string        `json:"route"`
	Count   int           `json:"count"` // requests answered
	Errors  int           `json:"errors"`
	Retries int           `json:"retries"`
	P50     time.Duration `json:"p50_ns"`
	P99     time.Duration `json:"p99_ns"`
	Max     time.Duration `json:"max_ns"`
}

// errorBody is the JSON of an error answer (internal/web's writeError).
type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// do sends one act: method and path on the server, as the device whose
// token is given, with key as its Idempotency-Key (none for a read), body
// as JSON; the answer goes into out. No answer (the connection refused or
// cut, a 502 to 504 from a proxy, a 500 while the store fails) sends it
// again with the same key until c.retry is over: the server makes the act
// once and answers the retry with the first answer. A refusal is a
// *Refusal, not expected unless expect says so.
func (c *client) do(ctx context.Context, token, method, path, key string, body, out any, expect ...int) error {
	route := method + " " + RoutePattern(path)
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return err
		}
	}
	deadline := time.Now().Add(c.retry)
	wait := 20 * time.Millisecond
	for tries := 1; ; tries++ {
		status, answer, took, err := c.send(ctx, token, method, path, key, payload)
		if err == nil && !retriable(status) {
			c.note(route, took, 0)
			if status/100 == 2 {
				if out != nil && len(answer) > 0 {
					if err := json.Unmarshal(answer, out); err != nil {
						c.fail(route)
						return fmt.Errorf("%s : réponse illisible : %w", route, err)
					}
				}
				if key != "" {
					c.ack(Act{Route: route, Key: key, Anchor: anchorOf(answer), Tries: tries})
				}
				return nil
			}
			r := &Refusal{Route: route, Status: status}
			var eb errorBody
			if json.Unmarshal(answer, &eb) == nil {
				r.Code, r.Message = eb.Code, eb.Message
			}
			if !slices.Contains(expect, status) {
				c.fail(route)
			}
			return r
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			c.fail(route)
			if err == nil {
				err = fmt.Errorf("réponse %d", status)
			}
			return fmt.Errorf("%s : pas de réponse après %d essais en %s : %w", route, tries, c.retry, err)
		}
		c.note(route, 0, 1)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, time.Second)
	}
}

// retriable says whether a status is no answer of the server's own: a
// proxy that lost it, or a store failing, where the act may or may not be
// made; sent again with its key, it is made once.
func retriable(status int) bool {
	return status == http.StatusInternalServerError || status == http.StatusBadGateway ||
		status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
}

// send makes one request and reads its answer whole.
func (c *client) send(ctx context.Context, token, method, path, key string, payload []byte) (int, []byte, time.Duration, error) {
	base := c.base
	if b, ok := c.at[token]; ok {
		base = b
	}
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return 0, nil, 0, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, 0, err
	}
	answer, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if err != nil {
		return 0, nil, 0, err
	}
	return resp.StatusCode, answer, took, nil
}

func (c *client) stat(route string) *routeStats {
	s := c.stats[route]
	if s == nil {
		s = &routeStats{}
		c.stats[route] = s
	}
	return s
}

func (c *client) note(route string, took time.Duration, retries int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stat(route)
	if retries == 0 {
		s.took = append(s.took, took)
	}
	s.retries += retries
}

func (c *client) fail(route string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stat(route).errors++
}

func (c *client) ack(a Act) {
	c.mu.Lock()
	c.acked = append(c.acked, a)
	on := c.onAck
	c.mu.Unlock()
	if on != nil {
		on(a)
	}
}

// figures sums the routes' figures up, by route.
func (c *client) figures() []RouteFigures {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []RouteFigures
	for route, s := range c.stats {
		f := RouteFigures{Route: route, Count: len(s.took), Errors: s.errors, Retries: s.retries}
		took := slices.Clone(s.took)
		slices.Sort(took)
		if len(took) > 0 {
			f.P50, f.P99, f.Max = Quantile(took, 0.50), Quantile(took, 0.99), took[len(took)-1]
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b RouteFigures) int { return strings.Compare(a.Route, b.Route) })
	return out
}

// Quantile is the value at q of sorted durations (nearest rank).
func Quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*q+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// RoutePattern names a path by its route, as the report's figures do: the
// desk's name in a desk's path is not a route of its own.
func RoutePattern(path string) string {
	if rest, ok := strings.CutPrefix(path, "/api/v1/desks/"); ok {
		if i := strings.LastIndexByte(rest, '/'); i >= 0 {
			return "/api/v1/desks/{desk}" + rest[i:]
		}
	}
	return path
}

// anchorOf reads the "anchor" of an answer, "" when it has none.
func anchorOf(answer []byte) string {
	var a struct {
		Anchor string `json:"anchor"`
	}
	if json.Unmarshal(answer, &a) != nil {
		return ""
	}
	return a.Anchor
}

// isRefusal says whether err is the server's refusal with that status.
func isRefusal(err error, status int) bool {
	var r *Refusal
	return errors.As(err, &r) && r.Status == status
}
