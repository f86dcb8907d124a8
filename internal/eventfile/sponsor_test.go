package eventfile

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"loto/internal/loto"
)

// testImage is a small w×h image encoded by enc.
func testImage(t *testing.T, w, h int, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 0x80, 0xff})
		}
	}
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngOf(b *bytes.Buffer, img image.Image) error  { return png.Encode(b, img) }
func jpegOf(b *bytes.Buffer, img image.Image) error { return jpeg.Encode(b, img, nil) }

// sponsoredDay is a small day of two games whose prizes are offered by the
// sponsors given (YAML flow mappings, "" for none), at lines 14 and 15.
func sponsoredDay(first, second string) []byte {
	prize := func(sponsor string) string {
		if sponsor == "" {
			return "{label: Panier garni, kind: object}"
		}
		return "{label: Panier garni, kind: object, sponsor: " + sponsor + "}"
	}
	return eventYAML("rng", "  - {title: Partie 1, stages: [{stage: quine, prize: "+prize(first)+"}]}\n"+
		"  - {title: Partie 2, stages: [{stage: quine, prize: "+prize(second)+"}]}\n")
}

func TestSponsor_LogoIsReadBesideTheFileAndKeptOnce(t *testing.T) {
	logo := testImage(t, 40, 20, pngOf)
	photo := testImage(t, 30, 30, jpegOf)
	files := fstest.MapFS{"boulangerie.png": {Data: logo}, "garage.jpg": {Data: photo}}
	spec, _, err := ParseFiles(sponsoredDay(`{name: Boulangerie Martin, logo: boulangerie.png}`, `{name: "  Boulangerie Martin ", logo: boulangerie.png}`), nil, files)
	ok(t, err)
	if len(spec.Logos) != 1 || spec.Logos[0].Type != "image/png" || !bytes.Equal(spec.Logos[0].Data, logo) || len(spec.Logos[0].SHA256) != 64 {
		t.Fatalf("logos: %d, first %+v", len(spec.Logos), spec.Logos[0].Type)
	}
	for i, g := range spec.Programme {
		if sp := g.Stages[0].Prize.Sponsor; sp == nil || *sp != (loto.Sponsor{Name: "Boulangerie Martin", Logo: spec.Logos[0].SHA256}) {
			t.Fatalf("game %d: sponsor %+v", i+1, sp)
		}
	}
	spec, _, err = ParseFiles(sponsoredDay(`{name: Garage du Port, logo: garage.jpg}`, `{name: Mairie}`), nil, files)
	ok(t, err)
	if len(spec.Logos) != 1 || spec.Logos[0].Type != "image/jpeg" || spec.Programme[1].Stages[0].Prize.Sponsor.Logo != "" {
		t.Fatalf("a JPEG logo and a sponsor without one: %+v, %+v", spec.Logos, spec.Programme[1].Stages[0].Prize.Sponsor)
	}
	// Without sponsors there are no logos, and the file alone parses.
	spec, _, err = Parse(sponsoredDay("", `{name: Mairie}`))
	ok(t, err)
	if spec.Logos != nil || spec.Programme[0].Stages[0].Prize.Sponsor != nil {
		t.Fatalf("%+v", spec.Programme[0].Stages[0].Prize)
	}
}

func TestSponsor_BadLogosAreRefusedAtTheirLine(t *testing.T) {
	logo := testImage(t, 40, 20, pngOf)
	files := fstest.MapFS{
		"logo.png":   {Data: logo},
		"logo.jpg":   {Data: logo}, // a PNG named .jpg
		"dessin.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)},
		"faux.png":   {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)},
		"coupe.png":  {Data: logo[:len(logo)/2]},
		"gros.png":   {Data: append(append([]byte(nil), logo...), make([]byte, loto.MaxLogoBytes)...)},
		"sous/x.png": {Data: logo},
	}
	const at = "ligne 14, programme[0].stages[0].prize.sponsor"
	for _, c := range []struct{ sponsor, say string }{
		{`{logo: logo.png}`, at + ".name : le nom du donateur est requis"},
		{`{name: X, logo: absent.png}`, at + ".logo : logo « absent.png » : fichier introuvable parmi ceux qui accompagnent le fichier de l'événement"},
		{`{name: X, logo: LOGO.PNG}`, at + ".logo : logo « LOGO.PNG » : fichier introuvable, mais il y a « logo.png » : écrire le nom exactement, majuscules comprises"},
		{`{name: X, logo: dessin.svg}`, at + ".logo : logo « dessin.svg » : un SVG est refusé (il peut contenir un script) : un PNG ou un JPEG"},
		{`{name: X, logo: faux.png}`, at + ".logo : logo « faux.png » : le logo n'est pas une image PNG ou JPEG (un SVG est refusé : il peut contenir un script)"},
		{`{name: X, logo: coupe.png}`, at + ".logo : logo « coupe.png » : le logo n'est pas une image PNG lisible"},
		{`{name: X, logo: gros.png}`, at + ".logo : logo « gros.png » : 201 Kio, 200 Kio au plus"},
		{`{name: X, logo: logo.jpg}`, at + ".logo : logo « logo.jpg » : le nom dit .jpg mais le contenu est image/png"},
		{`{name: X, logo: sous/x.png}`, at + ".logo : logo « sous/x.png » : donner le nom d'un fichier placé à côté du fichier de l'événement, sans dossier"},
		{`{name: X, logo: ../logo.png}`, at + ".logo : logo « ../logo.png » : donner le nom"},
		{`{name: X, logo: logo.gif}`, at + ".logo : logo « logo.gif » : un fichier .png, .jpg ou .jpeg est attendu"},
		{`{name: X, logos: logo.png}`, at + ".logos : champ inconnu (champs possibles : logo, name)"},
	} {
		spec, _, err := ParseFiles(sponsoredDay(c.sponsor, ""), nil, files)
		wantRefused(t, spec, err, c.sponsor, c.say)
	}
	// Read alone, a file that names a logo says how to give it one.
	_, _, err := Parse(sponsoredDay(`{name: X, logo: logo.png}`, ""))
	wantSays(t, err, []string{at + ".logo : logo « logo.png » : le fichier de l'événement est lu ici sans les images qui l'accompagnent : les déposer avec lui sur la page de l'événement"})
}

// The day's logos are bounded in all, however small each one.
func TestSponsor_LogosAreBoundedInAll(t *testing.T) {
	files := fstest.MapFS{}
	var programme strings.Builder
	for i := range 7 {
		name := string(rune('a'+i)) + ".png"
		// Each a PNG of about 190 KiB: noise does not compress.
		img := image.NewGray(image.Rect(0, 0, 440, 440))
		r := rand.New(rand.NewPCG(1, uint64(i)))
		for j := range img.Pix {
			img.Pix[j] = byte(r.Uint32())
		}
		var b bytes.Buffer
		ok(t, png.Encode(&b, img))
		if b.Len() > loto.MaxLogoBytes || b.Len() < 150<<10 {
			t.Fatalf("test logo of %d bytes", b.Len())
		}
		files[name] = &fstest.MapFile{Data: b.Bytes()}
		programme.WriteString("  - {title: Partie, stages: [{stage: quine, prize: {label: Lot, kind: object, sponsor: {name: X, logo: " + name + "}}}]}\n")
	}
	_, _, err := ParseFiles(eventYAML("rng", programme.String()), nil, files)
	wantSays(t, err, []string{"les logos font plus de 1024 Kio en tout"})
}
