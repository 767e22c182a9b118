package family

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/meld"
)

// MaxIDs bounds a rule set's action ids: a layout of MaxIDs or more is
// refused.
const MaxIDs = 10000

// LayoutRules is what the action ids of a game of the family read from
// its rules.
type LayoutRules struct {
	Pkg    string // the game package, the prefix of its errors
	Kinds  Kinds  // the actions the game knows
	Policy meld.RankPolicy
	// Decks and JokersPerDeck size the shoe: how many copies of a rank, of
	// the twos and of the jokers a step can lay at the most.
	Decks, JokersPerDeck int
	// TakeWith: the pile may be taken with a natural card and a wild card
	// (Canasta's pile not frozen).
	TakeWith bool
	// PileOnMeld: a wild upcard may go onto any of the side's melds.
	PileOnMeld bool
	// Targets is how many melds of one rank a side holds that the ids
	// name apart: 1 with one meld per rank.
	Targets int
	// Caps, when not zero, bound the naturals, twos and jokers of a step
	// the ids tell apart: a step laying more shares the id of one laying
	// the cap. Zero caps: every count the shoe allows has its own id, and
	// a layout of MaxIDs ids or more is an error.
	Caps [3]int
}

// Layout numbers the actions of a game of the family for one rule set.
// Its ids come in the order of the kinds: draw, the takes, new melds,
// additions, red threes laid, ask, take back, discards, answers, packet
// choices, next. A kind the game does not play has no ids.
type Layout struct {
	pkg      string
	n        int
	slot     [card.King + 1]uint8 // 1 + the rank's place among the meldable ranks; 0 for none
	ranks    int
	nat      int // naturals told apart: 1 to nat in a new meld, 0 to nat in an addition
	twos     int // twos told apart: 0 to twos
	jokers   int // jokers told apart: 0 to jokers
	targets  int
	takeWith bool
	onto     bool
	// The first id of each kind, -1 for a kind with none.
	draw, take, meld, add, layRed, ask, back, discard, answer, choose, next int
}

// Actions is the number of ids: they run from 0 to Actions-1.
func (l *Layout) Actions() int { return l.n }

// Ranks is the number of ranks a meld may have under the layout.
func (l *Layout) Ranks() int { return l.ranks }

// Counts returns the naturals, twos and jokers of a step the ids tell
// apart, and how many melds of one rank.
func (l *Layout) Counts() (nat, twos, jokers, targets int) {
	return l.nat, l.twos, l.jokers, l.targets
}

// wilds is the number of ways the ids tell a step's wild cards apart.
func (l *Layout) wilds() int { return (l.twos + 1) * (l.jokers + 1) }

// NewLayout returns the layout of r, or an error wrapping
// [cardrules.ErrEncoding] when it would have MaxIDs ids or more.
func NewLayout(r LayoutRules) (Layout, error) {
	l := Layout{pkg: r.Pkg, targets: max(1, r.Targets), takeWith: r.TakeWith, onto: r.PileOnMeld}
	for rank := card.Ace; rank <= card.King; rank++ {
		if r.Policy.Ranks.Has(rank) || rank == card.Three && r.Policy.BlackThreesOut {
			l.ranks++
			l.slot[rank] = uint8(l.ranks)
		}
	}
	wild := 4 * r.Decks
	jokers := r.Decks * r.JokersPerDeck
	if r.Policy.MaxWilds > 0 {
		wild, jokers = min(wild, r.Policy.MaxWilds), min(jokers, r.Policy.MaxWilds)
	}
	l.nat, l.twos, l.jokers = 4*r.Decks, wild, jokers
	if r.Caps != [3]int{} {
		l.nat, l.twos, l.jokers = min(l.nat, r.Caps[0]), min(l.twos, r.Caps[1]), min(l.jokers, r.Caps[2])
	}
	l.nat = max(l.nat, 1)
	next := 0
	add := func(has bool, n int) int {
		if !has {
			return -1
		}
		first := next
		next += n
		return first
	}
	takes := 1 + l.targets
	if l.takeWith {
		takes += 2
	}
	if l.onto {
		takes += l.ranks * l.targets
	}
	k := r.Kinds
	l.draw = add(k.Has(Draw), 1)
	l.take = add(k.Has(Take), takes)
	l.meld = add(k.Has(Meld), l.ranks*l.nat*l.wilds())
	l.add = add(k.Has(Add), l.ranks*l.targets*(l.nat+1)*l.wilds())
	l.layRed = add(k.Has(LayRed), l.ranks*l.targets)
	l.ask = add(k.Has(Ask), 1)
	l.back = add(k.Has(TakeBack), 1)
	l.discard = add(k.Has(Discard), int(card.Joker))
	l.answer = add(k.Has(Answer), 2)
	l.choose = add(k.Has(Choose), 2)
	l.next = add(k.Has(Next), 1)
	l.n = next
	if l.n >= MaxIDs {
		return Layout{}, errs.New(r.Pkg, cardrules.ErrEncoding, "the rules have "+strconv.Itoa(l.n)+
			" action ids, past the cap of "+strconv.Itoa(MaxIDs-1)+": "+strconv.Itoa(l.nat)+" naturals, "+
			strconv.Itoa(l.twos)+" twos and "+strconv.Itoa(l.jokers)+" jokers a step")
	}
	return l, nil
}

