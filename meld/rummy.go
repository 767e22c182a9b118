package meld

import (
	"encoding/json"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
)

// Combination is a rummy meld: a run (also called a sequence) of three or
// more cards of one suit in consecutive order, such as 4C 5C 6C, or a group
// (also called a set or a book) of three or four cards of one rank, such as
// 7D 7H 7S. It is the meld of basic rummy, not of the canasta family (see
// [RankMeld]).
//
// Rummy is played with one 52-card deck and no jokers, so a combination never
// holds a joker or two copies of one card. The ace is low only: A-2-3 is a
// run, Q-K-A and K-A-2 are not.
//
// A Combination is a small comparable value of a few bytes that holds no
// pointers: assignment copies it, and two combinations holding the same cards
// are ==. Build one with [NewRun], [NewGroup] or [NewCombination], and extend
// it with [Combination.LayOff], which returns a new value. The zero
// Combination is invalid ([Combination.IsValid] reports false) and holds no
// cards.
type Combination struct {
	kind  uint8     // 0 (the zero value), rummyKindRun or rummyKindGroup
	suit  card.Suit // run: its suit; group: 0
	low   card.Rank // run: its lowest rank; group: the rank
	high  card.Rank // run: its highest rank; group: the rank
	suits uint8     // group: bit s-1 set for each suit s held; run: 0
}

const (
	rummyKindRun   uint8 = 1
	rummyKindGroup uint8 = 2
)

// rummyAllSuits is the suit mask of a group holding all four suits.
const rummyAllSuits uint8 = 0b1111

// NewRun returns the run made of cs, in any order: three or more cards of
// one suit in consecutive order, such as 4C 5C 6C or 8H 9H 10H JH. The cards run from Ace (low) to King: A-2-3 is a run, but Q-K-A and K-A-2
// are not, because the ace is low only and a run never wraps around. There
// are no jokers in rummy and only one deck, so a joker or a repeated card is
// rejected.
//
// The error is a [*Error] wrapping [ErrInvalidCard] if a card value is
// not a card at all, and [ErrNotRun] otherwise; its detail names the cards
// and what is wrong, such as
//
//	meld: a run is three or more cards in sequence in one suit: 4C 5C 7C: 6C is missing
//
// NewRun does not allocate when it succeeds, and does not keep cs.
func NewRun(cs []card.Card) (Combination, error) {
	if m, ok := runOf(cs); ok {
		return m, nil
	}
	return Combination{}, runErr(cs)
}

// NewGroup returns the group made of cs, in any order: three or four cards
// of one rank, such as 7D 7H 7S. With one deck the cards of a group are of different suits, so a repeated
// card is rejected, and so is a joker.
//
// The error is a [*Error] wrapping [ErrInvalidCard] if a card value is
// not a card at all, and [ErrNotGroup] otherwise; its detail names the cards
// and what is wrong, such as
//
//	meld: a group is three or four cards of one rank: 7D 7H 8S: 8S is not a seven
//
// NewGroup does not allocate when it succeeds, and does not keep cs.
func NewGroup(cs []card.Card) (Combination, error) {
	if m, ok := groupOf(cs); ok {
		return m, nil
	}
	return Combination{}, groupErr(cs)
}

