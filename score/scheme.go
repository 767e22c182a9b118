package score

import "github.com/cardrules/cardrules/card"

// Scheme is how a game counts cards at the end of a hand or round: what each
// card is worth on the table and what it costs left in a hand.
//
// Melded gives the points a card adds when it is on the table at the end
// (melded, or laid off). Held gives the signed points a card adds when it is
// left in a hand (or, in Hand and Foot, a foot): negative numbers, so a score
// is always a sum. Bonuses (canastas, going out, red threes in Canasta, a red
// three on a clean canasta in Hand and Foot) are not card values and are
// applied by the game; the constants of this package give their amounts.
//
// A Scheme is comparable. The zero Scheme counts every card 0.
type Scheme struct {
	Melded Table // points a card on the table adds at the end
	Held   Table // signed points (negative) a card left in a hand or foot adds
}

// Tally is a hand's card count under a [Scheme]: the points of the cards on
// the table and the (negative) points of the cards left in hand.
type Tally struct {
	Melded int // sum of Scheme.Melded over the cards on the table
	Held   int // sum of Scheme.Held over the cards left in hand; usually negative
}

// Total returns Melded + Held.
func (t Tally) Total() int { return t.Melded + t.Held }

// Tally counts melded, the cards a player or team has on the table, with
// s.Melded, and held, the cards left in hand (and foot), with s.Held.
// It allocates nothing.
func (s Scheme) Tally(melded, held card.Multiset) Tally {
	return Tally{Melded: s.Melded.Sum(melded), Held: s.Held.Sum(held)}
}

// RedThreeOnCleanCanastaA is the bonus for a red three laid on a completed
// clean canasta in Hand and Foot rule set A. 000 (Hand and Foot, rule set A):
// "red 3 0 normal, -100 in hand/foot, +100 if on clean canasta". The card
// itself counts 0 in [HandFootA]'s Melded table; the game adds this bonus for
// each red three it finds on a clean canasta.
const RedThreeOnCleanCanastaA = 100

// RedThreeCanasta is what each red three a partnership has laid face up
// scores in Canasta. 003 (Canasta): "Red threes: +100 each (or -100 if no
// melds were made)"; RULINGS.md: "Red threes +100 each, 800 for all four;
// -100 each if the partnership has no meld." The game applies it (and its
// negative when the partnership has no meld); red threes count 0 in
// [Canasta]'s tables.
const RedThreeCanasta = 100

// AllRedThreesCanasta is what a partnership's four red threes score together
// in Canasta, in place of 4 × [RedThreeCanasta]. 003 (Canasta): "A +400 bonus
// is awarded if all four are held", that is 4 × 100 + 400; RULINGS.md: "800
// for all four".
const AllRedThreesCanasta = 800

// canastaFamily returns the card values the canasta family shares: 000 (Hand
// and Foot, rule set A), 001 (Hand and Foot, rule set B) and 003 (Canasta)
// agree on "Joker 50", "Two 20", "Ace 20", "K, Q, J, 10, 9, 8 10" and
// "7, 6, 5, 4 5". Threes are left 0 for the caller to set.
func canastaFamily() Table {
	return NewTable(func(c card.Card) int {
		if c == card.Joker {
			return 50
		}
		switch r := c.Rank(); {
		case r == card.Ace, r == card.Two:
			return 20
		case r >= card.Eight:
			return 10
		case r >= card.Four:
			return 5
		}
		return 0
	})
}

// withThrees returns t with the black threes (clubs, spades) worth black and
// the red threes (diamonds, hearts) worth red.
func withThrees(t Table, black, red int) Table {
	return t.
		With(card.New(card.Three, card.Clubs), black).
		With(card.New(card.Three, card.Spades), black).
		With(card.New(card.Three, card.Diamonds), red).
		With(card.New(card.Three, card.Hearts), red)
}

