// Package password hashes and verifies the organiser's password with
// argon2id, in the PHC string format, bounding how many hashes the
// process computes at once. It knows nothing of the day: the domain keeps
// the hash as a secret beside the journal and says the refusals.
package password

import (
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters, after RFC 9106's second choice sized for a
// two-core laptop: 64 MiB and 3 passes over two lanes, under a second
// (0.7 s measured on a two-core machine busy with other builds, a load of
// about 10), little for the one organiser who signs in and much for
// whoever tries passwords by the million. They are written into each
// hash (the PHC string format), so a later version may raise them and
// still read the hashes written before.
const (
	argonTime    = 3
	argonMemory  = 64 * 1024 // KiB
	argonThreads = 2
	argonKeyLen  = 32
	// SaltLen is the length of the random salt a hash takes.
	SaltLen = 16
)

// hashing bounds the password hashes computed at once in the process: a
// flood of sign-ins, however many clients it comes from, queues here
// rather than asks for 64 MiB each.
var hashing = make(chan struct{}, 2)

// Hash encodes the argon2id hash of pw with salt in the PHC string format:
// $argon2id$v=19$m=65536,t=3,p=2$SALT$HASH. It waits its turn among the
// hashes of the process.
func Hash(pw string, salt []byte) []byte {
	hashing <- struct{}{}
	defer func() { <-hashing }()
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Appendf(nil, "$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// Verify recomputes pw's hash with the parameters and salt of encoded and
// compares the two in constant time. Parameters out of bounds (a hash not
// written by this program) verify nothing. It waits its turn as Hash does.
func Verify(encoded []byte, pw string) bool {
	parts := strings.Split(string(encoded), "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil ||
		m < 8*1024 || m > 1024*1024 || t < 1 || t > 20 || p < 1 || p > 16 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(salt) < 8 || len(want) < 16 || len(want) > 64 {
		return false
	}
	hashing <- struct{}{}
	defer func() { <-hashing }()
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}
