package web

import (
	"bytes"
	"net/http"
	"strconv"
	"testing"
)

// The board's recordings: one per number 1..90, served as Ogg Opus, small
// enough to ship in the binary; any other name is not found.
func TestVoice_EveryNumberIsServedAsOggOpus(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	total := 0
	for n := 1; n <= 90; n++ {
		w := f.do("GET", "/tableau/voix/"+strconv.Itoa(n)+".ogg", "")
		if w.Code != http.StatusOK {
			t.Fatalf("recording of %d: status %d", n, w.Code)
		}
		if ct := w.Header().Get("Content-Type"); ct != "audio/ogg; codecs=opus" {
			t.Fatalf("recording of %d: Content-Type %q", n, ct)
		}
		b := w.Body.Bytes()
		if !bytes.HasPrefix(b, []byte("OggS")) || !bytes.Contains(b[:64], []byte("OpusHead")) {
			t.Fatalf("recording of %d is not Ogg Opus: % x", n, b[:min(len(b), 40)])
		}
		// A number said once lasts about a second: a few hundred bytes
		// would be silence, tens of kilobytes a mistake of the script.
		if len(b) < 500 || len(b) > 16<<10 {
			t.Fatalf("recording of %d holds %d bytes", n, len(b))
		}
		total += len(b)
	}
	if total > 1500<<10 {
		t.Fatalf("the recordings hold %d bytes, more than 1.5 MB", total)
	}
	t.Logf("90 recordings, %d bytes", total)
	for _, name := range []string{"0.ogg", "91.ogg", "042.ogg", "42.wav", "42", "x.ogg", "-1.ogg"} {
		if w := f.do("GET", "/tableau/voix/"+name, ""); w.Code != http.StatusNotFound {
			t.Errorf("GET /tableau/voix/%s: status %d, want 404", name, w.Code)
		}
	}
}
