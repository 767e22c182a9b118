package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/record"
)

// Kind is what an [Action] does. Each kind has a constructor of the same
// name without the prefix: KindDraw and [Draw], KindTake and [Take] (or
// [TakeWith], [TakeTo]), and so on. The values are those of Hand and Foot's
// kinds of the same name.
type Kind uint8

// The kinds of action, in the order [Legal] lists them. (The numbers are
// Hand and Foot's for the same kinds, which Canasta shares but for laying
// a red three and choosing a packet.)
const (
	// KindDraw draws from the stock (text: "draw").
	KindDraw Kind = 1
	// KindTake takes the whole discard pile, melding the upcard at once
	// (text: "take", "take with 2C", "take to #1").
	KindTake Kind = 2
	// KindMeld lays a new meld from the hand (text: "meld 7H 7D 2C").
	KindMeld Kind = 3
	// KindAdd adds cards from the hand to one of the team's melds
	// (text: "add 9S 2C to 9").
	KindAdd Kind = 4
	// KindAsk asks the partner "May I go out?" (text: "ask").
	KindAsk Kind = 6
	// KindTakeBack returns to the hand every card laid since the turn's
	// last fixed point: the draw, or the pile joining the hand (text:
	// "back").
	KindTakeBack Kind = 7
	// KindDiscard discards one card and ends the turn (text: "discard KH").
	KindDiscard Kind = 8
	// KindAnswer is the partner's answer to [Ask] (text: "yes", "no").
	KindAnswer Kind = 9
	// KindNext deals the next round once a round is over (text: "next").
	KindNext Kind = 11
)

// kinds is every kind Canasta plays.
var kinds = family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.Ask,
	family.TakeBack, family.Discard, family.Answer, family.Next)

// String returns the kind's verb as the text form spells it.
func (k Kind) String() string {
	if !kinds.Has(family.Kind(k)) {
		return "invalid"
	}
	return family.Kind(k).String()
}

// Action is one move of the seat to act, a small comparable value (16
// bytes, no pointers). Constructors build every kind; [ParseAction] reads
// the text form, and JSON carries that text. A constructor given arguments
// no action can carry returns an error, never a broken Action. The zero
// Action is no action: Apply refuses it.
type Action struct {
	f family.Action
}

// Kind returns what the action does.
func (a Action) Kind() Kind { return Kind(a.f.Kind) }

// Rank returns the rank of the meld a Meld or Add action lays or adds to,
// and the zero Rank for other kinds.
func (a Action) Rank() card.Rank { return a.f.Rank }

// OntoMeld reports whether a take puts the upcard on the team's meld of its
// rank rather than starting a new meld.
func (a Action) OntoMeld() bool { return a.f.Kind == family.Take && a.f.Target > 0 }

// Card returns the card of a Discard, or the wild card of a take with a
// natural card and a wild card.
func (a Action) Card() card.Card { return a.f.Card }

// Yes reports the answer of an Answer action.
func (a Action) Yes() bool { return a.f.Kind == family.Answer && a.f.Target == 1 }

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

// built wraps what a family constructor returns: the action, or the
// zero Action and the error its fault words.
func built(f family.Action, fault family.Fault) (Action, error) {
	if !fault.OK() {
		return Action{}, fault.Err(pkg)
	}
	return Action{f}, nil
}

// Draw returns the action that draws from the stock: DrawCount cards, or
// what is left. A red three drawn is laid out at once and replaced. With
// the stock empty it declines the discard pile, which ends the round,
// where the rules let the player decline it (see [Apply]).
func Draw() Action { return Action{family.Action{Kind: family.Draw}} }

// Take returns the action that takes the discard pile with a natural pair
// of the upcard's rank from the hand, the three cards a new meld. It is
// the only way to take a frozen pile. The pair's suits are chosen clubs
// first: no rule tells them apart.
func Take() Action { return Action{family.Action{Kind: family.Take}} }

// TakeWith returns the action that takes a pile that is not frozen with one
// natural card of the upcard's rank and the wild card w from the hand, the
// three cards a new meld. A card that is not wild is an error wrapping
// [ErrMalformed].
func TakeWith(w card.Card) (Action, error) { return built(family.NewTakeWith(w)) }

// TakeTo returns the action that takes the discard pile by putting the
// upcard on the team's meld of its rank with that index, a completed
// canasta included: the upcard alone when the pile is not frozen, with a
// natural pair from the hand when it is. It has Hand and Foot's shape,
// where a team may have several melds of a rank. In Canasta a team has one
// meld of each rank, so index is 0 ("take to #1" in text, which counts
// from 1). Another index is an error wrapping [ErrNoMeld] (a negative one,
// [ErrMalformed]).
func TakeTo(index int) (Action, error) {
	a, err := built(family.NewTakeTo(index))
	if err == nil && index != 0 {
		return Action{}, errs.New(pkg, ErrNoMeld, "take to #"+itoa(index+1)+": a team has one meld of each rank")
	}
	return a, err
}

