package loto

import (
	"strings"

	"loto/internal/card"
)

// forgeCheck changes the check code of a serial: a forged card (R10).
func forgeCheck(serial string) string {
	s, err := card.ParseSerial(serial)
	if err != nil {
		return serial
	}
	const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	i := strings.IndexByte(alphabet, s.Check[1])
	s.Check = s.Check[:1] + string(alphabet[(i+1)%len(alphabet)])
	return s.String()
}
