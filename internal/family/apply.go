package family

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Event is what an applied action leaves for the game to do.
type Event uint8

const (
	// Continue: nothing; the same seat acts on (or the partner answers).
	Continue Event = iota
	// Emptied: a meld step or a take emptied a hand that is not the
	// player's last packet; the game gives the next one (Hand and Foot's
	// foot) and calls [Table.Fix]. The player goes on.
	Emptied
	// WentOut: the player emptied the last packet, by melding or by the
	// final discard; the game ends the round.
	WentOut
	// TurnOver: the player discarded and the turn is over; the game begins
	// the next turn with [Table.BeginTurn] (after giving the next packet if
	// the hand is empty).
	TurnOver
	// Declined: with the stock empty, the player declined the pile (a Draw
	// under Config.DeclinePile); the game ends the round with no one going
	// out. The table is unchanged.
	Declined
)

// Apply plays a, a well-formed action of a kind the engine plays (draw,
// take, meld steps, ask, answer, take back, discard), on t, which the
// caller owns. When a breaks a rule, t is unchanged and the error, of
// package c.Pkg, says which.
func (t *TableOf[H]) Apply(c *Config, a Action) (Event, error) {
	if f := c.knows(a); f.Code != 0 {
		return Continue, t.explain(c, a, f)
	}
	seat := int(t.Turn)
	switch a.Kind {
	case Meld, Add, LayRed:
		var res LayResult
		if f := t.checkLayTo(&res, c, &a, nil); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		return t.lay(c, &res), nil
	case Take:
		var res TakeResult
		if f := t.checkTakeTo(&res, c, &a, nil); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		return t.take(c, &res), nil
	case Answer:
		if f := t.checkAnswer(); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		t.Question = AnsweredNo
		if a.Target == 1 {
			t.Question = AnsweredYes
		}
		t.Phase, t.ToAct, t.Back = t.Back, t.Turn, 0
	case Ask:
		if f := t.checkAsk(c); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		t.Question = Asked
		t.Back, t.Phase = t.Phase, Answering
		t.ToAct = uint8(c.Partner(seat))
	case Draw:
		if f := t.checkDraw(c); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		if t.StockLeft(c) == 0 {
			return Declined, nil
		}
		n := min(c.DrawCount, t.StockLeft(c))
		_ = t.Hands[seat].AddCards(c.Shoe[t.Stock : int(t.Stock)+n])
		t.Stock += uint16(n)
		t.Phase = Melding
		t.Fix()
	case TakeBack:
		if f := t.checkTakeBack(c); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		t.Hands[seat] = t.BackHand
		t.Melds = t.BackMelds
		t.Laid = t.BackLaid
		if t.Phase == Opening {
			// Back to the start of the turn, before the draw: nothing is
			// laid this turn, and the question is still to come.
			_ = t.Pile.Add(t.Upcard)
			t.Phase, t.Question = Drawing, NotAsked
		}
	case Discard:
		if f := t.checkDiscard(c, a.Card); f.Code != 0 {
			return Continue, t.explain(c, a, f)
		}
		_ = t.Hands[seat].Remove(a.Card)
		_ = t.Pile.Add(a.Card)
		t.Upcard = a.Card
		if t.Laid > 0 {
			t.Down |= 1 << c.Side(seat)
		}
		if t.Hands[seat].IsEmpty() && t.IsFinal(seat) {
			return WentOut, nil
		}
		return TurnOver, nil
	default:
		return Continue, t.explain(c, a, Fault{Code: UnknownKind, N: [4]int32{int32(a.Kind)}})
	}
	return Continue, nil
}

// explain words the fault f found in a, with what only the message needs:
// the action's cards, and the meld's own error for a broken meld rule.
func (t *TableOf[H]) explain(c *Config, a Action, f Fault) error {
	var cause error
	switch f.Code {
	case UpcardNoFit:
		if i := int(f.N[0]); i >= 0 {
			_, cause = c.Meld.Add(t.Melds[i].M, t.Upcard)
		} else {
			p := takeCards(&t.Hands[t.Turn], t.Upcard.Rank(), a.Card)
			_, cause = c.Meld.New(t.Upcard, p[0], p[1])
		}
	case MeldRule:
		var buf [32]card.Card
		cs := a.AppendCards(buf[:0])
		if a.Kind == Meld {
			_, cause = c.Meld.New(cs...)
		} else if i := t.meldIndex(c.Side(int(t.Turn)), a.ref(a.Rank)); i >= 0 {
			if a.Kind == LayRed {
				cs = append(cs, a.Card)
			}
			_, cause = c.Meld.Add(t.Melds[i].M, cs...)
		}
	}
	return f.err(c.Pkg, &a, cause)
}

// lay carries out a checked meld step. A card laid from the last packet
// before asking the partner closes the question for the turn. The melds
// laid while Opening are laid to take the pile: part of the draw, they
// leave the question open.
func (t *TableOf[H]) lay(c *Config, res *LayResult) Event {
	laying := t.Phase != Opening
	t.Hands[t.Turn] = res.Hand
	// A new array: the melds of other States share the old one.
	n := len(t.Melds)
	if res.Index == n {
		n++
	}
	melds := make([]TableMeld, n)
	copy(melds, t.Melds)
	melds[res.Index] = res.Meld
	t.Melds = melds
	t.Laid += res.Points
	if laying && t.IsFinal(int(t.Turn)) {
		t.closeQuestion(c)
	}
	if res.Collect {
		t.collect(c)
	}
	return t.handEmptied(c, laying)
}

