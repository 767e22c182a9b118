package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Legal returns every legal action of the seat to act ([State.ToAct]), in a
// fixed order: by [Kind] (draw, take, meld, add, lay, ask, back, discard,
// answer, packet, next); melds and adds by the meld's rank (ace first, then
// 4 to king; adds in the order the team's melds were laid), then by the
// number of natural cards, twos and jokers, fewest first; red threes and
// discards by card. Every action it lists is accepted by [Apply].
//
// Actions that lay cards differ only in the suits of those cards when they
// lay the same number of natural cards, twos and jokers on the same meld:
// no rule tells the suits apart, and Legal lists one representative of each
// such class, taking suits in the order clubs, diamonds, hearts, spades.
// Apply accepts any member of a listed class: an action Apply accepts is
// listed up to that equivalence ([Equivalent]).
func Legal(s State) []Action { return AppendLegal(nil, s) }

// AppendLegal appends the legal actions of [Legal] to dst and returns the
// extended slice. With a reused buffer it allocates nothing in the common
// case (the rare positions a step away from emptying the hand are checked
// in full). Its work grows with the number of choices: for each meld, the
// natural cards times the twos times the jokers the hand could lay on it —
// hundreds of actions for real hands.
func AppendLegal(dst []Action, s State) []Action {
	if s.r == nil {
		return dst
	}
	switch s.phase {
	case Choosing:
		return append(dst, Choose(1), Choose(2))
	case RoundOver:
		return append(dst, Next())
	case Answering:
		return append(dst, Reply(true), Reply(false))
	case Drawing:
		return s.appendDrawing(dst)
	case Melding, Opening:
		return s.appendMelding(dst)
	}
	return dst
}

// Equivalent reports whether a and b are the same choice for the rules:
// equal, or laying the same number of natural cards, twos and jokers of the
// same rank on the same meld, whatever their suits.
func Equivalent(a, b Action) bool {
	if a == b {
		return true
	}
	if a.kind != b.kind || (a.kind != MeldNew && a.kind != AddTo) || a.rank != b.rank || a.target != b.target {
		return false
	}
	an, at, aj := a.counts()
	bn, bt, bj := b.counts()
	return an == bn && at == bt && aj == bj
}

func (s *State) appendDrawing(dst []Action) []Action {
	if s.check(DrawStock()) == nil {
		dst = append(dst, DrawStock())
	}
	// A cheap look first: most upcards cannot be taken, and a rejection
	// with a message would cost an allocation.
	up := s.upcard
	pair := s.hands[s.turn].CountRank(up.Rank()) >= 2
	if up != 0 && !meld.IsWild(up) && up.Rank() != card.Three && s.r.rules.Meld.Ranks.Has(up.Rank()) &&
		(pair || s.r.rules.PileOnMeld) {
		rank := up.Rank()
		if pair {
			if _, err := s.checkTake(TakePileNew(rank)); err == nil {
				dst = append(dst, TakePileNew(rank))
			}
		}
		team := s.team(int(s.turn))
		n := 0
		for _, tm := range s.melds {
			if int(tm.team) == team && tm.m.Rank() == rank && rank.IsValid() {
				n++
				a := TakePileTo(Ref{rank, n})
				if _, err := s.checkTake(a); err == nil {
					dst = append(dst, a)
				}
			}
		}
	}
	if s.r.rules.AskPartner && s.checkAsk() == nil {
		dst = append(dst, AskPartner())
	}
	return dst
}

