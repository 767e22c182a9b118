package family

import (
	"encoding/binary"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Kind is what an Action does. The game packages export it under their own
// type with the same values.
type Kind uint8

// The kinds of action, in the order Legal lists them.
const (
	Draw Kind = iota + 1
	Take
	Meld
	Add
	LayRed
	Ask
	TakeBack
	Discard
	Answer
	Choose
	Next
	numKinds
)

var kindNames = [...]string{"", "draw", "take", "meld", "add", "lay", "ask", "back", "discard", "answer", "packet", "next"}

// String returns the kind's verb as the text form spells it.
func (k Kind) String() string {
	if k == 0 || k >= numKinds {
		return "invalid"
	}
	return kindNames[k]
}

// Kinds is a set of kinds: the actions one game knows.
type Kinds uint16

// Has reports whether k is in the set.
func (ks Kinds) Has(k Kind) bool { return k > 0 && k < numKinds && ks&(1<<k) != 0 }

// KindsOf returns the set of ks.
func KindsOf(ks ...Kind) Kinds {
	var s Kinds
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

// Action is one step of play: a 16-byte comparable value with no pointers.
// Its fields are the engine's business; the game packages wrap it.
type Action struct {
	Kind   Kind
	Rank   card.Rank // Meld, Add, LayRed: the meld's rank; Take: 0 (the upcard's), or the meld's a wild upcard goes onto
	Target uint8     // Add, LayRed, Take: 1 + the index among the side's melds of the rank (0: a new meld); Choose: packet; Answer: 1 yes
	Card   card.Card // Discard; LayRed: the red three
	Nat    [4]uint8  // Meld, Add: natural cards of Rank, by suit
	Twos   [4]uint8  // Meld, Add: twos, by suit
	Jokers uint8
}

// Ref names one of a side's melds: its rank and its index among the side's
// melds of that rank, in the order laid (0 for the first).
type Ref struct {
	Rank  card.Rank
	Index int
}

// AppendCards appends the cards a Meld or Add action lays: natural cards by
// suit, then twos by suit, then jokers.
func (a Action) AppendCards(out []card.Card) []card.Card {
	if a.Kind != Meld && a.Kind != Add {
		return out
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		for range a.Nat[s-1] {
			out = append(out, card.New(a.Rank, s))
		}
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		for range a.Twos[s-1] {
			out = append(out, card.New(card.Two, s))
		}
	}
	for range a.Jokers {
		out = append(out, card.Joker)
	}
	return out
}

// Counts returns the natural, two and joker counts of the cards a Meld or
// Add action lays (AppendCards' cards, counted without listing them), and
// zeros for the other kinds.
func (a Action) Counts() (nat, twos, jokers int) {
	if a.Kind != Meld && a.Kind != Add {
		return 0, 0, 0
	}
	return a.counts()
}

// counts returns the natural, two and joker counts of the action's payload,
// whatever its kind.
func (a Action) counts() (nat, twos, jokers int) {
	return sum4(a.Nat), sum4(a.Twos), int(a.Jokers)
}

// sum4 returns the sum of the four counts of b, added as one word.
func sum4(b [4]uint8) int {
	x := binary.LittleEndian.Uint32(b[:])
	x = x&0x00ff00ff + x>>8&0x00ff00ff
	return int(x&0xffff + x>>16)
}

// Equivalent reports whether a and b are the same choice for the rules:
// equal, or laying the same number of natural cards, twos and jokers of the
// same rank on the same meld, whatever their suits.
func Equivalent(a, b Action) bool {
	if a == b {
		return true
	}
	if a.Kind != b.Kind || (a.Kind != Meld && a.Kind != Add) || a.Rank != b.Rank || a.Target != b.Target {
		return false
	}
	an, at, aj := a.counts()
	bn, bt, bj := b.counts()
	return an == bn && at == bt && aj == bj
}

// meldable reports whether r can be a meld's rank in some canasta-family
// rules: any rank but twos (wild) and threes.
func meldable(r card.Rank) bool { return r.IsValid() && r != card.Two && r != card.Three }

// The constructors below are the engine's: each returns a well-formed
// action or a Fault saying why none can be built.

// NewTakeWith returns the take that melds the upcard with one natural card
// of its rank and the wild card w from the hand (Canasta, pile not frozen).
func NewTakeWith(w card.Card) (Action, Fault) {
	if !meld.IsWild(w) {
		return Action{}, Fault{Code: NotWild, Card: w}
	}
	return Action{Kind: Take, Card: w}, Fault{}
}

// NewTakeTo returns the take onto the side's meld index of the upcard's rank.
func NewTakeTo(index int) (Action, Fault) {
	t, f := target(index)
	return Action{Kind: Take, Target: t}, f
}

// NewTakeToMeld returns the take that puts a wild upcard on the side's
// meld ref (under PileOnMeld): the action names the meld's rank, which a
// wild upcard does not tell.
func NewTakeToMeld(ref Ref) (Action, Fault) {
	if !meldable(ref.Rank) {
		return Action{}, Fault{Code: BadRef, Rank: ref.Rank}
	}
	t, f := target(ref.Index)
	return Action{Kind: Take, Rank: ref.Rank, Target: t}, f
}

// NewMeld returns the action laying cs as a new meld. With threes, black
// threes are natural cards of a meld of threes (Canasta, going out);
// without, a three is never melded.
func NewMeld(cs []card.Card, threes bool) (Action, Fault) { return Action{Kind: Meld}.pack(cs, threes) }

// NewAdd returns the action adding cs to the side's meld ref; threes as
// for NewMeld.
func NewAdd(ref Ref, cs []card.Card, threes bool) (Action, Fault) {
	if !meldable(ref.Rank) && !(threes && ref.Rank == card.Three) {
		return Action{}, Fault{Code: BadRef, Rank: ref.Rank}
	}
	t, f := target(ref.Index)
	if f.Code != 0 {
		return Action{}, f
	}
	return Action{Kind: Add, Rank: ref.Rank, Target: t}.pack(cs, threes)
}

// NewLayRed returns the action laying the red three c on the side's meld ref.
func NewLayRed(c card.Card, ref Ref) (Action, Fault) {
	if !meld.IsRedThree(c) {
		return Action{}, Fault{Code: NotRedThree, Card: c}
	}
	if !meldable(ref.Rank) {
		return Action{}, Fault{Code: BadRef, Rank: ref.Rank}
	}
	t, f := target(ref.Index)
	return Action{Kind: LayRed, Card: c, Rank: ref.Rank, Target: t}, f
}

// NewDiscard returns the action discarding c.
func NewDiscard(c card.Card) (Action, Fault) {
	if !c.IsValid() {
		return Action{}, Fault{Code: NotACard, Card: c}
	}
	return Action{Kind: Discard, Card: c}, Fault{}
}

// NewAnswer returns the partner's answer.
func NewAnswer(yes bool) Action {
	if yes {
		return Action{Kind: Answer, Target: 1}
	}
	return Action{Kind: Answer}
}

// NewChoose returns the action keeping packet 1 or 2 as the hand.
func NewChoose(packet int) (Action, Fault) {
	if packet != 1 && packet != 2 {
		return Action{}, Fault{Code: BadPacket, N: [4]int32{clamp32(packet)}}
	}
	return Action{Kind: Choose, Target: uint8(packet)}, Fault{}
}

// target converts a 0-based meld index to the action's Target.
func target(index int) (uint8, Fault) {
	if index < 0 || index > 254 {
		return 0, Fault{Code: BadIndex, N: [4]int32{clamp32(index)}}
	}
	return uint8(index + 1), Fault{}
}

func clamp32(n int) int32 {
	return int32(max(min(n, 1<<30), -1<<30))
}

// pack stores cs as the action's laid cards; with threes, black threes are
// natural cards.
func (a Action) pack(cs []card.Card, threes bool) (Action, Fault) {
	for _, c := range cs {
		var slot *uint8
		switch {
		case !c.IsValid():
			return Action{}, Fault{Code: NotACard, Card: c}
		case c == card.Joker:
			slot = &a.Jokers
		case c.Rank() == card.Two:
			slot = &a.Twos[c.Suit()-1]
		case c.Rank() == card.Three && (!threes || c.IsRed()):
			return Action{}, Fault{Code: ThreeMelded}
		case a.Rank == 0 || c.Rank() == a.Rank:
			a.Rank = c.Rank()
			slot = &a.Nat[c.Suit()-1]
		default:
			return Action{}, Fault{Code: TwoRanks, Rank: a.Rank, Card: c}
		}
		if *slot == 255 {
			return Action{}, Fault{Code: TooManyCopies, Card: c}
		}
		*slot++
	}
	if n, t, j := a.counts(); n+t+j == 0 {
		return Action{}, Fault{Code: NoCards}
	} else if a.Kind == Meld && n == 0 {
		return Action{}, Fault{Code: NoNaturals}
	}
	return a, Fault{}
}

// WellFormed reports whether a is an action some constructor can build: its
// kind is known and it carries only the payload its kind uses. Apply
// rejects anything else as malformed, so forged values never reach a rule.
func (a Action) WellFormed() bool {
	switch a.Kind {
	case Draw, Ask, TakeBack, Next:
		return a == Action{Kind: a.Kind}
	case Take:
		return a == Action{Kind: Take, Target: a.Target, Card: a.Card, Rank: a.Rank} &&
			(a.Card == 0 || a.Target == 0 && a.Rank == 0 && meld.IsWild(a.Card)) &&
			(a.Rank == 0 || a.Target > 0 && meldable(a.Rank))
	case Meld:
		n, _, _ := a.counts()
		return (meldable(a.Rank) || a.blackThrees()) && a.Target == 0 && a.Card == 0 && n > 0
	case Add:
		n, t, j := a.counts()
		return (meldable(a.Rank) || a.blackThrees()) && a.Target > 0 && a.Card == 0 && n+t+j > 0
	case LayRed:
		n, t, j := a.counts()
		return meld.IsRedThree(a.Card) && meldable(a.Rank) && a.Target > 0 && n+t+j == 0
	case Discard:
		return a.Card.IsValid() && a == Action{Kind: Discard, Card: a.Card}
	case Answer:
		return a.Target <= 1 && a == Action{Kind: Answer, Target: a.Target}
	case Choose:
		return (a.Target == 1 || a.Target == 2) && a == Action{Kind: Choose, Target: a.Target}
	}
	return false
}

// blackThrees reports whether a lays threes, all of them black.
func (a Action) blackThrees() bool {
	return a.Rank == card.Three && a.Nat[card.Diamonds-1] == 0 && a.Nat[card.Hearts-1] == 0
}

// ref returns the meld a Take, Add or LayRed names; for a Take, rank is the
// upcard's unless the action names a meld's rank (a wild upcard).
func (a Action) ref(rank card.Rank) Ref {
	if a.Kind == Take && a.Rank != 0 {
		rank = a.Rank
	}
	return Ref{Rank: rank, Index: int(a.Target) - 1}
}