// NewCombination returns the run or the group made of cs, in any order,
// whichever the cards form: rummy melds only these two kinds. No three or more cards are both a run and a group, so the answer
// is never ambiguous.
//
// When the cards are neither, the error is the one the cards come closest
// to: the [NewRun] error (wrapping [ErrNotRun]) when all the cards share a
// suit, else the [NewGroup] error (wrapping [ErrNotGroup]) when they all
// share a rank. When they share neither, the error says the cards are
// neither a run nor a group and wraps [ErrNotGroup] if more of them share a
// rank than share a suit, and [ErrNotRun] otherwise. A card value that is not
// a card gives [ErrInvalidCard]. Jokers are left out when deciding which
// cards share a suit or a rank.
//
// NewCombination does not allocate when it succeeds, and does not keep cs.
func NewCombination(cs []card.Card) (Combination, error) {
	if m, ok := runOf(cs); ok {
		return m, nil
	}
	if m, ok := groupOf(cs); ok {
		return m, nil
	}
	if rummyFirstInvalid(cs) >= 0 {
		return Combination{}, runErr(cs)
	}
	var suits [card.Spades + 1]int
	var ranks [card.King + 1]int
	var suit card.Suit
	var rank card.Rank
	sameSuit, sameRank := true, true
	first := true
	for _, c := range cs {
		if c.IsJoker() {
			continue
		}
		suits[c.Suit()]++
		ranks[c.Rank()]++
		if first {
			suit, rank, first = c.Suit(), c.Rank(), false
			continue
		}
		sameSuit = sameSuit && c.Suit() == suit
		sameRank = sameRank && c.Rank() == rank
	}
	switch {
	case sameSuit:
		return Combination{}, runErr(cs)
	case sameRank:
		return Combination{}, groupErr(cs)
	}
	detail := rummyList(cs) + ": neither a run (mixed suits) nor a group (mixed ranks)"
	if rummyHasJoker(cs) {
		detail += ", and rummy has no jokers"
	}
	if rummyMax(ranks[:]) > rummyMax(suits[:]) {
		return Combination{}, ruleErr(ErrNotGroup, detail)
	}
	return Combination{}, ruleErr(ErrNotRun, detail)
}

// IsValid reports whether m is a run or a group. Only the zero Combination
// is invalid.
func (m Combination) IsValid() bool { return m.kind != 0 }

// IsRun reports whether m is a run (a sequence).
func (m Combination) IsRun() bool { return m.kind == rummyKindRun }

// IsGroup reports whether m is a group (a set or book).
func (m Combination) IsGroup() bool { return m.kind == rummyKindGroup }

// Len returns the number of cards in m: three to thirteen for a run, three or
// four for a group, and 0 for the zero Combination.
func (m Combination) Len() int {
	switch m.kind {
	case rummyKindRun:
		return int(m.high-m.low) + 1
	case rummyKindGroup:
		return bits.OnesCount8(m.suits)
	}
	return 0
}

// Suit returns the suit of a run, or the zero Suit for a group or the zero
// Combination.
func (m Combination) Suit() card.Suit {
	if m.kind != rummyKindRun {
		return 0
	}
	return m.suit
}

// Low returns the lowest rank of a run (Ace is the lowest rank there is), or
// the zero Rank for a group or the zero Combination.
func (m Combination) Low() card.Rank {
	if m.kind != rummyKindRun {
		return 0
	}
	return m.low
}

// High returns the highest rank of a run (King at most), or the zero Rank for
// a group or the zero Combination.
func (m Combination) High() card.Rank {
	if m.kind != rummyKindRun {
		return 0
	}
	return m.high
}

// Rank returns the rank of a group, or the zero Rank for a run or the zero
// Combination.
func (m Combination) Rank() card.Rank {
	if m.kind != rummyKindGroup {
		return 0
	}
	return m.low
}

// Contains reports whether c is one of the cards of m.
func (m Combination) Contains(c card.Card) bool {
	switch m.kind {
	case rummyKindRun:
		r := c.Rank()
		return c.Suit() == m.suit && r >= m.low && r <= m.high
	case rummyKindGroup:
		return c.Rank() == m.low && m.suits&groupSuitBit(c.Suit()) != 0
	}
	return false
}

// All returns the cards of m in ascending order: a run from its low card to
// its high card, a group in suit order (clubs, diamonds, hearts, spades).
// The zero Combination yields nothing.
func (m Combination) All() iter.Seq[card.Card] {
	return func(yield func(card.Card) bool) {
		switch m.kind {
		case rummyKindRun:
			for r := m.low; r <= m.high; r++ {
				if !yield(card.New(r, m.suit)) {
					return
				}
			}
		case rummyKindGroup:
			for s := card.Clubs; s <= card.Spades; s++ {
				if m.suits&groupSuitBit(s) != 0 && !yield(card.New(m.low, s)) {
					return
				}
			}
		}
	}
}

