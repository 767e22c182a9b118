// Package handfoot plays Hand and Foot, the canasta-family game in which
// each player holds two packets of cards: a hand, played first, and a foot,
// picked up when the hand is gone.
//
// Rules: two Hand and Foot rule sets, each a preset. Rule set A ([RulesA])
// is a house rule set for two to eight players in equal teams, played to
// 10000 points. Rule set B ([RulesB]) is the "Standard Rules" compiled from
// the answers to a questionnaire sent to players, played over four rounds.
// Where both are silent, the package follows Pagat's Hand and Foot page
// (https://www.pagat.com/rummy/handfoot.html). Each field of [Rules] is a
// parameter; its default is its value in [RulesA], the default preset:
//
//	Parameter             Default   Meaning
//	Name                  "A"       the rule set's name, for display
//	Names                 none      the players' names, seat by seat, for display
//	Players               4         the number of players, 2 to 8
//	Teams                 2         the number of teams, all of one size
//	Decks                 5         the 52-card decks in the shoe
//	MinExtraDecks         1         how many more decks than players the rules need
//	JokersPerDeck         2         the jokers in each deck
//	HandSize              11        the cards of each player's hand as dealt
//	FootSize              11        the cards of each player's foot as dealt
//	ChoosePacket          false     each player chooses which packet is the hand
//	LookAtPackets         false     a player sees both packets before choosing
//	DrawCount             2         the cards drawn from the stock
//	Meld.Ranks            A 4 5 6 7 8 9 10 J Q K
//	                                the ranks that may be melded
//	Meld.MinSize          3         the fewest cards of a meld
//	Meld.MinNaturals      1         the fewest natural cards of a meld
//	Meld.MaxWilds         0         the most wild cards of a meld (0: no limit)
//	Meld.Ratio            more natural than wild
//	                                how natural cards outnumber wild ones
//	Meld.CanastaSize      7         the cards that make a meld a canasta
//	Meld.CleanClosed      false     a clean canasta takes no card past CanastaSize
//	Meld.RedThreeOnClean  true      a red three may lock a clean canasta
//	Meld.BlackThreesOut   false     black threes meld when going out
//	SecondMeld            true      a new meld of a rank once the earlier ones are canastas
//	PileOnMeld            true      the pile is taken by putting the upcard on a team meld
//	Minimums              50, 90 from 2501, 120 from 5001, 150 from 7501
//	                                the first-meld minimum by the team's total
//	MinimumByRound        false     Minimums go by round, not by total
//	GoOut.Clean           1         the clean canastas a team needs to go out
//	GoOut.Dirty           1         the dirty canastas a team needs to go out
//	GoOutLarge.Clean      2         the same at tables of LargeTable players or more
//	GoOutLarge.Dirty      2         the same at tables of LargeTable players or more
//	LargeTable            4         the players from which GoOutLarge holds (0: never)
//	AskPartner            false     a player asks the partner before going out
//	GoOutBonus            100       the bonus of the team that goes out
//	CleanBonus            500       the bonus of each clean canasta
//	DirtyBonus            300       the bonus of each dirty canasta
//	RedThreeBonus         100       the bonus of each red three on a clean canasta
//	Values.Melded         A-2 20, 3 0, 4-7 5, 8-K 10, JK 50
//	                                the card values on the table
//	Values.Held           A-2 -20, black 3 -5, red 3 -100, 4-7 -5, 8-K -10, JK -50
//	                                the card values left in hand or foot
//	Rounds                0         the rounds of a game (0: play to Target)
//	Target                10000     the total a team must pass to end the game
//
// The two rule sets differ as follows, each point a field of [Rules]:
//
//   - [RulesA] is for 2-8 players in equal teams, with one deck more than
//     there are players. The pile is taken with a natural pair or by
//     putting the upcard on a team meld. First-meld minimums go by team
//     score. A red three locks a clean canasta. Going out takes 1 clean +
//     1 dirty canasta (2 and 2 at four players or more). The game is to
//     10000.
//   - [RulesB] has one deck per player. Each player chooses which of its
//     two packets is the hand. The pile is taken only with a natural pair.
//     First-meld minimums go by round. A clean canasta is closed at 7
//     cards. A red three counts -500 in hand. A player asks the partner
//     before going out. The game is four rounds.
//
// # Playing a game
//
// [New] deals a game from a seed; [Legal] lists what the seat to act
// ([State.ToAct]) may do; [Apply] plays one [Action] and returns the new
// [State], leaving the old one as it was; [State.Score], [State.Results],
// [State.Totals] and [State.Winners] tell how it ended:
//
//	s, err := handfoot.New(handfoot.RulesA(), 42)
//	for err == nil && !s.Over() {
//		a := choose(s.View(s.ToAct())) // a player decides from its View alone
//		s, err = handfoot.Apply(s, a)  // an illegal action names the rule it breaks
//	}
//	fmt.Println(s.Totals(), s.Winners())
//
// The whole-game example below plays such a table to the end, and the bot
// package has computer players and a loop that lets them play.
//
// A turn is several actions: [Draw], or [Take], [TakeTo] or [TakeToMeld]
// to take the pile; then any number of [Meld], [Add] and [LayRed] steps; then
// [Discard]. [TakeBack] returns the cards laid since the turn's last fixed
// point (the draw, the pile joining the hand, or playing into the foot), so
// a player can try combinations, and Legal never leads into a position with
// no way on. The checks that need the whole turn — the first-meld minimum,
// keeping a card to discard — are made when the turn would leave the
// melding phase, so the discard is legal only when they hold.
//
// Every kind of action has a constant and a constructor of one name:
// [KindDraw] and [Draw], [KindTake] and [Take], and so on. A constructor
// whose arguments can be wrong returns an error instead of an invalid
// action.
//
// # Following, saving and replaying a game
//
// [State.Happened] tells one seat what was played since it last looked —
// who did what, with the cards drawn shown only to the drawer — so a server
// sends each client its news without comparing Views. [State.Record] is the
// whole game as data (the rules, the seed or the explicit orders, every
// action), with a text form like a chess game's PGN; [Replay] plays it again.
// A record holds the seed, so it tells every hidden card: keep it until the
// game is over.
//
// [State.Position] describes a game as plain data. It holds the game at the
// turn's last fixed point (the start of a turn, or the moment after the
// draw), with the actions played since. [FromPosition] checks it in full
// and replays those actions. So every position it accepts is one play can
// reach, and the seat to act always has a legal action.
//
// # Tables the engine plays
//
// Rules are data, and [Rules.Validate] admits only tables the engine plays
// to the end. Decks, jokers, packets and draws are bounded ([MaxDecks],
// [MaxJokersPerDeck], [MaxPacket], [MaxDraw]). A foot has at least two
// cards. No card is worth less than nothing on the table. Bonuses are from
// 0 to [MaxBonus]. The game ends: after its Rounds, or, playing to a
// Target, once a team passes it or after [MaxRounds] rounds. Every round
// ends: each turn draws from the stock or takes the pile, which moves the
// upcard to the table for good.
//
// # Encodings for learning programs
//
// [Rules.Shape], [State] and [View] give what OpenSpiel-style learning
// programs read: a dense numbering of the actions, the legal mask of a
// State or View, and a seat's observation tensor ([cardrules.Encoder]).
// They allocate nothing, but Shape.
//
// Action ids. The ids are fixed for the rule set: 6,291 under rule set A,
// 6,258 under B, at any table. Steps that differ only in which of equal
// cards they lay, or in the suits of their cards, share one: a meld step
// is its rank, its meld and its numbers of naturals, twos and jokers, and
// a red three laid is its meld. [State.ActionOf] returns the first legal
// action, in [Legal]'s order, with the id. A shoe of many decks lets a
// step lay more cards than the ids tell apart, so the counts are capped.
// A step of more than 8 naturals, 3 twos or 3 jokers shares the id of one
// laying 8, 3 or 3. The fourth meld of a rank and those after it share
// the id of the third. No rule set [Rules.Validate] accepts goes
// past 10,000 ids; rules it refuses are an error wrapping [ErrEncoding].
//
// Let R be the number of meld ranks (those of Meld.Ranks: 11), ranked in
// rank order (ace 0, four 1, ... king 10). Let Nn be 4 × Decks and at
// most 8, the naturals of a step. Let Tw and J be the twos and jokers of
// a step: 4 × Decks and Decks × JokersPerDeck, each at most 3 and at most
// Meld.MaxWilds when set. Let W be (Tw+1) × (J+1) (16). Let T be the
// melds of a rank the ids tell apart: 3 under SecondMeld, else 1. The ids
// run:
//
//	0                     draw
//	1                     take (with a natural pair)
//	2 + i                 take to the team's meld i of the upcard's rank (i < T)
//	O = 2 + T             under PileOnMeld: a wild upcard onto meld i of rank: O + rank × T + i
//	M = O + R×T or O      meld: M + ((rank × Nn + naturals-1) × W + twos × (J+1) + jokers)
//	D = M + R×Nn×W        add: D + (((rank × T + i) × (Nn+1) + naturals) × W + twos × (J+1) + jokers)
//	L = D + R×T×(Nn+1)×W  lay a red three on meld i of rank: L + rank × T + i
//	K = L + R×T           ask, then K+1 back
//	K+2 ...               discard: K+2 + card-1, a card's value (4 × (rank-1) + suit-1; joker 52)
//	K+55, K+56            no, yes
//	K+57, K+58            choose packet 1, packet 2
//	K+59                  next
//
// An add of no card has an id and is never legal.
//
// The observation is a vector of 334 + 96 × Teams + 5 × Players values
// (546 at a table of four in two partnerships). Teams are counted from
// the seat's team, players from the seat, in turn order. Cards are planes
// of 53 values, a card at its value less one (AC AD AH AS 2C ... KS, the
// joker at 52):
//
//	0-52       the seat's hand: how many of each card
//	53-105     the discard pile, the upcard among them ([View.PileCards])
//	106-158    the upcard: 1 at the card
//	159-211    the seat's foot, when it has seen it ([View.FootSeen])
//	212-317    the seat's two packets, while it looks at them to choose
//	318-       each team's melds, 91 values a team: for rank r (ace 1 ...
//	           king 13) at 7 × (r-1), the naturals, twos and jokers of its
//	           melds of r, how many melds, clean and dirty canastas, and
//	           red threes on them
//	then       5 values a team: down, the minimum still to reach / 100,
//	           total / 1000, clean and dirty canastas
//	then       3 values a player: cards in hand, cards in the foot face
//	           down, has picked up the foot
//	then       the stock's size, the pile's size; the phase, one-hot over
//	           7 (choosing, drawing, opening, melding, answering, round
//	           over, game over); the seat to act and the seat whose turn
//	           it is, each one-hot over the players (none once the game is
//	           over); asked to go out, yes, no, too late to ask, the
//	           minimum met; the points laid this turn / 100; the round /
//	           100
//
// # Errors
//
// Every error of the package reads on one line as "handfoot: rule: what was
// wrong" and wraps one of the package's sentinels ([ErrPile], [ErrMinimum],
// ...), which errors.Is matches; a broken meld rule also wraps the meld
// package's error, which errors.As finds. Input echoed in a message is
// quoted and cut to 64 bytes.
//
// # Rulings
//
// Where the rule sets are silent or vague the package decides as follows,
// and where nothing decides it follows the usual rules of Hand and Foot as
// Pagat describes them:
//
//   - Seats alternate teams: seat s plays for team s % Teams, and play passes
//     to the next seat.
//   - The first player of the game is chosen by drawing cards: joker
//     highest, then A, K, Q ... 4, 3, and 2 lowest; ties draw again. Each
//     later round starts with the next seat.
//   - Under rule set B ([Rules].ChoosePacket) each player chooses, after
//     the deal and before the first turn, which of its two packets is its
//     hand ("Player can pick up either hand, and leave the other one for
//     his foot"): seat by seat from the round's first player, each plays
//     [Choose]. The choice is made face down, without looking at either
//     packet, and the foot stays unseen until it is picked up: the View
//     gives each packet's size only. Looking at both packets first is a
//     separate house rule ([Rules].LookAtPackets, off in every preset):
//     the player then sees both ([View].Packets) and knows the foot it
//     leaves ([View].FootSeen). The others see which packet a player kept
//     ([State.Happened]), which tells them nothing of its cards; no rule
//     depends on the order in which the players choose.
//   - After the deal one card is turned face up to start the discard pile.
//     A three on top cannot be taken: no natural pair matches it and no
//     meld takes it; a black three blocks the pile. A wild card on top is
//     taken under rule set A only by putting it alone on a team meld that
//     stays legal with it ([TakeToMeld]: more natural than wild cards, and
//     never a clean canasta the rules close or a red three has locked);
//     under rule set B never.
//   - Taking the pile melds the upcard at once, with the natural pair from
//     the hand as a new meld or onto a team meld of its rank (rule set A
//     needs no pair for that); the action says where when more than one
//     place fits. The pair's suits are chosen clubs first.
//   - A team's first melds of a round must reach the minimum, counting every
//     card it lays that turn but, of the pile, only the upcard. A player who
//     takes the pile for the first melds lays from the hand until the turn's
//     melds reach the minimum ([Opening]); only then does the rest of the
//     pile join the hand. Taking back before that returns the upcard. The
//     pile may be taken for the first melds only when the hand and the
//     upcard can reach the minimum this turn, and, for a player in the
//     foot, still leave a card to discard once the rest of the pile joins
//     the hand, or go out.
//   - Every meld holds strictly more natural than wild cards at every
//     moment, not only a canasta; threes are never melded; tens are
//     meldable (rule set A's list of ranks leaves them out by a slip).
//   - A team may start a second meld of a rank once its earlier melds of
//     that rank are canastas.
//   - Going out is from the foot only, emptying it by melding or by a final
//     discard. It needs at least the clean and the dirty canastas the rules
//     require (a clean canasta does not stand in for a dirty one). It also
//     needs the team's first melds of the round to reach the minimum, as
//     any first melds must. Without them the player keeps a card to
//     discard: a foot may be melded down to one card only when that card
//     could go as the final discard.
//   - Under rule set B the player asks the partner (the next teammate in turn
//     order) before going out. The player asks once a turn, after drawing,
//     while playing from the foot, and before laying any card that turn.
//     Taking the pile is the draw: the cards that take it are not laid cards.
//     The player asks only when it can go out this turn with the cards it
//     holds. [State.ToAct] moves to the partner for [Answer] and back. The
//     answer binds: after a yes the player must go out this turn, choosing
//     how, and [Legal] lists only the actions that keep going out possible
//     ([Apply] refuses the others with [ErrMustGoOut]); after a no, or
//     without asking, it may not go out this turn. A player who lays cards
//     from the foot before asking, or plays into the foot that turn, can no
//     longer ask that turn, even after taking the cards back. Players without
//     a partner never ask. A "no" never leaves the player without a move: it
//     keeps two cards and discards one.
//   - The stock running out: a player who cannot draw two draws what is
//     left; at the start of a turn with an empty stock the player must take
//     the pile if able, otherwise the round ends with no going-out bonus.
//     Every round ends: each turn takes from the stock, or takes the pile,
//     which moves the upcard to the table for good.
//   - Scoring, in this order: canastas (clean 500, dirty 300), red threes on
//     clean canastas (rule set A, +100 each), cards on the table, minus
//     cards in hand and foot, then the going-out bonus (100). The game ends
//     after four rounds (B) or after the first round in which a team's total
//     is above 10000 (A); the highest total wins.
package handfoot
