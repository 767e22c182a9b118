package meld

import (
	"iter"
	"strconv"

	"github.com/cardrules/cardrules/card"
)

// IsWild reports whether c is a wild card of the canasta family: a joker or
// a two. 003 (Canasta): "All Jokers and Twos are considered wild and may
// substitute for any rank." Hand and Foot (000, 001) counts them the same way.
func IsWild(c card.Card) bool { return c == card.Joker || c.Rank() == card.Two }

// IsRedThree reports whether c is the three of diamonds or of hearts.
func IsRedThree(c card.Card) bool { return c.Rank() == card.Three && c.IsRed() }

// Meld is a same-rank meld of the canasta family: natural cards of one rank,
// wild cards (twos and jokers), and the red threes laid on it where the rules
// allow (Hand and Foot rule set A lays a red three on a completed clean
// canasta). It is a 12-byte comparable value that remembers the suits of its
// cards, so the cards on the table can always be counted back.
//
// A Meld is only a container: whether it is legal, and whether it is a
// canasta, depends on a [Policy]. Build one with [Policy.New] or
// [Policy.Add], which validate; the zero Meld is empty and [Meld.IsValid]
// reports false for it.
type Meld struct {
	rank      card.Rank
	naturals  [4]uint8 // by suit, index suit-1
	twos      [4]uint8 // by suit
	jokers    uint8
	redThrees [2]uint8 // diamonds, hearts
}

// IsValid reports whether m holds at least one natural card. It says nothing
// of the rules; use [Policy.Validate] for that.
func (m Meld) IsValid() bool { return m.rank.IsValid() && m.Naturals() > 0 }

// Rank returns the rank of the meld's natural cards.
func (m Meld) Rank() card.Rank { return m.rank }

// Naturals returns the number of natural (non-wild) cards in the meld.
func (m Meld) Naturals() int {
	return int(m.naturals[0]) + int(m.naturals[1]) + int(m.naturals[2]) + int(m.naturals[3])
}

// Twos returns the number of twos in the meld.
func (m Meld) Twos() int { return int(m.twos[0]) + int(m.twos[1]) + int(m.twos[2]) + int(m.twos[3]) }

// Jokers returns the number of jokers in the meld.
func (m Meld) Jokers() int { return int(m.jokers) }

// Wilds returns the number of wild cards (twos and jokers) in the meld.
func (m Meld) Wilds() int { return m.Twos() + int(m.jokers) }

// Len returns the number of cards in the meld proper, natural and wild; red
// threes laid on top do not count toward its size.
func (m Meld) Len() int { return m.Naturals() + m.Wilds() }

// RedThrees returns the number of red threes laid on the meld.
func (m Meld) RedThrees() int { return int(m.redThrees[0]) + int(m.redThrees[1]) }

// IsNatural reports whether the meld holds no wild card.
func (m Meld) IsNatural() bool { return m.Wilds() == 0 }

// Count returns how many copies of c the meld holds, red threes included.
func (m Meld) Count(c card.Card) int {
	switch {
	case c == card.Joker:
		return int(m.jokers)
	case c.Rank() == card.Two:
		return int(m.twos[c.Suit()-1])
	case c.Rank() == m.rank && m.rank.IsValid():
		return int(m.naturals[c.Suit()-1])
	case IsRedThree(c):
		return int(m.redThrees[c.Suit()-card.Diamonds])
	}
	return 0
}

// All returns an iterator over every card of the meld: the natural cards by
// suit, then the twos by suit, the jokers, and last the red threes laid on it.
func (m Meld) All() iter.Seq[card.Card] {
	return func(yield func(card.Card) bool) {
		var buf [32]card.Card
		for _, c := range m.appendCards(buf[:0]) {
			if !yield(c) {
				return
			}
		}
	}
}

// Cards returns the cards of the meld as a new slice, in [Meld.All]'s order.
func (m Meld) Cards() []card.Card { return m.appendCards(make([]card.Card, 0, m.Len()+m.RedThrees())) }

// AppendCards appends the cards of the meld to dst in [Meld.All]'s order.
func (m Meld) AppendCards(dst []card.Card) []card.Card { return m.appendCards(dst) }

func (m Meld) appendCards(dst []card.Card) []card.Card {
	for s := card.Clubs; s <= card.Spades; s++ {
		for range m.naturals[s-1] {
			dst = append(dst, card.New(m.rank, s))
		}
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		for range m.twos[s-1] {
			dst = append(dst, card.New(card.Two, s))
		}
	}
	for range m.jokers {
		dst = append(dst, card.Joker)
	}
	for i, s := range [2]card.Suit{card.Diamonds, card.Hearts} {
		for range m.redThrees[i] {
			dst = append(dst, card.New(card.Three, s))
		}
	}
	return dst
}

