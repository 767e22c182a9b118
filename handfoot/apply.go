package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// Apply plays a for the seat to act ([State.ToAct]) and returns the new
// state. It is pure: s is never changed, and when a breaks a rule the error
// (a [*RuleError] matching one of the package's sentinels with errors.Is)
// comes back with s itself. Apply never panics, whatever s and a are.
//
// The turn, in the order of 000: draw two from the stock, or take the whole
// discard pile; then lay new melds, add to the team's melds and (rule set
// A) lay red threes on clean canastas, in as many steps as the player
// likes; then discard one card. Emptying the hand by melding picks up the
// foot at once ("Playing in"); discarding the last card of the hand picks
// it up for the next turn ("Looking"). Emptying the foot is going out.
func Apply(s State, a Action) (State, error) {
	if s.r == nil {
		return s, errNotNowThisIsNotA
	}
	if s.phase == GameOver {
		return s, errGameOverNoMoreMoves
	}
	if !a.wellFormed() {
		return s, ruleError(ErrMalformed, "the action "+a.Kind().String()+" carries a payload it does not use, or misses one")
	}
	next := s
	switch a.kind {
	case MeldNew, AddTo, LayRedThree:
		res, err := s.checkLay(a)
		if err != nil {
			return s, err
		}
		next.lay(res)
	case TakePile:
		res, err := s.checkTake(a)
		if err != nil {
			return s, err
		}
		next.take(res)
	default:
		if err := s.check(a); err != nil {
			return s, err
		}
		next.play(a)
	}
	return next, nil
}

// check reports whether a (well formed) is legal in s, without changing s.
// Legal lists exactly the actions check accepts.
func (s *State) check(a Action) error {
	switch a.kind {
	case ChoosePacket:
		if s.phase != Choosing {
			return errNotNowPacketsAreChosenBefore
		}
		return nil
	case NextRound:
		if s.phase != RoundOver {
			return errNotNowTheRoundIsNot
		}
		return nil
	case Answer:
		if s.phase != Answering {
			return errNotNowNoOneHasAsked
		}
		return nil
	case Ask:
		return s.checkAsk()
	case Draw:
		if s.phase != Drawing {
			return errNotNowYouDrawOnlyAt
		}
		if s.stockLeft() == 0 {
			return errStockTakeTheDiscardPile
		}
		return nil
	case TakePile:
		_, err := s.checkTake(a)
		return err
	case MeldNew, AddTo, LayRedThree:
		_, err := s.checkLay(a)
		return err
	case TakeBack:
		if s.phase == Opening || (s.phase == Melding && s.hands[s.turn] != s.backHand) {
			return nil
		}
		return errNotNowYouHaveLaidNothing
	case Discard:
		return s.checkDiscard(a.card)
	}
	return errMalformedUnknownAction
}

func (s *State) checkAsk() error {
	switch {
	case !s.r.rules.AskPartner:
		return errNotNowTheseRulesDoNot
	case s.partner(int(s.turn)) < 0:
		return errNotNowYouHaveNoPartner
	case s.phase != Drawing && s.phase != Melding:
		return errNotNowAskDuringYourTurn
	case !s.isInFoot(int(s.turn)):
		return errNotNowYouGoOutFrom
	case s.question != notAsked:
		return errNotNowYouHaveAlreadyAsked
	}
	return nil
}

// mayGoOut reports why team may not go out with melds, or nil: it needs the
// canastas the rules require and, under rule set B, the partner's yes.
func (s *State) mayGoOut(melds []tableMeld) error {
	r := s.r.rules
	need, have := r.GoOutCanastas(), countCanastas(r.Meld, melds, s.team(int(s.turn)))
	if have.Clean < need.Clean || have.Dirty < need.Dirty {
		return ruleError(ErrGoOut, "the team has "+itoa(have.Clean)+" clean and "+itoa(have.Dirty)+
			" dirty canastas; going out takes "+itoa(need.Clean)+" clean and "+itoa(need.Dirty)+" dirty")
	}
	if r.AskPartner && s.partner(int(s.turn)) >= 0 && s.question != answeredYes {
		if s.question == answeredNo {
			return errPermissionYourPartnerSaidNo
		}
		return errPermissionAskYourPartnerFirst
	}
	return nil
}

