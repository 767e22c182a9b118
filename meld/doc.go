// Package meld says what a legal meld is, as values and policies, with no
// game state.
//
// Two families of melds live here:
//
//   - Same-rank melds of the canasta family (Hand and Foot, Canasta): a
//     [Meld] counts the natural cards, twos and jokers of one rank (and the
//     red threes laid on it where the rules allow), and a [Policy] holds every
//     variant point of the rule sets: which ranks may be melded, the minimum
//     size, the natural-versus-wild ratio, the canasta size, whether a clean
//     canasta closes at seven cards, whether a red three locks it.
//   - Rummy runs and groups ([Combination]): three or more cards in sequence
//     in one suit (ace low only, no wrapping), or three or four cards of one
//     rank; cards may be laid off on either end of a run or onto a group, and
//     melds are never rearranged.
//
// Every rejection is a [*RuleError] that wraps a sentinel error naming the
// broken rule, such as [ErrWildRatio], so a caller can match it with
// [errors.Is] and show its message to a player.
package meld
