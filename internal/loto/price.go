package loto

// Bundle is how many times a price tier is used in a price.
type Bundle struct {
	Kind  Kind  `json:"kind"`
	Cards int   `json:"cards"` // cards in the tier: 1, 3, 6...
	Cents Cents `json:"cents"` // the tier's price
	Times int   `json:"times"`
}

// Price is the cheapest combination of a price list's tiers that makes
// exactly n cards (R7: 7 cards are a plate of 6 and one card, 20 + 5 EUR),
// with the tiers used, largest first. A list without a tier of one card
// cannot price every count: ok is false when no combination makes n.
func Price(kind Kind, tiers []PriceTier, n int) (total Cents, bundles []Bundle, ok bool) {
	if n <= 0 {
		return 0, nil, n == 0
	}
	// best[i] is the cheapest price of exactly i cards, -1 when none; from[i]
	// the tier that ends it. Ties prefer the larger tier, so the cashier
	// hands out whole plates.
	best := make([]Cents, n+1)
	from := make([]int, n+1)
	for i := 1; i <= n; i++ {
		best[i], from[i] = -1, -1
		for j, t := range tiers {
			if t.Cards < 1 || t.Cards > i || best[i-t.Cards] < 0 {
				continue
			}
			c := best[i-t.Cards] + t.Cents
			if best[i] < 0 || c < best[i] || (c == best[i] && t.Cards > tiers[from[i]].Cards) {
				best[i], from[i] = c, j
			}
		}
	}
	if best[n] < 0 {
		return 0, nil, false
	}
	times := map[int]int{}
	for i := n; i > 0; i -= tiers[from[i]].Cards {
		times[from[i]]++
	}
	for j, t := range tiers {
		if times[j] > 0 {
			bundles = append(bundles, Bundle{Kind: kind, Cards: t.Cards, Cents: t.Cents, Times: times[j]})
		}
	}
	sortBundles(bundles)
	return best[n], bundles, true
}

func sortBundles(b []Bundle) {
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && b[j].Cards > b[j-1].Cards; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// cheaperWithMore finds a larger count that costs no more than n cards (5
// cards at 12 + 5 + 5 EUR against a plate of 6 at 20 EUR), for a hint to the
// cashier; 0 when none within a plate more.
func cheaperWithMore(tiers []PriceTier, n int, price Cents) (int, Cents) {
	largest := 1
	for _, t := range tiers {
		largest = max(largest, t.Cards)
	}
	for m := n + 1; m < n+largest; m++ {
		if c, _, ok := Price(Regular, tiers, m); ok && c <= price {
			return m, c
		}
	}
	return 0, 0
}
