// Package family is the canasta-family engine that Hand and Foot and
// Canasta share, and not public API: the turn of draw or take, meld steps
// with take-back, the first-meld minimum, going out and asking the partner,
// with Legal's enumeration, the action payload and its text form.
//
// A game keeps a [Table] inside its State and a [Config] built from its
// Rules, calls [Table.Apply] for the actions of the turn and reacts to the
// [Event] it reports (a hand emptied, a turn over); what is the game's own —
// Hand and Foot's foot and rounds, Canasta's red threes — stays in the game.
// Every check returns a [Fault], and [Fault.Err] is the one place its
// message is written, so Legal and Apply cannot drift apart.
//
// # Where Canasta's differences go
//
// The seams are cut for Classic Canasta, so that it adds options here
// rather than a second engine:
//
//   - One meld per rank per side: Config.SecondMeld false (canStart
//     already refuses a second meld; a take with a pair onto the side's meld
//     of the upcard's rank is a take "to" that meld).
//   - The side's total deciding the minimum: Config.Minimums is per side,
//     filled by the game for each round.
//   - The frozen pile (a wild card or red three in it, or a side not yet
//     down): a Config option read by checkTake, which then asks for the
//     natural pair even onto a meld (PileOnMeld per take rather than per
//     table), and a TakeResult.PairCards chosen as a natural and a wild
//     card where the pile is not frozen.
//   - Black threes only when going out: the meld policy's BlackThreesOut,
//     with checkLay asking afterHand whether the step empties the hand.
//   - Red threes laid out at once and replaced from the stock: the game's
//     own, after the engine reports a draw (every Event leaves the game the
//     last word on its own zones).
//   - Going out with a canasta and the concealed bonus: Config.GoOut and
//     the game's scoring; the game marks every seat final (Core.Final) from
//     the start, as Canasta has no second packet. Going out concealed
//     lifts the minimum: a Config option read by afterHand and
//     checkDiscard (and by the going-out solver's minimum).
//   - "May I go out?": the same question and the same binding answer
//     (Config.AskPartner, [Question]).
//   - The stock run out: the take forced only onto a meld of the side
//     with the pile not frozen, and otherwise declined by a Draw, which
//     reports [Declined] (Config.DeclinePile, read by checkDraw).
//   - Cutthroat's partnership formed during a round: Config.Joined, read by
//     Config.Side (the one place a seat's side is decided), which the game
//     sets in a Config of its own once the lone hand is known, with
//     [TableOf.JoinSides] to join the partners' melds; each player's own
//     minimum (Config.OwnMinimum, read by Minimum); and play ending with
//     the discard of the player who drew the stock's last card
//     (Config.StockEnds, read by BeginTurn and RestoreTurn).
package family

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// MaxPlayers is the most seats a table has.
const MaxPlayers = 8

// Phase is where a round stands. Games use the subset they need.
type Phase uint8

// The phases.
const (
	Choosing  Phase = iota + 1 // players choose which packet is the hand (Hand and Foot)
	Drawing                    // the player to act draws or takes the pile
	Opening                    // the pile is being taken for the side's first melds
	Melding                    // the player has drawn and melds, then discards
	Answering                  // the partner answers the going-out question
	RoundOver                  // the round has been scored
	GameOver                   // the game has ended
)

var phaseNames = [...]string{"invalid", "choosing", "drawing", "opening", "melding", "answering", "round over", "game over"}

// String names the phase: "drawing", "round over", ...; "invalid" for a
// value that is no phase.
func (p Phase) String() string {
	if int(p) >= len(phaseNames) {
		return phaseNames[0]
	}
	return phaseNames[p]
}

// ParsePhase returns the phase String names name.
func ParsePhase(name string) (Phase, bool) {
	for i, n := range phaseNames {
		if i > 0 && n == name {
			return Phase(i), true
		}
	}
	return 0, false
}