// take carries out a checked take of the pile. Taking the pile is the
// turn's draw: the upcard and the cards laid with it leave the question
// open. A take for the side's first melds taken back (while Opening)
// leaves the turn as it was before the take.
func (t *TableOf[H]) take(c *Config, res *TakeResult) Event {
	seat := int(t.Turn)
	if !res.Collect {
		t.Fix() // TakeBack while Opening returns to this hand and these melds
	}
	if res.Melds == nil { // before the pair leaves the hand: it picks the pair
		res.Melds = t.meldsWithUpcard(c, res, c.Side(seat))
	}
	if res.Pair {
		_ = t.Hands[seat].RemoveN(res.PairCards[0], 1)
		_ = t.Hands[seat].RemoveN(res.PairCards[1], 1)
	}
	_ = t.Pile.Remove(t.Upcard)
	t.Melds = res.Melds
	t.Laid += res.Points
	if res.Collect {
		t.collect(c) // a fixed point after the pile joins the hand
		return t.handEmptied(c, false)
	}
	t.Phase = Opening
	return Continue
}

// collect puts the rest of the pile into the hand of the player to act
// (its red threes aside, under RedThreesAside: the game lays them): the
// pile has been taken and the side is down.
func (t *TableOf[H]) collect(c *Config) {
	seat := int(t.Turn)
	pile := &t.Pile // emptied below: its red threes leave it in place
	if c.RedThreesAside {
		reds := pile.CountSuits(card.Three)
		for _, r := range redThrees {
			if n := int(reds[r.Suit()-1]); n > 0 {
				_ = pile.RemoveN(r, n)
			}
		}
	}
	_ = t.Hands[seat].AddAll(*pile)
	t.Pile = card.Multiset{}
	t.Upcard = 0
	t.Phase = Melding
	t.Down |= 1 << c.Side(seat)
	t.Fix()
}

// handEmptied reports what an emptied hand means after a meld step or a
// take. A player who plays into the last packet by laying cards (laying:
// not while taking the pile) can no longer ask the partner this turn.
func (t *TableOf[H]) handEmptied(c *Config, laying bool) Event {
	seat := int(t.Turn)
	if !t.Hands[seat].IsEmpty() {
		return Continue
	}
	if t.IsFinal(seat) {
		return WentOut
	}
	if t.Laid > 0 {
		t.Down |= 1 << c.Side(seat)
	}
	if laying {
		t.closeQuestion(c)
	}
	return Emptied
}

// closeQuestion records that the player laid cards before asking, where
// the question is asked.
func (t *TableOf[H]) closeQuestion(c *Config) {
	if t.Question == NotAsked && c.asks(int(t.Turn)) {
		t.Question = TooLate
	}
}

// BeginTurn starts seat's turn. It reports false when the stock is empty
// and the player cannot take the pile, or under StockEnds when the stock
// is empty: the round ends with no one going out.
func (t *TableOf[H]) BeginTurn(c *Config, seat int) bool {
	t.Turn, t.ToAct = uint8(seat), uint8(seat)
	t.Phase = Drawing
	t.Question = NotAsked
	t.Laid = 0
	t.Fix()
	return t.StockLeft(c) > 0 || (!c.StockEnds && t.CanTakePile(c))
}

// MustTake reports whether, under c.DeclinePile, the player to act must
// take the pile rather than decline it with the stock empty: the pile is
// not frozen for its side, the upcard matches one of the side's melds, and
// the player can take it.
func (t *TableOf[H]) MustTake(c *Config) bool {
	side := c.Side(int(t.Turn))
	if t.Upcard == 0 || t.Frozen(c, side) {
		return false
	}
	for _, tm := range t.Melds {
		if int(tm.Side) == side && tm.M.Rank() == t.Upcard.Rank() {
			return t.CanTakePile(c)
		}
	}
	return false
}

// CanTakePile reports whether the player to act may take the pile in any
// way: with a natural pair, with a natural card and a wild card it holds
// (under Freeze), or onto one of its side's melds.
func (t *TableOf[H]) CanTakePile(c *Config) bool {
	if t.Upcard == 0 {
		return false
	}
	if meld.IsWild(t.Upcard) {
		var buf [1]Action
		return len(t.appendWildTakes(buf[:0], c)) > 0
	}
	var memo takeMemo // what the takes share
	if t.canTake(c, Action{Kind: Take}, &memo) {
		return true
	}
	if c.Freeze {
		for _, w := range wildKinds {
			if t.Hands[t.Turn].Count(w) == 0 {
				continue
			}
			if t.canTake(c, Action{Kind: Take, Card: w}, &memo) {
				return true
			}
		}
	}
	side := c.Side(int(t.Turn))
	n := 0
	for i := range t.Melds {
		if tm := &t.Melds[i]; int(tm.Side) == side && tm.M.Rank() == t.Upcard.Rank() {
			n++
			if t.canTake(c, Action{Kind: Take, Target: uint8(n)}, &memo) {
				return true
			}
		}
	}
	return false
}

// canTake reports whether checkTake accepts the take a, sharing memo with
// the position's other takes.
func (t *TableOf[H]) canTake(c *Config, a Action, memo *takeMemo) bool {
	var res TakeResult
	return t.checkTakeTo(&res, c, &a, memo).Code == 0
}
