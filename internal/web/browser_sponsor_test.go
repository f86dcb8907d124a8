package web

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/loto"
)

// sponsorLogo is a PNG drawn for the test: a brown band with a light sun.
func sponsorLogo(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 300, 120))
	for x := range 300 {
		for y := range 120 {
			c := color.RGBA{0x8b, 0x45, 0x13, 0xff}
			if dx, dy := x-60, y-60; dx*dx+dy*dy < 40*40 {
				c = color.RGBA{0xff, 0xd1, 0x66, 0xff}
			} else if x > 120 && x < 280 && y > 45 && y < 75 {
				c = color.RGBA{0xff, 0xff, 0xff, 0xff}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestBrowser_BoardShowsThePrizesSponsor: a prize's sponsor and its logo,
// named by the event file (the logo a PNG beside it), show on the board
// while its stage is played, "offert par ..." with the logo served from the
// journal's copy as image/png; nothing of it between games.
func TestBrowser_BoardShowsThePrizesSponsor(t *testing.T) {
	t.Parallel()
	logo := sponsorLogo(t)
	file := strings.Replace(string(examples.MegaLoto),
		"consolation: bouteille de cidre}}", "consolation: bouteille de cidre, sponsor: {name: Boulangerie Martin, logo: boulangerie.png}}}", 1)
	spec, _, err := eventfile.ParseFiles([]byte(file), nil, fstest.MapFS{"boulangerie.png": {Data: logo}})
	if err != nil {
		t.Fatal(err)
	}
	sha := spec.Programme[0].Stages[0].Prize.Sponsor.Logo
	l := startLiveSpec(t, Config{}, spec)

	board := l.open("/tableau", 1920, 1080)
	board.waitText("#next", "Partie 1")
	if board.count("#sponsor[hidden]") != 1 {
		t.Fatal("a sponsor shows between games")
	}
	l.startGame()
	board.waitText("#sponsor", "offert par Boulangerie Martin")
	wantLogo := func(tb *tab) {
		t.Helper()
		if src := tb.attr("#sponsor-logo", "src"); src != "/tableau/logos/"+sha {
			t.Fatalf("the logo's src is %q", src)
		}
		// The browser decoded it: it has the PNG's width.
		tb.waitFor("#sponsor-logo", func(string) bool {
			return eval[int](tb, `document.querySelector("#sponsor-logo").naturalWidth`) == 300
		}, "to be the decoded logo")
		if tb.count("#sponsor:not([hidden]) #sponsor-logo:not([hidden])") != 1 {
			t.Fatal("the sponsor or its logo is hidden")
		}
	}
	wantLogo(board)
	board.axe()
	board.screenshot("tableau-donateur-1920x1080")

	// A board opened now shows it at its first paint.
	small := l.open("/tableau", 1280, 720)
	small.waitText("#sponsor", "offert par Boulangerie Martin")
	wantLogo(small)
	small.axe()
	small.screenshot("tableau-donateur-1280x720")

	res := l.get("/tableau/logos/" + sha)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" ||
		res.Header.Get("X-Content-Type-Options") != "nosniff" || !bytes.Equal(body, logo) {
		t.Fatalf("GET the logo: %d, %q, nosniff %q, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("X-Content-Type-Options"), len(body))
	}
	for _, bad := range []string{strings.Repeat("0", 64), "boulangerie.png", sha + ".png"} {
		if res := l.get("/tableau/logos/" + bad); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET /tableau/logos/%s: %d, want 404", bad, res.StatusCode)
		}
	}
	board.noErrors()
	small.noErrors()
}

// TestBrowser_BoardKeepsTheSponsorOfTheNextStage: the quine and the double
// quine of the first game are offered by the same sponsor. The stream's
// change at the award then names only what differs in the prize (its label
// and amount), a merge patch (RFC 7386) one level down: the board applies
// it field by field and still says who offers the double quine.
func TestBrowser_BoardKeepsTheSponsorOfTheNextStage(t *testing.T) {
	t.Parallel()
	file := strings.Replace(string(manualDay(t)),
		"consolation: bouteille de cidre}}", "consolation: bouteille de cidre, sponsor: {name: Boulangerie Martin}}}", 2)
	spec := parseEvent(t, []byte(file))
	l := startLiveSpec(t, Config{}, spec)
	sold := l.sell(1, 6)
	board := l.open("/tableau", 1920, 1080)
	board.waitText("#next", "Partie 1")
	ctx := context.Background()
	host := l.devices[loto.RoleHost]
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	board.waitText("#sponsor", "offert par Boulangerie Martin")
	for _, n := range l.rowNumbers(sold[0], 0) {
		if _, err := l.day.Draw(ctx, host, n); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.day.Claim(ctx, l.devices[loto.RoleController], mustSerial(t, sold[0])); err != nil {
		t.Fatal(err)
	}
	if r, err := l.day.StartControl(ctx, host); err != nil || r.Winners != 1 {
		t.Fatalf("the quine's control: %+v %v", r, err)
	}
	if _, err := l.day.Award(ctx, host); err != nil {
		t.Fatal(err)
	}
	board.waitText("main", "Bon d'achat de 50 €")
	board.waitText("#sponsor", "offert par Boulangerie Martin")
	if board.count("#sponsor[hidden]") != 0 {
		t.Fatal("the double quine's sponsor is hidden")
	}
	board.screenshot("tableau-donateur-etape-suivante-1920x1080")
	board.noErrors()
}