// Question is the state of the going-out question this turn.
//
// The question is asked after drawing, from the last packet, before laying
// any card this turn, and only by a player who can go out this turn with
// the cards it holds. The answer binds: after a yes the player must go out
// this turn (every action keeps that possible), after a no it may not. A
// player who lays cards from the last packet without asking, or plays
// into it this turn, can no longer ask this turn (TooLate), and so cannot
// go out; taking such cards back does not reopen the question. Taking the
// pile is the turn's draw: the upcard, the cards that take it and the
// melds laid with it for the side's first melds are part of the draw, and
// leave the question open. A card laid after the take closes it.
type Question uint8

// The states of the question.
const (
	NotAsked Question = iota
	Asked             // waiting for the partner
	AnsweredYes
	AnsweredNo
	TooLate // cards were laid this turn, or the last packet reached, before asking
)

// Posed reports whether the question was asked this turn.
func (q Question) Posed() bool { return q == Asked || q == AnsweredYes || q == AnsweredNo }

// Answer returns the partner's answer as a View shows it: 1 yes, -1 no, 0
// none yet.
func (q Question) Answer() int {
	switch q {
	case AnsweredYes:
		return 1
	case AnsweredNo:
		return -1
	}
	return 0
}

// Canastas is a number of clean and dirty canastas.
type Canastas struct{ Clean, Dirty int }

// Config is what the engine needs of a game's rules for one round. A game
// builds it once per round and keeps it behind a pointer its States share.
type Config struct {
	Pkg        string // the game package, the prefix of its errors
	Players    int
	Sides      int // seat s plays for side s % Sides
	Meld       meld.RankPolicy
	Values     score.Table // card values on the table, for the first-meld minimum
	DrawCount  int
	SecondMeld bool // a new meld of a rank once the side's melds of it are canastas
	PileOnMeld bool // the pile may be taken by putting the upcard alone on a side's meld (a wild upcard on any meld it fits)
	GoOut      Canastas
	// AnyCanasta counts canastas of either kind toward GoOut.Dirty (GoOut.Clean
	// is then 0): Canasta's "going out needs a canasta".
	AnyCanasta bool
	AskPartner bool
	// AskOptional: asking the partner is the player's choice. Going out
	// without asking is allowed; after a yes the player must go out, after
	// a no it may not (Canasta). Without it, going out needs the yes.
	AskOptional bool
	// Freeze: Canasta's frozen pile. The pile is frozen for a side that is
	// not down, and for every side while it holds a wild card or a red
	// three; frozen, it is taken only with a natural pair matching the
	// upcard. Not frozen, it is also taken with one natural card and one
	// wild card, or by putting the upcard alone on the side's meld of its
	// rank. PileOnMeld is not read.
	Freeze bool
	// OneCardPile forbids a player holding exactly one card to take a pile
	// of exactly one card.
	OneCardPile bool
	// RedThreesAside: red threes never stay in a hand (Canasta lays them
	// out at once). A taken pile's red threes do not join the hand: the game
	// lays them for the side when the pile is collected.
	RedThreesAside bool
	// ConcealedOut: a player whose side is not down, having drawn from the
	// stock, may go out without the first-meld minimum (going out
	// concealed).
	ConcealedOut bool
	Kinds        Kinds           // the actions the game knows
	Shoe         []card.Card     // the round's shoe, top first; the stock is Shoe[Core.Stock:]
	Minimums     [MaxPlayers]int // each side's first-meld minimum this round
	// DeclinePile: with the stock empty, the player must take the pile
	// only when it is not frozen for the player's side and the upcard
	// matches one of the side's melds; otherwise the player may decline
	// it with a Draw, which ends the round with no one going out (Event
	// Declined). Without it the player must take the pile whenever able
	// (Hand and Foot). Either way the round ends when the player cannot.
	DeclinePile bool
	// StockEnds: play ends when the stock runs out, with the discard of
	// the player who drew its last card; no turn begins with the stock
	// empty, so the pile is never taken then (Cutthroat Canasta).
	StockEnds bool
	// OwnMinimum: the first-meld minimum is the player's own, not the
	// side's: Minimums is by seat, and a side not down must reach the
	// minimum of the player to act (Cutthroat Canasta, where partnerships
	// form during a round).
	OwnMinimum bool
	// Joined has bit s set for each seat that plays, this round, on one
	// side with the others of Joined: the side of the lowest of them
	// (Cutthroat Canasta's partners against the lone hand). 0 for none:
	// seat s then plays for side s % Sides.
	Joined uint8
}

