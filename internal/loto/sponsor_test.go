package loto

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"strings"
	"testing"
)

// logoPNG is a small real PNG.
func logoPNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	ok(t, png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 4))))
	return b.Bytes()
}

// A sponsor's logo is recorded with the event, so the journal alone holds
// the day: the public snapshot names the sponsor and the logo's hash, and
// serves its bytes (never in its JSON), after a replay too.
func TestSponsor_LogoIsInTheJournalAndServedFromTheSnapshot(t *testing.T) {
	d, store := newDay(t)
	spec := eventSpec(t, megaLoto(t))
	logo, err := NewLogo(logoPNG(t))
	ok(t, err)
	spec.Logos = []Logo{logo}
	spec.Programme[0].Stages[0].Prize.Sponsor = &Sponsor{Name: "Boulangerie Martin", Logo: logo.SHA256}
	_, err = d.CreateEvent(context.Background(), org("orga"), spec)
	ok(t, err)
	for _, day := range []*Day{d, reopen(t, store)} {
		p := day.Public()
		sp := p.Programme[0].Stages[0].Prize.Sponsor
		if sp == nil || sp.Name != "Boulangerie Martin" || sp.Logo != logo.SHA256 {
			t.Fatalf("the programme's first prize has sponsor %+v", sp)
		}
		if car := p.Programme[7].Stages[0].Prize.Sponsor; car == nil || car.Name != "Garage du Légué" || car.Logo != "" {
			t.Fatalf("the car's sponsor from the example: %+v", car)
		}
		got, found := p.Logo(logo.SHA256)
		if !found || !bytes.Equal(got.Data, logo.Data) || got.Type != "image/png" {
			t.Fatalf("the snapshot serves the logo: %v %q", found, got.Type)
		}
		if _, found := p.Logo(strings.Repeat("0", 64)); found {
			t.Fatal("the snapshot serves a logo the day does not have")
		}
		b, err := json.Marshal(p)
		ok(t, err)
		if bytes.Contains(b, []byte(`"data"`)) || len(b) > 20000 {
			t.Fatalf("the public JSON carries the logo's bytes (%d bytes)", len(b))
		}
	}
	// The current prize carries its sponsor once its game starts.
	_, err = d.StartGame(context.Background(), org("host"))
	ok(t, err)
	if sp := d.Public().Prize.Sponsor; sp == nil || sp.Name != "Boulangerie Martin" {
		t.Fatalf("the prize in play has sponsor %+v", sp)
	}
}

// The domain checks the logos it is given, whoever parsed the file: an
// image by its content and its hash, a sponsor naming a logo of the day.
func TestSponsor_CreateEventRefusesLogosThatDoNotHold(t *testing.T) {
	good, err := NewLogo(logoPNG(t))
	ok(t, err)
	for _, c := range []struct {
		name  string
		logos []Logo
		logo  string
		say   string
	}{
		{"an SVG", []Logo{{SHA256: good.SHA256, Type: "image/png", Data: []byte(`<svg><script>alert(1)</script></svg>`)}}, good.SHA256, "logos[0] : le logo n'est pas une image PNG ou JPEG (un SVG est refusé"},
		{"a wrong hash", []Logo{{SHA256: strings.Repeat("ab", 32), Type: good.Type, Data: good.Data}}, strings.Repeat("ab", 32), "logos[0] : empreinte ou type faux"},
		{"a wrong type", []Logo{{SHA256: good.SHA256, Type: "image/svg+xml", Data: good.Data}}, good.SHA256, "logos[0] : empreinte ou type faux"},
		{"an unknown logo", []Logo{good}, strings.Repeat("cd", 32), "programme[0].stages[0].prize.sponsor.logo : aucun logo du jour"},
	} {
		d, store := newDay(t)
		spec := eventSpec(t, megaLoto(t))
		spec.Logos = c.logos
		spec.Programme[0].Stages[0].Prize.Sponsor = &Sponsor{Name: "X", Logo: c.logo}
		before := store.count()
		_, err := d.CreateEvent(context.Background(), org("orga"), spec)
		wantCode(t, err, EInvalid)
		if !strings.Contains(ErrorMessage(err), c.say) {
			t.Fatalf("%s: %q does not say %q", c.name, ErrorMessage(err), c.say)
		}
		nothingWritten(t, store, before)
	}
}
