// Package rummy plays basic rummy by its rules: one deck of 52 cards and
// two to six players, who draw, meld runs and groups, lay off on any meld
// and discard, until one of them goes out.
//
// Rules: basic rummy, from a rule text for one player against computer
// players: one 52-card deck, runs and groups, laying off on anyone's meld.
// Where the text is silent, the package follows Pagat's Rummy page
// (https://www.pagat.com/rummy/rummy.html). Each field of [Rules] is a
// parameter; its default is its value in [Basic], the default preset:
//
//	Parameter      Default  Meaning
//	Name           "basic"  the rule set's name, for display
//	Names          none     the players' names, seat by seat, for display
//	Players        2        the number of players, 2 to 6
//	HandSize       0        the cards dealt to each player (0: the standard count)
//	KeepTaken      false    the card taken from the pile is not discarded that turn
//	Rebuilds       0        the most rebuilds of the stock in a round (0: no limit)
//	Values.Melded  A 20, 2-9 5, 10-K 10, JK 0
//	                        the card values melded or laid off
//	Values.Held    A -20, 2-9 -5, 10-K -10, JK 0
//	                        the card values left in hand
//	Rounds         1        the rounds of a game (0: play to Target)
//	Target         0        the total a player must reach to end the game
//
// # The game
//
// The cards are dealt one at a time, seat 0 first: ten each to two
// players, seven each to three or four, six each to five or six. The next
// card is turned up to start the discard pile; the rest is the stock. Seat
// 0 plays first, and the turn passes to the next seat up.
//
// A turn is a draw, plays, and a discard:
//
//   - draw the top card of the stock (unseen by the others) or of the
//     discard pile (in view of everyone);
//   - meld, as often as the hand allows: a run of three or more cards of
//     one suit in sequence (the ace is low only: A-2-3 is a run, Q-K-A and
//     K-A-2 are not) or a group of three or four cards of one rank;
//   - lay off single cards on any meld on the table, one's own or another
//     player's, as long as the meld stays a run or a group; melds are
//     never rearranged;
//   - discard one card to end the turn: any card of the hand, the one
//     just drawn from the pile included. (Forbidding that, a common house
//     rule, is the [Rules] option KeepTaken, off in [Basic].)
//
// A player who gets rid of its last card, by melding, laying off or
// discarding it, goes out, and the round ends at once. When the stock runs
// out, the pile below its top card is shuffled into a new stock, as often
// as it runs out. So that every round ends, a round still going after
// [MaxTurns] (2000) turns, far more than any real hand takes, ends there
// with no one out and is scored as it stands. (Limiting how often the
// stock is rebuilt, a house rule, is the [Rules] option Rebuilds, off in
// [Basic].)
//
// Each player then scores the values of the cards it melded or laid off,
// on its own melds or on others', less the values of the cards left in its
// hand: aces 20; kings, queens, jacks and tens 10; two to nine 5. The
// highest total wins. A game is one round, or rounds to a target score.
//
// # Using the package
//
// A game is a [State], an immutable value. [New] deals one from a seed, or
// [Deal] from an explicit order. [Apply] plays an [Action] and returns the
// next State. [Legal] lists the actions the seat to act may play.
// [State.View] is what one seat may see. [State.Score] and [State.Results]
// are the scores, with the breakdown that adds up to them.
// Actions have a text form ("draw stock", "meld 4C 5C 6C", "lay 7C on 2",
// "discard KH"), which is also their JSON; indices count from 0 in Go and
// from 1 in text, as in every game, so "lay 7C on 2" is [LayOff](7C, 1),
// onto State.Melds()[1]. A [Position] describes a State
// in plain values and is its JSON; [State.Happened] is what each seat saw
// happen; a [Record] keeps a whole game, and [Replay] plays it back.
//
// Hands and melds are sets of cards in one 64-bit word, so [Apply] and
// [Legal] are a few word operations and do not allocate.
package rummy
