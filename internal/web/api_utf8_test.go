package web

import (
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestAPI_InvalidUTF8Refused: a JSON body whose text is not valid UTF-8
// (raw Latin-1 bytes, a lone surrogate escape) is refused with a French
// 400 and records nothing, where the decoder would have put U+FFFD in
// place of each bad byte: a reservation under another name, a ruling
// with another reason. A surrogate pair, which is valid, still passes.
func TestAPI_InvalidUTF8Refused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	host := f.bearerOf(loto.RoleHost)
	if w := f.do("POST", "/api/v1/game/start", "", host); w.Code != http.StatusOK {
		t.Fatalf("start: %d %s", w.Code, w.Body)
	}
	org := f.as(loto.RoleOrganiser)
	for _, c := range []struct {
		name, path, body string
		opt              option
	}{
		{"reservation in Latin-1", "/api/v1/reservations", "{\"name\":\"H\xe9l\xe8ne Dupont\",\"tickets\":1}", org},
		{"reservation with a byte 0xFF", "/api/v1/reservations", "{\"name\":\"Paul \xff\",\"tickets\":1}", org},
		{"reservation with a lone surrogate", "/api/v1/reservations", `{"name":"Paul \ud800","tickets":1}`, org},
		{"ruling with a lone low surrogate", "/api/v1/game/rulings", `{"what":"réclamation rejetée","why":"annonce \udc00 tardive"}`, host},
		{"ruling in Latin-1", "/api/v1/game/rulings", "{\"what\":\"r\xe9clamation rejet\xe9e\",\"why\":\"annonce tardive\"}", host},
		{"ruling with a cut character", "/api/v1/game/rulings", "{\"what\":\"r\xc3\",\"why\":\"annonce tardive\"}", host},
	} {
		t.Run(c.name, func(t *testing.T) {
			head := f.head()
			w := f.do("POST", c.path, c.body, c.opt)
			e := errorOf(t, w)
			if w.Code != http.StatusBadRequest || e.Code != eMalformed || !strings.Contains(e.Message, "UTF-8") {
				t.Errorf("%d %+v, want 400 malformed saying UTF-8", w.Code, e)
			}
			if f.head() != head {
				t.Error("a body that is not UTF-8 was recorded")
			}
		})
	}
	w := f.do("POST", "/api/v1/game/rulings", `{"what":"réclamation rejetée \ud83d\ude00","why":"annonce \"tardive\" \\ud800"}`, host)
	if r := decode[loto.Ruling](t, w); w.Code != http.StatusOK || r.What != "réclamation rejetée 😀" || r.Why != `annonce "tardive" \ud800` {
		t.Fatalf("ruling with a surrogate pair and an escaped backslash: %d %s", w.Code, w.Body)
	}
}

// TestNotUTF8At: the offset of the first text the decoder would replace
// with U+FFFD, or -1; a U+FFFD typed as such, or escaped, is text.
func TestNotUTF8At(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, body string
		want       int
	}{
		{"plain", `{"a":"Hélène"}`, -1},
		{"U+FFFD typed", "{\"a\":\"\uFFFD\"}", -1},
		{"U+FFFD escaped", `{"a":"\ufffd"}`, -1},
		{"surrogate pair", `{"a":"\uD83D\uDE00"}`, -1},
		{"escaped backslash before u", `{"a":"\\uD800"}`, -1},
		{"a key's pair", `{"\ud83d\ude00":1}`, -1},
		{"Latin-1 byte", "{\"a\":\"H\xe9\"}", 7},
		{"lone high surrogate", `{"a":"x\uD800"}`, 7},
		{"high surrogate at the end", `{"a":"\uD800`, 6},
		{"high surrogate then a letter", `{"a":"\uD83DxuDE00"}`, 6},
		{"high surrogate then a non-low escape", `{"a":"\uD83D\u0041"}`, 6},
		{"lone low surrogate", `{"a":"\uDE00"}`, 6},
		{"two high surrogates", `{"a":"\uD83D\uD83D"}`, 6},
		{"after an escaped quote", `{"a":"\"\uDE00"}`, 8},
	} {
		if got := notUTF8At([]byte(c.body)); got != c.want {
			t.Errorf("%s: %#q at %d, want %d", c.name, c.body, got, c.want)
		}
	}
}