// Meets reports whether a side holding have canastas has what going out
// needs.
func (c *Config) Meets(have Canastas) bool {
	if c.AnyCanasta {
		return have.Clean+have.Dirty >= c.GoOut.Dirty
	}
	return have.Clean >= c.GoOut.Clean && have.Dirty >= c.GoOut.Dirty
}

// Side returns the side seat plays on now: s % Sides, or for a seat of
// Joined the side of Joined's lowest seat. Every question of the engine
// and the games about a seat's side is asked here.
func (c *Config) Side(seat int) int {
	if c.Joined != 0 && uint(seat) < 8 && c.Joined&(1<<seat) != 0 {
		return bits.TrailingZeros8(c.Joined)
	}
	if uint(seat) < uint(2*c.Sides) { // no division and no guess on the hot paths
		side := seat - c.Sides
		return side + c.Sides&(side>>(bits.UintSize-1)) // seat when side < 0: seats alternate sides
	}
	return seat % c.Sides
}

// Partner returns the teammate who answers seat's going-out question: the
// next teammate in turn order, or -1 for a player without a partner. The
// seats of Joined are each other's partners (Cutthroat's partnership, once
// the lone hand is known).
func (c *Config) Partner(seat int) int {
	if c.Joined != 0 && uint(seat) < 8 && c.Joined&(1<<seat) != 0 {
		after := c.Joined &^ (1<<(seat+1) - 1) // the joined seats after seat
		if after == 0 {
			after = c.Joined &^ (1 << seat) // round the table
		}
		if after == 0 {
			return -1
		}
		return bits.TrailingZeros8(after)
	}
	if c.Players < 2*c.Sides { // fewer than two players a side
		return -1
	}
	p := seat + c.Sides
	if uint(seat) < uint(c.Players) { // no division and no guess on the hot paths
		return p - c.Players&^((p-c.Players)>>(bits.UintSize-1))
	}
	return p % c.Players
}

// asks reports whether seat asks the partner before going out.
func (c *Config) asks(seat int) bool { return c.AskPartner && c.Partner(seat) >= 0 }

// TableMeld is a meld on the table and the side it belongs to.
type TableMeld struct {
	Side uint8
	M    meld.RankMeld
}

// Hands holds the hands of a table's seats: an array of as many hands as
// the game seats at the most, so that a State copies no hand it cannot
// have (Canasta seats four, Hand and Foot eight).
type Hands interface {
	[4]card.Multiset | [MaxPlayers]card.Multiset
}

// Core is the comparable part of a table.
type Core[H Hands] struct {
	Phase    Phase
	Back     Phase // the phase to return to after Answering
	ToAct    uint8
	Turn     uint8 // seat whose turn it is (ToAct differs while the partner answers)
	Question Question
	Final    uint8  // bit s: seat s plays its last packet and may go out (Hand and Foot: in the foot)
	Down     uint8  // bit t: side t has made its first melds this round
	Stock    uint16 // index of the top of the stock in Config.Shoe
	Upcard   card.Card
	Pile     card.Multiset // every card of the pile (while Opening, but the upcard)
	Hands    H
	BackHand card.Multiset // the hand at the turn's fixed point
	Laid     int           // points laid this turn toward the first-meld minimum
	BackLaid int
}

// TableOf is the family's part of a game state, with the hands H. Melds
// are never appended in place: every change copies them, so States may
// share the arrays.
type TableOf[H Hands] struct {
	Core[H]
	Melds     []TableMeld
	BackMelds []TableMeld // the melds at the turn's fixed point
	// Note, when set, keeps the answer of [Table.CanGoOut] for this very
	// table, shared by the copies of the game's State that holds it: 0 not
	// yet known, 1 no, 2 yes. The game sets it on its own copy of the table
	// only while Legal or Apply looks at that State, and clears it before
	// the copy is kept: any other table is another question.
	Note *atomic.Uint32
}

