package password

import (
	"bytes"
	"strings"
	"testing"
)

// A hash verifies its password alone, and a hash whose parameters this
// program would not write verifies nothing.
func TestHash_VerifiesItsPasswordOnly(t *testing.T) {
	salt := bytes.Repeat([]byte{7}, SaltLen)
	h := Hash("cheval de bataille", salt)
	if !bytes.HasPrefix(h, []byte("$argon2id$v=19$m=65536,t=3,p=2$")) {
		t.Fatalf("hash %q", h)
	}
	if !Verify(h, "cheval de bataille") || Verify(h, "cheval de bataillE") {
		t.Fatal("the hash does not tell its password from another")
	}
	for _, bad := range []string{
		strings.Replace(string(h), "m=65536", "m=1024", 1), // too little memory to mean anything
		strings.Replace(string(h), "argon2id", "argon2i", 1),
		strings.Replace(string(h), "v=19", "v=16", 1),
		string(h[:len(h)-30]),
		"",
	} {
		if Verify([]byte(bad), "cheval de bataille") {
			t.Errorf("%q verifies", bad)
		}
	}
}
