package family

import (
	"math/bits"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// Check reports whether a (well formed, of a kind the engine plays) is
// legal on t, without changing t. Legal lists exactly the actions Check
// accepts.
func (t *TableOf[H]) Check(c *Config, a Action) Fault {
	if f := c.knows(a); f.Code != 0 {
		return f
	}
	switch a.Kind {
	case Answer:
		return t.checkAnswer()
	case Ask:
		return t.checkAsk(c)
	case Draw:
		return t.checkDraw(c)
	case Take:
		_, f := t.checkTake(c, a)
		return f
	case Meld, Add, LayRed:
		_, f := t.checkLay(c, a, nil)
		return f
	case TakeBack:
		return t.checkTakeBack(c)
	case Discard:
		return t.checkDiscard(c, a.Card)
	}
	return Fault{Code: UnknownKind, N: [4]int32{int32(a.Kind)}}
}

// knows reports whether a is an action the game plays: of a kind it
// knows, and melding threes only where its meld policy melds black threes.
func (c *Config) knows(a Action) Fault {
	switch {
	case !c.Kinds.Has(a.Kind):
		return Fault{Code: UnknownKind, N: [4]int32{int32(a.Kind)}}
	case (a.Kind == Meld || a.Kind == Add) && a.Rank == card.Three && !c.Meld.BlackThreesOut:
		return Fault{Code: NotAGameAction, N: [4]int32{int32(a.Kind)}}
	}
	return Fault{}
}

func (t *TableOf[H]) checkAnswer() Fault {
	if t.Phase != Answering {
		return Fault{Code: NoQuestion}
	}
	return Fault{}
}

func (t *TableOf[H]) checkDraw(c *Config) Fault {
	switch {
	case t.Phase != Drawing:
		return Fault{Code: DrawNotNow}
	case t.StockLeft(c) > 0:
		return Fault{}
	case !c.DeclinePile:
		return Fault{Code: StockEmpty}
	case t.MustTake(c):
		return Fault{Code: MustTakePile, Rank: t.Upcard.Rank()}
	}
	return Fault{} // declining the pile
}

// checkTakeBack reports whether anything laid this turn can be taken back:
// after the partner's yes, only to a table from which the player can
// still go out.
func (t *TableOf[H]) checkTakeBack(c *Config) Fault {
	switch {
	case t.Phase == Opening:
		return Fault{}
	case t.Phase != Melding || t.Hands[t.Turn] == t.BackHand:
		return Fault{Code: NothingLaid}
	case t.Question == AnsweredYes && !t.canGoOut(c, t.BackHand, meldView{base: t.BackMelds, at: -1}, t.BackLaid, nil):
		return Fault{Code: BoundStep}
	}
	return Fault{}
}

// checkAsk reports whether the player may ask the partner now: after
// drawing, from the last packet, before laying any card this turn, and
// only when it can go out this turn with the cards it holds.
func (t *TableOf[H]) checkAsk(c *Config) Fault {
	switch {
	case !c.AskPartner:
		return Fault{Code: AskNotInRules}
	case c.Partner(int(t.Turn)) < 0:
		return Fault{Code: NoPartner}
	case t.Phase == Drawing:
		return Fault{Code: AskBeforeDraw}
	case t.Phase != Melding:
		return Fault{Code: AskNotNow}
	case !t.IsFinal(int(t.Turn)):
		return Fault{Code: AskNotFinal}
	case t.Question == TooLate:
		return Fault{Code: AskAfterLaying}
	case t.Question != NotAsked:
		return Fault{Code: AlreadyAsked}
	case c.AskOptional && t.Hands[t.Turn].Len() < 2:
		// Going out without asking is allowed, and a no would leave a
		// hand of one card nothing to do.
		return Fault{Code: AskOneCard}
	case !t.canGoOutNoted(c):
		return Fault{Code: AskCannotGoOut}
	}
	return Fault{}
}

// canGoOutNoted is CanGoOut, read from t.Note when the answer is known
// there and kept there when it is not.
func (t *TableOf[H]) canGoOutNoted(c *Config) bool {
	if t.Note == nil {
		return t.CanGoOut(c)
	}
	if v := t.Note.Load(); v != 0 {
		return v == 2
	}
	ok, v := t.CanGoOut(c), uint32(1)
	if ok {
		v = 2
	}
	t.Note.Store(v)
	return ok
}

// mayGoOut reports why the player to act may not go out with a side
// holding have canastas, or no fault: the side needs the canastas the
// rules require and, where the partner is asked, the partner's yes.
func (t *TableOf[H]) mayGoOut(c *Config, have Canastas) Fault {
	need := c.GoOut
	if !c.Meets(have) {
		if c.AnyCanasta {
			return Fault{Code: GoOutAny, N: [4]int32{int32(have.Clean + have.Dirty), int32(need.Dirty)}}
		}
		return Fault{Code: GoOutCanastas, N: [4]int32{int32(have.Clean), int32(have.Dirty), int32(need.Clean), int32(need.Dirty)}}
	}
	if c.asks(int(t.Turn)) {
		switch t.Question {
		case AnsweredYes:
		case AnsweredNo:
			return Fault{Code: PartnerNo}
		case TooLate:
			if !c.AskOptional {
				return Fault{Code: LaidBeforeAsking}
			}
		default:
			if !c.AskOptional {
				return Fault{Code: AskFirst}
			}
		}
	}
	return Fault{}
}

// concealed reports whether the player to act would go out concealed
// under c.ConcealedOut, which lifts the first-meld minimum: its side is not
// down, it drew from the stock (a taken pile makes the side down or leaves
// the table Opening), and it plays its last packet.
func (t *TableOf[H]) concealed(c *Config) bool {
	seat := int(t.Turn)
	return c.ConcealedOut && t.Phase == Melding && !t.IsDown(c.Side(seat)) && t.IsFinal(seat)
}

// outMinimum is the first-meld minimum that going out must reach: none
// for a player going out concealed.
func (t *TableOf[H]) outMinimum(c *Config, side int) int {
	if t.concealed(c) {
		return 0
	}
	return t.Minimum(c, side)
}

// afterHand checks where a step leaves the hand: with left cards in it,
// laid points toward the minimum this turn, and the side's melds being
// melds. Emptying a hand needs the first-meld minimum met, whether it is
// the last packet (going out) or not; emptying the last packet is going
// out; a last packet of one card must be discardable, which is going out
// too.
func (t *TableOf[H]) afterHand(c *Config, left, laid int, melds meldView, minimumMet bool) Fault {
	final := t.IsFinal(int(t.Turn))
	side := c.Side(int(t.Turn))
	switch {
	case left == 0 && !minimumMet:
		return Fault{Code: EmptyShort, N: [4]int32{int32(laid), int32(t.Minimum(c, c.Side(int(t.Turn))))}}
	case left == 0 && final:
		return t.mayGoOut(c, melds.canastas(c.Meld, side))
	case left == 1 && final:
		// The last card is discarded only by going out: the minimum, the
		// canastas and the partner's yes must be there already, so that
		// the card can always be discarded and a "no" can never leave a
		// player without a move.
		if !minimumMet {
			return Fault{Code: KeepCard, Sub: DiscardUnmet, N: [4]int32{int32(laid), int32(t.Minimum(c, c.Side(int(t.Turn))))}}
		}
		if f := t.mayGoOut(c, melds.canastas(c.Meld, side)); f.Code != 0 {
			return Fault{Code: KeepCard, Sub: f.Code, N: f.N}
		}
	}
	return Fault{}
}

// TakeResult is what taking the pile does: the meld the upcard goes to
// (index into Melds, or -1 for a new meld), whether a pair from the hand
// goes with it, and whether the pile joins the hand at once.
type TakeResult struct {
	Index     int
	Pair      bool
	PairCards [2]card.Card // the pair, when one goes with the upcard
	Collect   bool
	Points    int         // points laid toward the first-meld minimum
	Melds     []TableMeld // all melds after the take (a new slice), when already built

	added    meld.RankMeld // the meld at Index after the take, when hasAdded
	hasAdded bool
}

// counts returns the cards the take lays, the upcard up (and the pair), by
// their counts: natural cards and twos by suit, and jokers.
func (res *TakeResult) counts(up card.Card) (nat, twos [4]uint8, jokers uint8) {
	count := func(k card.Card) {
		switch {
		case k == card.Joker:
			jokers++
		case k.Rank() == card.Two:
			twos[k.Suit()-1]++
		default:
			nat[k.Suit()-1]++
		}
	}
	count(up)
	if res.Pair {
		count(res.PairCards[0])
		count(res.PairCards[1])
	}
	return nat, twos, jokers
}

func (t *TableOf[H]) checkTake(c *Config, a Action) (TakeResult, Fault) {
	var res TakeResult
	f := t.checkTakeTo(&res, c, &a, nil)
	return res, f
}

// takeMemo keeps what the takes of one position share, for Legal, which
// checks each of them: whether the hand and the upcard reach the first-meld
// minimum, whether the turn can end after a take for the first melds, and
// whether the pile is frozen. Every take of a position answers each of these
// the same way.
type takeMemo struct {
	reach  int8 // 0 not yet known, 1 reaches, -1 short by best
	ends   int8 // the same for openingKeeps
	frozen int8 // the same for Frozen
	best   int  // BestOpening's answer, when short
}

// frozen is t.Frozen(c, side), kept in memo when there is one.
func (t *TableOf[H]) frozen(c *Config, side int, memo *takeMemo) bool {
	if memo == nil {
		return t.Frozen(c, side)
	}
	if memo.frozen == 0 {
		memo.frozen = -1
		if t.Frozen(c, side) {
			memo.frozen = 1
		}
	}
	return memo.frozen > 0
}

// checkTakeTo is checkTake building the result in res, which the caller
// zeroed. Legal passes memo to share work among the takes of a position;
// others pass nil.
func (t *TableOf[H]) checkTakeTo(res *TakeResult, c *Config, a *Action, memo *takeMemo) Fault {
	up := t.Upcard
	seat := int(t.Turn)
	side := c.Side(seat)
	switch {
	case t.Phase != Drawing:
		return Fault{Code: TakeNotNow}
	case up == 0 || t.Pile.IsEmpty():
		return Fault{Code: PileEmpty}
	case up.Rank() == card.Three && up.IsBlack():
		return Fault{Code: BlackThree, Card: up}
	case meld.IsWild(up):
		// A wild upcard goes only onto a meld of the side that stays
		// legal with it, where the pile is taken by putting the upcard
		// alone on a meld (Hand and Foot rule set A); the action names it.
		onMeld := c.PileOnMeld && !c.Freeze
		switch {
		case onMeld && a.Rank != 0 && a.Card == 0:
			var f Fault
			*res, f = t.checkWildTake(c, *a, side)
			return f
		case onMeld:
			return Fault{Code: WildNeedsMeld, Card: up}
		case a.Rank != 0:
			return Fault{Code: WildUpcard, Card: up}
		}
		return Fault{Code: UpcardNotMeldable, Card: up}
	case up.Rank() == card.Three:
		return Fault{Code: UpcardNotMeldable, Card: up}
	case !c.Meld.Ranks.Has(up.Rank()):
		return Fault{Code: RankNotMeldable, Rank: up.Rank()}
	case a.Rank != 0:
		return Fault{Code: RankNotWild, Card: up}
	}
	rank := up.Rank()
	hand := &t.Hands[seat]
	hasPair := hand.CountRank(rank) >= 2
	if c.OneCardPile && hand.Len() == 1 && t.Pile.Len() == 1 {
		return Fault{Code: OneCardPile}
	}
	res.Index = -1
	switch {
	case a.Card != 0:
		// A natural card and a wild card with the upcard, as a new meld.
		switch {
		case !c.Freeze:
			return Fault{Code: WildTakeNotInRules}
		case t.frozen(c, side, memo):
			return Fault{Code: PileFrozen, Rank: rank}
		case hand.Count(a.Card) == 0:
			return Fault{Code: NotHeldCard, Card: a.Card}
		case hand.CountRank(rank) == 0:
			return Fault{Code: NoNatural, Rank: rank}
		}
		if code := t.canStart(c, side, rank); code != 0 {
			return Fault{Code: code, Rank: rank}
		}
		if !c.Meld.Fits(2, 1) {
			return Fault{Code: UpcardNoFit, N: [4]int32{-1}}
		}
		res.Pair = true
		res.PairCards = takeCards(hand, rank, a.Card)
	case a.Target == 0:
		if !hasPair {
			if t.frozen(c, side, memo) {
				return Fault{Code: PileFrozen, Rank: rank}
			}
			return Fault{Code: NoPair, Rank: rank}
		}
		if code := t.canStart(c, side, rank); code != 0 {
			return Fault{Code: code, Rank: rank}
		}
		if !c.Meld.Fits(3, 0) {
			// The upcard and the pair are not a meld under this policy.
			return Fault{Code: UpcardNoFit, N: [4]int32{-1}}
		}
		res.Pair = true
		res.PairCards = takeCards(hand, rank, 0)
	default:
		ref := a.ref(rank)
		i := -1
		if t.IsDown(side) || (c.PileOnMeld && !c.Freeze) {
			// Without PileOnMeld a meld of the side exists only once it is down.
			i = t.meldIndex(side, ref)
		}
		if i < 0 {
			return Fault{Code: NoSuchMeld, Rank: rank, N: [4]int32{int32(ref.Index)}}
		}
		res.Index = i
		// The upcard goes alone onto the meld where the rules allow it
		// (a pile not frozen, under Freeze); otherwise with a natural pair.
		res.Pair = !c.PileOnMeld
		if c.Freeze {
			res.Pair = t.frozen(c, side, memo)
		}
		if res.Pair && !hasPair {
			if c.Freeze { // the pair goes with the upcard because the pile is frozen
				return Fault{Code: PileFrozen, Rank: rank}
			}
			return Fault{Code: NoPair, Rank: rank}
		}
		if res.Pair {
			res.PairCards = takeCards(hand, rank, 0)
		}
		// The meld after the take, kept for it: Add's answer is CanAdd's.
		nat, twos, jokers := res.counts(up)
		m, err := c.Meld.AddCounts(t.Melds[i].M, nat, twos, jokers)
		if err != nil {
			// The meld's own error is found only for Apply's message ([Table.explain]).
			return Fault{Code: UpcardNoFit, N: [4]int32{int32(i)}}
		}
		res.added, res.hasAdded = m, true
	}
	// The meld after the take, and what joins the hand.
	// Toward the minimum the upcard counts alone of the pile's cards; the
	// pair counts as the hand cards it is (card by card: a table's values
	// may tell suits apart).
	used := 0
	if res.Pair {
		used = 2
		cards := [3]card.Card{up, res.PairCards[0], res.PairCards[1]}
		res.Points = c.Values.SumCards(cards[:]) // one read of the table
	} else {
		res.Points = c.Values.Points(up)
	}
	if t.IsDown(side) {
		res.Collect = true
		return t.checkCollect(c, res, hand.Len()-used, side)
	}
	minimum := t.Minimum(c, side)
	if res.Collect = t.Laid+res.Points >= minimum; res.Collect {
		return t.checkCollect(c, res, hand.Len()-used, side)
	}
	// The pile may be taken for the first melds only if the hand and the
	// upcard can reach the minimum this turn: otherwise the player could
	// only take it back (and with an empty stock, forever).
	var m takeMemo
	if memo == nil {
		memo = &m
	}
	if memo.reach == 0 {
		memo.reach = 1
		if need := minimum - t.Laid; floorPoints(c, hand, up) < need {
			if memo.best = BestOpening(c.Meld, c.SecondMeld, c.Values, *hand, up, 2); memo.best < need {
				memo.reach = -1
			}
		}
	}
	if memo.reach < 0 {
		return Fault{Code: OpeningShort, N: [4]int32{int32(memo.best), int32(minimum)}}
	}
	if !t.openingCanEnd(c, res, hand, side, minimum, memo) {
		return Fault{Code: NoDiscardLeft, N: [4]int32{int32(minimum)}}
	}
	return Fault{}
}

// checkCollect checks a take whose pile joins the hand at once, leaving
// kept cards of the hand besides the pile: only when fewer than two cards
// are left can the melds decide (going out).
func (t *TableOf[H]) checkCollect(c *Config, res *TakeResult, kept, side int) Fault {
	left := kept + t.toHand(c) - 1
	if left >= 2 {
		return Fault{}
	}
	res.Melds = t.meldsWithUpcard(c, res, side)
	return t.afterHand(c, left, t.Laid+res.Points, meldView{base: res.Melds, at: -1}, true)
}

// checkWildTake checks the take a of a wild upcard onto the side's meld it
// names: the upcard goes on alone, and the meld must stay legal with it
// (never a clean canasta the rules close, nor one a red three locks). A
// side has melds only once it is down, so the pile joins the hand at once.
func (t *TableOf[H]) checkWildTake(c *Config, a Action, side int) (TakeResult, Fault) {
	res := TakeResult{Index: -1}
	ref := a.ref(0)
	i := t.meldIndex(side, ref)
	if i < 0 || !t.IsDown(side) {
		return res, Fault{Code: NoSuchMeld, Rank: ref.Rank, N: [4]int32{int32(ref.Index)}}
	}
	res.Index = i
	if !c.Meld.CanAdd(t.Melds[i].M, 0, 1) {
		// The meld's own error is found only for Apply's message ([Table.explain]).
		return res, Fault{Code: UpcardNoFit, N: [4]int32{int32(i)}}
	}
	res.Points = c.Values.Points(t.Upcard)
	res.Collect = true
	f := t.checkCollect(c, &res, t.Hands[t.Turn].Len(), side)
	return res, f
}

// openingCanEnd reports whether the player whose turn it is, taking the
// pile as res says for its side's first melds (minimum, not yet reached by
// the take), can end the turn after it: reach the minimum and still hold a
// card to discard once the rest of the pile joins the hand, or go out. A
// pile of one or two cards joins the hand with too few for that when the
// melds take all but one card of the hand, or all of it; a player in its
// last packet could then only take the pile back (and with an empty stock
// take it again, forever). A player not in its last packet plays on into
// the next one.
func (t *TableOf[H]) openingCanEnd(c *Config, res *TakeResult, hand *card.Multiset, side, minimum int, memo *takeMemo) bool {
	keep := 2 - (t.toHand(c) - 1) // the hand's cards the melds must leave
	if keep <= 0 || !t.IsFinal(int(t.Turn)) {
		return true
	}
	if memo.ends == 0 {
		memo.ends = -1
		if openingKeeps(c, hand, t.Upcard, keep, minimum-t.Laid) {
			memo.ends = 1
		}
	}
	if memo.ends > 0 {
		return true
	}
	// Or the turn goes out, where it may without asking first (the take
	// lays the upcard, so the question comes too late).
	if c.asks(int(t.Turn)) && !c.AskOptional {
		return false
	}
	left := *hand
	if res.Pair {
		_ = left.Remove(res.PairCards[0])
		_ = left.Remove(res.PairCards[1])
	}
	res.Melds = t.meldsWithUpcard(c, res, side) // the take's, if it is made
	return t.canGoOut(c, left, meldView{base: res.Melds, at: -1}, t.Laid+res.Points, nil)
}

// openingKeeps reports whether melds of hand with the upcard up reach need
// points while leaving keep cards (one or two) of the hand: some keep cards
// held back from BestOpening's hand reach it. The floor's spare cards, when
// there are keep of them, are such cards.
func openingKeeps(c *Config, hand *card.Multiset, up card.Card, keep, need int) bool {
	if floor, laid := openingFloor(&c.Meld, &c.Values, hand, up); floor >= need && hand.Len()-laid >= keep {
		return true
	}
	reaches := func(h *card.Multiset) bool {
		return floorPoints(c, h, up) >= need || BestOpening(c.Meld, c.SecondMeld, c.Values, *h, up, 2) >= need
	}
	for a := hand.Next(1); a != 0; a = hand.Next(a + 1) {
		rest := *hand
		_ = rest.Remove(a)
		if keep == 1 {
			if reaches(&rest) {
				return true
			}
			continue
		}
		for b := rest.Next(a); b != 0; b = rest.Next(b + 1) {
			two := rest
			_ = two.Remove(b)
			if reaches(&two) {
				return true
			}
		}
	}
	return false
}

// floorPoints is openingFloor's points under c.
func floorPoints(c *Config, hand *card.Multiset, up card.Card) int {
	points, _ := openingFloor(&c.Meld, &c.Values, hand, up)
	return points
}

// meldsWithUpcard returns the melds after the upcard (and the pair) are
// laid by a take: a new slice, never sharing t.Melds' array.
func (t *TableOf[H]) meldsWithUpcard(c *Config, res *TakeResult, side int) []TableMeld {
	out := make([]TableMeld, len(t.Melds), len(t.Melds)+1)
	copy(out, t.Melds)
	if res.hasAdded { // checkTake built it
		out[res.Index].M = res.added
		return out
	}
	// The cards by their counts; checkTake has made sure the upcard (and
	// the pair) fit: neither the new meld nor the add can fail here.
	nat, twos, jokers := res.counts(t.Upcard)
	if res.Index < 0 { // a natural upcard: a wild one goes onto a meld
		m, _ := c.Meld.NewCounts(t.Upcard.Rank(), nat, twos, jokers)
		return append(out, TableMeld{Side: uint8(side), M: m})
	}
	out[res.Index].M, _ = c.Meld.AddCounts(out[res.Index].M, nat, twos, jokers)
	return out
}

// takeCards chooses the cards of the hand that go with the upcard when the
// pile is taken: the natural pair of rank, or one natural card and the wild
// card w. Natural cards are the lowest by suit (clubs first): no rule tells
// their suits apart, so the choice is canonical and the action does not
// name it.
func takeCards(hand *card.Multiset, rank card.Rank, w card.Card) [2]card.Card {
	var p [2]card.Card
	n, want := 0, 2
	if w != 0 {
		p[1], want = w, 1
	}
	counts := hand.CountSuits(rank)
	for suit := card.Clubs; suit <= card.Spades && n < want; suit++ {
		for k := counts[suit-1]; k > 0 && n < want; k-- {
			p[n] = card.New(rank, suit)
			n++
		}
	}
	return p
}

// canStart reports whether side may start a new meld of rank: it has none,
// or (with SecondMeld) every one it has is a canasta.
// It returns the code alone.
func (t *TableOf[H]) canStart(c *Config, side int, rank card.Rank) Code {
	if !rank.IsValid() {
		return 0
	}
	// The side's melds of rank alone decide: one at all (one meld a
	// rank), or one not yet a canasta (SecondMeld).
	for i := range t.Melds {
		tm := &t.Melds[i]
		if tm.M.Rank() != rank || int(tm.Side) != side {
			continue
		}
		if !c.SecondMeld {
			return MeldExists
		}
		if !c.Meld.IsCanasta(tm.M) {
			return MeldNotFull
		}
	}
	return 0
}

// sideScan is what Legal reads of the side's melds, found in one pass.
type sideScan struct {
	// mine has a bit for each of the first 64 melds that is side's
	// (sideMelds), clean one for each of those that is a clean canasta.
	mine, clean uint64
	// exists and notFull are the ranks side may not start a new meld of,
	// as canStart decides for one rank: those it has a meld of, when the
	// rules allow one meld per rank (exists), and those whose meld is not
	// yet a canasta, when they allow a second (notFull).
	exists, notFull meld.RankSet
}

// blockedAmong scans side's melds once, for the ranks it may not start a
// new meld of, and for the adds and red threes Legal lists on them.
func (t *TableOf[H]) blockedAmong(c *Config, side int) sideScan {
	s := sideScan{mine: sideMelds(t.Melds, side)}
	size := c.Meld.CanastaSize
	var exists, notFull meld.RankSet
	for mine := s.mine; mine != 0; mine &= mine - 1 {
		i := bits.TrailingZeros64(mine)
		// IsCanasta and Class, read in place: they would copy the policy.
		m := &t.Melds[i].M
		r, n, w := m.Shape()
		exists |= 1 << (r & 15)
		if n > 0 && r.IsValid() && n+w >= size {
			s.clean |= eq(w, 0) << i
		} else {
			notFull |= 1 << (r & 15)
		}
	}
	for i := 64; i < len(t.Melds); i++ { // beyond the first 64, one by one
		if tm := &t.Melds[i]; int(tm.Side) == side {
			exists |= 1 << (tm.M.Rank() & 15)
			if !c.Meld.IsCanasta(tm.M) {
				notFull |= 1 << (tm.M.Rank() & 15)
			}
		}
	}
	if c.SecondMeld {
		s.notFull = notFull
	} else {
		s.exists = exists
	}
	return s
}

// eq returns 1 when a == b and 0 otherwise, by arithmetic: no branch for
// the processor to guess where the answer follows no pattern.
func eq(a, b int) uint64 {
	x := uint64(a ^ b)
	return (x|-x)>>63 ^ 1
}

// less returns 1 when a < b and 0 otherwise, by arithmetic, for a and b of
// the small sizes of card counts (their difference must not overflow).
func less(a, b int) uint64 { return uint64(a-b) >> 63 }

// LayResult is what a meld step does: the hand after it, the meld it lays
// or changes (its index in Melds, len(Melds) for a new one, and the meld
// after the step), the points it lays, and whether the pile (while
// Opening) joins the hand.
type LayResult struct {
	Hand    card.Multiset
	Index   int
	Meld    TableMeld
	Points  int
	Collect bool
}

// melds views the table's melds after the step.
func (res *LayResult) melds(base []TableMeld) meldView {
	return meldView{base: base, at: res.Index, m: res.Meld}
}

// checkLay checks a meld step in full and builds its result. Legal passes
// memo to share work among the steps it checks after a yes (the answer is
// the same); others pass nil.
func (t *TableOf[H]) checkLay(c *Config, a Action, memo *outMemo) (LayResult, Fault) {
	var res LayResult
	f := t.checkLayTo(&res, c, &a, memo)
	return res, f
}

// checkLayTo is checkLay building the result in res, which the caller
// zeroed.
func (t *TableOf[H]) checkLayTo(res *LayResult, c *Config, a *Action, memo *outMemo) Fault {
	if f := t.layPhase(); f.Code != 0 {
		return f
	}
	seat := int(t.Turn)
	side := c.Side(seat)
	res.Hand = t.Hands[seat]
	if a.Kind == LayRed {
		if res.Hand.Remove(a.Card) != nil {
			return Fault{Code: NotHeldCard, Card: a.Card}
		}
		res.Points = c.Values.Points(a.Card)
	} else if !takeLaid(res, &c.Values, a) { // by their counts: no card is listed
		return Fault{Code: NotHeldCards}
	}
	var m meld.RankMeld
	var err error
	if a.Kind == Meld {
		if code := t.canStart(c, side, a.Rank); code != 0 {
			return Fault{Code: code, Rank: a.Rank}
		}
		m, err = c.Meld.NewCounts(a.Rank, a.Nat, a.Twos, a.Jokers)
		res.Index = len(t.Melds)
	} else {
		ref := a.ref(a.Rank)
		i := t.meldIndex(side, ref)
		if i < 0 {
			return Fault{Code: NoSuchMeld, Rank: ref.Rank, N: [4]int32{int32(ref.Index)}}
		}
		if a.Kind == LayRed {
			m, err = c.Meld.Add(t.Melds[i].M, a.Card)
		} else {
			m, err = c.Meld.AddCounts(t.Melds[i].M, a.Nat, a.Twos, a.Jokers)
		}
		res.Index = i
	}
	if err != nil { // the message's cause is found again by Table.Apply
		return Fault{Code: MeldRule}
	}
	res.Meld = TableMeld{Side: uint8(side), M: m}
	left := res.Hand.Len()
	if f := t.handAfterLay(c, res, side, left, a.Rank == card.Three); f.Code != 0 {
		return f
	}
	// After the partner's yes, no step may leave the player unable to go
	// out (a step that empties the hand goes out).
	if t.Question == AnsweredYes && left > 0 && !t.canGoOut(c, res.Hand, res.melds(t.Melds), t.Laid+res.Points, memo) {
		return Fault{Code: BoundStep}
	}
	return Fault{}
}

// takeLaid removes from res.Hand the cards the Meld or Add action a lays,
// by their counts, and sets res.Points to the points v gives them (card by
// card: a table's values may tell suits apart). It reports false when the
// hand does not hold them all, having removed some of them.
func takeLaid(res *LayResult, v *score.Table, a *Action) bool {
	nat := card.New(a.Rank, card.Clubs) // a well-formed action's rank is valid
	two := card.New(card.Two, card.Clubs)
	points := 0
	for i := range 4 {
		if n := int(a.Nat[i]); n > 0 {
			if res.Hand.RemoveN(nat+card.Card(i), n) != nil {
				return false
			}
			points += n * v.Points(nat+card.Card(i))
		}
		if n := int(a.Twos[i]); n > 0 {
			if res.Hand.RemoveN(two+card.Card(i), n) != nil {
				return false
			}
			points += n * v.Points(two+card.Card(i))
		}
	}
	if n := int(a.Jokers); n > 0 {
		if res.Hand.RemoveN(card.Joker, n) != nil {
			return false
		}
		points += n * v.Points(card.Joker)
	}
	res.Points = points
	return true
}

// layPhase reports whether a meld step may be made now.
func (t *TableOf[H]) layPhase() Fault {
	switch t.Phase {
	case Melding, Opening:
		return Fault{}
	case Drawing:
		return Fault{Code: DrawFirst}
	}
	return Fault{Code: MeldNotNow}
}

// handAfterLay applies the checks on the hand a meld step of side leaves
// with left cards, deciding whether the taken pile joins the hand.
//
// A meld of black threes (threes) is laid only going out: the step leaves
// at most the card to discard.
func (t *TableOf[H]) handAfterLay(c *Config, res *LayResult, side, left int, threes bool) Fault {
	if left >= 2 && !threes && t.Phase != Opening {
		return Fault{} // no pile to collect, and cards to discard
	}
	laid := t.Laid + res.Points
	minimum := t.Minimum(c, side)
	minimumMet := t.IsDown(side) || laid >= minimum || (left <= 1 && t.concealed(c))
	if t.Phase == Opening && minimumMet {
		res.Collect = true
		left += t.toHand(c)
	}
	if threes && left >= 2 {
		return Fault{Code: ThreesNotOut}
	}
	if left >= 2 {
		return Fault{}
	}
	return t.afterHand(c, left, laid, res.melds(t.Melds), minimumMet)
}

func (t *TableOf[H]) checkDiscard(c *Config, card card.Card) Fault {
	seat := int(t.Turn)
	side := c.Side(seat)
	switch {
	case t.Phase == Drawing:
		return Fault{Code: DrawFirst}
	case t.Phase == Opening:
		return Fault{Code: OpeningUnmet, N: [4]int32{int32(t.Laid), int32(t.Minimum(c, side))}}
	case t.Phase != Melding:
		return Fault{Code: DiscardNotNow}
	case t.Hands[seat].Count(card) == 0:
		return Fault{Code: NotHeldCard, Card: card}
	case t.Question == AnsweredYes && (t.Hands[seat].Len() > 1 || !t.IsFinal(seat)):
		return Fault{Code: BoundDiscard}
	case !t.IsDown(side) && t.Laid > 0 && t.Laid < t.Minimum(c, side) && !(t.Hands[seat].Len() == 1 && t.concealed(c)):
		return Fault{Code: DiscardUnmet, N: [4]int32{int32(t.Laid), int32(t.Minimum(c, side))}}
	case t.Hands[seat].Len() == 1 && t.IsFinal(seat):
		return t.mayGoOut(c, CountCanastas(c.Meld, t.Melds, side))
	}
	return Fault{}
}