// Table is a table of up to MaxPlayers seats.
type Table = TableOf[[MaxPlayers]card.Multiset]

// StockLeft returns the number of cards in the stock.
func (t *TableOf[H]) StockLeft(c *Config) int { return len(c.Shoe) - int(t.Stock) }

// IsFinal reports whether seat plays its last packet.
func (t *TableOf[H]) IsFinal(seat int) bool {
	return seat >= 0 && seat < MaxPlayers && t.Final&(1<<seat) != 0
}

// IsDown reports whether side has made its first melds this round.
func (t *TableOf[H]) IsDown(side int) bool {
	return side >= 0 && side < MaxPlayers && t.Down&(1<<side) != 0
}

// Frozen reports whether the pile is frozen for side under c.Freeze: the
// side is not down, or the pile holds a wild card or a red three. Without
// Freeze no pile is ever frozen.
func (t *TableOf[H]) Frozen(c *Config, side int) bool {
	if !c.Freeze {
		return false
	}
	p := &t.Pile
	// One test of the counts together: each alone would be a guess.
	held := p.Count(card.Joker) | p.CountRank(card.Two) |
		p.Count(card.New(card.Three, card.Diamonds)) | p.Count(card.New(card.Three, card.Hearts))
	return !t.IsDown(side) || held != 0
}

// toHand returns how many cards of the pile join the hand when it is
// collected (the upcard aside).
func (t *TableOf[H]) toHand(c *Config) int {
	n := t.Pile.Len()
	if c.RedThreesAside {
		n -= t.Pile.Count(card.New(card.Three, card.Diamonds)) + t.Pile.Count(card.New(card.Three, card.Hearts))
	}
	return n
}

// Minimum returns what side must still reach with its first melds (0 once
// down): under OwnMinimum, the minimum of the player to act, whose side
// side is.
func (t *TableOf[H]) Minimum(c *Config, side int) int {
	if side < 0 || side >= c.Sides || t.IsDown(side) {
		return 0
	}
	if c.OwnMinimum {
		return c.Minimums[t.Turn]
	}
	return c.Minimums[side]
}

