package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/report"
)

// simulate plays the example day (with draw mode changed if mode is given).
func simulate(t *testing.T, mode string, players int, seed int64) (*loto.Day, *sqlite.Store, Report) {
	t.Helper()
	d, store := newDay(t)
	ctx := context.Background()
	file := megaLoto(t)
	if mode != "" {
		file = bytes.Replace(file, []byte("draw: rng"), []byte("draw: "+mode), 1)
	}
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, file))
	ok(t, err)
	rep, err := Play(ctx, d, Options{Players: players, Seed: seed})
	ok(t, err)
	return d, store, rep
}

func TestPlayFullDay(t *testing.T) {
	for _, mode := range []string{"rng", "manual"} {
		t.Run(mode, func(t *testing.T) {
			d, store, rep := simulate(t, mode, 300, 7)
			verdicts := map[loto.Verdict]int{}
			ties := 0
			spec := d.Event()
			if rep.Seed != 7 || len(rep.Games) != len(spec.Programme) {
				t.Fatalf("report has %d games", len(rep.Games))
			}
			for gi, g := range rep.Games {
				if g.Number != gi+1 || g.Title != spec.Programme[gi].Title || len(g.Stages) != len(spec.Programme[gi].Stages) {
					t.Fatalf("game %d: %+v", gi+1, g)
				}
				var prev []int
				for si, s := range g.Stages {
					checkStage(t, s, spec.Programme[gi].Stages[si], prev)
					prev = s.Draws
					for _, c := range s.Claims {
						verdicts[c.Verdict]++
					}
					if len(s.Winners) > 1 {
						ties++
					}
				}
			}
			for _, v := range []loto.Verdict{loto.VerdictWin, loto.VerdictNotWinner, loto.VerdictLate, loto.VerdictNotStamped, loto.VerdictUnknownSeries,
				loto.VerdictBadCheck, loto.VerdictNotEligible, loto.VerdictVoided, loto.VerdictDuplicate} {
				if verdicts[v] == 0 {
					t.Errorf("no claim got the verdict %s: %v", v, verdicts)
				}
			}
			if ties == 0 {
				t.Error("no tie in a day of 300 players")
			}
			checkEntrance(t, d, 300, rep)
			checkBreaks(t, d, store)
			compareViews(t, d, reopen(t, store))
			if mode == "manual" {
				undone := 0
				for _, e := range events(t, store) {
					if e.Type == loto.TypeNumberUndone {
						undone++
					}
				}
				if undone == 0 {
					t.Error("no typing slip undone in manual mode")
				}
			}
			r, err := loto.AuditDraws(events(t, store))
			ok(t, err)
			if !r.OK() || (mode == "manual") != (r.Draws == 0) {
				t.Fatalf("audit %+v", r)
			}
		})
	}
}

// checkStage checks one stage of the report against the rules.
func checkStage(t *testing.T, s loto.StageResult, spec loto.StageSpec, prev []int) {
	t.Helper()
	if s.Stage != spec.Stage || s.Lines != spec.Lines || len(s.Winners) == 0 {
		t.Fatalf("stage %+v", s)
	}
	seen := map[int]bool{}
	for _, n := range s.Draws {
		if n < 1 || n > 90 || seen[n] {
			t.Fatalf("draws %v: a number twice or out of range (R14)", s.Draws)
		}
		seen[n] = true
	}
	if !slices.Equal(s.Draws[:len(prev)], prev) {
		t.Fatalf("stage draws %v do not go on from %v (R23, R24)", s.Draws, prev)
	}
	wins := 0
	for _, c := range s.Claims {
		if c.Verdict == loto.VerdictWin {
			wins++
		}
	}
	if wins != len(s.Winners) {
		t.Fatalf("%d win verdicts for %d winners", wins, len(s.Winners))
	}
	var total loto.Cents
	prizes := 0
	for _, w := range s.Winners {
		tied := len(s.Winners) > 1
		if (w.Token != nil) != tied || (w.Consolation && !tied) {
			t.Fatalf("winner %+v: token only on a tie, consolation only on a tie (R25)", w)
		}
		switch {
		case w.Consolation:
			if w.ShareCents != nil || w.Prize != spec.Prize.Consolation {
				t.Fatalf("consolation %+v", w)
			}
		case spec.Prize.Kind == loto.Object:
			prizes++
			if w.ShareCents != nil {
				t.Fatalf("object with a share: %+v", w)
			}
		default:
			prizes++
			total += *w.ShareCents
		}
	}
	if spec.Prize.Kind == loto.Object && prizes != 1 {
		t.Fatalf("object given %d times (R17)", prizes)
	}
	if spec.Prize.Kind == loto.Voucher && total != spec.Prize.Cents {
		t.Fatalf("voucher of %s shared as %s (R18, R19)", spec.Prize.Cents, total)
	}
}