func (s *State) appendMelding(dst []Action) []Action {
	r := s.r.rules
	seat := int(s.turn)
	team := s.team(seat)
	hand := s.hands[seat]
	twos := hand.CountRank(card.Two)
	jokers := hand.Count(card.Joker)

	// New melds, rank by rank.
	for _, rank := range meldRanks {
		if !r.Meld.Ranks.Has(rank) {
			continue
		}
		nat := hand.CountRank(rank)
		if nat == 0 || s.canStartFast(team, rank) != nil {
			continue
		}
		for n := 1; n <= nat; n++ {
			for t := 0; t <= twos; t++ {
				for j := 0; j <= jokers; j++ {
					if !r.Meld.Fits(n, t+j) {
						continue
					}
					a := Action{kind: MeldNew, rank: rank}
					a.fill(hand, n, t, j)
					if s.legalLay(a, hand.Len()-n-t-j) {
						dst = append(dst, a)
					}
				}
			}
		}
	}

	// Adds to the team's melds, in the order they were laid.
	var ordinal [card.King + 1]uint8
	for _, tm := range s.melds {
		if int(tm.team) != team {
			continue
		}
		rank := tm.m.Rank()
		ordinal[rank]++
		nat := hand.CountRank(rank)
		for n := 0; n <= nat; n++ {
			for t := 0; t <= twos; t++ {
				for j := 0; j <= jokers; j++ {
					if n+t+j == 0 || !r.Meld.CanAdd(tm.m, n, t+j) {
						continue
					}
					a := Action{kind: AddTo, rank: rank, target: ordinal[rank]}
					a.fill(hand, n, t, j)
					if s.legalLay(a, hand.Len()-n-t-j) {
						dst = append(dst, a)
					}
				}
			}
		}
	}

	// Red threes on clean canastas (rule set A).
	if r.Meld.RedThreeOnClean {
		for _, three := range redThrees {
			if hand.Count(three) == 0 {
				continue
			}
			ordinal = [card.King + 1]uint8{}
			for _, tm := range s.melds {
				if int(tm.team) != team {
					continue
				}
				ordinal[tm.m.Rank()]++
				if r.Meld.Kind(tm.m) != meld.Clean {
					continue
				}
				// A completed clean canasta takes a red three (Policy.Add);
				// only the hand left behind can still stop it.
				a := LayRed(three, Ref{tm.m.Rank(), int(ordinal[tm.m.Rank()])})
				if s.legalLay(a, hand.Len()-1) {
					dst = append(dst, a)
				}
			}
		}
	}

	if s.checkAsk() == nil {
		dst = append(dst, AskPartner())
	}
	if s.check(TakeBackCards()) == nil {
		dst = append(dst, TakeBackCards())
	}
	// Whether a discard is legal does not depend on the card discarded.
	var first card.Card
	for c := range hand.All() {
		first = c
		break
	}
	if first != 0 && s.phase == Melding && s.checkDiscard(first) == nil {
		for c := range hand.Kinds() {
			dst = append(dst, DiscardCard(c))
		}
	}
	return dst
}

// legalLay decides a meld step whose cards and counts are already known to
// fit the hand and the meld rules: with two cards or more left, nothing
// about the hand can stop it; nearer to empty it is checked in full.
func (s *State) legalLay(a Action, left int) bool {
	if left >= 2 {
		return true
	}
	_, err := s.checkLay(a)
	return err == nil
}

// canStartFast is canStart without building an error message.
func (s *State) canStartFast(team int, rank card.Rank) error {
	r := s.r.rules
	for _, tm := range s.melds {
		if int(tm.team) == team && tm.m.Rank() == rank && (!r.SecondMeld || !r.Meld.IsCanasta(tm.m)) {
			return ErrSecondMeld
		}
	}
	return nil
}

// fill sets the action's cards: n natural cards of its rank, t twos and j
// jokers from hand, suits taken clubs first.
func (a *Action) fill(hand card.Multiset, n, t, j int) {
	take := func(rank card.Rank, k int, into *[4]uint8) {
		for suit := card.Clubs; suit <= card.Spades && k > 0; suit++ {
			c := min(k, hand.Count(card.New(rank, suit)))
			into[suit-1] = uint8(c)
			k -= c
		}
	}
	take(a.rank, n, &a.nat)
	take(card.Two, t, &a.twos)
	a.jokers = uint8(j)
}

var meldRanks = [...]card.Rank{card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight,
	card.Nine, card.Ten, card.Jack, card.Queen, card.King}

var redThrees = [...]card.Card{card.New(card.Three, card.Diamonds), card.New(card.Three, card.Hearts)}
