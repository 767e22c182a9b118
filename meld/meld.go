package meld

import (
	"encoding/json"
	"iter"
	"strconv"

	"github.com/cardrules/cardrules/card"
)

// IsWild reports whether c is a wild card of the canasta family: a joker or
// a two. Canasta and Hand and Foot both count every joker and every two as
// wild, standing for any rank.
func IsWild(c card.Card) bool { return c == card.Joker || c.Rank() == card.Two }

// IsRedThree reports whether c is the three of diamonds or of hearts.
func IsRedThree(c card.Card) bool { return c.Rank() == card.Three && c.IsRed() }

// RankMeld is the meld of the canasta family: natural cards of one rank,
// wild cards (twos and jokers), and the red threes laid on it where the rules
// allow (Hand and Foot rule set A lays a red three on a completed clean
// canasta). It is a 12-byte comparable value that remembers the suits of its
// cards, so the cards on the table can always be counted back.
//
// A RankMeld is only a container: whether it is legal, and whether it is a
// canasta, depends on a [RankPolicy]. Build one with [RankPolicy.New] or
// [RankPolicy.Add], which validate; the zero RankMeld is empty and
// [RankMeld.IsValid] reports false for it.
type RankMeld struct {
	rank      card.Rank
	naturals  [4]uint8 // by suit, index suit-1
	twos      [4]uint8 // by suit
	jokers    uint8
	redThrees [2]uint8 // diamonds, hearts
}

// IsValid reports whether m holds at least one natural card. It says nothing
// of the rules; use [RankPolicy.Validate] for that.
func (m RankMeld) IsValid() bool { return m.rank.IsValid() && m.Naturals() > 0 }

// Rank returns the rank of the meld's natural cards.
func (m RankMeld) Rank() card.Rank { return m.rank }

// Naturals returns the number of natural (non-wild) cards in the meld.
func (m RankMeld) Naturals() int {
	return int(m.naturals[0]) + int(m.naturals[1]) + int(m.naturals[2]) + int(m.naturals[3])
}

// Twos returns the number of twos in the meld.
func (m RankMeld) Twos() int {
	return int(m.twos[0]) + int(m.twos[1]) + int(m.twos[2]) + int(m.twos[3])
}

// Jokers returns the number of jokers in the meld.
func (m RankMeld) Jokers() int { return int(m.jokers) }

// Wilds returns the number of wild cards (twos and jokers) in the meld.
func (m RankMeld) Wilds() int { return m.Twos() + int(m.jokers) }

// Shape returns m's rank and its numbers of natural and wild cards, as
// Rank, Naturals and Wilds do, in one call: for scanning many melds.
func (m RankMeld) Shape() (rank card.Rank, naturals, wilds int) {
	n := int(m.naturals[0]) + int(m.naturals[1]) + int(m.naturals[2]) + int(m.naturals[3])
	w := int(m.twos[0]) + int(m.twos[1]) + int(m.twos[2]) + int(m.twos[3]) + int(m.jokers)
	return m.rank, n, w
}

// Len returns the number of cards in the meld proper, natural and wild; red
// threes laid on top do not count toward its size.
func (m RankMeld) Len() int { return m.Naturals() + m.Wilds() }

// RedThrees returns the number of red threes laid on the meld.
func (m RankMeld) RedThrees() int { return int(m.redThrees[0]) + int(m.redThrees[1]) }

// IsNatural reports whether the meld holds no wild card.
func (m RankMeld) IsNatural() bool { return m.Wilds() == 0 }

