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
//
// # Encodings for learning programs
//
// For learning programs such as OpenSpiel's, a [State] numbers the
// actions of the seat to act and masks the legal ones, and a *View does
// so for its seat and also encodes what the seat sees as a vector of
// numbers (see [cardrules.Encoder]). [Rules.Shape] gives their sizes.
// Every rule set [Rules.Validate] accepts is within their caps. Encoding
// writes into the caller's buffer and allocates nothing.
//
// A card c is numbered c-1, as the [card] package numbers the cards: rank
// by rank from the ace, and clubs, diamonds, hearts, spades within a
// rank. So the ace of clubs is 0 and the king of spades 51.
//
// Every rule set has the same 1268 action ids (N = 1268 for basic and for
// basic-2 to basic-6). No two actions share an id: a meld is a set of
// cards, and a deck holds one of each card.
//
//	Ids        Action
//	0          draw stock
//	1          draw pile
//	2-330      meld: 2 + the meld's number
//	331-1214   lay c on meld t+1: 331 + 17(c-1) + t, for t from 0 to 16
//	1215-1266  discard c: 1215 + c-1
//	1267       next
//
// The 329 melds are numbered in [Legal]'s order. The runs come first, 66
// a suit: clubs 0-65, diamonds 66-131, hearts 132-197, spades 198-263.
// Within its suit, the run from rank lo to rank hi (ace 1, king 13) is
// number 12(lo-1) - (lo-1)lo/2 + hi-lo-2. The groups follow, five a
// rank. Rank r's group of four is 264 + 5(r-1). Its group of three
// without suit s (clubs 0 to spades 3) is 264 + 5(r-1) + 1 + s.
//
// The observation is one vector of 1158 + 126n values for n players: 1410
// for basic and basic-2, 1536 for basic-3, 1662 for basic-4, 1788 for
// basic-5 and 1914 for basic-6. Its seats are counted from the View's: i
// is the seat i places after it in the order of play, so 0 is the View's
// own and 1 the next to play. A plane is 52 values, one a card: 1 marks a
// card that is there. Meld m is the meld a lay-off's text numbers m+1.
//
//	Index              Values
//	0-51               the seat's hand
//	52-103             the upcard, the pile's top card
//	104-155            every card of the pile
//	156-207            the pile's order: k/52 for its k-th card from the top
//	208-259            the card taken from the pile this turn and held (Taken)
//	260+52i            seat i's cards drawn from the pile and held (Known)
//	260+52n+52i        seat i's cards melded or laid off this round (Laid)
//	260+104n+52m       the cards of meld m, for m from 0 to 16
//	1144+104n+nm+i     1 when seat i laid meld m
//	P+0 to P+3         the phase, one-hot: drawing, playing, round over, game over
//	P+4+i              1 when it is seat i's turn
//	P+4+n+j            1 when the View is seat j's, counted from seat 0
//	P+4+2n+i           seat i's hand size / 52
//	P+4+3n+i           seat i's Melded / D
//	P+4+4n+i           seat i's Total / D
//	P+4+5n             1 when the View's seat is to act
//	P+5+5n             the stock size / 52
//	P+6+5n             the pile size / 52
//	P+7+5n             the melds on the table / 17
//	P+8+5n             Rebuilds / 20 (MaxRebuilds): above 1 past 20 rebuilds
//	P+9+5n             the rules' Rebuilds / 20
//	P+10+5n            1 with the rules' KeepTaken
//	P+11+5n            Round / 100 (MaxRounds)
//	P+12+5n            the rules' Rounds / 100
//	P+13+5n            the rules' Target / D
//
// P is 1144 + 121n, where the scalars start. D scales the scores: it is
// the value of the deck's 52 cards melded (Values.Melded), 400 in the
// presets, or 1 when that is 0.
package rummy