// ID returns the id of a, or false for an action the layout does not
// number: of a kind the game does not play, or malformed.
func (l *Layout) ID(a Action) (int, bool) {
	if !a.WellFormed() {
		return 0, false
	}
	target := min(int(a.Target), l.targets) - 1 // Add, LayRed, Take onto a meld
	switch a.Kind {
	case Draw:
		return l.at(l.draw, 0)
	case Take:
		switch {
		case l.take < 0:
			return 0, false
		case a.Card != 0 && l.takeWith:
			return l.take + 1 + b2i(a.Card == card.Joker), true
		case a.Card != 0:
			return 0, false
		case a.Target == 0:
			return l.take, true
		}
		base := l.take + 1 + 2*b2i(l.takeWith)
		if a.Rank == 0 {
			return base + target, true
		}
		s := int(l.slot[a.Rank]) - 1
		if !l.onto || s < 0 {
			return 0, false
		}
		return base + l.targets + s*l.targets + target, true
	case Meld, Add:
		s := int(l.slot[a.Rank]) - 1
		if s < 0 {
			return 0, false
		}
		n, t, j := a.counts()
		w := min(t, l.twos)*(l.jokers+1) + min(j, l.jokers)
		if a.Kind == Meld {
			return l.at(l.meld, (s*l.nat+min(n, l.nat)-1)*l.wilds()+w)
		}
		return l.at(l.add, ((s*l.targets+target)*(l.nat+1)+min(n, l.nat))*l.wilds()+w)
	case LayRed:
		s := int(l.slot[a.Rank]) - 1
		if s < 0 {
			return 0, false
		}
		return l.at(l.layRed, s*l.targets+target)
	case Ask:
		return l.at(l.ask, 0)
	case TakeBack:
		return l.at(l.back, 0)
	case Discard:
		return l.at(l.discard, int(a.Card)-1)
	case Answer:
		return l.at(l.answer, int(a.Target))
	case Choose:
		return l.at(l.choose, int(a.Target)-1)
	case Next:
		return l.at(l.next, 0)
	}
	return 0, false
}

// at returns first+i, or false for a kind without ids (first < 0).
func (l *Layout) at(first, i int) (int, bool) { return first + i, first >= 0 }

// ActionOf returns the first action of legal whose id is id, or an error
// wrapping [cardrules.ErrEncoding]. fam returns the engine's action an A
// wraps. It allocates only for its error.
func ActionOf[A any](l *Layout, legal []A, fam func(A) Action, id int) (A, error) {
	var zero A
	if id < 0 || id >= l.n {
		return zero, errs.New(l.pkg, cardrules.ErrEncoding, "action id "+strconv.Itoa(id)+" is not one of the rules' 0 to "+strconv.Itoa(l.n-1))
	}
	for _, a := range legal {
		if got, ok := l.ID(fam(a)); ok && got == id {
			return a, nil
		}
	}
	return zero, errs.New(l.pkg, cardrules.ErrEncoding, "action id "+strconv.Itoa(id)+" names no legal action")
}

// Mask sets dst[id] for the id of each action of legal and clears the
// others; dst must be Actions long. An action without an id is skipped:
// the games' tests rule it out.
func Mask[A any](l *Layout, legal []A, action func(A) Action, dst []bool) error {
	if err := l.Buffer("mask", len(dst), l.n); err != nil {
		return err
	}
	clear(dst)
	for _, a := range legal {
		if id, ok := l.ID(action(a)); ok {
			dst[id] = true
		}
	}
	return nil
}

// Buffer returns an error wrapping [cardrules.ErrEncoding] when a buffer
// named what is n values long and not want.
func (l *Layout) Buffer(what string, n, want int) error {
	if n == want {
		return nil
	}
	return errs.New(l.pkg, cardrules.ErrEncoding, "the "+what+" buffer holds "+strconv.Itoa(n)+" values, and the rules' "+what+" has "+strconv.Itoa(want))
}

// Obs writes an observation tensor value by value, from its start.
type Obs struct {
	Dst []float32
	N   int // the values written
}

// Put writes x, or counts it past the buffer's end.
func (o *Obs) Put(x float32) {
	if o.N < len(o.Dst) {
		o.Dst[o.N] = x
	}
	o.N++
}

// Int writes n scaled by 1/scale.
func (o *Obs) Int(n int, scale float32) { o.Put(float32(n) / scale) }

// Bool writes 1 for true, 0 for false.
func (o *Obs) Bool(b bool) { o.Put(float32(b2i(b))) }

// OneHot writes n values, 1 at i and 0 elsewhere (all 0 when i is out of
// range).
func (o *Obs) OneHot(i, n int) {
	for k := range n {
		o.Bool(k == i)
	}
}

// CardPlane is the number of values of a plane of cards: one for each
// kind of card, the joker last.
const CardPlane = int(card.Joker)