// Meld returns the action that lays cs from the hand as a new meld. It
// fails if cs do not fit one meld: cards of two ranks, a red three, no
// natural card, no card at all. Black threes are a meld's natural cards (a
// meld of threes is laid only going out, which [Apply] checks).
func Meld(cs ...card.Card) (Action, error) { return built(family.NewMeld(cs, true)) }

// Add returns the action that adds cs from the hand to the team's meld of
// rank.
func Add(rank card.Rank, cs ...card.Card) (Action, error) {
	return built(family.NewAdd(family.Ref{Rank: rank}, cs, true))
}

// Ask asks the partner "May I go out?" — after the draw, before any card
// is laid this turn, and only by a player who can go out this turn.
func Ask() Action { return Action{family.Action{Kind: family.Ask}} }

// TakeBack returns to the hand the cards laid this turn since its last
// fixed point (the draw, or the pile joining the hand): the melds can be
// arranged again until the discard.
func TakeBack() Action { return Action{family.Action{Kind: family.TakeBack}} }

// Discard lays c on the pile and ends the turn (or, as the last card of a
// team with its canastas, goes out). A value that is no card is an error
// wrapping [ErrMalformed].
func Discard(c card.Card) (Action, error) { return built(family.NewDiscard(c)) }

// Answer is the partner's reply to [Ask], which the asker must abide by:
// yes, and the turn must end by going out; no, and it must not.
func Answer(yes bool) Action { return Action{family.NewAnswer(yes)} }

// Next deals the next round (hand) once a round has been scored.
func Next() Action { return Action{family.Action{Kind: family.Next}} }

// String returns the action's canonical text form ("draw", "take with 2C",
// "meld 7C 7H 2S JK"; the grammar is at [ParseAction]), which ParseAction
// reads back to the same action. An action no constructor builds is
// "invalid".
func (a Action) String() string {
	b, err := a.AppendText(make([]byte, 0, 24))
	if err != nil {
		return "invalid"
	}
	return string(b)
}

// AppendText appends the action's text form to b. It implements
// [encoding.TextAppender]. An action no constructor builds is an error
// wrapping [ErrMalformed] and leaves b as it was.
func (a Action) AppendText(b []byte) ([]byte, error) {
	return a.f.AppendTextErr(pkg, a.valid(), b)
}

// valid reports whether a is an action a constructor builds: of a kind
// Canasta plays, naming no meld but the team's one of its rank.
func (a Action) valid() bool {
	return a.f.WellFormed() && kinds.Has(a.f.Kind) && a.f.Target <= 1 || a.f.Kind == family.Answer && a.f.WellFormed()
}

// MarshalText implements [encoding.TextMarshaler]: JSON carries the text
// form, json.Marshal(Draw()) is `"draw"`.
func (a Action) MarshalText() ([]byte, error) { return a.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseAction].
// On error a is unchanged.
func (a *Action) UnmarshalText(text []byte) error {
	v, err := ParseAction(string(text))
	if err == nil {
		*a = v
	}
	return err
}

// maxActionText is the most bytes of an action's text: a shoe's cards,
// each in at most 8 bytes with its separator ("10♣, "), and the words.
const maxActionText = 8*maxShoe + 64

// ParseAction reads an action in its text form. [Action.String] writes the
// canonical form: lower-case verbs, cards in card notation, single spaces.
//
//	draw
//	take                 the upcard and a natural pair as a new meld
//	take with WILD       the upcard, a natural card and that wild card: take with 2C
//	take to #1           the upcard onto the team's meld of its rank
//	meld CARD CARD ...   meld 7C 7H 2S JK, meld 3C 3S 3S (going out)
//	add CARD ... to RANK add 9S 2C to 9
//	discard CARD         discard KH
//	back
//	ask
//	yes | no
//	next
//
// It is lenient like a person typing: any case, any runs of space, commas
// between cards, the card notation the card package accepts, "take back"
// and "undo" for "back", "y" and "n". Every action it returns is one a
// constructor builds. The error quotes s and wraps [ErrMalformed],
// [ErrMeld] or [ErrNoMeld]. Text longer than a shoe's cards could fill is
// refused before it is read, so ParseAction allocates at most a few
// kilobytes.
func ParseAction(s string) (Action, error) {
	if err := record.ActionLength(s, maxActionText, pkg, ErrMalformed); err != nil {
		return Action{}, err
	}
	f, err := family.Parse(pkg, kinds, true, s)
	if err != nil {
		return Action{}, err
	}
	if f.Kind == family.Take && f.Target > 1 || f.Kind == family.Add && f.Target > 1 {
		return Action{}, errs.New(pkg, ErrNoMeld, errs.Quote(s)+": a team has one meld of each rank")
	}
	return Action{f}, nil
}