// meldIndex returns the index in t.Melds of side's meld ref, or -1.
func (t *TableOf[H]) meldIndex(side int, ref Ref) int {
	n := ref.Index
	if n < 0 {
		return -1
	}
	// A plain loop that stops at the meld: the meld asked for is most
	// often an early one.
	for i := range t.Melds {
		if tm := &t.Melds[i]; int(tm.Side) == side && tm.M.Rank() == ref.Rank {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

// rankMelds returns a bit for each of the first 64 melds that is side's
// meld of rank, found without a guess per meld.
func rankMelds(melds []TableMeld, side int, rank card.Rank) uint64 {
	var ms uint64
	for i := range min(len(melds), 64) {
		ms |= eq(int(melds[i].Side), side) & eq(int(melds[i].M.Rank()), int(rank)) << i
	}
	return ms
}

// CountCanastas counts side's clean and dirty canastas among melds.
func CountCanastas(p meld.RankPolicy, melds []TableMeld, side int) Canastas {
	return meldView{base: melds, at: -1}.canastas(p, side)
}

// CanastasBySide counts every side's clean and dirty canastas among
// melds in one pass, indexed by side: CountCanastas of each side.
func CanastasBySide(p meld.RankPolicy, melds []TableMeld) [MaxPlayers]Canastas {
	var out [MaxPlayers]Canastas
	size := p.CanastaSize
	for i := range melds {
		// p.Class(m), read in place: a View asks this of every meld, and
		// Class takes copies of the policy and the meld.
		m := &melds[i].M
		if !m.IsValid() || m.Len() < size {
			continue // not a meld, or short
		}
		if m.Wilds() == 0 {
			out[melds[i].Side%MaxPlayers].Clean++
		} else {
			out[melds[i].Side%MaxPlayers].Dirty++
		}
	}
	return out
}

// SameMelds reports whether a and b hold the same melds in the same order.
func SameMelds(a, b []TableMeld) bool {
	switch {
	case len(a) != len(b):
		return false
	case len(a) == 0 || &a[0] == &b[0]:
		return true // one array (melds are copied on every change, never written in place)
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Fix makes the present hand and melds the turn's fixed point, the state
// TakeBack returns to.
func (t *TableOf[H]) Fix() {
	t.BackHand, t.BackMelds, t.BackLaid = t.Hands[t.Turn], t.Melds, t.Laid
}

// AppendFixed appends to dst side's melds as they stood at the turn's last
// fixed point, the melds TakeBack restores, and returns them with the
// points laid toward the first-meld minimum then and the cards of the
// player's hand laid since (while Opening, the pair that took the pile
// too), which TakeBack returns to the hand: what a View shows of a turn
// past its fixed point.
func (t *TableOf[H]) AppendFixed(dst []meld.RankMeld, side int) ([]meld.RankMeld, int, card.Multiset) {
	for _, tm := range t.BackMelds {
		if int(tm.Side) == side {
			dst = append(dst, tm.M)
		}
	}
	laid := t.BackHand
	if laid.RemoveAll(t.Hands[t.Turn]) != nil {
		laid = card.Multiset{} // not past a fixed point: nothing laid
	}
	return dst, t.BackLaid, laid
}

// AtFixedPoint reports whether t, in Drawing or Melding, stands at the
// turn's last fixed point: nothing laid since (or all of it taken back) and
// no question open. A question closed by laying cards stays closed after
// taking them back: the fixed point says so (TooLate).
func (t *TableOf[H]) AtFixedPoint() bool {
	return (t.Phase == Drawing || t.Phase == Melding) && (t.Question == NotAsked || t.Question == TooLate) &&
		t.Laid == t.BackLaid && SameMelds(t.Melds, t.BackMelds) && t.Hands[t.Turn] == t.BackHand
}

// BackToFixedPoint returns t, in a turn, to the turn's last fixed point:
// the pile being taken goes back to the pile, an open question is dropped,
// and the hand, melds and points laid are those kept for TakeBack; late
// says whether the question was already closed there.
func (t *TableOf[H]) BackToFixedPoint(late bool) {
	switch t.Phase {
	case Opening:
		_ = t.Pile.Add(t.Upcard)
		t.Phase = Drawing
	case Answering:
		t.Phase, t.Back = t.Back, 0
	}
	if t.Phase == Drawing || t.Phase == Melding {
		t.Hands[t.Turn], t.Melds, t.Laid = t.BackHand, t.BackMelds, t.BackLaid
		t.Question, t.ToAct = NotAsked, t.Turn
		if late {
			t.Question = TooLate
		}
	}
}

// MeldsOf returns side's melds in the order laid (a new slice; nil for
// none).
func (t *TableOf[H]) MeldsOf(side int) []meld.RankMeld { return t.AppendMeldsOf(nil, side) }

// AppendMeldsOf appends side's melds, in the order laid, to dst.
func (t *TableOf[H]) AppendMeldsOf(dst []meld.RankMeld, side int) []meld.RankMeld {
	for _, tm := range t.Melds {
		if int(tm.Side) == side {
			dst = append(dst, tm.M)
		}
	}
	return dst
}

// ShownUpcard returns the upcard as the players see it: the zero Card while
// the pile is being taken (Opening) or empty.
func (t *TableOf[H]) ShownUpcard() card.Card {
	if t.Phase == Opening {
		return 0
	}
	return t.Upcard
}

// SameTable reports whether t under c and u under d are the same table: the
// same core (the stock's index aside), melds, melds at the fixed point, and
// cards left in the stock in the same order.
func SameTable[H Hands](t *TableOf[H], c *Config, u *TableOf[H], d *Config) bool {
	a, b := t.Core, u.Core
	a.Stock, b.Stock = 0, 0
	if a != b || !SameMelds(t.Melds, u.Melds) || !SameMelds(t.BackMelds, u.BackMelds) || t.StockLeft(c) != u.StockLeft(d) {
		return false
	}
	return slices.Equal(c.Shoe[t.Stock:], d.Shoe[u.Stock:])
}

// TableCards adds to all the cards of t's hands (of players seats), stock,
// pile and melds.
func (t *TableOf[H]) TableCards(c *Config, all *card.Multiset) {
	for seat := range c.Players {
		_ = all.AddAll(t.Hands[seat])
	}
	_ = all.AddCards(c.Shoe[t.Stock:])
	_ = all.AddAll(t.Pile)
	for _, tm := range t.Melds {
		_ = all.AddAll(tm.M.Multiset())
	}
}

// JoinSides makes side from's melds side into's, as their players become
// partners (Cutthroat Canasta's two against the lone hand), and makes
// into down when either was. A meld of a rank into has no meld of takes
// into's name where it lies. Two melds of one rank become one, where the
// older lies, holding every natural card of both and their wild cards
// while the meld may hold more (the older meld's first, then the younger's
// twos, then its jokers); a card left over goes back to the hand of the
// seat whose side laid the younger meld (seat s for side s: sides are
// seats before they join). The caller fixes the turn's point after.
func (t *TableOf[H]) JoinSides(c *Config, into, from int) {
	out := make([]TableMeld, 0, len(t.Melds))
	var at [card.King + 1]int // 1 + the index in out of into's meld of a rank
	for _, tm := range t.Melds {
		if int(tm.Side) != into && int(tm.Side) != from {
			out = append(out, tm)
			continue
		}
		i := at[tm.M.Rank()] - 1
		if i < 0 {
			out = append(out, TableMeld{Side: uint8(into), M: tm.M})
			at[tm.M.Rank()] = len(out)
			continue
		}
		merged, back := joinMelds(c.Meld, out[i].M, tm.M)
		out[i].M = merged
		_ = t.Hands[tm.Side].AddAll(back)
	}
	t.Melds = out
	if t.IsDown(from) {
		t.Down |= 1 << into
	}
	t.Down &^= 1 << from
}

// joinMelds returns old and young as one meld under p, and the cards of
// young it cannot hold: wild cards past the limit (a policy that refuses
// young's natural cards, such as a closed clean canasta, gets young whole
// back).
func joinMelds(p meld.RankPolicy, old, young meld.RankMeld) (meld.RankMeld, card.Multiset) {
	var naturals, twos, jokers []card.Card
	for c := range young.All() {
		switch {
		case c == card.Joker:
			jokers = append(jokers, c)
		case meld.IsWild(c):
			twos = append(twos, c)
		default:
			naturals = append(naturals, c)
		}
	}
	merged, err := p.Add(old, naturals...)
	if err != nil {
		return old, young.Multiset()
	}
	var back card.Multiset
	for _, w := range append(twos, jokers...) {
		if m, err := p.Add(merged, w); err == nil {
			merged = m
		} else {
			_ = back.Add(w)
		}
	}
	return merged, back
}

// MaxActions bounds the actions of a game of rounds rounds, each dealt
// from a shoe of shoe cards to players seats, in which no seat takes back
// more than once a turn. A round lasts at most 2×shoe+1 turns: each turn
// draws from the stock or takes the pile, which melds the upcard for
// good. Besides its lays a turn plays at most six actions: a take, a take
// back, a draw, a question, its answer and a discard. The lays a turn
// takes back are at most the hand, so at most shoe. The lays that stay
// are at most shoe a round. Each round adds a packet chosen by each seat
// and one Next.
func MaxActions(shoe, players, rounds int) int {
	turns := 2*shoe + 1
	return rounds * (turns*(6+shoe) + shoe + players + 1)
}
