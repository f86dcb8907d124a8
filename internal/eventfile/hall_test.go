package eventfile

import (
	"strings"
	"testing"

	"loto/internal/loto"
)

// withHall is a small day whose file ends with hall (a YAML line or "").
func withHall(hall string) []byte {
	return append(eventYAML("rng", "  - {title: Partie 1, stages: [{stage: quine, prize: {label: Panier garni, kind: object}}]}\n"), hall...)
}

func TestHall_DefaultsAreTheBoardsDesign(t *testing.T) {
	spec, warnings, err := Parse(withHall(""))
	ok(t, err)
	if spec.Hall == nil || *spec.Hall != loto.DefaultHall || len(warnings) != 0 {
		t.Fatalf("hall %+v, warnings %q: want the default %+v", spec.Hall, warnings, loto.DefaultHall)
	}
	spec, _, err = Parse(withHall("hall: {back_row_m: 25}\n"))
	ok(t, err)
	if *spec.Hall != (loto.Hall{BackRowM: 25, ScreenHeightM: 2.5}) {
		t.Fatalf("hall with its back row only: %+v", spec.Hall)
	}
	spec, _, err = Parse(withHall("hall:\n  back_row_m: 18\n  screen_height_m: 2.25\n"))
	ok(t, err)
	if *spec.Hall != (loto.Hall{BackRowM: 18, ScreenHeightM: 2.25}) {
		t.Fatalf("hall: %+v", spec.Hall)
	}
}

func TestHall_BadDistancesAreRefusedAtTheirLine(t *testing.T) {
	for _, c := range []struct{ hall, say string }{
		{"hall:\n  back_row_m: 0\n", "ligne 16, hall.back_row_m : distance du dernier rang à l'écran de 0 m invalide : entre 2 et 100 mètres"},
		{"hall:\n  back_row_m: 250\n", "ligne 16, hall.back_row_m : distance du dernier rang à l'écran de 250 m invalide"},
		{"hall:\n  back_row_m: .nan\n", "ligne 16, hall.back_row_m : distance du dernier rang à l'écran de NaN m invalide"},
		{"hall:\n  back_row_m: 20\n  screen_height_m: 0.1\n", "ligne 17, hall.screen_height_m : hauteur de l'image projetée de 0,1 m invalide : entre 0,3 et 20 mètres"},
		{"hall:\n  back_row_m: 12,5\n", "ligne 16, hall.back_row_m : un nombre est attendu (avec un point pour les décimales : 2.5), pas « 12,5 »"},
		{"hall:\n  back_row: 12\n", "ligne 16, hall.back_row : champ inconnu (champs possibles : back_row_m, screen_height_m)"},
	} {
		spec, _, err := Parse(withHall(c.hall))
		wantRefused(t, spec, err, c.hall, c.say)
	}
}

// A back row farther than the largest type serves is allowed, with a
// warning that says how large an image it needs.
func TestHall_TooDeepForTheImageWarns(t *testing.T) {
	spec, warnings, err := Parse(withHall("hall: {back_row_m: 40, screen_height_m: 2.5}\n"))
	ok(t, err)
	if spec.Hall.TypeScale() != loto.MaxTypeScale || len(warnings) != 1 ||
		!strings.Contains(warnings[0], "hall : un dernier rang à 40 m d'une image de 2,5 m de haut : le tableau ne se lit bien que jusqu'à 27 m ; projeter une image d'au moins 3,8 m de haut") {
		t.Fatalf("scale %d, warnings %q", spec.Hall.TypeScale(), warnings)
	}
	if _, warnings, _ = Parse(withHall("hall: {back_row_m: 27, screen_height_m: 2.5}\n")); len(warnings) != 0 {
		t.Fatalf("a hall the largest type serves warns: %q", warnings)
	}
}
