// Package doublets plays the Doublets patience, as GNOME Aisleriot plays
// it, and solves it exactly.
//
// Rules: Doublets as GNOME Aisleriot plays it, from the rules in
// Aisleriot's help, by Rosanna Yuen (1998). The [PySol] preset lays the
// game out as PySolFC does. Each field of [Rules] is a parameter; its
// default is its value in [Aisleriot], the default preset:
//
//	Parameter      Default      Meaning
//	Name           "aisleriot"  the rule set's name, for display
//	Passes         3            how many times the player may go through the stock
//	TurnAfterDeal  false        one card is turned to the waste after the deal
//	KingsAside     false        the kings are set aside before the deal (PySolFC)
//
// # The game
//
// One deck of 52 cards. One card is dealt face up to each of seven reserve
// slots and to the foundation, in the layout's order (slots 1 to 6, the
// foundation in the middle of the arch's bottom row, slot 7). Then, place
// by place in that order, a king there goes to the bottom of the stock and
// the place takes the stock's top card, again until it holds no king. The
// rest of the deck is the stock. (The [PySol] preset deals as PySolFC
// does: the kings are set aside first, and the foundation is dealt last;
// see [Deal].)
//
// The foundation builds by doubling, whatever the suits and colours: the
// next card's rank is twice the top card's, less thirteen when that is
// over thirteen, with jacks 11 and queens 12. From an ace the ranks go A 2
// 4 8 3 6 Q J 9 5 10 7 and round again; the first card may be any rank but
// a king. A king never goes to the foundation, so at most the 48 other
// cards do: a score of 48 is the win (the rule text's "maximum possible
// score: 52" cannot be reached).
//
// The waste's top card, or any reserve card, may go to the foundation. A
// reserve slot emptied so is filled at once from the waste's top, or from
// the stock's top when the waste is empty; a king that lands in a slot
// after the deal stays there for good, freezing the slot. Cards are turned
// from the stock to the waste one at a time; once the stock is used up the
// waste is turned over, keeping its order, to make it again: three passes
// in all. The game is over when it is won or no move is left. Each card on
// the foundation, the first included, scores one point.
//
// # Using the package
//
// A game is a [State], an immutable value. [New] deals one from a seed, or
// [Deal] from an explicit order. A seed is the library's own, not an
// Aisleriot or PySolFC game number. [Apply] plays an [Action] ("play
// waste", "play 3", "turn", "redeal") and returns the next State. [Legal]
// lists the legal moves. [State.View] is what the player sees.
// [State.Score], [State.Totals] and [State.Winners] are the results in
// every game's shape: seat 0's cards on the foundation, and seat 0 wins a
// won game. Indices count from 0 in Go and from 1 in text, as in every game:
// [PlayReserve](2) is "play 3". A [Position] describes a State in plain
// values and is its JSON; a [Record] keeps a whole game and [Replay] plays
// it back. The package has the shape every game package has, but for what
// a patience lacks: it is one deal, so there is no DealNext, and a State
// has no Results, Round, Turn or Phase; there is no hand (State.Hand,
// View.Hand), no card values (Rules.Values) and no seat in an [Event].
//
// # Encodings for learning programs
//
// For learning programs such as OpenSpiel's, a [State] numbers the moves
// and masks the legal ones, and a *View does so too and also encodes what
// the player sees as a vector of numbers (see [cardrules.Encoder]).
// [Rules.Shape] gives their sizes. Every rule set [Rules.Validate]
// accepts is within their caps. Encoding writes into the caller's buffer
// and allocates nothing.
//
// Every rule set has the same 10 action ids (N = 10 for aisleriot and for
// pysol), in [Legal]'s order. No two moves share an id.
//
//	Ids   Action
//	0     play waste
//	1-7   play slot i: id i ("play 1" is 1, slot index 0)
//	8     turn
//	9     redeal
//
// The observation is one vector of 699 values for every rule set. A
// plane is 52 values, one a card: card c is c-1, as the [card] package
// numbers the cards (rank by rank from the ace, and clubs, diamonds,
// hearts, spades within a rank). 1 marks a card that is there.
//
//	Index      Values
//	0-51       the waste's cards
//	52-103     the waste's top card, the one that may be played
//	104-155    the waste's order: k/52 for its k-th card from the top
//	156-207    the stock's cards: every card shown nowhere else
//	208-259    the foundation's cards
//	260-311    the foundation's top card
//	312+52i    the card of reserve slot i+1, for i from 0 to 6
//	676-688    the rank the foundation needs, one-hot from the ace (none once won)
//	689-691    the phase, one-hot: under way, won, lost
//	692        the stock size / 52
//	693        the waste size / 52
//	694        the score / 48 (MaxScore)
//	695        the pass / 10 (MaxPasses)
//	696        the passes left after this one / 10
//	697        1 with the rules' TurnAfterDeal
//	698        1 with the rules' KingsAside
package doublets