// Cards returns the cards of m as a new slice, in the order of
// [Combination.All]. Changing the slice does not change m.
func (m Combination) Cards() []card.Card {
	return m.AppendCards(make([]card.Card, 0, m.Len()))
}

// AppendCards appends the cards of m to dst, in the order of
// [Combination.All], and returns the extended slice.
func (m Combination) AppendCards(dst []card.Card) []card.Card {
	switch m.kind {
	case rummyKindRun:
		for r := m.low; r <= m.high; r++ {
			dst = append(dst, card.New(r, m.suit))
		}
	case rummyKindGroup:
		for s := card.Clubs; s <= card.Spades; s++ {
			if m.suits&groupSuitBit(s) != 0 {
				dst = append(dst, card.New(m.low, s))
			}
		}
	}
	return dst
}

// String lists the cards of m in the order of [Combination.All], separated
// by spaces, such as "4C 5C 6C" or "7D 7H 7S". The zero Combination gives "".
func (m Combination) String() string {
	b, _ := m.AppendText(make([]byte, 0, 3*m.Len()))
	return string(b)
}

// AppendText appends [Combination.String]'s text to b. It implements
// [encoding.TextAppender] and never fails.
func (m Combination) AppendText(b []byte) ([]byte, error) {
	first := true
	for c := range m.All() {
		if !first {
			b = append(b, ' ')
		}
		first = false
		b, _ = c.AppendText(b)
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: the text is the card list
// of [Combination.String], such as "4C 5C 6C", and "" for the zero
// Combination.
func (m Combination) MarshalText() ([]byte, error) {
	return m.AppendText(make([]byte, 0, 3*m.Len()))
}

// MarshalJSON implements [json.Marshaler]: the cards as an array of card
// strings in [Combination.String]'s order, ["4C","5C","6C"], and [] for the
// zero Combination, as every card list of the library's JSON.
func (m Combination) MarshalJSON() ([]byte, error) {
	return json.Marshal(m.AppendCards([]card.Card{}))
}

// UnmarshalJSON reads an array of card strings, or the one string of cards
// [Combination.MarshalText] writes (the JSON of earlier versions), as
// [Combination.UnmarshalText] reads its text; null leaves m as it is. On
// error m is unchanged. It allocates at most 4 bytes for each byte of
// data.
func (m *Combination) UnmarshalJSON(data []byte) error { return readCardsJSON(data, m.UnmarshalText) }

// UnmarshalText implements [encoding.TextUnmarshaler]. It reads a card list
// with [card.ParseCards] (so "6c,4c,5c" will do) and makes it a combination
// with [NewCombination]. Empty text gives the zero Combination, so that the
// zero value survives a round trip through [Combination.MarshalText]. On
// error m is unchanged; the error is the [card] package's error wrapping
// [card.ErrSyntax] for bad notation, and an [*Error] for cards that are
// neither a run nor a group.
// It allocates at most 2 bytes for each byte of text.
func (m *Combination) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*m = Combination{}
		return nil
	}
	cs, err := card.ParseCards(string(text))
	if err != nil {
		return err
	}
	v, err := NewCombination(cs)
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// LayOff returns m with the card c added. In rummy a player may lay off
// cards from hand on any meld on the table, their own or another player's,
// as long as the meld stays a legal run or group, and melds are never
// rearranged to make room (3C or 7C may go on 4C 5C 6C).
//
// So a run takes the card of its suit just below its low card (never below
// the ace) or just above its high card (never above the king, since the ace
// is low only), and a group of three takes the fourth card of its rank. A
// group of four takes nothing. Cards are laid off one at a time; to lay off
// several, call LayOff for each, in an order where each card fits.
//
// Melds are never rearranged, so whether a card fits depends on m alone.
// Say the group 2C 2D 2H 2S and the run 3S 4S 5S are on the table. AS fits
// neither meld: it would fit the run only if 2S were moved there from the
// group, which is not allowed.
//
// LayOff does not change m; it returns the new combination, or m itself
// with an error when c does not fit, so m, err = m.LayOff(c) keeps m on
// error. The error is a
// [*Error] wrapping [ErrLayOff] that says why the card does not fit, such
// as
//
//	meld: that card does not fit the meld: 9C on 4C 5C 6C: only 3C or 7C fit
//
// or wrapping [ErrInvalidCard] if c is not a card at all. LayOff does not
// allocate when it succeeds.
func (m Combination) LayOff(c card.Card) (Combination, error) {
	if m.CanLayOff(c) {
		switch m.kind {
		case rummyKindRun:
			if c.Rank() < m.low {
				m.low = c.Rank()
			} else {
				m.high = c.Rank()
			}
		case rummyKindGroup:
			m.suits |= groupSuitBit(c.Suit())
		}
		return m, nil
	}
	return m, m.rummyLayOffErr(c)
}

// CanLayOff reports whether c can be laid off on m, that is whether
// [Combination.LayOff] would accept it.
func (m Combination) CanLayOff(c card.Card) bool {
	if c < 1 || c >= card.Joker {
		return false
	}
	switch m.kind {
	case rummyKindRun:
		r := c.Rank()
		return c.Suit() == m.suit && (r+1 == m.low || r == m.high+1)
	case rummyKindGroup:
		return c.Rank() == m.low && m.suits != rummyAllSuits && m.suits&groupSuitBit(c.Suit()) == 0
	}
	return false
}

// LayOffs returns the cards that can be laid off on m, in ascending order.
// For a run they are none, one or two: the card below its low card and the
// card above its high card, as far as Ace and King allow. For a group of
// three it is the missing card of its rank. A group of four and the zero
// Combination take none. It returns nil when no card fits.
func (m Combination) LayOffs() []card.Card {
	var out []card.Card
	switch m.kind {
	case rummyKindRun:
		if m.low > card.Ace {
			out = append(out, card.New(m.low-1, m.suit))
		}
		if m.high < card.King {
			out = append(out, card.New(m.high+1, m.suit))
		}
	case rummyKindGroup:
		for s := card.Clubs; s <= card.Spades; s++ {
			if m.suits != rummyAllSuits && m.suits&groupSuitBit(s) == 0 {
				out = append(out, card.New(m.low, s))
			}
		}
	}
	return out
}

// rummyLayOffErr explains why c does not fit m.
func (m Combination) rummyLayOffErr(c card.Card) error {
	if !c.IsValid() {
		detail := "card value " + strconv.Itoa(int(c)) + " is not a card"
		if m.kind != 0 {
			detail += " (laid off on " + m.String() + ")"
		}
		return ruleErr(ErrInvalidCard, detail)
	}
	if m.kind == 0 {
		return ruleErr(ErrLayOff, c.String()+": there is no meld to lay it off on (the zero Combination)")
	}
	head := c.String() + " on " + m.String() + ": "
	if c.IsJoker() {
		return ruleErr(ErrLayOff, head+"rummy has no jokers")
	}
	fits := m.LayOffs()
	var why string
	switch {
	case len(fits) == 0 && m.kind == rummyKindRun:
		why = "nothing fits: the run holds the whole suit, ace to king"
	case len(fits) == 0:
		why = "nothing fits: the group holds all four " + m.low.Plural()
	case len(fits) == 1:
		why = "only " + fits[0].String() + " fits"
	default:
		why = "only " + fits[0].String() + " or " + fits[1].String() + " fit"
	}
	switch {
	case m.Contains(c):
		kind := "run"
		if m.kind == rummyKindGroup {
			kind = "group"
		}
		why = c.String() + " is already in the " + kind + " (there is one deck); " + why
	case m.kind == rummyKindRun && c.Suit() == m.suit && c.Rank() == card.Ace && m.high == card.King:
		why += "; the ace is low only and does not follow the king"
	case m.kind == rummyKindRun && c.Suit() == m.suit && c.Rank() == card.King && m.low == card.Ace:
		why += "; the king does not go below the ace (no wrapping)"
	}
	return ruleErr(ErrLayOff, head+why)
}

// runOf returns the run made of cs if the cards form one.
func runOf(cs []card.Card) (Combination, bool) {
	if len(cs) < 3 || len(cs) > int(card.King) {
		return Combination{}, false
	}
	s := cs[0].Suit()
	if s == 0 {
		return Combination{}, false
	}
	var mask uint16
	for _, c := range cs {
		if c.Suit() != s { // also catches jokers and invalid values: their suit is 0
			return Combination{}, false
		}
		bit := uint16(1) << c.Rank()
		if mask&bit != 0 {
			return Combination{}, false
		}
		mask |= bit
	}
	low := bits.TrailingZeros16(mask)
	high := bits.Len16(mask) - 1
	if high-low+1 != len(cs) { // distinct ranks: consecutive iff the span is the count
		return Combination{}, false
	}
	return Combination{kind: rummyKindRun, suit: s, low: card.Rank(low), high: card.Rank(high)}, true
}

// groupOf returns the group made of cs if the cards form one.
func groupOf(cs []card.Card) (Combination, bool) {
	if len(cs) < 3 || len(cs) > 4 {
		return Combination{}, false
	}
	r := cs[0].Rank()
	if r == 0 {
		return Combination{}, false
	}
	var mask uint8
	for _, c := range cs {
		if c.Rank() != r { // also catches jokers and invalid values: their rank is 0
			return Combination{}, false
		}
		bit := groupSuitBit(c.Suit())
		if mask&bit != 0 {
			return Combination{}, false
		}
		mask |= bit
	}
	return Combination{kind: rummyKindGroup, low: r, high: r, suits: mask}, true
}

// groupSuitBit returns the bit of suit s in a group's suit mask, or 0 for an
// invalid suit.
func groupSuitBit(s card.Suit) uint8 {
	if !s.IsValid() {
		return 0
	}
	return 1 << (s - 1)
}

// runErr explains why cs is not a run. It is called only when runOf fails.
func runErr(cs []card.Card) error {
	list := rummyList(cs)
	if err := rummyInvalidErr(cs, list); err != nil {
		return err
	}
	if rummyHasJoker(cs) {
		return ruleErr(ErrNotRun, list+": rummy has no jokers")
	}
	if len(cs) < 3 {
		return ruleErr(ErrNotRun, rummyTooFew(list, len(cs))+"; a run needs at least three")
	}
	s := cs[0].Suit()
	for _, c := range cs[1:] {
		if c.Suit() != s {
			return ruleErr(ErrNotRun, list+": "+c.String()+" is not a "+runSuitSingular(s))
		}
	}
	if err := rummyDuplicateErr(ErrNotRun, cs, list); err != nil {
		return err
	}
	var mask uint16
	for _, c := range cs {
		mask |= 1 << c.Rank()
	}
	const fullSuit = uint16(1<<(card.King+1)) - 1<<card.Ace
	low := card.Rank(bits.TrailingZeros16(mask))
	high := card.Rank(bits.Len16(mask) - 1)
	if low == card.Ace && high == card.King {
		// The cards would be consecutive if the ace followed the king: the
		// missing ranks are one block in the middle.
		gap := fullSuit &^ mask
		gapLow := bits.TrailingZeros16(gap)
		gapHigh := bits.Len16(gap) - 1
		if gap != 0 && gap>>gapLow == 1<<(gapHigh-gapLow+1)-1 {
			return ruleErr(ErrNotRun, list+": the ace is low only, so "+card.New(card.Ace, s).String()+
				" does not follow "+card.New(card.King, s).String()+" (no wrapping)")
		}
	}
	var missing []string
	for r := low + 1; r < high; r++ {
		if mask&(1<<r) == 0 {
			missing = append(missing, card.New(r, s).String())
		}
	}
	switch len(missing) {
	case 0:
		// Unreachable: runOf accepts such cards.
		return ruleErr(ErrNotRun, list)
	case 1:
		return ruleErr(ErrNotRun, list+": "+missing[0]+" is missing")
	}
	return ruleErr(ErrNotRun, list+": "+strings.Join(missing[:len(missing)-1], ", ")+" and "+
		missing[len(missing)-1]+" are missing")
}

// groupErr explains why cs is not a group. It is called only when groupOf
// fails.
func groupErr(cs []card.Card) error {
	list := rummyList(cs)
	if err := rummyInvalidErr(cs, list); err != nil {
		return err
	}
	if rummyHasJoker(cs) {
		return ruleErr(ErrNotGroup, list+": rummy has no jokers")
	}
	if len(cs) < 3 {
		return ruleErr(ErrNotGroup, rummyTooFew(list, len(cs))+"; a group needs three or four")
	}
	if len(cs) > 4 {
		return ruleErr(ErrNotGroup, list+": "+strconv.Itoa(len(cs))+
			" cards; a group has at most four, one of each suit")
	}
	r := cs[0].Rank()
	for _, c := range cs[1:] {
		if c.Rank() != r {
			return ruleErr(ErrNotGroup, list+": "+c.String()+" is not "+groupArticle(r)+" "+r.Name())
		}
	}
	if err := rummyDuplicateErr(ErrNotGroup, cs, list); err != nil {
		return err
	}
	// Unreachable: groupOf accepts such cards.
	return ruleErr(ErrNotGroup, list)
}

// rummyList writes cs as a card list, "??" standing for an invalid value,
// cut short as [cardList] does.
func rummyList(cs []card.Card) string { return cardList(cs) }

// rummyTooFew describes a list of fewer than three cards.
func rummyTooFew(list string, n int) string {
	switch n {
	case 0:
		return "no cards"
	case 1:
		return list + ": only 1 card"
	}
	return list + ": only " + strconv.Itoa(n) + " cards"
}

// rummyFirstInvalid returns the index of the first value of cs that is not a
// card, or -1.
func rummyFirstInvalid(cs []card.Card) int {
	for i, c := range cs {
		if !c.IsValid() {
			return i
		}
	}
	return -1
}

// rummyInvalidErr returns an ErrInvalidCard error naming the first value of
// cs that is not a card, or nil.
func rummyInvalidErr(cs []card.Card, list string) error {
	i := rummyFirstInvalid(cs)
	if i < 0 {
		return nil
	}
	return ruleErr(ErrInvalidCard, list+": card "+strconv.Itoa(i+1)+" has value "+
		strconv.Itoa(int(cs[i]))+", which is not a card")
}

// rummyHasJoker reports whether cs holds a joker.
func rummyHasJoker(cs []card.Card) bool {
	for _, c := range cs {
		if c.IsJoker() {
			return true
		}
	}
	return false
}

// rummyDuplicateErr returns a rule error naming the first card that appears
// more than once in cs, or nil. All of cs are valid cards.
func rummyDuplicateErr(rule error, cs []card.Card, list string) error {
	var count [card.Kinds]int
	for _, c := range cs {
		count[c]++
	}
	for _, c := range cs {
		if n := count[c]; n > 1 {
			times := "twice"
			if n > 2 {
				times = strconv.Itoa(n) + " times"
			}
			return ruleErr(rule, list+": "+c.String()+" appears "+times+" (there is one deck)")
		}
	}
	return nil
}

// rummyMax returns the largest of ns.
func rummyMax(ns []int) int {
	m := 0
	for _, n := range ns {
		m = max(m, n)
	}
	return m
}

// runSuitSingular returns "club", "diamond", "heart" or "spade".
func runSuitSingular(s card.Suit) string { return strings.TrimSuffix(s.Name(), "s") }

// groupArticle returns "an" before "ace" and "eight", else "a".
func groupArticle(r card.Rank) string {
	if r == card.Ace || r == card.Eight {
		return "an"
	}
	return "a"
}
