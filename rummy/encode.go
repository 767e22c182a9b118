package rummy

import (
	"math/bits"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/enc"
	"github.com/cardrules/cardrules/meld"
)

// The encodings for learning programs: action ids, legal masks and the
// observation tensor. The package doc's section "Encodings for learning
// programs" is their layout.

// The action ids' layout: each kind's first id. The ids are the same for
// every rule set.
const (
	idDrawStock = 0
	idDrawPile  = 1
	idMeld      = 2                        // one id a meld, by meldID
	idLayOff    = idMeld + numMelds        // (card-1)×maxMelds + the meld's index
	idDiscard   = idLayOff + 52*maxMelds   // card-1
	idNext      = idDiscard + 52           // the last id
	numActions  = idNext + 1               // 1268
	numMelds    = 4*runsPerSuit + 13*(1+4) // every run and group of one deck: 329
	runsPerSuit = 11 * 12 / 2              // runs of 3 to 13 cards from ace to king: 66
)

// The observation's planes and scalars of one seat, by where each starts
// for a table of n players, as the package doc lays them out.
const (
	obsHand   = 0      // the seat's hand
	obsUpcard = 52     // the pile's top card
	obsPile   = 2 * 52 // every card of the pile
	obsDepth  = 3 * 52 // the place of each pile card from the top, over 52
	obsTaken  = 4 * 52 // the card taken from the pile this turn
	obsKnown  = 5 * 52 // n planes: the cards each seat took from the pile and holds
	obsScalar = 10     // the scalars after the per-seat blocks
)

// layout is where each block of the observation starts for a table of n
// players.
type layout struct {
	laid, melds, owners, phase, turn, seat int
	hands, melded, totals, scalars, size   int
}

// layoutOf returns the observation's layout for n players.
func layoutOf(n int) layout {
	l := layout{laid: obsKnown + 52*n}
	l.melds = l.laid + 52*n
	l.owners = l.melds + 52*maxMelds
	l.phase = l.owners + maxMelds*n
	l.turn = l.phase + 4
	l.seat = l.turn + n
	l.hands = l.seat + n
	l.melded = l.hands + n
	l.totals = l.melded + n
	l.scalars = l.totals + n
	l.size = l.scalars + obsScalar
	return l
}

// Shape is the size of r's encodings for learning programs: 1268 action
// ids, and an observation of 1158 + 126 × Players values. Every rule set
// [Rules.Validate] accepts is within the encodings' caps. An error is
// Validate's, wrapping [ErrRules].
func (r Rules) Shape() (cardrules.Shape, error) {
	if err := r.Validate(); err != nil {
		return cardrules.Shape{}, err
	}
	return cardrules.Shape{Actions: numActions, Observation: []int{layoutOf(r.Players).size}}, nil
}

// meldID returns the number of the meld m, a run or a group, among the
// 329: the runs by suit, lowest card and length, then the groups by rank,
// the four before the threes and these by the suit they leave out.
func meldID(m set) int {
	low := lowBit(m)
	if m.isGroup() {
		r := low % 16
		k := 0
		if m.len() == 3 {
			k = 1 + lowBit(rankSet(card.Rank(r))&^m)/16
		}
		return 4*runsPerSuit + 5*(r-1) + k
	}
	lo, hi := low%16, (bits.Len64(uint64(m))-1)%16
	// Before the run come those of its suit from a lower rank: 11 from
	// the ace, 10 from the two, and so on.
	return runsPerSuit*(low/16) + 12*(lo-1) - (lo-1)*lo/2 + hi - lo - 2
}

// actionID returns a's id, or an error wrapping [ErrMalformed] for an
// action no constructor builds.
func actionID(a Action) (int, error) {
	if !a.valid() {
		return 0, fail(ErrMalformed, "the action "+a.String()+" has no id: no constructor builds it")
	}
	switch a.kind {
	case KindDrawStock:
		return idDrawStock, nil
	case KindDrawPile:
		return idDrawPile, nil
	case KindMeld:
		return idMeld + meldID(a.cards), nil
	case KindLayOff:
		return idLayOff + (int(a.card)-1)*maxMelds + int(a.target) - 1, nil
	case KindDiscard:
		return idDiscard + int(a.card) - 1, nil
	}
	return idNext, nil
}

// Shape is the size of the encodings of s's rules: see [Rules.Shape]. The
// zero State has none: its error wraps [ErrRules].
func (s State) Shape() (cardrules.Shape, error) { return s.Rules().Shape() }

// ActionID returns a's action id, the same under every rule set. An action
// no constructor builds (the zero Action) is an error wrapping
// [ErrMalformed].
func (s State) ActionID(a Action) (int, error) { return actionID(a) }

// ActionOf returns the legal action of the seat to act whose id is id. An
// id no legal action has is an error wrapping [ErrEncoding].
func (s State) ActionOf(id int) (Action, error) {
	var buf [numActions]Action // every legal action has its own id
	return enc.ActionOf(pkg, AppendLegal(buf[:0], s), numActions, id, actionID)
}

// Mask sets dst[id] for the id of every legal action of the seat to act,
// and clears the others. dst must be 1268 long, or the error wraps
// [ErrEncoding].
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
// others. dst must be 1268 long, or the error wraps [ErrEncoding].
func (v *View) Mask(dst []bool) error {
	return enc.Mask(pkg, dst, numActions, v.Legal, actionID)
}

// shown is a View's cards as sets of card values (bit c for card c), read
// and checked by Observe before it writes.
type shown struct {
	hand, pile  uint64
	known, laid [MaxPlayers]uint64
	melds       [maxMelds]uint64
}

