package main

import "strconv"

// plural writes a count with its noun, singular for 0 and 1 as French
// writes them: "1 carte", "0 carte", "2 cartes".
func plural(n int, one, many string) string {
	if n >= 2 {
		return strconv.Itoa(n) + " " + many
	}
	return strconv.Itoa(n) + " " + one
}
