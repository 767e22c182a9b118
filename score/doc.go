// Package score holds the card point tables and tallies the games share, and
// nothing of game flow: no turns, no melds being checked, no bonuses decided.
//
// # Point tables
//
// A [Table] gives the points of each of the 53 card kinds (the 52 suited
// cards and the joker). It is a small comparable value: build one with
// [NewTable], change a copy with [Table.With], [Table.WithRank] or
// [Table.Negated], and add up cards with [Table.Sum] (a [card.Multiset],
// allocating nothing), [Table.SumCards] (a slice) or [Table.SumSeq] (an
// iterator). JSON carries a table as an object keyed by card notation,
// {"AC":20,...,"JK":50}.
//
// # Schemes and tallies
//
// A [Scheme] pairs two tables: Melded, what a card on the table earns at the
// end of a hand, and Held, the signed (negative) points a card left in a hand
// or foot adds. [Scheme.Tally] counts both and returns a [Tally]. Presets
// reproduce the rule texts, each quoted in its doc comment:
//
//   - [HandFootA]: 000 (Hand and Foot, rule set A): joker 50, twos and aces
//     20, K to 8 10, 7 to 4 5, threes 0 on the table; the same negated in
//     hand or foot, with black three -5 and red three -100. A red three on a
//     clean canasta earns the bonus [RedThreeOnCleanCanastaA], applied by the
//     game.
//   - [HandFootB]: 001 (Hand and Foot, rule set B): as A, but a red three in
//     hand or foot counts -500.
//   - [Canasta]: 003 (Canasta): as the Hand and Foot values, with black three
//     5 and red three 0 (red threes score by a bonus the game applies:
//     [RedThreeCanasta] each, [AllRedThreesCanasta] for all four, the
//     negative without a meld); Held is Melded negated.
//   - [Rummy]: 002 (Rummy): ace 20, K Q J 10 10, 2 to 9 5, no joker; Held is
//     Melded negated.
//
// Bonuses other than these amounts (canastas, going out) belong to the games.
//
// # Breakdowns
//
// A [Breakdown] is the list of [Line] items that explains a score ("2 clean
// canastas 1000", "cards left in hand -85"); its [Breakdown.Total] is the
// score and [Breakdown.String] prints it as an aligned table with a total
// line.
//
// # Meld minimums by score band
//
// [Bands] is a schedule of initial-meld minimums chosen by a team's score, as
// Hand and Foot rule set A and Canasta use: [HandFootABands] (below 2501 ->
// 50, 2501 -> 90, 5001 -> 120, 7501 -> 150) and [CanastaBands] (below 0 ->
// 15, 0 -> 50, 1500 -> 90, 3000 -> 120). [NewBands] builds and validates a
// schedule of up to [MaxBands] bands for house rules; [Bands.Minimum] looks a
// score up without allocating. JSON carries a schedule as an array of
// {"from":..,"minimum":..} objects, the first "from" null. (Hand and Foot
// rule set B sets its minimum by round, not by score; that list is the
// game's.)
package score