// read reads v's cards into sh, and returns an error wrapping
// [ErrEncoding] naming what no game shows: a player or meld of another
// table, a card not of the deck or shown twice in one place.
func (v *View) read(sh *shown) error {
	n := v.Rules.Players
	bad := func(what string) error { return fail(ErrEncoding, "the View "+what) }
	switch {
	case v.Seat < 0 || v.Seat >= n:
		return bad("is for seat " + itoa(v.Seat) + ", not one of the " + itoa(n) + " seats")
	case len(v.Players) != n:
		return bad("lists " + itoa(len(v.Players)) + " players for a table of " + itoa(n))
	case v.Phase < Drawing || v.Phase > GameOver:
		return bad("is in no phase of the game")
	case len(v.Melds) > maxMelds:
		return bad("shows " + itoa(len(v.Melds)) + " melds: one deck makes at most " + itoa(maxMelds))
	case v.Taken >= card.Joker:
		return bad("shows a taken card that is no card of the deck")
	}
	sh.hand = v.Hand.Held()
	if sh.hand&^enc.Deck != 0 || bits.OnesCount64(sh.hand) != v.Hand.Len() {
		return bad("hand holds a card not of the deck, or one twice")
	}
	var ok bool
	if sh.pile, ok = enc.Cards(v.Pile); !ok {
		return bad("pile holds a card not of the deck, or one twice")
	}
	for i := range v.Players {
		p := &v.Players[i]
		k, ok1 := enc.Cards(p.Known)
		l, ok2 := enc.Cards(p.Laid)
		if !ok1 || !ok2 {
			return bad("shows seat " + itoa(i) + " with a card not of the deck, or one twice")
		}
		sh.known[i], sh.laid[i] = k, l
	}
	for i, m := range v.Melds {
		if m.Seat < 0 || m.Seat >= n || !m.Meld.IsValid() {
			return bad("shows meld " + itoa(i+1) + " laid by seat " + itoa(m.Seat) + ", or no meld")
		}
		sh.melds[i] = meldCards(m.Meld)
	}
	return nil
}

// meldCards returns the cards of m, a valid meld, as a set of card
// values.
func meldCards(m meld.Combination) uint64 {
	var cs uint64
	if m.IsRun() {
		for r := m.Low(); r <= m.High(); r++ {
			cs |= 1 << card.New(r, m.Suit())
		}
		return cs
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		if c := card.New(m.Rank(), s); m.Contains(c) {
			cs |= 1 << c
		}
	}
	return cs
}

// Observe writes the View's seat's observation into dst, as the package
// doc lays it out. dst must be 1158 + 126 × Players long. An error wraps
// [ErrEncoding]: a dst of another length, or a View no game shows (a seat
// or meld of another table, a card that is not the deck's); dst is then
// unchanged.
func (v *View) Observe(dst []float32) error {
	n := v.Rules.Players
	if n < MinPlayers || n > MaxPlayers {
		return fail(ErrEncoding, "the View's rules seat "+itoa(n)+" players, not "+itoa(MinPlayers)+" to "+itoa(MaxPlayers))
	}
	l := layoutOf(n)
	if len(dst) != l.size {
		return fail(ErrEncoding, "an observation of "+itoa(len(dst))+" values: "+itoa(n)+" players' have "+itoa(l.size))
	}
	var sh shown
	if err := v.read(&sh); err != nil {
		return err
	}
	clear(dst)
	enc.Plane(dst[obsHand:], sh.hand)
	enc.Plane(dst[obsPile:], sh.pile)
	for k, c := range v.Pile {
		dst[obsDepth+int(c)-1] = float32(len(v.Pile)-k) / 52
	}
	if len(v.Pile) > 0 {
		dst[obsUpcard+int(v.Pile[len(v.Pile)-1])-1] = 1
	}
	if v.Taken != 0 {
		dst[obsTaken+int(v.Taken)-1] = 1
	}
	// Value is the deck's value melded: the scale of the scores.
	value := 0
	for c := card.Card(1); c < card.Joker; c++ {
		value += v.Rules.Values.Melded.Points(c)
	}
	scale := float32(max(value, 1))
	for r := range n {
		seat := (v.Seat + r) % n
		p := &v.Players[seat]
		enc.Plane(dst[obsKnown+52*r:], sh.known[seat])
		enc.Plane(dst[l.laid+52*r:], sh.laid[seat])
		dst[l.hands+r] = float32(p.Hand) / 52
		dst[l.melded+r] = float32(p.Melded) / scale
		dst[l.totals+r] = float32(p.Total) / scale
	}
	for i, m := range v.Melds {
		enc.Plane(dst[l.melds+52*i:], sh.melds[i])
		dst[l.owners+n*i+(m.Seat-v.Seat+n)%n] = 1
	}
	dst[l.phase+int(v.Phase)-1] = 1
	if v.Turn >= 0 && v.Turn < n {
		dst[l.turn+(v.Turn-v.Seat+n)%n] = 1
	}
	dst[l.seat+v.Seat] = 1
	s := dst[l.scalars : l.scalars+obsScalar]
	if v.ToAct == v.Seat {
		s[0] = 1
	}
	s[1] = float32(v.StockSize) / 52
	s[2] = float32(len(v.Pile)) / 52
	s[3] = float32(len(v.Melds)) / maxMelds
	s[4] = float32(v.Rebuilds) / MaxRebuilds
	s[5] = float32(v.Rules.Rebuilds) / MaxRebuilds
	if v.Rules.KeepTaken {
		s[6] = 1
	}
	s[7] = float32(v.Round) / MaxRounds
	s[8] = float32(v.Rules.Rounds) / MaxRounds
	s[9] = float32(v.Rules.Target) / scale
	return nil
}
