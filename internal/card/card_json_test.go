package card

import (
	"encoding/json"
	"testing"
)

func TestNumbersEncodeAsJSONArrays(t *testing.T) {
	b, err := json.Marshal(struct {
		Drawn []Number `json:"drawn"`
		Last  Number   `json:"last"`
	}{[]Number{7, 13, 90}, 90})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"drawn":[7,13,90],"last":90}` {
		t.Fatalf("encoded %s; a list of numbers must not be base64", b)
	}
	var back struct{ Drawn []Number }
	if err := json.Unmarshal(b, &back); err != nil || len(back.Drawn) != 3 || back.Drawn[2] != 90 {
		t.Fatalf("decoded %v, %v", back, err)
	}
	for _, bad := range []string{`[91]`, `[-1]`, `["7"]`, `[1.5]`} {
		var ns []Number
		if err := json.Unmarshal([]byte(bad), &ns); err == nil {
			t.Errorf("%s decoded as %v", bad, ns)
		}
	}
}

func TestCardJSONRoundTrips(t *testing.T) {
	s := generate([]byte("json"), 1, 0)
	for i := range s {
		b, err := json.Marshal(s[i])
		if err != nil {
			t.Fatal(err)
		}
		var back Card
		if err := json.Unmarshal(b, &back); err != nil || back != s[i] {
			t.Fatalf("card %d: %s decoded as %v (%v)", i, b, back, err)
		}
		var plain [3][9]int
		if err := json.Unmarshal(b, &plain); err != nil {
			t.Fatalf("card %d: %s is not three arrays of nine numbers", i, b)
		}
	}
}
