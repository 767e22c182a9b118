// Package canasta plays Classic Canasta by its full rules, with the two- and
// three-player variants and Cutthroat, as immutable game states and a pure
// [Apply].
//
// Rules: Classic Canasta, from Pagat's classic four-player rules
// (https://www.pagat.com/rummy/canasta.html#classic). The presets
// [TwoPlayer] and [ThreePlayer] are the usual two- and three-player
// variants. [Cutthroat] is the three-player game as the Hoyle-derived rules
// give it. Each field of [Rules] is a parameter; its default is its value
// in [Classic], the default preset:
//
//	Parameter             Default    Meaning
//	Name                  "classic"  the rule set's name, for display
//	Names                 none       the players' names, seat by seat, for display
//	Players               4          the number of players, 2 to 4
//	Teams                 2          the number of sides
//	Decks                 2          the 52-card decks in the shoe
//	JokersPerDeck         2          the jokers in each deck
//	HandSize              11         the cards dealt to each player
//	DrawCount             1          the cards drawn from the stock
//	Meld.Ranks            A 4 5 6 7 8 9 10 J Q K
//	                                 the ranks that may be melded
//	Meld.MinSize          3          the fewest cards of a meld
//	Meld.MinNaturals      2          the fewest natural cards of a meld
//	Meld.MaxWilds         3          the most wild cards of a meld (0: no limit)
//	Meld.Ratio            no ratio   how natural cards outnumber wild ones
//	Meld.CanastaSize      7          the cards that make a meld a canasta
//	Meld.CleanClosed      false      a natural canasta takes no card past CanastaSize
//	Meld.RedThreeOnClean  false      a red three may lock a natural canasta
//	Meld.BlackThreesOut   true       black threes meld when going out
//	Minimums              15, 50 from 0, 90 from 1500, 120 from 3000
//	                                 the first-meld minimum by the team's total
//	GoOut                 1          the canastas a team needs to go out
//	AskPartner            true       a player may ask the partner "May I go out?"
//	Values.Melded         A-2 20, black 3 5, red 3 0, 4-7 5, 8-K 10, JK 50
//	                                 the card values on the table
//	Values.Held           A-2 -20, black 3 -5, red 3 0, 4-7 -5, 8-K -10, JK -50
//	                                 the card values left in hand
//	NaturalBonus          500        the bonus of each natural canasta
//	MixedBonus            300        the bonus of each mixed canasta
//	RedThreeBonus         100        the bonus of each red three laid out
//	AllRedThreesBonus     800        the bonus instead for all the shoe's red threes
//	GoOutBonus            100        the bonus of the team that goes out
//	ConcealedBonus        200        the bonus instead for going out concealed
//	Rounds                0          the rounds of a game (0: play to Target)
//	Target                5000       the total a team must reach to end the game
//	Cutthroat             false      a lone hand plays against two partners
//	StockEnds             false      play ends when the stock runs out
//
// # The game
//
// Four players in two partnerships (seats 0 and 2 against 1 and 3) play
// with two decks and four jokers, 108 cards; twos and jokers are wild. Each
// player is dealt 11 cards. A red three is never held: one dealt or drawn is
// laid out at once for the team and replaced from the stock. The upcard is
// turned from the stock; while it is a wild card or a red three another is
// turned onto it, and the pile is frozen.
//
// A turn is a draw, meld steps, and a discard:
//
//   - Draw the stock's top card ([Draw]), or take the whole discard pile,
//     melding the upcard at once. The pile is frozen for a team that has not
//     made its first melds, and for everyone while it holds a wild card or a
//     red three: frozen, it is taken only with a natural pair of the
//     upcard's rank from the hand ([Take]). Not frozen, it may also be taken
//     with one natural card and one wild card ([TakeWith]) or by putting
//     the upcard on the team's meld of its rank, a completed canasta
//     included ([TakeTo]). A black three or a wild card on top cannot be
//     taken (the black three blocks only the next player: once covered,
//     the pile is as before), nor a pile of one card by a player holding
//     one card. Red threes in a pile taken are laid out, not replaced.
//   - Meld: three or more cards of one rank, at least two natural and at
//     most three wild; one meld per rank per team ([Meld], [Add]). Seven
//     cards make a canasta: natural (no wild card) 500, mixed 300. Black
//     threes are melded only by a player going out, three or four of them
//     with no wild card. A team's first melds of a round must be worth the
//     minimum its total sets: 15 below 0, 50 from 0, 90 from 1500, 120 from
//     3000. When a pile is taken for them, only the upcard and the cards
//     from the hand count. The pile may be taken for them only when the
//     hand can then reach the minimum. The player must also be able to keep
//     a card to discard once the rest of the pile joins the hand, or go
//     out. Cards laid this turn may be taken
//     back until the discard ([TakeBack]); the minimum and the other checks
//     that need the whole turn are made when the turn ends.
//   - Discard one card ([Discard]).
//
// Going out — melding the whole hand, or discarding the last card — needs a
// canasta (two in the two-player game); without one the last card may not be
// melded. A player may first ask the partner "May I go out?" ([Ask]) after
// drawing and before melding; the answer ([Answer]) binds: after a yes the
// player must go out this turn, after a no it may not. Taking the pile is
// the draw: the upcard and the cards that take it leave the question open,
// and a card laid after the take closes it. Going
// out concealed is the player's own feat: the player has laid nothing
// earlier in the round (red threes aside; [State.Melded]), melds the whole
// hand in one turn, a canasta among those melds, and adds no card to the
// melds the partner laid before — the partner may have melded. A player
// going out concealed needs no first-meld minimum, unless the player took
// the pile, which is taken for the team's first melds only with the minimum.
//
// When the stock runs out, play goes on while each player takes the pile.
// A player must take it when it is not frozen for the team and its upcard
// matches one of the team's melds (Legal then lists only the takes);
// otherwise taking it is the player's choice, and [Draw] with the stock
// empty declines it. A player who declines the pile, or cannot take it,
// ends the round with no one going out and no going-out bonus. A red three
// drawn as the stock's last card ends the round at once.
//
// Every round ends within a bound of turns. Each turn played on after the
// stock runs out takes the pile, which melds its upcard. Cards never leave
// the table once melded. So after the stock's last card, a round goes on
// for fewer turns than the shoe has cards (108 in Classic). A whole round
// lasts at most twice as many turns as the shoe has cards.
//
// Scoring ([State.Score]): each team scores its canastas, its red threes
// (100 each, 800 for all four; against the team if it has melded nothing),
// the cards it melded, less the cards left in its players' hands, and 100
// for going out (200 concealed). Card values: joker 50, ace and two 20,
// eight to king 10, four to seven 5, black three 5. Rounds (hands, in
// Canasta's words) are played until a team reaches 5000; the next round's
// minimums come from the totals, and the first player moves one seat on.
//
// [TwoPlayer] deals 15 cards each, draws two and needs two canastas to go
// out; [ThreePlayer] deals 13 each, draws one and needs one canasta, each
// player for themselves.
//
// [Cutthroat] is the three-player game as the Hoyle-derived rules give it:
// 13 cards each, two drawn and one discarded, one canasta to go out (two
// at tables that set GoOut), and a game to 7500. Each plays alone until the
// first player to take the pile becomes the lone hand ([State.LoneHand]).
// The other two are partners for the rest of the round, their melds joined
// into one meld per rank. A joined meld that would hold more than three
// wild cards gives the surplus back to the partner who laid the younger
// meld.
// At a table that asks "May I go out?" ([Rules].AskPartner, off in the
// preset), the two partners ask each other; the lone hand asks no one.
// A player who goes out before anyone took the pile is the lone hand, and
// the other two are partners for the round's score. Each player's
// first-meld minimum comes from that player's own total. A red three counts
// for its owner alone, for or against it as its side has melded or not.
// Each partner scores the partnership's canastas, cards and going out, less
// both partners' cards in hand, with its own red threes. When the stock
// runs out, play ends with the discard of the player who drew its last
// card ([Rules.StockEnds]); if no one ever took the pile, each player
// scores alone.
//
// # Encodings for learning programs
//
// [Rules.Shape], [State] and [View] give what OpenSpiel-style learning
// programs read: a dense numbering of the actions, the legal mask of a
// State or View, and a seat's observation tensor ([cardrules.Encoder]).
// They allocate nothing, but Shape.
//
// Action ids. Every step the rules tell apart has its own id, fixed for
// the rule set. Steps that differ only in which of equal cards they lay,
// or in the suits of their cards, share one: a meld is its rank and its
// numbers of naturals, twos and jokers. [State.ActionOf] returns the
// first legal action, in [Legal]'s order, with the id. Every preset has
// 3,327 ids. For other rules, let R be the number of meld ranks (those of
// Meld.Ranks, and three under Meld.BlackThreesOut: 12), ranked in rank
// order (ace 0, three 1, four 2, ... king 11). Let Nn be 4 × Decks, the
// naturals of a rank (8). Let Tw be the twos and J the jokers a meld may
// hold: 4 × Decks and Decks × JokersPerDeck, each at most Meld.MaxWilds
// when it is set (3 and 3). Let W be (Tw+1) × (J+1) (16). The ids run:
//
//	0                 draw
//	1                 take (with a natural pair)
//	2, 3              take with a two, take with a joker
//	4                 take to the team's meld of the upcard's rank
//	M = 5             meld: M + ((rank × Nn + naturals-1) × W + twos × (J+1) + jokers)
//	D = M + R×Nn×W    add: D + ((rank × (Nn+1) + naturals) × W + twos × (J+1) + jokers)
//	K = D + R×(Nn+1)×W  ask, then K+1 back
//	K+2 ...           discard: K+2 + card-1, a card's value (4 × (rank-1) + suit-1; joker 52)
//	K+55, K+56        no, yes
//	K+57              next
//
// An add of no card has an id and is never legal. Rules whose ids would
// reach 10,000 (more decks with wild cards not limited, say) are an error
// wrapping [ErrEncoding], as are rules [Rules.Validate] refuses.
//
// The observation is a vector of 174 + 98 × Teams + 5 × Players values
// (390 in Classic, 380 for two, 483 for three and Cutthroat). Teams are
// counted from the seat's team, players from the seat, in turn order.
// Cards are planes of 53 values, a card at its value less one (AC AD AH
// AS 2C ... KS, the joker at 52):
//
//	0-52       the seat's hand: how many of each card
//	53-105     the discard pile, the upcard among them ([View.PileCards])
//	106-158    the upcard: 1 at the card
//	159-       each team's melds, 91 values a team: for rank r (ace 1 ...
//	           king 13) at 7 × (r-1), the naturals, twos and jokers of its
//	           melds of r, how many melds, natural and mixed canastas, and
//	           red threes on them
//	then       7 values a team: down, frozen for it, the minimum still to
//	           reach / 100, total / 1000, natural and mixed canastas, red
//	           threes laid
//	then       2 values a player: cards in hand, has melded
//	then       the stock's size, the pile's size; the phase, one-hot over
//	           7 (choosing, never in Canasta; drawing; opening; melding;
//	           answering; round over; game over); the seat to act and the
//	           seat whose turn it is, each one-hot over the players (none
//	           once the game is over); asked "May I go out?", yes, no, too
//	           late to ask; the points laid this turn / 100; the lone hand,
//	           one-hot over the players (none outside Cutthroat or before
//	           it is known); the round / 100
//
// # The shape of the package
//
// The package has the shape of every game of the library. [Rules] come
// with [Rules.Validate]. [New], [Deal] and [DealNext] deal a game, and
// [Apply] and [Legal] play it. [State.View] is what one seat may know, and
// [State.Happened] what happened since. A plain [Position] builds a State
// ([FromPosition]), and both have JSON. A game's [Record] is kept and
// played again with [Replay]. Errors match the package's sentinels with
// errors.Is. The engine of the turn is the one Hand and Foot
// plays on; computer players are in canasta/bot.
package canasta
