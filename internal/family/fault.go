package family

import (
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// Code says which rule a Fault breaks. Checks return a Fault, never an
// error: Legal asks them millions of times and needs no message, and Apply
// turns the one it reports into an error with [Fault.Err]. The messages are
// built there and only there.
type Code uint8

// The codes, grouped by the sentinel they wrap.
const (
	_ Code = iota
	// cardrules.ErrMalformed
	NotAGameAction // N[0]: the kind of a forged action value
	NotACard       // Card: a card value that is no card
	TooManyCopies  // Card
	NoCards
	BadIndex  // N[0]: a meld index out of range
	BadRef    // Rank: a rank no meld has
	BadPacket // N[0]
	NotRedThree
	UnknownKind // N[0]: the game does not know this kind
	NotWild     // Card: a take with a card that is not wild
	// cardrules.ErrMeld, before any state is read
	ThreeMelded
	TwoRanks   // Rank and Card: the two ranks
	NoNaturals // a new meld of wild cards only
	// cardrules.ErrMeld, read from the state
	ThreesNotOut // black threes are melded only going out
	// cardrules.ErrNotNow
	NotAGame
	NotChoosing
	RoundNotOver
	NoQuestion
	AskNotInRules
	NoPartner
	AskNotNow
	AskBeforeDraw
	AskNotFinal
	AskAfterLaying
	AlreadyAsked
	AskCannotGoOut
	AskOneCard
	DrawNotNow
	TakeNotNow
	DrawFirst
	MeldNotNow
	NothingLaid
	DiscardNotNow
	// cardrules.ErrGameOver
	Over
	// cardrules.ErrStock
	StockEmpty
	MustTakePile // Rank: the upcard's
	// cardrules.ErrPile
	PileEmpty
	UpcardNotMeldable // Card
	RankNotMeldable   // Rank
	NoPair            // Rank
	UpcardNoFit       // N[0]: the meld's index, or -1 for a new meld with the pair; the meld's error is the cause
	PileFrozen        // Rank: the upcard's
	OneCardPile
	NoNatural          // Rank: a take with a wild card needs a natural card of the rank
	WildTakeNotInRules // a take with a wild card where the pile is never taken so
	NoDiscardLeft      // N[0] minimum: the first melds after the take would leave no card to discard
	WildUpcard         // Card: a wild upcard, taken onto a named meld only where PileOnMeld allows it
	WildNeedsMeld      // Card: a take of a wild upcard that names no meld
	RankNotWild        // Card: a take naming a meld's rank when the upcard is natural
	// cardrules.ErrBlocked
	BlackThree // Card
	// cardrules.ErrNoMeld
	NoSuchMeld // Rank, N[0]: index
	// cardrules.ErrSecondMeld
	MeldExists  // Rank
	MeldNotFull // Rank
	// cardrules.ErrMeld with a cause
	MeldRule // the meld's error is the cause
	// cardrules.ErrNotHeld
	NotHeldCards // the action names the cards
	NotHeldCard  // Card
	// cardrules.ErrMinimum
	OpeningShort // N[0] best, N[1] minimum
	EmptyShort   // N[0] laid, N[1] minimum: the hand would be empty
	OpeningUnmet // N[0] laid, N[1] minimum: discarding while the taken pile waits
	DiscardUnmet // N[0] laid, N[1] minimum
	// cardrules.ErrGoOut
	GoOutCanastas // N: have clean, dirty, need clean, dirty
	GoOutAny      // N[0] have, N[1] need: canastas of either kind
	// cardrules.ErrPermission
	AskFirst
	PartnerNo
	LaidBeforeAsking
	// cardrules.ErrMustGoOut
	BoundStep    // a meld step or take-back after which going out is impossible
	BoundDiscard // a discard that does not go out
	// cardrules.ErrKeepCard
	KeepCard // Sub and N: why going out is not allowed
	numCodes
)

// Fault is what a check found wrong: a code and the values its message
// names. The zero Fault is no fault.
//
// It is a small value with no pointers, so a check costs no more to return
// than a word or two. What only Apply's message needs (the action's cards,
// the meld's own error) is found by [Table.Apply] when it words the error.
type Fault struct {
	Code Code
	Sub  Code // KeepCard: DiscardUnmet, GoOutCanastas, AskFirst, PartnerNo or LaidBeforeAsking
	Rank card.Rank
	Card card.Card
	N    [4]int32
}

// OK reports whether f is no fault.
func (f Fault) OK() bool { return f.Code == 0 }

var sentinels = [numCodes]error{
	NotAGameAction: cardrules.ErrMalformed, NotACard: cardrules.ErrMalformed, TooManyCopies: cardrules.ErrMalformed, NoCards: cardrules.ErrMalformed,
	BadIndex: cardrules.ErrMalformed, BadRef: cardrules.ErrNoMeld, BadPacket: cardrules.ErrMalformed, NotRedThree: cardrules.ErrMalformed, UnknownKind: cardrules.ErrMalformed, NotWild: cardrules.ErrMalformed, ThreesNotOut: cardrules.ErrMeld,
	ThreeMelded: cardrules.ErrMeld, TwoRanks: cardrules.ErrMeld, NoNaturals: cardrules.ErrMeld,
	NotAGame: cardrules.ErrNotNow, NotChoosing: cardrules.ErrNotNow, RoundNotOver: cardrules.ErrNotNow, NoQuestion: cardrules.ErrNotNow, AskNotInRules: cardrules.ErrNotNow,
	NoPartner: cardrules.ErrNotNow, AskNotNow: cardrules.ErrNotNow, AskBeforeDraw: cardrules.ErrNotNow, AskNotFinal: cardrules.ErrNotNow, AskAfterLaying: cardrules.ErrNotNow,
	AlreadyAsked: cardrules.ErrNotNow, AskCannotGoOut: cardrules.ErrNotNow, AskOneCard: cardrules.ErrNotNow, DrawNotNow: cardrules.ErrNotNow,
	TakeNotNow: cardrules.ErrNotNow, DrawFirst: cardrules.ErrNotNow, MeldNotNow: cardrules.ErrNotNow, NothingLaid: cardrules.ErrNotNow, DiscardNotNow: cardrules.ErrNotNow,
	Over: cardrules.ErrGameOver, StockEmpty: cardrules.ErrStock, MustTakePile: cardrules.ErrStock,
	PileEmpty: cardrules.ErrPile, UpcardNotMeldable: cardrules.ErrPile, RankNotMeldable: cardrules.ErrPile, NoPair: cardrules.ErrPile, UpcardNoFit: cardrules.ErrPile,
	PileFrozen: cardrules.ErrPile, OneCardPile: cardrules.ErrPile, NoNatural: cardrules.ErrPile, WildTakeNotInRules: cardrules.ErrPile, NoDiscardLeft: cardrules.ErrPile,
	WildUpcard: cardrules.ErrPile, WildNeedsMeld: cardrules.ErrPile, RankNotWild: cardrules.ErrPile,
	BlackThree: cardrules.ErrBlocked, NoSuchMeld: cardrules.ErrNoMeld, MeldExists: cardrules.ErrSecondMeld, MeldNotFull: cardrules.ErrSecondMeld,
	MeldRule: cardrules.ErrMeld, NotHeldCards: cardrules.ErrNotHeld, NotHeldCard: cardrules.ErrNotHeld,
	OpeningShort: cardrules.ErrMinimum, EmptyShort: cardrules.ErrMinimum, OpeningUnmet: cardrules.ErrMinimum, DiscardUnmet: cardrules.ErrMinimum,
	GoOutCanastas: cardrules.ErrGoOut, GoOutAny: cardrules.ErrGoOut, AskFirst: cardrules.ErrPermission, PartnerNo: cardrules.ErrPermission, LaidBeforeAsking: cardrules.ErrPermission,
	BoundStep: cardrules.ErrMustGoOut, BoundDiscard: cardrules.ErrMustGoOut, KeepCard: cardrules.ErrKeepCard,
}

// Sentinel returns the sentinel error of the rule f breaks.
func (f Fault) Sentinel() error {
	if f.Code == 0 || f.Code >= numCodes {
		return nil
	}
	return sentinels[f.Code]
}

// Err returns the rejection f describes as an error of package pkg, or nil
// for no fault.
func (f Fault) Err(pkg string) error { return f.err(pkg, nil, nil) }

// err is the one place the family's messages are written: a, when not nil,
// is the action rejected, and cause the meld's own error.
func (f Fault) err(pkg string, a *Action, cause error) error {
	switch {
	case f.Code == 0:
		return nil
	case f.Code == KeepCard:
		why := Fault{Code: f.Sub, N: f.N}
		return errs.Wrap(pkg, cardrules.ErrKeepCard, "your last card could not be discarded", why.Err(pkg))
	case cause != nil:
		return errs.Wrap(pkg, f.Sentinel(), f.detail(a), cause)
	}
	return errs.New(pkg, f.Sentinel(), f.detail(a))
}

func itoa(n int32) string { return strconv.Itoa(int(n)) }

// detail words the fault for a player.
func (f Fault) detail(a *Action) string {
	n := f.N
	switch f.Code {
	case NotAGameAction:
		return "the action " + Kind(f.N[0]).String() + " carries a payload it does not use, or misses one"
	case NotACard:
		return "not a card: value " + strconv.Itoa(int(f.Card))
	case TooManyCopies:
		return "too many copies of " + f.Card.String()
	case NoCards:
		return "no cards to lay"
	case BadIndex:
		return "no meld number " + itoa(n[0]+1) + ": the melds of a rank are numbered 1 to 255"
	case BadRef:
		return f.Rank.String() + " cannot be a meld's rank: twos are wild and threes are never melded"
	case BadPacket:
		return "no packet " + itoa(n[0]) + ": packet 1 or packet 2"
	case NotRedThree:
		return "only a red three is laid on a meld, not " + f.Card.String()
	case UnknownKind:
		return "this game has no action " + Kind(n[0]).String()
	case NotWild:
		return f.Card.String() + " is not a wild card: the pile is taken with a natural card and a two or a joker"
	case ThreesNotOut:
		return "black threes are melded only by a player going out, leaving at most one card to discard"
	case PileFrozen:
		return "the pile is frozen: take it only with a natural pair of " + f.Rank.Plural() + " from your hand"
	case OneCardPile:
		return "you hold one card and may not take a pile of one card"
	case NoNatural:
		return "you need a natural " + f.Rank.String() + " in your hand to go with the wild card"
	case WildTakeNotInRules:
		return "these rules take the pile with a natural pair only"
	case NoDiscardLeft:
		return "your first melds would reach the " + itoa(n[0]) + " points needed only by leaving you no card to discard, and your side cannot go out"
	case ThreeMelded:
		return "threes are never melded"
	case TwoRanks:
		return "a meld holds one rank, not " + f.Rank.Plural() + " and " + f.Card.Rank().Plural()
	case NoNaturals:
		return "a new meld needs natural cards"
	case NotAGame:
		return errs.NotAGame
	case NotChoosing:
		return "packets are chosen before the first turn"
	case RoundNotOver:
		return "the round is not over"
	case NoQuestion:
		return "no one has asked to go out"
	case AskNotInRules:
		return "these rules do not ask the partner"
	case NoPartner:
		return "you have no partner to ask"
	case AskNotNow:
		return "ask during your turn, after drawing and before laying any card"
	case AskBeforeDraw:
		return "draw first: you ask your partner after drawing, before laying any card"
	case AskNotFinal:
		return "you go out from your foot only: pick it up first"
	case AskAfterLaying:
		return "you have laid cards this turn: ask your partner before laying any"
	case AlreadyAsked:
		return "you have already asked this turn"
	case AskCannotGoOut:
		return "you cannot go out this turn with the cards you hold"
	case AskOneCard:
		return "you hold one card: discard it to go out, there is nothing to ask"
	case DrawNotNow:
		return "you draw only at the start of your turn"
	case TakeNotNow:
		return "you take the pile only at the start of your turn"
	case DrawFirst:
		return "draw first"
	case MeldNotNow:
		return "you meld only during your turn, after drawing"
	case NothingLaid:
		return "you have laid nothing this turn that can be taken back"
	case DiscardNotNow:
		return "you cannot discard now"
	case Over:
		return "no more moves"
	case StockEmpty:
		return "take the discard pile if you can"
	case MustTakePile:
		return "the stock is empty and the pile is not frozen for your side, whose meld of " + f.Rank.Plural() + " the upcard matches: take the pile"
	case PileEmpty:
		return "the discard pile is empty"
	case UpcardNotMeldable:
		return "the upcard " + f.Card.String() + " cannot be melded"
	case RankNotMeldable:
		return f.Rank.Plural() + " cannot be melded under these rules"
	case WildUpcard:
		return "the upcard " + f.Card.String() + " is wild: these rules never take the pile with a wild card on top"
	case WildNeedsMeld:
		return "the upcard " + f.Card.String() + " is wild: take the pile by putting it on one of your side's melds, named by its rank (take to 9#1)"
	case RankNotWild:
		return "the upcard " + f.Card.String() + " goes on a meld of its own rank: name the meld by its number alone (take to #1)"
	case NoPair:
		return "you need a natural pair of " + f.Rank.Plural() + " in your hand"
	case UpcardNoFit:
		if n[0] < 0 {
			return "the upcard and your pair are not a meld under these rules"
		}
		return "the upcard does not fit that meld"
	case BlackThree:
		return "the upcard is " + f.Card.String()
	case NoSuchMeld:
		return "your side has no meld " + refText(Ref{f.Rank, int(n[0])})
	case MeldExists:
		return "your side already has a meld of " + f.Rank.Plural() + ": add to it"
	case MeldNotFull:
		return "your side's meld of " + f.Rank.Plural() + " is not yet a canasta: add to it"
	case MeldRule:
		return ""
	case NotHeldCards:
		if a == nil {
			return "those cards are not all in your hand"
		}
		return cardList(a.AppendCards(nil)) + " are not all in your hand"
	case NotHeldCard:
		return "you do not hold " + f.Card.String()
	case OpeningShort:
		return "with the upcard your hand can lay at most " + itoa(max(n[0], 0)) + " points of the " + itoa(n[1]) + " your side needs to meld first"
	case EmptyShort:
		return "your melds this turn total " + itoa(n[0]) + " of the " + itoa(n[1]) + " points needed, and your hand would be empty"
	case OpeningUnmet:
		return "your melds this turn total " + itoa(n[0]) + " of the " + itoa(n[1]) + " points needed to take the pile: meld more, or take back"
	case DiscardUnmet:
		return "your melds this turn total " + itoa(n[0]) + " of the " + itoa(n[1]) + " points needed: meld more, or take back"
	case GoOutCanastas:
		return "your side has " + itoa(n[0]) + " clean and " + itoa(n[1]) + " dirty canastas; going out takes " + itoa(n[2]) + " clean and " + itoa(n[3]) + " dirty"
	case GoOutAny:
		if n[0] == 0 {
			return "your side has no canasta; going out takes " + canastaCount(n[1])
		}
		return "your side has " + canastaCount(n[0]) + "; going out takes " + itoa(n[1])
	case AskFirst:
		return "ask your partner first"
	case PartnerNo:
		return "your partner said no this turn"
	case LaidBeforeAsking:
		return "you laid cards before asking your partner, so you cannot go out this turn"
	case BoundStep:
		return "after that you could no longer go out"
	case BoundDiscard:
		return "discard only your last card, going out"
	}
	return "code " + strconv.Itoa(int(f.Code))
}

func canastaCount(n int32) string {
	if n == 1 {
		return "1 canasta"
	}
	return itoa(n) + " canastas"
}

func cardList(cs []card.Card) string {
	b := make([]byte, 0, 3*len(cs))
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		b, _ = c.AppendText(b)
	}
	return string(b)
}

// Sentinels returns every sentinel of the family's rules (a new slice),
// which every rejection of a family game's Apply wraps one of.
func Sentinels() []error {
	return []error{cardrules.ErrMalformed, cardrules.ErrNotNow, cardrules.ErrGameOver, cardrules.ErrNotHeld, cardrules.ErrStock, cardrules.ErrPile, cardrules.ErrBlocked, cardrules.ErrMeld,
		cardrules.ErrNoMeld, cardrules.ErrSecondMeld, cardrules.ErrMinimum, cardrules.ErrKeepCard, cardrules.ErrGoOut, cardrules.ErrPermission, cardrules.ErrMustGoOut}
}
