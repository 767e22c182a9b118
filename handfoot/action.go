package handfoot

import (
	"math"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
)

// Kind is what an [Action] does. Each kind has a constructor of the same
// name without the prefix: KindDraw and [Draw], KindTake and [Take] (or
// [TakeTo]), and so on.
type Kind uint8

// The kinds of action, in the order [Legal] lists them. (Their values are
// the engine's, which a test checks.)
const (
	// KindDraw draws from the stock (text: "draw").
	KindDraw Kind = iota + 1
	// KindTake takes the whole discard pile, melding the upcard at once
	// (text: "take", "take to #2", and for a wild upcard "take to 9#1").
	KindTake
	// KindMeld lays a new meld from the hand (text: "meld 7H 7D 2C").
	KindMeld
	// KindAdd adds cards from the hand to one of the team's melds
	// (text: "add 9S 2C to 9", "add 9S to 9#2").
	KindAdd
	// KindLayRed lays a red three on a completed clean canasta, rule set A
	// (text: "lay 3H on 9").
	KindLayRed
	// KindAsk asks the partner whether the player may go out (text: "ask").
	KindAsk
	// KindTakeBack returns to the hand every card laid since the turn's
	// last fixed point: the draw, the pile joining the hand, or playing into
	// the foot (text: "back").
	KindTakeBack
	// KindDiscard discards one card and ends the turn (text: "discard KH").
	KindDiscard
	// KindAnswer is the partner's answer to [Ask] (text: "yes", "no").
	KindAnswer
	// KindChoose chooses which of the two dealt packets is the hand, where
	// the rules let players choose (text: "packet 1", "packet 2").
	KindChoose
	// KindNext deals the next round once a round is over (text: "next").
	KindNext
)

// kinds is every kind Hand and Foot plays.
var kinds = family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.LayRed, family.Ask,
	family.TakeBack, family.Discard, family.Answer, family.Choose, family.Next)

// String returns the kind's verb as the text form spells it.
func (k Kind) String() string { return family.Kind(k).String() }

// Action is one step of play by the seat to act: a 16-byte comparable value
// with no pointers. Build one with a constructor, with [ParseAction] from
// its text form, or from JSON (which carries the text form). A constructor
// whose arguments can be wrong returns an error with the action, and never
// an invalid action; the zero Action is invalid and [Apply] rejects it.
//
// An action that lays cards names them exactly, suits included; [Legal]
// lists one representative for actions that differ only in the suits of
// cards no rule tells apart (see [Equivalent]).
type Action struct {
	f family.Action
}

// Ref names one of a team's melds: its rank, and its index among the team's
// melds of that rank in the order they were laid. The index is 0 for the
// first, so Ref{Rank: card.Nine} is the first meld of nines. A second meld of
// a rank is allowed once the first is a canasta. In text it is the rank, with
// "#2", "#3" ... for the later melds: "9", "9#2".
type Ref struct {
	Rank  card.Rank `json:"rank"`
	Index int       `json:"index"`
}

// Kind returns what the action does.
func (a Action) Kind() Kind { return Kind(a.f.Kind) }

// Rank returns the rank of the meld a Meld, Add or LayRed action lays or
// adds to, and of the meld a [TakeToMeld] puts a wild upcard on; the zero
// Rank for other kinds (another take's rank is the upcard's, which the
// action does not repeat).
func (a Action) Rank() card.Rank { return a.f.Rank }

// Target returns the meld an Add or LayRed action goes to. For a take onto
// a meld it returns the meld's Index (its Rank is zero: it is the
// upcard's). For a [TakeToMeld] of a wild upcard it returns the whole Ref.
// ok is false for a take that starts a new meld with the pair, and for the
// kinds that name no meld.
func (a Action) Target() (ref Ref, ok bool) {
	switch a.f.Kind {
	case family.Add, family.LayRed, family.Take:
		if a.f.Target > 0 {
			return Ref{a.f.Rank, int(a.f.Target) - 1}, true
		}
	}
	return Ref{}, false
}

// Card returns the card of a Discard, or the red three of a LayRed.
func (a Action) Card() card.Card { return a.f.Card }

// Yes reports the answer of an Answer action.
func (a Action) Yes() bool { return a.f.Kind == family.Answer && a.f.Target == 1 }

// Packet returns the index (0 or 1: the first or second packet dealt, as
// [View].Packets lists them) of the packet a Choose action keeps as the
// hand ("packet 1" in text is index 0), and -1 for the other kinds.
func (a Action) Packet() int {
	if a.f.Kind != family.Choose {
		return -1
	}
	return int(a.f.Target) - 1
}

