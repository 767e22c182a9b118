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
// or foot adds. [Scheme.Tally] counts both and returns a [Tally]. The package
// knows no game: each game builds the scheme of its rule sets from tables,
// and applies its own bonuses (canastas, going out, red threes).
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
// [Bands] is a schedule of initial-meld minimums chosen by a team's score,
// as some rule sets of the canasta family use (Hand and Foot rule set A asks
// for 50 points below 2501, then 90, 120 and 150 in steps of 2500).
// [NewBands] builds and validates a schedule of up to [MaxBands] bands;
// [Bands.Minimum] looks a score up without allocating. JSON carries a
// schedule as an array of {"from":..,"minimum":..} objects, the first "from"
// null.
//
// # Errors
//
// Every error reads on one line as "score: rule: detail" and wraps a
// sentinel: [ErrBands] for a schedule that cannot be used, [ErrTable] for
// JSON that is not a point table. Bad input is echoed quoted and cut to 64
// bytes.
package score