// Cards writes how many of each kind of card m holds: card c at c-1.
func (o *Obs) Cards(m *card.Multiset) {
	for c := card.Card(1); c <= card.Joker; c++ {
		o.Int(m.Count(c), 1)
	}
}

// Card writes a plane holding 1 at card c and 0 elsewhere (all 0 for the
// zero Card).
func (o *Obs) Card(c card.Card) { o.OneHot(int(c)-1, CardPlane) }

// MeldPlane is the number of values the melds of one side take: for each
// rank, ace to king, MeldFeatures values.
const MeldPlane = int(card.King) * MeldFeatures

// MeldFeatures is the number of values of one rank of a side's melds:
// naturals, twos, jokers, melds, clean canastas, dirty canastas, red
// threes.
const MeldFeatures = 7

// Melds writes a side's melds by rank: for rank r at (r-1)*MeldFeatures,
// the naturals, twos and jokers of its melds of r, how many melds of r it
// has, how many of those are clean and dirty canastas (canastaSize cards
// or more, with no wild card or with one), and the red threes laid on
// them.
func (o *Obs) Melds(ms []meld.RankMeld, canastaSize int) {
	base := o.N
	for range MeldPlane {
		o.Put(0)
	}
	if base+MeldPlane > len(o.Dst) {
		return
	}
	plane := o.Dst[base : base+MeldPlane]
	for _, m := range ms {
		r := int(m.Rank())
		if r < 1 || r > int(card.King) {
			continue
		}
		f := plane[(r-1)*MeldFeatures : r*MeldFeatures]
		f[0] += float32(m.Naturals())
		f[1] += float32(m.Twos())
		f[2] += float32(m.Jokers())
		f[3]++
		if m.Len() >= canastaSize {
			f[4+b2i(!m.IsNatural())]++
		}
		f[6] += float32(m.RedThrees())
	}
}

// Rel returns seat's place counted from from, in turn order among n:
// 0 for from itself, -1 for a seat that is no seat.
func Rel(seat, from, n int) int {
	if seat < 0 || seat >= n || n == 0 {
		return -1
	}
	return (seat - from + n) % n
}

// Codec is what a game's State and View methods of the encodings share:
// the game's action type A, its State S, and how the engine reads them.
type Codec[A fmt.Stringer, S any] struct {
	Legal   func([]A, S) []A // the game's AppendLegal
	Fam     func(A) Action   // the engine's action an A wraps
	Valid   func(A) bool     // whether a constructor builds the action
	buffers Buffers[A]       // the lists of legal actions of States
}

// ID returns the id of a under the layout l, or err when l is none, or an
// error wrapping [cardrules.ErrEncoding] naming an action no constructor
// builds.
func (c *Codec[A, S]) ID(l Layout, err error, a A) (int, error) {
	if err != nil {
		return 0, err
	}
	if id, ok := l.ID(c.Fam(a)); ok && c.Valid(a) {
		return id, nil
	}
	return 0, errs.New(l.pkg, cardrules.ErrEncoding, "the action "+errs.Quote(a.String())+" has no action id under the rules")
}

// ActionOf is [ActionOf] over legal under the layout l, or err when l is
// none.
func (c *Codec[A, S]) ActionOf(l Layout, err error, legal []A, id int) (A, error) {
	if err != nil {
		var zero A
		return zero, err
	}
	return ActionOf(&l, legal, c.Fam, id)
}

// Mask is [Mask] over legal under the layout l, or err when l is none.
func (c *Codec[A, S]) Mask(l Layout, err error, legal []A, dst []bool) error {
	if err != nil {
		return err
	}
	return Mask(&l, legal, c.Fam, dst)
}

// StateActionOf is [Codec.ActionOf] over the legal actions of s, listed
// into a lent slice.
func (c *Codec[A, S]) StateActionOf(l Layout, err error, s S, id int) (A, error) {
	buf := c.buffers.Get()
	defer c.buffers.Put(buf)
	if err == nil {
		*buf = c.Legal((*buf)[:0], s)
	}
	return c.ActionOf(l, err, *buf, id)
}

// StateMask is [Codec.Mask] over the legal actions of s, listed into a
// lent slice.
func (c *Codec[A, S]) StateMask(l Layout, err error, s S, dst []bool) error {
	buf := c.buffers.Get()
	defer c.buffers.Put(buf)
	if err == nil {
		*buf = c.Legal((*buf)[:0], s)
	}
	return c.Mask(l, err, *buf, dst)
}

// Buffers lends slices of A, so that a method that lists legal actions
// into a slice allocates nothing once the slices have grown.
type Buffers[A any] struct{ p sync.Pool }

// Get returns a slice to fill; Put gives it back.
func (b *Buffers[A]) Get() *[]A {
	if s, ok := b.p.Get().(*[]A); ok {
		return s
	}
	s := make([]A, 0, 64)
	return &s
}

// Put gives back a slice Get lent.
func (b *Buffers[A]) Put(s *[]A) { b.p.Put(s) }
