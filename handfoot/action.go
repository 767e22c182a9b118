package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Kind is what an [Action] does.
type Kind uint8

// The kinds of action, in the order [Legal] lists them.
const (
	// Draw draws from the stock: "Pick up 2 cards from the stock" (text: "draw").
	Draw Kind = iota + 1
	// TakePile takes the whole discard pile, melding the upcard at once
	// (text: "take 7 new", "take 7 to 7", "take 7 to 7#2").
	TakePile
	// MeldNew lays a new meld from the hand (text: "meld 7H 7D 2C").
	MeldNew
	// AddTo adds cards from the hand to one of the team's melds
	// (text: "add 9S 2C to 9", "add 9S to 9#2").
	AddTo
	// LayRedThree lays a red three on a completed clean canasta, rule set A
	// (text: "lay 3H on 9").
	LayRedThree
	// Ask asks the partner whether the player may go out, rule set B (text: "ask").
	Ask
	// TakeBack returns to the hand every card laid since the turn's last
	// fixed point: the draw, the pile joining the hand, or playing into the
	// foot (text: "back").
	TakeBack
	// Discard discards one card and ends the turn (text: "discard KH").
	Discard
	// Answer is the partner's answer to [Ask] (text: "yes", "no").
	Answer
	// ChoosePacket chooses which of the two dealt packets is the hand, where
	// the rules let players choose (text: "packet 1", "packet 2").
	ChoosePacket
	// NextRound deals the next round once a round is over (text: "next").
	NextRound
)

var kindNames = [...]string{"", "draw", "take", "meld", "add", "lay", "ask", "back", "discard", "answer", "packet", "next"}

// String returns the kind's verb as the text form spells it.
func (k Kind) String() string {
	if k == 0 || int(k) >= len(kindNames) {
		return "invalid"
	}
	return kindNames[k]
}

// Action is one step of play by the seat to act: a 16-byte comparable value
// with no pointers. Build one with the constructors ([DrawStock],
// [TakePileNew], [Meld], [Add], [DiscardCard], ...), with [ParseAction] from
// its text form, or from JSON (which carries the text form). The zero Action
// is invalid and [Apply] rejects it.
//
// An action that lays cards names them exactly, suits included; [Legal]
// lists one representative for actions that differ only in the suits of
// cards no rule tells apart (see [Legal]).
type Action struct {
	kind   Kind
	rank   card.Rank // the meld's rank: MeldNew, AddTo, TakePile, LayRedThree's target
	target uint8     // AddTo, LayRedThree, TakePile: 1-based ordinal among the team's melds of rank (0: a new meld); ChoosePacket: packet; Answer: 1 yes, 0 no
	card   card.Card // Discard; LayRedThree: the red three
	nat    [4]uint8  // natural cards of rank, by suit
	twos   [4]uint8  // twos, by suit
	jokers uint8
}

// Ref names one of a team's melds: its rank, and its place among the team's
// melds of that rank in the order they were laid (1 for the first; a
// second meld of a rank is allowed once the first is a canasta). In text it
// is the rank, with "#2", "#3" ... after the first: "9", "9#2".
type Ref struct {
	Rank card.Rank
	N    int // 1-based
}

// Kind returns what the action does.
func (a Action) Kind() Kind { return a.kind }

// Rank returns the rank of the meld the action lays or adds to (MeldNew,
// AddTo, TakePile, and LayRedThree's target meld).
func (a Action) Rank() card.Rank { return a.rank }

// Target returns the meld an AddTo, LayRedThree or TakePile action goes to;
// ok is false for a TakePile that starts a new meld with the pair, and for
// the kinds that name no meld.
func (a Action) Target() (ref Ref, ok bool) {
	switch a.kind {
	case AddTo, LayRedThree, TakePile:
		if a.target > 0 {
			return Ref{a.rank, int(a.target)}, true
		}
	}
	return Ref{}, false
}

// Card returns the card of a Discard, or the red three of a LayRedThree.
func (a Action) Card() card.Card { return a.card }

// Yes reports the answer of an Answer action.
func (a Action) Yes() bool { return a.kind == Answer && a.target == 1 }

// Packet returns 1 or 2, the packet a ChoosePacket action keeps as the hand.
func (a Action) Packet() int {
	if a.kind != ChoosePacket {
		return 0
	}
	return int(a.target)
}

// Cards returns the cards a MeldNew or AddTo action lays, in order: natural
// cards by suit, then twos by suit, then jokers.
func (a Action) Cards() []card.Card { return a.laidCards(nil) }

func (a Action) laidCards(out []card.Card) []card.Card {
	if a.kind != MeldNew && a.kind != AddTo {
		return out
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		for range a.nat[s-1] {
			out = append(out, card.New(a.rank, s))
		}
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		for range a.twos[s-1] {
			out = append(out, card.New(card.Two, s))
		}
	}
	for range a.jokers {
		out = append(out, card.Joker)
	}
	return out
}

// counts returns the natural, two and joker counts of the laid cards.
func (a Action) counts() (nat, twos, jokers int) {
	for i := range 4 {
		nat += int(a.nat[i])
		twos += int(a.twos[i])
	}
	return nat, twos, int(a.jokers)
}

// DrawStock returns the action that draws from the stock.
func DrawStock() Action { return Action{kind: Draw} }

// TakePileNew returns the action that takes the discard pile, melding the
// upcard with a natural pair from the hand as a new meld. rank is the
// upcard's rank.
func TakePileNew(rank card.Rank) Action { return Action{kind: TakePile, rank: rank} }