// afterHand checks where a step leaves the hand: with left cards in it and
// the team's melds being melds. Emptying the hand plays into the foot
// (which needs the first-meld minimum met) or goes out (which needs the
// canastas and permission); a foot hand of one card must be discardable,
// which is going out too.
func (s *State) afterHand(left int, melds []tableMeld, minimumMet bool) error {
	inFoot := s.isInFoot(int(s.turn))
	switch {
	case left == 0 && !inFoot && !minimumMet:
		return ruleError(ErrMinimum, "your melds this turn total "+itoa(s.laid)+" points short of the minimum, and your hand would be empty")
	case left == 0 && inFoot:
		return s.mayGoOut(melds)
	case left == 1 && inFoot:
		// The last card is discarded only by going out: the canastas and
		// (rule set B) the partner's yes must be there already, so that a
		// "no" can never leave a player without a move.
		if err := s.mayGoOut(melds); err != nil {
			return &RuleError{Rule: ErrKeepCard, Detail: "your last card could not be discarded", Err: err}
		}
	}
	return nil
}

// takeResult is what taking the pile does: the meld the upcard goes to
// (index into melds, or -1 for a new meld), whether a pair from the hand
// goes with it, and whether the pile joins the hand at once.
type takeResult struct {
	index   int
	pair    bool
	collect bool
	points  int         // points laid toward the first-meld minimum
	melds   []tableMeld // all melds after the take (a new slice), when already built
}