// Cards returns the cards a Meld or Add action lays, in order: natural
// cards by suit, then twos by suit, then jokers.
func (a Action) Cards() []card.Card { return a.f.AppendCards(nil) }

// AppendCards appends the cards of [Action.Cards] to dst, in the same order,
// and returns the extended slice: with a buffer of room enough (an action
// lays at most a few dozen cards) it allocates nothing. Other kinds append
// none.
func (a Action) AppendCards(dst []card.Card) []card.Card { return a.f.AppendCards(dst) }

// Counts returns how many of the cards of [Action.Cards] are natural cards
// (black threes of a meld of threes among them), twos and jokers, without
// listing them; all three are 0 for the kinds that lay no cards.
func (a Action) Counts() (naturals, twos, jokers int) { return a.f.Counts() }

// built returns the action a constructor built, or its error.
func built(f family.Action, fault family.Fault) (Action, error) {
	if fault.Code != 0 {
		return Action{}, fault.Err(pkg)
	}
	return Action{f}, nil
}

// Draw returns the action that draws from the stock: the number of cards
// the rules say, or what is left.
func Draw() Action { return Action{family.Action{Kind: family.Draw}} }

// Take returns the action that takes the discard pile, melding the upcard
// with a natural pair of its rank from the hand as a new meld. The pair's
// suits are chosen clubs first: no rule tells them apart.
func Take() Action { return Action{family.Action{Kind: family.Take}} }

// TakeTo returns the action that takes the discard pile, putting the upcard
// on the team's meld of its rank with that index (0 for the first meld of
// the rank). The upcard goes alone under rule set A. It goes with the
// natural pair from the hand where the rules always ask for one (rule set
// B). An index outside 0..254
// is an error wrapping [ErrMalformed].
func TakeTo(index int) (Action, error) { return built(family.NewTakeTo(index)) }

// TakeToMeld returns the action that takes the discard pile when the
// upcard is wild, putting it alone on the team's meld ref, which must stay
// legal with it (rule set A: never a clean canasta the rules close, nor
// one a red three has locked). The action names the meld's rank, which a
// wild upcard does not tell. A rank that cannot be a meld's, or an index
// outside 0..254, is an error. Rule set B never takes a pile with a wild
// card on top.
func TakeToMeld(ref Ref) (Action, error) { return built(family.NewTakeToMeld(family.Ref(ref))) }

// Meld returns the action that lays cs from the hand as a new meld. It fails
// if cs do not fit one meld: cards of two ranks, a three, no natural card,
// no card at all, or more copies of one card than an action can carry (255).
func Meld(cs ...card.Card) (Action, error) { return built(family.NewMeld(cs, false)) }

// Add returns the action that adds cs from the hand to the team's meld ref.
// The cards may be wild only ("add 2C to 9").
func Add(ref Ref, cs ...card.Card) (Action, error) {
	return built(family.NewAdd(family.Ref(ref), cs, false))
}

// LayRed returns the action that lays the red three c on the team's clean
// canasta ref (rule set A).
func LayRed(c card.Card, ref Ref) (Action, error) {
	return built(family.NewLayRed(c, family.Ref(ref)))
}

// Ask returns the action that asks the partner for permission to go out,
// where the rules ask (rule set B): after drawing, from the foot, before
// laying any card this turn, when the player can go out this turn.
func Ask() Action { return Action{family.Action{Kind: family.Ask}} }

// TakeBack returns the action that takes back the cards laid since the
// turn's last fixed point.
func TakeBack() Action { return Action{family.Action{Kind: family.TakeBack}} }

// Discard returns the action that discards c, ending the turn. A value that
// is not a card is an error wrapping [ErrMalformed].
func Discard(c card.Card) (Action, error) { return built(family.NewDiscard(c)) }

// Answer returns the partner's answer to [Ask]. It binds: after a yes the
// player must go out this turn, after a no it may not.
func Answer(yes bool) Action { return Action{family.NewAnswer(yes)} }

// Choose returns the action that keeps a packet as the hand, the other as
// the foot, where the rules let players choose (rule set B). packet is the
// packet's place in the deal, 0 for the first or 1 for the second. It is
// the order in which [View].Packets lists them when the player may look at
// them. Every index of the library's Go API counts from 0, and the text
// counts from 1 ("packet 1" is Choose(0)).
// Another index is an error wrapping [ErrMalformed], which names the
// packet as text does ("no packet 3" for Choose(2)).
func Choose(packet int) (Action, error) {
	return built(family.NewChoose(min(max(packet, -1), math.MaxInt32) + 1)) // no overflow: the fault clamps to 32 bits

}

// Next returns the action that deals the next round.
func Next() Action { return Action{family.Action{Kind: family.Next}} }
