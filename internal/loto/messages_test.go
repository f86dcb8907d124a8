package loto

import (
	"context"
	"testing"
)

// Each refusal says what is wrong, not a neighbouring reason.
func TestMessages_SayWhatIsWrong(t *testing.T) {
	d, _ := entranceDay(t)
	ctx := context.Background()
	t.Run("a serial beyond the series is out of it, whatever its check code", func(t *testing.T) {
		for _, serial := range []string{"A-000601-22", "A-999999-ZZ"} {
			_, err := viaEdge(serial, d.Card)
			wantCode(t, err, ENotFound)
			wantSays(t, err, []string{"hors de la série A", "600 cartes"}, "code de contrôle")
		}
	})
	t.Run("a plate code where a card is expected", func(t *testing.T) {
		plate, err := d.PlateCode("A", 1)
		ok(t, err)
		_, err = viaEdge(plate, d.Card)
		wantCode(t, err, EInvalid)
		wantSays(t, err, []string{plate, "plaque", "numéro d'une carte"}, "illisible")
	})
	t.Run("a break of no schedule without its length", func(t *testing.T) {
		_, err := d.StartBreak(ctx, org("host"), "goûter", 0)
		wantCode(t, err, EInvalid)
		wantSays(t, err, []string{"aucune pause « goûter » au programme", "« pause repas », « entracte »", "durée"}, "0 minute")
	})
	t.Run("a break of the schedule already taken", func(t *testing.T) {
		_, err := d.StartBreak(ctx, org("host"), "entracte", 0)
		ok(t, err)
		_, err = d.EndBreak(ctx, org("host"))
		ok(t, err)
		_, err = d.StartBreak(ctx, org("host"), "Entracte", 0)
		wantCode(t, err, EInvalid)
		wantSays(t, err, []string{"« entracte » du programme est déjà prise"}, "0 minute")
	})
}
