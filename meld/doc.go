// Package meld says what a legal meld is, as values and policies, with no
// game state and no game's rules built in.
//
// Two mechanisms live here:
//
//   - Same-rank melds of the canasta family. A [RankMeld] counts the natural
//     cards, twos and jokers of one rank (and the red threes laid on it where
//     the rules allow). A [RankPolicy] holds every variant point a rule set
//     may choose: which ranks may be melded, the minimum size, the
//     natural-versus-wild ratio, the canasta size, whether a clean canasta
//     closes at its size, whether a red three locks it. [RankPolicy.Class]
//     tells a short meld from a clean or a dirty canasta. Each game builds
//     the policies of its own rule sets.
//   - Rummy melds ([Combination]): a run of three or more cards in sequence
//     in one suit (ace low only, no wrapping), or a group of three or four
//     cards of one rank. Cards may be laid off on either end of a run or
//     onto a group, and melds are never rearranged.
//
// Every rejection is an [*Error] that reads on one line as
// "meld: rule: detail" and wraps a sentinel error naming the broken rule,
// such as [ErrWildRatio], so a caller can match it with [errors.Is] and show
// its message to a player.
package meld