// Count returns how many copies of c the meld holds, red threes included.
func (m RankMeld) Count(c card.Card) int {
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
func (m RankMeld) All() iter.Seq[card.Card] {
	return func(yield func(card.Card) bool) {
		var buf [32]card.Card
		for _, c := range m.appendCards(buf[:0]) {
			if !yield(c) {
				return
			}
		}
	}
}

// Cards returns the cards of the meld as a new slice, in [RankMeld.All]'s order.
func (m RankMeld) Cards() []card.Card {
	return m.appendCards(make([]card.Card, 0, m.Len()+m.RedThrees()))
}

// AppendCards appends the cards of the meld to dst in [RankMeld.All]'s order.
func (m RankMeld) AppendCards(dst []card.Card) []card.Card { return m.appendCards(dst) }

func (m RankMeld) appendCards(dst []card.Card) []card.Card {
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
func (m RankMeld) Multiset() card.Multiset {
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

// String lists the meld's cards in [RankMeld.All]'s order, such as "7C 7H 7H 2S".
func (m RankMeld) String() string {
	b, _ := m.AppendText(nil)
	return string(b)
}

// AppendText appends [RankMeld.String]'s text to b; it never fails.
func (m RankMeld) AppendText(b []byte) ([]byte, error) {
	var buf [32]card.Card
	for i, c := range m.appendCards(buf[:0]) {
		if i > 0 {
			b = append(b, ' ')
		}
		b, _ = c.AppendText(b)
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: the meld's card list,
// such as "7C 7H 7H 2S".
func (m RankMeld) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// MarshalJSON implements [json.Marshaler]: the meld's cards as an array of
// card strings, ["7C","7H","7H","2S"], and [] for the zero RankMeld, as
// every card list of the library's JSON.
func (m RankMeld) MarshalJSON() ([]byte, error) {
	return json.Marshal(m.AppendCards([]card.Card{}))
}

// UnmarshalJSON reads an array of card strings, or the one string of cards
// [RankMeld.MarshalText] writes (the JSON of earlier versions), as
// [RankMeld.UnmarshalText] reads its text; null leaves m as it is. On
// error m is unchanged. It allocates at most 4 bytes for each byte of
// data.
func (m *RankMeld) UnmarshalJSON(data []byte) error { return readCardsJSON(data, m.UnmarshalText) }

// readCardsJSON reads the JSON of a meld, null, one string of cards or an
// array of card strings, and hands its cards as text to read.
func readCardsJSON(data []byte, read func([]byte) error) error {
	if string(data) == "null" {
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err == nil {
		return read([]byte(text))
	}
	var cs []card.Card
	if err := json.Unmarshal(data, &cs); err != nil {
		return err
	}
	b := make([]byte, 0, 4*len(cs))
	for i, c := range cs {
		if !c.IsValid() { // an empty string: card notation's own error for it
			_, err := card.Parse("")
			return err
		}
		if i > 0 {
			b = append(b, ' ')
		}
		b, _ = c.AppendText(b)
	}
	return read(b)
}

// UnmarshalText implements [encoding.TextUnmarshaler]. It reads a card list
// with [card.ParseCards] and builds the meld with [Collect]: it checks the
// structure (one natural rank, counts that fit), not a policy, which is the
// caller's to apply with [RankPolicy.Validate]. Empty text gives the zero RankMeld,
// as MarshalText writes it. On error m is unchanged. It allocates at most
// 2 bytes for each byte of text.
func (m *RankMeld) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*m = RankMeld{}
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

// maxPerKind bounds every count in a RankMeld; no shoe this library builds puts
// more than 255 copies of a card on one meld.
const maxPerKind = 255

// Collect gathers cards into a RankMeld without applying any policy: wild cards
// (twos and jokers) count as wild, red threes are laid on top when the meld's
// rank is not three, and every other card must share one rank. It fails if
// there is no natural card, if the natural cards differ in rank, or if a card
// is invalid. [RankPolicy.New] is Collect followed by [RankPolicy.Validate].
func Collect(cs []card.Card) (RankMeld, error) {
	var m RankMeld
	// First pass: the rank of the natural cards. Threes are natural only
	// when every natural candidate is a three (a meld of black threes, or
	// red threes where nothing else is natural: rejected by policies).
	for _, c := range cs {
		if !c.IsValid() {
			return RankMeld{}, ruleErr(ErrInvalidCard, "card value "+strconv.Itoa(int(c)))
		}
		if IsWild(c) || IsRedThree(c) {
			continue
		}
		if m.rank == 0 {
			m.rank = c.Rank()
		} else if c.Rank() != m.rank {
			return RankMeld{}, ruleErr(ErrRank, "a meld holds one rank, not "+m.rank.String()+" and "+c.Rank().String())
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
		return RankMeld{}, ruleErr(ErrTooFewNaturals, "no cards")
	case m.rank == 0:
		return RankMeld{}, ruleErr(ErrTooFewNaturals, cardList(cs)+": a meld needs natural cards, not only wild cards")
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
			return RankMeld{}, ruleErr(ErrInvalidCard, "more than 255 copies of "+c.String())
		}
		*p++
	}
	return m, nil
}

// Remove returns the meld without the given cards (red threes included),
// for taking back cards laid this turn. It applies no policy: the caller
// validates the result if it is to stay on the table. It fails, changing
// nothing, if the meld does not hold every card.
func (m RankMeld) Remove(cs ...card.Card) (RankMeld, error) {
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
		return RankMeld{}, nil
	}
	return next, nil
}

// maxListed is the most cards an error message lists; a longer list is cut
// and says how many cards it had, so that a huge input makes a short message.
const maxListed = 16

// cardList writes cs as a card list for an error message, "??" standing for
// an invalid value, cut after maxListed cards.
func cardList(cs []card.Card) string {
	b := make([]byte, 0, 3*min(len(cs), maxListed+1)+16)
	for i, c := range cs {
		if i == maxListed {
			b = append(b, " ... ("...)
			b = strconv.AppendInt(b, int64(len(cs)), 10)
			b = append(b, " cards)"...)
			break
		}
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