func TestPlayReportJSONShape(t *testing.T) {
	// Seed 3 gives a day whose tied winners once decline to share (R18).
	_, store, rep := simulate(t, "", 300, 3)
	b, err := json.Marshal(rep)
	ok(t, err)
	var doc struct {
		Seed  *int64 `json:"seed"`
		Games []struct {
			Number *int    `json:"number"`
			Title  *string `json:"title"`
			Stages []struct {
				Stage    string            `json:"stage"`
				Lines    int               `json:"lines"`
				Draws    []int             `json:"draws"`
				Claims   []map[string]any  `json:"claims"`
				Winners  []json.RawMessage `json:"winners"`
				Declined bool              `json:"declined"`
			} `json:"stages"`
		} `json:"games"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	ok(t, dec.Decode(&doc))
	if doc.Seed == nil || *doc.Seed != 3 || len(doc.Games) == 0 {
		t.Fatalf("report %s", b[:200])
	}
	nullToken, nullShare := false, false
	declined := 0
	for _, g := range doc.Games {
		for _, s := range g.Stages {
			if s.Declined {
				declined++
			}
			if s.Stage != "quine" && s.Stage != "double_quine" && s.Stage != "carton_plein" {
				t.Fatalf("stage %q", s.Stage)
			}
			for _, c := range s.Claims {
				if len(c) != 2 || c["serial"] == nil || c["verdict"] == nil {
					t.Fatalf("claim %v: want serial and verdict", c)
				}
			}
			for _, w := range s.Winners {
				var m map[string]json.RawMessage
				ok(t, json.Unmarshal(w, &m))
				for _, k := range []string{"serial", "token", "prize", "share_cents", "consolation"} {
					if _, there := m[k]; !there {
						t.Fatalf("winner %s lacks %s", w, k)
					}
				}
				nullToken = nullToken || string(m["token"]) == "null"
				nullShare = nullShare || string(m["share_cents"]) == "null"
			}
		}
	}
	if !nullToken || !nullShare || !strings.Contains(string(b), `"token":null`) {
		t.Fatal("token must be null without a tie and share_cents null for an object")
	}
	// R18: a stage whose winners declined to share says so, as the journal does.
	inJournal := 0
	for _, e := range events(t, store) {
		if e.Type == loto.TypeTieDeclined {
			inJournal++
		}
	}
	if inJournal == 0 || declined != inJournal {
		t.Fatalf("%d stages declined in the report, %d in the journal: want the same, at least one", declined, inJournal)
	}
}

func TestPlayIsReproducible(t *testing.T) {
	_, _, a := simulate(t, "", 50, 11)
	_, _, b := simulate(t, "", 50, 11)
	_, _, c := simulate(t, "", 50, 12)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	jc, _ := json.Marshal(c)
	if !bytes.Equal(ja, jb) {
		t.Fatal("same seeds, different days")
	}
	if bytes.Equal(ja, jc) {
		t.Fatal("another player seed, the same day")
	}
}

func TestPlay_BadInput(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := Play(ctx, d, Options{Players: 10})
	wantCode(t, err, loto.EInvalid) // no event
	_, err = d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	before := head(t, store)
	_, err = Play(ctx, d, Options{Players: 0})
	wantCode(t, err, loto.EInvalid)
	if n := head(t, store); n != before {
		t.Fatalf("bad input appended %d events", n-before)
	}
	_, err = Play(ctx, d, Options{Players: 1, Seed: 1})
	ok(t, err)
	_, err = Play(ctx, d, Options{Players: 1, Seed: 1})
	wantCode(t, err, loto.EConflict)
}

// compareViews fails unless the replayed day shows what the live one does:
// results, sales, refunds, reservations, breaks, desks and the report.
func compareViews(t *testing.T, live, replay *loto.Day) {
	t.Helper()
	view := func(d *loto.Day) map[string]any {
		rep, err := report.OfDay(context.Background(), d)
		ok(t, err)
		return map[string]any{"event": d.Event(), "series": d.Series(), "results": d.Results(), "sales": d.Sales(),
			"refunds": d.Refunds(), "reservations": d.Reservations(), "breaks": d.Breaks(), "sessions": d.Sessions(),
			"report": rep, "head": d.Head()}
	}
	a, b := view(live), view(replay)
	for k := range a {
		if !reflect.DeepEqual(a[k], b[k]) {
			t.Errorf("%s differs after replay:\nlive   %#v\nreplay %#v", k, a[k], b[k])
		}
	}
}
