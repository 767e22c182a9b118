package doublets

import (
	"encoding/json"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/record"
)

// Position is a game of Doublets described in plain values, for tests,
// puzzles and saved games: [State.Position] describes a State, and
// [FromPosition] builds the State a Position describes, after checking
// that it can be played. It is also the JSON form of a State.
type Position struct {
	Rules Rules `json:"rules"`
	// Stock is the stock, top card first; Waste the waste, bottom card
	// first.
	Stock []card.Card `json:"stock"`
	Waste []card.Card `json:"waste"`
	// Reserve is the seven slots, indexed 0 to 6 ("play 1" in text plays
	// index 0); 0 marks an empty slot ("" in JSON).
	Reserve [Slots]card.Card `json:"reserve"`
	// Foundation is the foundation, its first card first.
	Foundation []card.Card `json:"foundation"`
	// Pass is the pass through the stock, from 1.
	Pass int `json:"pass"`
	// Seq is the number of actions the game had played, which
	// [State.Happened] goes on counting from.
	Seq int `json:"seq"`
}

// Position describes s (the zero Position for the zero State).
func (s State) Position() Position {
	if s.g == nil {
		return Position{}
	}
	return Position{
		Rules: s.g.rules, Stock: s.Stock(), Waste: s.Waste(), Reserve: s.reserve,
		Foundation: s.Foundation(), Pass: int(s.pass), Seq: s.h.Len(),
	}
}

// FromPosition builds the State p describes. It refuses a position that
// cannot be reached in play, with an error wrapping [ErrPosition] that
// names the first problem. It refuses a position with:
//
//   - rules that Validate refuses;
//   - cards missing, repeated or not of the deck;
//   - a foundation that is empty, starts with a king or does not go by
//     doubling;
//   - an empty reserve slot while the stock or waste could fill it;
//   - a pass out of 1 to Rules.Passes;
//   - a Seq below 0, or so large that the actions the game may still take
//     could carry it past 2^30.
func FromPosition(p Position) (State, error) {
	if err := p.Rules.Validate(); err != nil {
		return State{}, errs.Wrap(pkg, ErrPosition, "the rules", err)
	}
	bad := func(what string) (State, error) { return State{}, fail(ErrPosition, what) }
	switch {
	case p.Pass < 1 || p.Pass > p.Rules.Passes:
		return bad("pass " + itoa(p.Pass) + " of " + itoa(p.Rules.Passes))
	case p.Seq < 0:
		return bad("Seq below 0")
	case len(p.Foundation) < 1 || len(p.Foundation) > MaxScore:
		return bad("a foundation of " + itoa(len(p.Foundation)) + " cards: it holds 1 to 48")
	case len(p.Stock)+len(p.Waste) > 52:
		return bad("more cards than the deck has")
	case p.Seq > maxSeq-actionsLeft(p):
		return bad("Seq " + itoa(p.Seq) + ": the game's count of actions could pass " + itoa(maxSeq))
	}
	var seen [card.Kinds]bool
	check := func(where string, cs []card.Card) string {
		for _, c := range cs {
			switch {
			case !c.IsValid() || c.IsJoker():
				return where + ": " + c.String() + " is not a card of the deck"
			case seen[c]:
				return where + ": " + c.String() + " is in two places"
			}
			seen[c] = true
		}
		return ""
	}
	var filled []card.Card
	for _, c := range p.Reserve {
		if c != 0 {
			filled = append(filled, c)
		}
	}
	for _, part := range []struct {
		where string
		cs    []card.Card
	}{{"the stock", p.Stock}, {"the waste", p.Waste}, {"the reserve", filled}, {"the foundation", p.Foundation}} {
		if msg := check(part.where, part.cs); msg != "" {
			return bad(msg)
		}
	}
	if len(p.Stock)+len(p.Waste)+len(filled)+len(p.Foundation) != 52 {
		return bad("the cards are not the whole deck")
	}
	if p.Foundation[0].Rank() == card.King {
		return bad("the foundation starts with a king")
	}
	for i := 1; i < len(p.Foundation); i++ {
		if want := next(p.Foundation[i-1].Rank()); p.Foundation[i].Rank() != want {
			return bad("the foundation's card " + itoa(i+1) + ", " + p.Foundation[i].String() + ", does not double " +
				p.Foundation[i-1].String() + ": it would be " + article(want))
		}
	}
	if len(filled) < Slots && len(p.Stock)+len(p.Waste) > 0 {
		return bad("an empty reserve slot while the stock or waste could fill it")
	}
	s := State{state: state{g: &game{rules: p.Rules}, pass: uint8(p.Pass), reserve: p.Reserve}}
	s.w = uint8(copy(s.talon[:], p.Waste))
	s.n = s.w + uint8(copy(s.talon[s.w:], p.Stock))
	s.count = uint8(copy(s.found[:], p.Foundation))
	s.over = !s.canMove()
	s.h = eventlog.WordsFrom(p.Seq)
	start := s.Position()
	s.g.start = &start
	return s, nil
}

// maxSeq bounds the count of a game's actions: FromPosition refuses a Seq
// that the actions left could carry past it, so the count never overflows
// and every State reached from a Position has one FromPosition accepts.
const maxSeq = 1 << 30

// actionsLeft bounds the actions left in the game of p, and falls by at
// least one with each action: a turn takes a card from the stock, a play
// puts one on the foundation (a refill from the waste takes one from the
// talon without changing the stock), and a redeal, which refills the stock
// with at most 51 cards, spends a pass, counted as 53.
func actionsLeft(p Position) int {
	return (p.Rules.Passes-p.Pass)*53 + len(p.Stock) + MaxScore - len(p.Foundation)
}

// MarshalJSON writes s as the JSON of its [Position].
func (s State) MarshalJSON() ([]byte, error) { return json.Marshal(s.Position()) }

// UnmarshalJSON builds the State a [Position] in JSON describes, with
// [FromPosition]; on error s is unchanged. JSON the Position cannot hold
// is refused, not dropped: an unknown field, or more values than a
// fixed-size array holds (the reserve). So is JSON no game holds, before
// it is decoded: a list of more than 4,096 values, a string of more than
// 8 KB, nesting more than 16 deep. Decoding allocates at most 8 bytes for
// each byte of JSON, plus 1 MB.
func (s *State) UnmarshalJSON(data []byte) error {
	p, err := record.Strict[Position](data, pkg, ErrPosition)
	if err != nil {
		return err
	}
	v, err := FromPosition(p)
	if err != nil {
		return err
	}
	*s = v
	return nil
}
