package web

import (
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestSale_KeyTheAPIAcceptsTheDayAcceptsToo: an Idempotency-Key is read
// once, by one parser with one bound: a key of 110 characters, within the
// bound the API documents, records the sale (and its retry answers the
// first one) instead of passing the API's check and being refused by the
// day; a key past the bound is refused before anything is asked of the day.
func TestSale_KeyTheAPIAcceptsTheDayAcceptsToo(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	f.openDesk()
	cashier := f.bearerOf(loto.RoleCashier)
	body := `{"cards":["` + f.serial(1) + `"],"payments":[{"method":"cash","cents":500}]}`
	key := withHeader("Idempotency-Key", strings.Repeat("k", 110))
	first := f.do("POST", "/api/v1/sales", body, cashier, key)
	if first.Code != http.StatusOK {
		t.Fatalf("sale with a key of 110 characters: %d %s", first.Code, first.Body)
	}
	head := f.head()
	if again := f.do("POST", "/api/v1/sales", body, cashier, key); again.Code != http.StatusOK || again.Body.String() != first.Body.String() || f.head() != head {
		t.Fatalf("retry: %d %s, want the first answer %s", again.Code, again.Body, first.Body)
	}
	long := withHeader("Idempotency-Key", strings.Repeat("k", loto.MaxKey+1))
	other := `{"cards":["` + f.serial(2) + `"],"payments":[{"method":"cash","cents":500}]}`
	if w := f.do("POST", "/api/v1/sales", other, cashier, long); w.Code != 422 || !strings.Contains(errorOf(t, w).Message, "Idempotency-Key") || f.head() != head {
		t.Fatalf("key past the bound: %d %s", w.Code, w.Body)
	}
}