// Multiset returns the cards of the meld, red threes included, as a multiset.
func (m Meld) Multiset() card.Multiset {
	var ms card.Multiset
	for s := card.Clubs; s <= card.Spades; s++ {
		if m.rank.IsValid() {
			_ = ms.AddN(card.New(m.rank, s), int(m.naturals[s-1]))
		}
		_ = ms.AddN(card.New(card.Two, s), int(m.twos[s-1]))
	}
	_ = ms.AddN(card.Joker, int(m.jokers))
	_ = ms.AddN(card.New(card.Three, card.Diamonds), int(m.redThrees[0]))
	_ = ms.AddN(card.New(card.Three, card.Hearts), int(m.redThrees[1]))
	return ms
}

// String lists the meld's cards in [Meld.All]'s order, such as "7C 7H 7H 2S".
func (m Meld) String() string {
	b, _ := m.AppendText(nil)
	return string(b)
}

// AppendText appends [Meld.String]'s text to b; it never fails.
func (m Meld) AppendText(b []byte) ([]byte, error) {
	var buf [32]card.Card
	for i, c := range m.appendCards(buf[:0]) {
		if i > 0 {
			b = append(b, ' ')
		}
		b, _ = c.AppendText(b)
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: JSON carries the meld as
// its card list, such as "7C 7H 7H 2S".
func (m Meld) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler]. It reads a card list
// with [card.ParseCards] and builds the meld with [Collect]: it checks the
// structure (one natural rank, counts that fit), not a policy, which is the
// caller's to apply with [Policy.Validate]. Empty text gives the zero Meld,
// as MarshalText writes it. On error m is unchanged.
func (m *Meld) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*m = Meld{}
		return nil
	}
	cs, err := card.ParseCards(string(text))
	if err != nil {
		return err
	}
	v, err := Collect(cs)
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// maxPerKind bounds every count in a Meld; no shoe this library builds puts
// more than 255 copies of a card on one meld.
const maxPerKind = 255

// Collect gathers cards into a Meld without applying any policy: wild cards
// (twos and jokers) count as wild, red threes are laid on top when the meld's
// rank is not three, and every other card must share one rank. It fails if
// there is no natural card, if the natural cards differ in rank, or if a card
// is invalid. [Policy.New] is Collect followed by [Policy.Validate].
func Collect(cs []card.Card) (Meld, error) {
	var m Meld
	// First pass: the rank of the natural cards. Threes are natural only
	// when every natural candidate is a three (a meld of black threes, or
	// red threes where nothing else is natural: rejected by policies).
	for _, c := range cs {
		if !c.IsValid() {
			return Meld{}, ruleErr(ErrInvalidCard, "card value "+strconv.Itoa(int(c)))
		}
		if IsWild(c) || IsRedThree(c) {
			continue
		}
		if m.rank == 0 {
			m.rank = c.Rank()
		} else if c.Rank() != m.rank {
			return Meld{}, ruleErr(ErrRank, "a meld holds one rank, not "+m.rank.String()+" and "+c.Rank().String())
		}
	}
	if m.rank == 0 {
		for _, c := range cs {
			if IsRedThree(c) {
				m.rank = card.Three
				break
			}
		}
	}
	switch {
	case len(cs) == 0:
		return Meld{}, ruleErr(ErrTooFewNaturals, "no cards")
	case m.rank == 0:
		return Meld{}, ruleErr(ErrTooFewNaturals, cardList(cs)+": a meld needs natural cards, not only wild cards")
	}
	for _, c := range cs {
		var p *uint8
		switch {
		case c == card.Joker:
			p = &m.jokers
		case c.Rank() == card.Two:
			p = &m.twos[c.Suit()-1]
		case c.Rank() == m.rank:
			p = &m.naturals[c.Suit()-1]
		default: // a red three on a meld of another rank
			p = &m.redThrees[c.Suit()-card.Diamonds]
		}
		if *p == maxPerKind {
			return Meld{}, ruleErr(ErrInvalidCard, "more than 255 copies of "+c.String())
		}
		*p++
	}
	return m, nil
}

// Remove returns the meld without the given cards (red threes included),
// for taking back cards laid this turn. It applies no policy: the caller
// validates the result if it is to stay on the table. It fails, changing
// nothing, if the meld does not hold every card.
func (m Meld) Remove(cs ...card.Card) (Meld, error) {
	next := m
	for _, c := range cs {
		var p *uint8
		switch {
		case c == card.Joker:
			p = &next.jokers
		case !c.IsValid():
			return m, ruleErr(ErrInvalidCard, "card value "+strconv.Itoa(int(c)))
		case c.Rank() == card.Two:
			p = &next.twos[c.Suit()-1]
		case c.Rank() == next.rank:
			p = &next.naturals[c.Suit()-1]
		case IsRedThree(c):
			p = &next.redThrees[c.Suit()-card.Diamonds]
		}
		if p == nil || *p == 0 {
			return m, ruleErr(ErrMissing, c.String()+" is not on the meld "+m.String())
		}
		*p--
	}
	if next.Len() == 0 && next.RedThrees() == 0 {
		return Meld{}, nil
	}
	return next, nil
}

func cardList(cs []card.Card) string {
	b := make([]byte, 0, 3*len(cs))
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		if c.IsValid() {
			b, _ = c.AppendText(b)
		} else {
			b = append(b, "??"...)
		}
	}
	return string(b)
}
