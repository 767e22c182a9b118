package doublets

import (
	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/enc"
)

// The encodings for learning programs: action ids, legal masks and the
// observation vector. The package doc's section "Encodings for learning
// programs" is their layout.

// The action ids, the same for every rule set, in [Legal]'s order.
const (
	idPlayWaste   = 0         // play waste
	idPlayReserve = 1         // play slot i+1: 1 + i
	idTurn        = 1 + Slots // turn
	idRedeal      = 2 + Slots // redeal
	numActions    = 3 + Slots // 10
)

// The observation's planes and scalars, by where each starts.
const (
	obsWaste      = 0                      // the waste's cards
	obsWasteTop   = 52                     // the waste's top card
	obsWasteOrder = 2 * 52                 // each waste card's place from the top, over 52
	obsStock      = 3 * 52                 // the stock's cards: those shown nowhere else
	obsFound      = 4 * 52                 // the foundation's cards
	obsFoundTop   = 5 * 52                 // the foundation's top card
	obsReserve    = 6 * 52                 // Slots planes: each slot's card
	obsNeeded     = obsReserve + Slots*52  // 13: the rank needed, one-hot
	obsPhase      = obsNeeded + 13         // 3: playing, won, lost
	obsScalars    = obsPhase + 3           // the scalars
	obsSize       = obsScalars + numScalar // 699
	numScalar     = 7
)

// Shape is the size of r's encodings for learning programs: 10 action
// ids and an observation of 699 values. Every rule set [Rules.Validate]
// accepts is within the encodings' caps. An error is Validate's, wrapping
// [ErrRules].
func (r Rules) Shape() (cardrules.Shape, error) {
	if err := r.Validate(); err != nil {
		return cardrules.Shape{}, err
	}
	return cardrules.Shape{Actions: numActions, Observation: []int{obsSize}}, nil
}

// actionID returns a's id, or an error wrapping [ErrMalformed] for an
// action no constructor builds.
func actionID(a Action) (int, error) {
	if !a.valid() {
		return 0, fail(ErrMalformed, "the action "+a.String()+" has no id: no constructor builds it")
	}
	switch a.kind {
	case KindPlayWaste:
		return idPlayWaste, nil
	case KindPlayReserve:
		return idPlayReserve + int(a.from) - 1, nil
	case KindTurn:
		return idTurn, nil
	}
	return idRedeal, nil
}

// Shape is the size of the encodings of s's rules: see [Rules.Shape]. The
// zero State has none: its error wraps [ErrRules].
func (s State) Shape() (cardrules.Shape, error) { return s.Rules().Shape() }

// ActionID returns a's action id, the same under every rule set. An action
// no constructor builds (the zero Action) is an error wrapping
// [ErrMalformed].
func (s State) ActionID(a Action) (int, error) { return actionID(a) }

// ActionOf returns the legal action whose id is id. An id no legal action
// has is an error wrapping [ErrEncoding].
func (s State) ActionOf(id int) (Action, error) {
	var buf [numActions]Action // every legal action has its own id
	return enc.ActionOf(pkg, AppendLegal(buf[:0], s), numActions, id, actionID)
}

// Mask sets dst[id] for the id of every legal action, and clears the
// others. dst must be 10 long, or the error wraps [ErrEncoding].
func (s State) Mask(dst []bool) error {
	var buf [numActions]Action
	return enc.Mask(pkg, dst, numActions, AppendLegal(buf[:0], s), actionID)
}

// Shape is the size of the encodings of v's rules: see [Rules.Shape].
func (v *View) Shape() (cardrules.Shape, error) { return v.Rules.Shape() }

// ActionID returns a's action id, as [State.ActionID] does.
func (v *View) ActionID(a Action) (int, error) { return actionID(a) }

// ActionOf returns the action of v.Legal whose id is id. An id none of
// them has is an error wrapping [ErrEncoding].
func (v *View) ActionOf(id int) (Action, error) {
	return enc.ActionOf(pkg, v.Legal, numActions, id, actionID)
}

// Mask sets dst[id] for the id of every action of v.Legal, and clears the
// others. dst must be 10 long, or the error wraps [ErrEncoding].
func (v *View) Mask(dst []bool) error {
	return enc.Mask(pkg, dst, numActions, v.Legal, actionID)
}

// Observe writes the player's observation into dst, as the package doc
// lays it out. dst must be 699 long. An error wraps [ErrEncoding]: a dst
// of another length, or a View no game shows (a card that is not the
// deck's, or one shown twice, a rank needed that is no rank); dst is then
// unchanged.
func (v *View) Observe(dst []float32) error {
	if len(dst) != obsSize {
		return fail(ErrEncoding, "an observation of "+itoa(len(dst))+" values: Doublets has "+itoa(obsSize))
	}
	waste, ok1 := enc.Cards(v.Waste)
	found, ok2 := enc.Cards(v.Foundation)
	var reserve uint64
	ok3 := true
	for _, c := range v.Reserve {
		b := uint64(1) << (c & 63)
		if c != 0 && (c >= card.Joker || reserve&b != 0) {
			ok3 = false
		}
		reserve |= b
	}
	reserve &^= 1 // the empty slots
	switch {
	case !ok1 || !ok2 || !ok3 || waste&found != 0 || (waste|found)&reserve != 0:
		return fail(ErrEncoding, "the View shows a card that is not the deck's, or one twice")
	case v.Needed > card.King:
		return fail(ErrEncoding, "the View needs rank "+itoa(int(v.Needed))+", no rank")
	}
	clear(dst)
	enc.Plane(dst[obsWaste:], waste)
	enc.Plane(dst[obsStock:], enc.Deck&^(waste|found|reserve))
	enc.Plane(dst[obsFound:], found)
	for k, c := range v.Waste {
		dst[obsWasteOrder+int(c)-1] = float32(len(v.Waste)-k) / 52
	}
	if n := len(v.Waste); n > 0 {
		dst[obsWasteTop+int(v.Waste[n-1])-1] = 1
	}
	if n := len(v.Foundation); n > 0 {
		dst[obsFoundTop+int(v.Foundation[n-1])-1] = 1
	}
	for i, c := range v.Reserve {
		if c != 0 {
			dst[obsReserve+52*i+int(c)-1] = 1
		}
	}
	if v.Needed != 0 {
		dst[obsNeeded+int(v.Needed)-1] = 1
	}
	switch {
	case v.Won:
		dst[obsPhase+1] = 1
	case v.Over:
		dst[obsPhase+2] = 1
	default:
		dst[obsPhase] = 1
	}
	s := dst[obsScalars:obsSize]
	s[0] = float32(v.StockSize) / 52
	s[1] = float32(len(v.Waste)) / 52
	s[2] = float32(v.Score) / MaxScore
	s[3] = float32(v.Pass) / MaxPasses
	s[4] = float32(v.Rules.Passes-v.Pass) / MaxPasses
	if v.Rules.TurnAfterDeal {
		s[5] = 1
	}
	if v.Rules.KingsAside {
		s[6] = 1
	}
	return nil
}