// TakePileTo returns the action that takes the discard pile, putting the
// upcard on the team's meld ref (rule set A: "if they're able to add the
// upcard to an existing meld"; rule set B: with the natural pair from the
// hand, where a new meld of the rank is not allowed).
func TakePileTo(ref Ref) Action {
	a := Action{kind: TakePile, rank: ref.Rank, target: clampRef(ref.N)}
	if a.target == 0 {
		return Action{} // a bad ref must not read as "new meld"
	}
	return a
}

// Meld returns the action that lays cs from the hand as a new meld. It fails
// if cs do not fit one meld: cards of two ranks, a three, no natural card,
// or more copies of one card than an action can carry (255).
func Meld(cs ...card.Card) (Action, error) {
	a := Action{kind: MeldNew}
	return a.pack(cs)
}

// Add returns the action that adds cs from the hand to the team's meld ref.
// The cards may be wild only ("add 2C to 9").
func Add(ref Ref, cs ...card.Card) (Action, error) {
	if !meldable(ref.Rank) || clampRef(ref.N) == 0 {
		return Action{}, ruleError(ErrNoMeld, "no meld "+ref.String())
	}
	a := Action{kind: AddTo, rank: ref.Rank, target: clampRef(ref.N)}
	return a.pack(cs)
}

// meldable reports whether r can be a meld's rank in some Hand and Foot
// rules: any rank but twos (wild) and threes (never melded).
func meldable(r card.Rank) bool { return r.IsValid() && r != card.Two && r != card.Three }

// LayRed returns the action that lays the red three c on the team's clean
// canasta ref (rule set A).
func LayRed(c card.Card, ref Ref) Action {
	return Action{kind: LayRedThree, card: c, rank: ref.Rank, target: clampRef(ref.N)}
}

// DiscardCard returns the action that discards c, ending the turn.
func DiscardCard(c card.Card) Action { return Action{kind: Discard, card: c} }

// AskPartner returns the action that asks the partner for permission to go
// out (rule set B: "You must ask your partner if he wants to go out, and
// abide by his decision").
func AskPartner() Action { return Action{kind: Ask} }

// Reply returns the partner's answer to [AskPartner].
func Reply(yes bool) Action {
	a := Action{kind: Answer}
	if yes {
		a.target = 1
	}
	return a
}

// TakeBackCards returns the action that takes back the cards laid since the
// turn's last fixed point.
func TakeBackCards() Action { return Action{kind: TakeBack} }

// Choose returns the action that keeps packet 1 or 2 as the hand, the other
// as the foot (rule set B: "Player can pick up either hand, and leave the
// other one for his foot").
func Choose(packet int) Action {
	if packet != 1 && packet != 2 {
		packet = 0
	}
	return Action{kind: ChoosePacket, target: uint8(packet)}
}

// Next returns the action that deals the next round.
func Next() Action { return Action{kind: NextRound} }

func clampRef(n int) uint8 {
	if n < 1 || n > 255 {
		return 0
	}
	return uint8(n)
}

// pack stores cs as the action's laid cards.
func (a Action) pack(cs []card.Card) (Action, error) {
	for _, c := range cs {
		var slot *uint8
		switch {
		case !c.IsValid():
			return Action{}, ruleError(ErrMalformed, "not a card: value "+itoa(int(c)))
		case c == card.Joker:
			slot = &a.jokers
		case c.Rank() == card.Two:
			slot = &a.twos[c.Suit()-1]
		case c.Rank() == card.Three:
			return Action{}, ruleError(ErrMeld, "threes are never melded")
		case a.rank == 0 || c.Rank() == a.rank:
			a.rank = c.Rank()
			slot = &a.nat[c.Suit()-1]
		default:
			return Action{}, ruleError(ErrMeld, "a meld holds one rank, not "+a.rank.String()+" and "+c.Rank().String())
		}
		if *slot == 255 {
			return Action{}, ruleError(ErrMalformed, "too many copies of "+c.String())
		}
		*slot++
	}
	if n, t, j := a.counts(); n+t+j == 0 {
		return Action{}, ruleError(ErrMalformed, "no cards to lay")
	} else if a.kind == MeldNew && n == 0 {
		return Action{}, ruleError(ErrMeld, "a new meld needs natural cards")
	}
	if a.kind == MeldNew && !a.rank.IsValid() {
		return Action{}, ruleError(ErrMalformed, "no rank")
	}
	return a, nil
}

// wellFormed reports whether a is an action some constructor can build:
// its kind is known and it carries only the payload its kind uses. Apply
// rejects anything else as malformed, so forged values never reach a rule.
func (a Action) wellFormed() bool {
	n, t, j := a.counts()
	laid := n + t + j
	switch a.kind {
	case Draw, Ask, TakeBack, NextRound:
		return a == Action{kind: a.kind}
	case TakePile:
		return meldable(a.rank) && a.card == 0 && laid == 0
	case MeldNew:
		return meldable(a.rank) && a.target == 0 && a.card == 0 && n > 0
	case AddTo:
		return meldable(a.rank) && a.target > 0 && a.card == 0 && laid > 0
	case LayRedThree:
		return meld.IsRedThree(a.card) && meldable(a.rank) && a.target > 0 && laid == 0
	case Discard:
		return a.card.IsValid() && a == Action{kind: Discard, card: a.card}
	case Answer:
		return a.target <= 1 && a == Action{kind: Answer, target: a.target}
	case ChoosePacket:
		return (a.target == 1 || a.target == 2) && a == Action{kind: ChoosePacket, target: a.target}
	}
	return false
}