// HandFootA returns the card values of Hand and Foot rule set A, from 000
// (Hand and Foot, rule set A):
//
//	Card			Point Value
//	Joker (wild)		50
//	Two   (wild)		20
//	Ace			20
//	K, Q, J, 10, 9, 8	10
//	7, 6, 5, 4		5
//	Black 3			0 normal, -5 in hand/foot
//	red 3 			0 normal, -100 in hand/foot, +100 if on clean canasta
//
// and "2. All cards played in the meld-set increase your score by their
// individual amounts. 3. All cards still in a hand or foot decreases your
// score."
//
// Melded: joker 50, twos and aces 20, K Q J 10 9 8 10 each, 7 6 5 4 5 each,
// threes 0 ("Black 3 0 normal", "red 3 0 normal").
//
// Held: joker -50, twos and aces -20, 8 to K -10, 4 to 7 -5, black three -5,
// red three -100.
//
// The "+100 if on clean canasta" for a red three is a bonus, not the card's
// value: the game adds [RedThreeOnCleanCanastaA] for each red three lying on
// a completed clean canasta.
func HandFootA() Scheme {
	melded := withThrees(canastaFamily(), 0, 0)
	held := withThrees(canastaFamily().Negated(), -5, -100)
	return Scheme{Melded: melded, Held: held}
}

// HandFootB returns the card values of Hand and Foot rule set B, from 001
// (Hand and Foot, rule set B): "Threes are always minus points", "All other
// cards are minus if held in the hand at the end of the round, or are plus
// points if they have been played on he board.", "Red Three's: -500 pts.",
// "Black Three's: -5 points", "Fours thru seven: 5 points.", "Eight thru
// King: 10 points.", "Two's and Aces: 20 points.", "Jokers: 50 points."
//
// It is [HandFootA] except that a red three left in hand or foot counts -500.
// Threes are never on the table in rule set B ("Threes cannot be played"),
// so they count 0 in Melded.
func HandFootB() Scheme {
	s := HandFootA()
	s.Held = withThrees(s.Held, -5, -500)
	return s
}

// Canasta returns the card values of classic Canasta, from 003 (Canasta),
// "Card Values (for scoring)":
//
//	Joker: 50 pts
//	Ace, Two: 20 pts each
//	King, Queen, Jack, 10, 9, 8: 10 pts each
//	7, 6, 5, 4: 5 pts each
//	Black Three: 5 pts each (only meldable when going out)
//	Red Three: 100 pts each (awarded only if the partnership has melded)
//
// and "The hand score is calculated as: (Points in captured cards and
// bonuses) − (Points remaining in hand)", so Held is Melded negated.
//
// Melded: joker 50, aces and twos 20, K to 8 10, 7 to 4 5, black three 5,
// red three 0. Held: the same, negated.
//
// Red threes count 0 in both tables because they are never melded or kept in
// hand (they are laid face up at once and replaced) and score by a bonus
// rule the game applies: [RedThreeCanasta] each, [AllRedThreesCanasta] for
// all four, and -[RedThreeCanasta] each if the partnership has no meld
// (RULINGS.md).
func Canasta() Scheme {
	melded := withThrees(canastaFamily(), 5, 0)
	return Scheme{Melded: melded, Held: melded.Negated()}
}

// Rummy returns the card values of basic Rummy, from 002 (Rummy): "Face cards
// (K,Q,J) and 10 are worth 10 points each", "Aces are worth 20 point each.",
// "Number Cards are worth 5 points each." (2 to 9), and RULINGS.md: "each
// player adds the values of the cards they melded or laid off and subtracts
// the values left in their hand: K,Q,J,10 = 10, A = 20, 2-9 = 5."
//
// Melded: ace 20, K Q J 10 10 each, 2 to 9 5 each. Held: the same, negated.
// The joker counts 0: rummy is played without jokers.
func Rummy() Scheme {
	melded := NewTable(func(c card.Card) int {
		switch r := c.Rank(); {
		case c == card.Joker:
			return 0
		case r == card.Ace:
			return 20
		case r >= card.Ten:
			return 10
		}
		return 5
	})
	return Scheme{Melded: melded, Held: melded.Negated()}
}
