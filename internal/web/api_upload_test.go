package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/loto"
)

// pngOf is a small PNG of w × h pixels, in a colour of its own.
func pngOf(t *testing.T, w, h int, shade byte) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range w * h {
		img.Set(i%w, i/w, color.RGBA{shade, byte(i), 80, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// part is a part of an upload form: its form name, file name and bytes.
type part struct {
	form, name string
	data       []byte
}

// eventForm is a multipart form of parts, and its content type.
func eventForm(t *testing.T, parts ...part) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		w, err := mw.CreateFormFile(p.form, p.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p.data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), mw.FormDataContentType()
}

// sponsoredFile is the example day whose first prize is offered with the
// logo named logo, its public address given.
func sponsoredFile(logo string) []byte {
	b := bytes.Replace(examples.MegaLoto, []byte("venue: Salle Hermione, Saint-Brieuc"),
		[]byte("venue: Salle Hermione, Saint-Brieuc\npublic_url: http://192.168.1.10:8080"), 1)
	return bytes.Replace(b, []byte("kind: voucher"), []byte("kind: voucher, sponsor: {name: Boulangerie Martin, logo: "+logo+"}"), 1)
}

// The event file uploaded with the logo it names is checked
// and recorded with it, in one form; an image it does not name is told and
// not recorded; the board serves the logo; the tickets and the plates
// print the day's public address.
func TestUploadAPI_EventFileWithItsLogoIsRecorded(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	org := f.as(loto.RoleOrganiser)
	logo := pngOf(t, 60, 30, 200)
	body, ctype := eventForm(t,
		part{partEvent, "mon-loto.yaml", sponsoredFile("boulangerie.png")},
		part{partFiles, "boulangerie.png", logo},
		part{partFiles, "vacances.jpg", pngOf(t, 8, 8, 1)})
	before := f.head()
	w := f.send("POST", "/api/v1/event/check", body, ctype, org)
	if w.Code != http.StatusOK || f.head() != before {
		t.Fatalf("check: %d %s", w.Code, w.Body)
	}
	check := decode[eventCheck](t, w)
	want := "l'image « vacances.jpg » est jointe mais le fichier de l'événement ne la nomme pas : elle n'est pas enregistrée"
	if !strings.Contains(strings.Join(check.Warnings, "\n"), want) || strings.Contains(strings.Join(check.Warnings, "\n"), "public_url") || len(check.Event.Logos) != 1 {
		t.Fatalf("check: warnings %q, %d logos", check.Warnings, len(check.Event.Logos))
	}
	w = f.send("POST", "/api/v1/event", body, ctype, org)
	if w.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", w.Code, w.Body)
	}
	sum := sha256.Sum256(logo)
	sha := hex.EncodeToString(sum[:])
	ev := f.day.Event()
	if len(ev.Logos) != 1 || ev.Logos[0].SHA256 != sha || ev.Programme[0].Stages[0].Prize.Sponsor.Logo != sha {
		t.Fatalf("recorded logos %+v", ev.Logos)
	}
	if w := f.do("GET", "/tableau/logos/"+sha, ""); w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), logo) || w.Header().Get("Content-Type") != "image/png" {
		t.Errorf("the board's logo: %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	if ev.PublicURL != "http://192.168.1.10:8080" {
		t.Fatalf("public address %q", ev.PublicURL)
	}
	if w := f.do("POST", "/api/v1/reservations", `{"name":"Jeanne Dupont","tickets":1}`, org); w.Code != http.StatusCreated {
		t.Fatalf("reservation: %d %s", w.Code, w.Body)
	}
	w = f.do("GET", "/api/v1/reservations/tickets.pdf", "", org)
	if text, _ := pdfTextOf(t, w.Body.Bytes()); !strings.Contains(text, "http://192.168.1.10:8080/reglement") {
		t.Errorf("the ticket lacks the rules' full address:\n%s", text)
	}
	w = f.do("GET", "/api/v1/series/A/cards.pdf?from=1&to=6&layout=6", "", org)
	if text, _ := pdfTextOf(t, w.Body.Bytes()); !strings.Contains(text, "Suivre ses cartes sur son téléphone :") || !strings.Contains(text, "http://192.168.1.10:8080/joueur") {
		t.Errorf("the plate lacks the players' page's address:\n%s", text)
	}
}

