package play

import "slices"

// Listed returns a, a player's choice from a View whose legal actions are
// legal, when legal lists it or lists nothing; otherwise legal's first
// action. A View read from the network may list fewer actions than its
// position offers, and a player chooses only what its View lists.
func Listed[A comparable](a A, legal []A) A {
	if len(legal) == 0 || slices.Contains(legal, a) {
		return a
	}
	return legal[0]
}