func (s *State) checkTake(a Action) (takeResult, error) {
	var res takeResult
	r := s.r.rules
	up := s.upcard
	seat := int(s.turn)
	team := s.team(seat)
	switch {
	case s.phase != Drawing:
		return res, errNotNowYouTakeThePile
	case up == 0 || s.pile.IsEmpty():
		return res, errPileTheDiscardPileIs
	case up.Rank() == card.Three && up.IsBlack():
		return res, ruleError(ErrBlocked, "the upcard is "+up.String())
	case meld.IsWild(up) || up.Rank() == card.Three:
		return res, ruleError(ErrPile, "the upcard "+up.String()+" cannot be melded")
	case a.rank != up.Rank():
		return res, ruleError(ErrPile, "the upcard is "+up.String()+", not a "+a.rank.String())
	case !r.Meld.Ranks.Has(up.Rank()):
		return res, ruleError(ErrPile, up.Rank().Name()+"s cannot be melded under these rules")
	}
	hand := s.hands[seat]
	hasPair := hand.CountRank(up.Rank()) >= 2
	res.index = -1
	if a.target == 0 {
		if !hasPair {
			return res, ruleError(ErrPile, "you need a natural pair of "+up.Rank().Name()+"s in your hand")
		}
		if err := s.canStart(team, up.Rank()); err != nil {
			return res, err
		}
		res.pair = true
	} else {
		if !s.isDown(team) && !r.PileOnMeld {
			// Without PileOnMeld a meld of the team can only exist once it is down.
			return res, ruleError(ErrNoMeld, "the team has no meld of "+up.Rank().Name()+"s")
		}
		i := s.meldIndex(team, Ref{a.rank, int(a.target)})
		if i < 0 {
			return res, ruleError(ErrNoMeld, "the team has no meld "+Ref{a.rank, int(a.target)}.String())
		}
		res.index = i
		res.pair = !r.PileOnMeld
		if res.pair && !hasPair {
			return res, ruleError(ErrPile, "you need a natural pair of "+up.Rank().Name()+"s in your hand")
		}
		add := 1
		if res.pair {
			add = 3
		}
		if !r.Meld.CanAdd(s.melds[i].m, add, 0) {
			_, err := r.Meld.Add(s.melds[i].m, up)
			return res, &RuleError{Rule: ErrPile, Detail: "the upcard does not fit that meld", Err: err}
		}
	}
	// The meld after the take, and what joins the hand.
	res.points = r.Values.Melded.Points(up)
	used := 0
	if res.pair {
		used = 2
		res.points *= 3
	}
	res.collect = s.isDown(team) || s.laid+res.points >= s.minimum(team)
	if !res.collect {
		// The pile may be taken for the first melds only if the hand and
		// the upcard can reach the minimum this turn: otherwise the player
		// could only take it back (and with an empty stock, forever).
		if best := family.BestOpening(r.Meld, r.Values.Melded, hand, up, 2); s.laid+best < s.minimum(team) {
			return res, ruleError(ErrMinimum, "with the upcard your hand can lay at most "+itoa(max(best, 0))+
				" points of the "+itoa(s.minimum(team))+" the team needs to play down")
		}
	}
	if res.collect {
		left := hand.Len() - used + s.pile.Len() - 1
		if left < 2 { // only then can the melds decide (going out)
			res.melds = s.meldsWithUpcard(res, team)
			if err := s.afterHand(left, res.melds, true); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// meldsWithUpcard returns the melds after the upcard (and the pair) are
// laid by a take: a new slice, never sharing s.melds' array.
func (s *State) meldsWithUpcard(res takeResult, team int) []tableMeld {
	cards := [3]card.Card{s.upcard}
	n := 1
	if res.pair {
		p := pickPair(s.hands[s.turn], s.upcard.Rank())
		cards[1], cards[2] = p[0], p[1]
		n = 3
	}
	out := make([]tableMeld, len(s.melds), len(s.melds)+1)
	copy(out, s.melds)
	if res.index < 0 {
		m, _ := s.r.rules.Meld.New(cards[:n]...)
		return append(out, tableMeld{team: uint8(team), m: m})
	}
	out[res.index].m, _ = s.r.rules.Meld.Add(out[res.index].m, cards[:n]...)
	return out
}

// pickPair chooses the natural pair of rank that goes with the upcard when
// the pile is taken: the lowest two by suit (clubs first). No rule tells the
// suits apart, so the choice is canonical and the action does not name it.
func pickPair(hand card.Multiset, rank card.Rank) [2]card.Card {
	var p [2]card.Card
	n := 0
	for suit := card.Clubs; suit <= card.Spades && n < 2; suit++ {
		c := card.New(rank, suit)
		for k := hand.Count(c); k > 0 && n < 2; k-- {
			p[n] = c
			n++
		}
	}
	return p
}

// canStart reports whether team may start a new meld of rank: it has none,
// or (with SecondMeld) every one it has is a canasta.
func (s *State) canStart(team int, rank card.Rank) error {
	r := s.r.rules
	for _, tm := range s.melds {
		if int(tm.team) == team && tm.m.Rank() == rank {
			if !r.SecondMeld {
				return ruleError(ErrSecondMeld, "the team already has a meld of "+rank.Name()+"s: add to it")
			}
			if !r.Meld.IsCanasta(tm.m) {
				return ruleError(ErrSecondMeld, "the team's meld of "+rank.Name()+"s is not yet a canasta: add to it")
			}
		}
	}
	return nil
}

// layResult is what a meld step does: the cards it takes from the hand,
// the team's melds after it, the points it lays, and whether the pile
// (while Opening) joins the hand.
type layResult struct {
	hand    card.Multiset
	melds   []tableMeld
	points  int
	collect bool
}

func (s *State) checkLay(a Action) (layResult, error) {
	var res layResult
	r := s.r.rules
	if s.phase != Melding && s.phase != Opening {
		if s.phase == Drawing {
			return res, errNotNowDrawFirst
		}
		return res, errNotNowYouMeldOnlyDuring
	}
	seat := int(s.turn)
	team := s.team(seat)
	hand := s.hands[seat]
	var cards [32]card.Card
	cs := cards[:0]
	if a.kind == LayRedThree {
		cs = append(cs, a.card)
	} else {
		cs = a.laidCards(cs)
	}
	if err := hand.RemoveCards(cs); err != nil {
		return res, ruleError(ErrNotHeld, cardList(cs)+" are not all in your hand")
	}
	res.hand = hand
	res.points = r.Values.Melded.SumCards(cs)
	res.melds = make([]tableMeld, len(s.melds), len(s.melds)+1)
	copy(res.melds, s.melds)
	switch a.kind {
	case MeldNew:
		if err := s.canStart(team, a.rank); err != nil {
			return res, err
		}
		m, err := r.Meld.New(cs...)
		if err != nil {
			return res, &RuleError{Rule: ErrMeld, Err: err}
		}
		res.melds = append(res.melds, tableMeld{team: uint8(team), m: m})
	default:
		ref := Ref{a.rank, int(a.target)}
		i := s.meldIndex(team, ref)
		if i < 0 {
			return res, ruleError(ErrNoMeld, "the team has no meld "+ref.String())
		}
		m, err := r.Meld.Add(s.melds[i].m, cs...)
		if err != nil {
			return res, &RuleError{Rule: ErrMeld, Err: err}
		}
		res.melds[i].m = m
	}
	laid := s.laid + res.points
	left := hand.Len()
	minimumMet := s.isDown(team) || laid >= s.minimum(team)
	if s.phase == Opening && minimumMet {
		res.collect = true
		left += s.pile.Len()
	}
	if s.phase == Opening && !minimumMet && left == 0 {
		return res, ruleError(ErrMinimum, "your melds this turn total "+itoa(laid)+" of the "+itoa(s.minimum(team))+" needed, and your hand would be empty")
	}
	saved := s.laid
	s.laid = laid
	err := s.afterHand(left, res.melds, minimumMet)
	s.laid = saved
	return res, err
}

func (s *State) checkDiscard(c card.Card) error {
	seat := int(s.turn)
	team := s.team(seat)
	switch {
	case s.phase == Drawing:
		return errNotNowDrawFirst
	case s.phase == Opening:
		return ruleError(ErrMinimum, "your melds this turn total "+itoa(s.laid)+" of the "+itoa(s.minimum(team))+
			" needed to take the pile: meld more, or take back")
	case s.phase != Melding:
		return errNotNowYouCannotDiscardNow
	case s.hands[seat].Count(c) == 0:
		return ruleError(ErrNotHeld, "you do not hold "+c.String())
	case !s.isDown(team) && s.laid > 0 && s.laid < s.minimum(team):
		return ruleError(ErrMinimum, "your melds this turn total "+itoa(s.laid)+" of the "+itoa(s.minimum(team))+" needed: meld more, or take back")
	case s.hands[seat].Len() == 1 && s.isInFoot(seat):
		return s.mayGoOut(s.melds)
	}
	return nil
}

// play carries out a checked action other than a meld step or a take on s
// (a copy the caller owns).
func (s *State) play(a Action) {
	seat := int(s.turn)
	switch a.kind {
	case ChoosePacket:
		s.choose(a.Packet())
	case NextRound:
		next, err := s.nextRound()
		if err == nil {
			*s = next
		}
	case Answer:
		s.question = answeredNo
		if a.Yes() {
			s.question = answeredYes
		}
		s.phase, s.toAct, s.back = s.back, s.turn, 0
	case Ask:
		s.question = asked
		s.back, s.phase = s.phase, Answering
		s.toAct = uint8(s.partner(seat))
	case Draw:
		n := min(s.r.rules.DrawCount, s.stockLeft())
		_ = s.hands[seat].AddCards(s.r.shoe[s.stock : int(s.stock)+n])
		s.stock += uint16(n)
		s.phase = Melding
		s.fix()
	case TakeBack:
		s.hands[seat] = s.backHand
		s.melds = s.backMelds
		s.laid = s.backLaid
		if s.phase == Opening {
			_ = s.pile.Add(s.upcard)
			s.phase = Drawing
		}
	case Discard:
		_ = s.hands[seat].Remove(a.card)
		_ = s.pile.Add(a.card)
		s.upcard = a.card
		if s.laid > 0 {
			s.down |= 1 << s.team(seat)
		}
		if s.hands[seat].IsEmpty() {
			if s.isInFoot(seat) {
				s.endRound(seat)
				return
			}
			s.pickUpFoot(seat) // looking: played from the next turn
		}
		s.beginTurn((seat + 1) % s.r.rules.Players)
	}
}

// lay carries out a checked meld step.
func (s *State) lay(res layResult) {
	s.hands[s.turn] = res.hand
	s.melds = res.melds
	s.laid += res.points
	if res.collect {
		s.collect()
	}
	s.handEmptied()
}

// take carries out a checked TakePile.
func (s *State) take(res takeResult) {
	seat := int(s.turn)
	s.fix()               // TakeBack while Opening returns to this hand and these melds
	if res.melds == nil { // before the pair leaves the hand: it picks the pair
		res.melds = s.meldsWithUpcard(res, s.team(seat))
	}
	if res.pair {
		p := pickPair(s.hands[seat], s.upcard.Rank())
		_ = s.hands[seat].RemoveCards(p[:])
	}
	_ = s.pile.Remove(s.upcard)
	s.melds = res.melds
	s.laid += res.points
	if res.collect {
		s.collect()
		s.handEmptied()
		return
	}
	s.phase = Opening
}

// collect puts the rest of the pile into the hand of the player to act:
// the pile has been taken and the team is down.
func (s *State) collect() {
	seat := int(s.turn)
	_ = s.hands[seat].AddAll(s.pile)
	s.pile = card.Multiset{}
	s.upcard = 0
	s.phase = Melding
	s.down |= 1 << s.team(seat)
	s.fix()
}

// fix makes the present hand and melds the turn's fixed point, the state
// TakeBack returns to.
func (s *State) fix() {
	s.backHand, s.backMelds, s.backLaid = s.hands[s.turn], s.melds, s.laid
}

// handEmptied plays into the foot, or goes out, when a meld step has
// emptied the hand.
func (s *State) handEmptied() {
	seat := int(s.turn)
	if !s.hands[seat].IsEmpty() {
		return
	}
	if s.isInFoot(seat) {
		s.endRound(seat)
		return
	}
	// Playing in: "If, in the midst of play, you are able to play all of
	// your hand on the melds, you may pick up your foot and continue playing."
	if s.laid > 0 {
		s.down |= 1 << s.team(seat)
	}
	s.pickUpFoot(seat)
	s.fix()
}

func (s *State) pickUpFoot(seat int) {
	s.hands[seat] = s.foot(seat)
	s.inFoot |= 1 << seat
}

// choose keeps packet 1 or 2 as the hand of the seat choosing, and passes
// the choice on round the table; after the last, the first turn begins.
func (s *State) choose(packet int) {
	seat := int(s.toAct)
	if packet == 2 {
		s.swapped |= 1 << seat
		s.hands[seat] = s.r.packets[seat][1]
	} else {
		s.swapped &^= 1 << seat
		s.hands[seat] = s.r.packets[seat][0]
	}
	s.chosen |= 1 << seat
	next := (seat + 1) % s.r.rules.Players
	if next == s.r.first {
		s.beginTurn(s.r.first)
		return
	}
	s.toAct, s.turn = uint8(next), uint8(next)
}

// beginTurn starts seat's turn. If the stock is empty and the player cannot
// take the pile, the round ends with no one going out (RULINGS: "if the
// stock is empty at the start of a turn the player must take the pile if
// able, otherwise the round ends with no going-out bonus").
func (s *State) beginTurn(seat int) {
	s.turn, s.toAct = uint8(seat), uint8(seat)
	s.phase = Drawing
	s.question = notAsked
	s.laid = 0
	s.fix()
	if s.stockLeft() == 0 && !s.canTakePile() {
		s.endRound(-1)
	}
}

// canTakePile reports whether the player to act may take the pile in any way.
func (s *State) canTakePile() bool {
	if s.upcard == 0 {
		return false
	}
	rank := s.upcard.Rank()
	if _, err := s.checkTake(TakePileNew(rank)); err == nil {
		return true
	}
	team := s.team(int(s.turn))
	n := 0
	for _, tm := range s.melds {
		if int(tm.team) == team && tm.m.Rank() == rank {
			n++
			if _, err := s.checkTake(TakePileTo(Ref{rank, n})); err == nil {
				return true
			}
		}
	}
	return false
}

// endRound scores the round; wentOut is the seat that went out, or -1.
func (s *State) endRound(wentOut int) {
	old := s.r
	rd := *old
	res := RoundResult{Round: old.number, WentOut: wentOut, Teams: s.scoreRound(wentOut)}
	rd.results = append(append([]RoundResult(nil), old.results...), res)
	s.r = &rd
	s.wentOut = int8(wentOut)
	s.phase = RoundOver
	r := old.rules
	over := r.Rounds > 0 && old.number >= r.Rounds
	for _, t := range res.Teams {
		if r.Rounds == 0 && t.Total > r.Target {
			over = true
		}
	}
	if over {
		s.phase = GameOver
	}
	s.toAct = uint8((old.first + 1) % r.Players)
}

// Rejections with a fixed message are built once: checking a legal list
// then allocates nothing for the actions it rejects.
var (
	errGameOverNoMoreMoves           = &RuleError{Rule: ErrGameOver, Detail: "no more moves"}
	errMalformedUnknownAction        = &RuleError{Rule: ErrMalformed, Detail: "unknown action"}
	errNotNowAskDuringYourTurn       = &RuleError{Rule: ErrNotNow, Detail: "ask during your turn, before you go out"}
	errNotNowDrawFirst               = &RuleError{Rule: ErrNotNow, Detail: "draw first"}
	errNotNowNoOneHasAsked           = &RuleError{Rule: ErrNotNow, Detail: "no one has asked to go out"}
	errNotNowPacketsAreChosenBefore  = &RuleError{Rule: ErrNotNow, Detail: "packets are chosen before the first turn"}
	errNotNowTheRoundIsNot           = &RuleError{Rule: ErrNotNow, Detail: "the round is not over"}
	errNotNowTheseRulesDoNot         = &RuleError{Rule: ErrNotNow, Detail: "these rules do not ask the partner"}
	errNotNowThisIsNotA              = &RuleError{Rule: ErrNotNow, Detail: "this is not a game: start one with New or Deal"}
	errNotNowYouCannotDiscardNow     = &RuleError{Rule: ErrNotNow, Detail: "you cannot discard now"}
	errNotNowYouDrawOnlyAt           = &RuleError{Rule: ErrNotNow, Detail: "you draw only at the start of your turn"}
	errNotNowYouGoOutFrom            = &RuleError{Rule: ErrNotNow, Detail: "you go out from your foot only: pick it up first"}
	errNotNowYouHaveAlreadyAsked     = &RuleError{Rule: ErrNotNow, Detail: "you have already asked this turn"}
	errNotNowYouHaveLaidNothing      = &RuleError{Rule: ErrNotNow, Detail: "you have laid nothing this turn that can be taken back"}
	errNotNowYouHaveNoPartner        = &RuleError{Rule: ErrNotNow, Detail: "you have no partner to ask"}
	errNotNowYouMeldOnlyDuring       = &RuleError{Rule: ErrNotNow, Detail: "you meld only during your turn, after drawing"}
	errNotNowYouTakeThePile          = &RuleError{Rule: ErrNotNow, Detail: "you take the pile only at the start of your turn"}
	errPermissionAskYourPartnerFirst = &RuleError{Rule: ErrPermission, Detail: "ask your partner first"}
	errPermissionYourPartnerSaidNo   = &RuleError{Rule: ErrPermission, Detail: "your partner said no this turn"}
	errPileTheDiscardPileIs          = &RuleError{Rule: ErrPile, Detail: "the discard pile is empty"}
	errStockTakeTheDiscardPile       = &RuleError{Rule: ErrStock, Detail: "take the discard pile if you can"}
)