// Every mistake of an upload is named, in French, and records nothing.
func TestUploadAPI_EveryMistakeIsNamed(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	org := f.as(loto.RoleOrganiser)
	logo := pngOf(t, 60, 30, 200)
	event := part{partEvent, "mon-loto.yaml", sponsoredFile("boulangerie.png")}
	big := append(append([]byte(nil), logo...), make([]byte, loto.MaxLogoBytes)...)
	const at = ".prize.sponsor.logo : logo « boulangerie.png » : "
	for _, c := range []struct {
		name   string
		parts  []part
		status int
		want   string
	}{
		{"logo missing", []part{event}, 422, at + "fichier introuvable parmi ceux qui accompagnent le fichier de l'événement"},
		{"name in another case", []part{event, {partFiles, "Boulangerie.PNG", logo}}, 422, at + "fichier introuvable, mais il y a « Boulangerie.PNG »"},
		{"a PNG named .png that is not one", []part{event, {partFiles, "boulangerie.png", []byte("<svg><script>alert(1)</script></svg>")}}, 422, at + "le logo n'est pas une image PNG ou JPEG"},
		{"too big", []part{event, {partFiles, "boulangerie.png", big}}, 422, at + "201 Kio, 200 Kio au plus"},
		{"two event files", []part{event, event, {partFiles, "boulangerie.png", logo}}, 422, "deux fichiers de l'événement sont joints"},
		{"no event file", []part{{partFiles, "boulangerie.png", logo}}, 422, "le fichier de l'événement manque"},
		{"empty event file", []part{{partEvent, "vide.yaml", []byte(" \n")}}, 422, "le fichier de l'événement est vide"},
		{"two images of one name", []part{event, {partFiles, "boulangerie.png", logo}, {partFiles, "boulangerie.png", logo}}, 422, "deux images jointes s'appellent « boulangerie.png »"},
		{"unknown part", []part{event, {"logo", "boulangerie.png", logo}}, 400, "partie « logo » du formulaire inconnue"},
		{"over the bound", []part{event, {partFiles, "film.png", make([]byte, maxUpload)}}, 413, "l'envoi est trop gros : 8 Mio au plus"},
	} {
		t.Run(c.name, func(t *testing.T) {
			body, ctype := eventForm(t, c.parts...)
			before := f.head()
			w := f.send("POST", "/api/v1/event", body, ctype, org)
			if w.Code != c.status || !strings.Contains(fileErrorOf(t, w).Message, c.want) {
				t.Errorf("%d %s, want %d saying %q", w.Code, w.Body, c.status, c.want)
			}
			if f.head() != before || f.day.Event() != nil {
				t.Error("a refused upload recorded something")
			}
		})
	}
	// A file without the day's public address is told, before it is
	// recorded for good without it.
	w := f.send("POST", "/api/v1/event/check", examples.MegaLoto, "text/plain", org)
	if check := decode[eventCheck](t, w); w.Code != 200 || !slices.Contains(check.Warnings, noPublicURL) {
		t.Errorf("a file without public_url: %d, warnings %q", w.Code, check.Warnings)
	}
	// The file sent alone, as before, says how to give it its logo.
	w = f.send("POST", "/api/v1/event/check", sponsoredFile("boulangerie.png"), "text/plain", org)
	if w.Code != 422 || !strings.Contains(fileErrorOf(t, w).Message, at+"le fichier de l'événement est lu ici sans les images qui l'accompagnent : les déposer avec lui sur la page de l'événement") {
		t.Errorf("file alone: %d %s", w.Code, w.Body)
	}
}
