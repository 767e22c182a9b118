package meld

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// RankSet is a set of ranks, one bit per rank. The zero RankSet is empty.
type RankSet uint16

// Ranks returns the set of the given ranks; invalid ranks are left out.
func Ranks(rs ...card.Rank) RankSet {
	var s RankSet
	for _, r := range rs {
		s = s.With(r)
	}
	return s
}

// allRanks is the RankSet of every rank A..K.
const allRanks RankSet = (1<<14 - 1) &^ 1

// Has reports whether r is in the set.
func (s RankSet) Has(r card.Rank) bool { return r.IsValid() && s&(1<<r) != 0 }

// With returns the set with r added (unchanged if r is invalid).
func (s RankSet) With(r card.Rank) RankSet {
	if !r.IsValid() {
		return s
	}
	return s | 1<<r
}

// Without returns the set with r removed.
func (s RankSet) Without(r card.Rank) RankSet {
	if !r.IsValid() {
		return s
	}
	return s &^ (1 << r)
}

// String lists the ranks in order, such as "A 4 5 6 7 8 9 10 J Q K".
func (s RankSet) String() string {
	var b strings.Builder
	for r := card.Ace; r <= card.King; r++ {
		if s.Has(r) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(r.String())
		}
	}
	return b.String()
}

// MarshalText writes the set as [RankSet.String] does.
func (s RankSet) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// MarshalJSON writes the set as an array of ranks in ascending order,
// ["A","4","10"], [] when empty: a list as every list of the library's
// JSON.
func (s RankSet) MarshalJSON() ([]byte, error) {
	return json.Marshal(append([]string{}, strings.Fields(s.String())...))
}

// UnmarshalJSON reads an array of ranks, each as [RankSet.UnmarshalText]
// reads it, or the one string of ranks [RankSet.MarshalText] writes (the
// JSON of earlier versions); null leaves s as it is. On error s is
// unchanged.
func (s *RankSet) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err == nil {
		return s.UnmarshalText([]byte(text))
	}
	var ranks []string
	if err := json.Unmarshal(data, &ranks); err != nil {
		return ruleErr(ErrRankNotation, "ranks are an array of ranks, such as [\"A\",\"4\",\"10\"]")
	}
	for _, r := range ranks {
		if strings.ContainsAny(r, " ,") || r == "" {
			return ruleErr(ErrRankNotation, "unknown rank "+errs.Quote(r)+" (ranks are A, 2 to 10 or T, J, Q, K)")
		}
	}
	return s.UnmarshalText([]byte(strings.Join(ranks, " ")))
}

// UnmarshalText reads ranks separated by spaces or commas ("A 4 5 10 J",
// "T" for ten, either case). On error s is unchanged and the error wraps
// [ErrRankNotation], naming the bad rank quoted and cut to 64 bytes.
func (s *RankSet) UnmarshalText(text []byte) error {
	var next RankSet
	for _, f := range strings.FieldsFunc(string(text), func(r rune) bool { return r == ' ' || r == ',' }) {
		// Reuse card notation: a rank is a card without its suit.
		c, err := card.Parse(f + "C")
		if err != nil || c == card.Joker {
			return ruleErr(ErrRankNotation, "unknown rank "+errs.Quote(f)+" (ranks are A, 2 to 10 or T, J, Q, K)")
		}
		next = next.With(c.Rank())
	}
	*s = next
	return nil
}

// WildRatio says how the natural cards of a meld must outnumber its wild cards.
type WildRatio uint8

const (
	// NoRatio sets no ratio: MinNaturals and MaxWilds alone limit the wild
	// cards (Classic Canasta asks for at least two natural cards and allows
	// at most three wild cards in a meld).
	NoRatio WildRatio = iota
	// MoreNatural requires strictly more natural than wild cards, in every
	// meld at every moment, as both Hand and Foot rule sets do: a dirty
	// canasta has at least one natural card more than it has wild cards, and
	// the same holds of every smaller meld.
	MoreNatural
	// AtLeastAsMany requires at least as many natural as wild cards, a house
	// rule some tables play.
	AtLeastAsMany
)

// String names the ratio.
func (w WildRatio) String() string {
	switch w {
	case NoRatio:
		return "no ratio"
	case MoreNatural:
		return "more natural than wild"
	case AtLeastAsMany:
		return "at least as many natural as wild"
	}
	return "WildRatio(" + strconv.Itoa(int(w)) + ")"
}

// MarshalText writes the ratio's name, as [WildRatio.String] does ("more
// natural than wild"): JSON writes the ratio as a word, as every enum of
// the library's JSON. A ratio with no name is an error wrapping
// [ErrWildRatio].
func (w WildRatio) MarshalText() ([]byte, error) {
	if w > AtLeastAsMany {
		return nil, ruleErr(ErrWildRatio, "unknown ratio "+strconv.Itoa(int(w)))
	}
	return []byte(w.String()), nil
}

// UnmarshalText reads a ratio's name, as [WildRatio.String] writes it. On
// error w is unchanged and the error wraps [ErrWildRatio].
func (w *WildRatio) UnmarshalText(text []byte) error {
	for r := NoRatio; r <= AtLeastAsMany; r++ {
		if r.String() == string(text) {
			*w = r
			return nil
		}
	}
	return ruleErr(ErrWildRatio, "unknown ratio "+errs.QuoteBytes(text))
}

// UnmarshalJSON reads the ratio's name, or the number earlier versions
// wrote (0 no ratio, 1 more natural than wild, 2 at least as many). On
// error w is unchanged and the error wraps [ErrWildRatio].
func (w *WildRatio) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var n uint8
	if err := json.Unmarshal(data, &n); err == nil {
		if WildRatio(n) > AtLeastAsMany {
			return ruleErr(ErrWildRatio, "unknown ratio "+strconv.Itoa(int(n)))
		}
		*w = WildRatio(n)
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return ruleErr(ErrWildRatio, "a ratio is its name, such as \"more natural than wild\"")
	}
	return w.UnmarshalText([]byte(text))
}

// RankPolicy holds every variant point of a [RankMeld]: which ranks may be
// melded, how big a meld must be, how its wild cards are limited, when it is
// a canasta, and what happens to a completed canasta. It is a small
// comparable value: each game builds the policy of its rule sets, and a
// table's house rules are a changed field.
//
// Twos and jokers are always the wild cards ([IsWild]). Threes are never
// melded except black threes going out where BlackThreesOut allows it.
type RankPolicy struct {
	// Ranks are the ranks that may be melded in normal play.
	Ranks RankSet `json:"ranks"`
	// MinSize is the fewest cards of a meld: three in the canasta family.
	MinSize int `json:"minSize"`
	// MinNaturals is the fewest natural cards of a meld (two in Classic
	// Canasta).
	MinNaturals int `json:"minNaturals"`
	// MaxWilds is the most wild cards a meld may hold; 0 means no limit
	// (three in Classic Canasta).
	MaxWilds int `json:"maxWilds"`
	// Ratio is how natural cards must outnumber wild cards.
	Ratio WildRatio `json:"ratio"`
	// CanastaSize is the number of cards that makes a meld a canasta: seven
	// in the canasta family.
	CanastaSize int `json:"canastaSize"`
	// CleanClosed closes a clean canasta at exactly CanastaSize cards: it
	// takes no further card (Hand and Foot rule set B).
	CleanClosed bool `json:"cleanClosed"`
	// RedThreeOnClean lets a red three be laid on a completed clean canasta,
	// which it then keeps clean for good (Hand and Foot rule set A).
	RedThreeOnClean bool `json:"redThreeOnClean"`
	// BlackThreesOut allows a meld of three or four black threes with no
	// wild card, which Classic Canasta allows only to a player going out.
	// The game, which knows whether the player is going out, checks the
	// occasion.
	BlackThreesOut bool `json:"blackThreesOut"`
}

// Check reports whether the policy can be played: a non-empty set of ranks
// without twos or threes (twos are wild; threes are melded only by
// BlackThreesOut), a minimum size of at least 1, a canasta size no smaller
// than the minimum size, and a known Ratio.
func (p RankPolicy) Check() error {
	bad := func(what string) error { return ruleErr(ErrPolicy, what) }
	switch {
	case p.Ranks&allRanks == 0 || p.Ranks&^allRanks != 0:
		return bad("Ranks " + strconv.Itoa(int(p.Ranks)) + ": set the meldable ranks, A to K, with Ranks(...)")
	case p.Ranks.Has(card.Two):
		return bad("twos are wild and cannot be a meld's rank: remove 2 from Ranks")
	case p.Ranks.Has(card.Three):
		return bad("threes are not melded in normal play: remove 3 from Ranks (see BlackThreesOut)")
	case p.MinSize < 1:
		return bad("MinSize " + strconv.Itoa(p.MinSize) + ": a meld needs at least 1 card")
	case p.MinNaturals < 1:
		return bad("MinNaturals " + strconv.Itoa(p.MinNaturals) + ": a meld needs at least 1 natural card")
	case p.MaxWilds < 0:
		return bad("MaxWilds " + strconv.Itoa(p.MaxWilds) + ": use 0 for no limit")
	case p.CanastaSize < p.MinSize:
		return bad("CanastaSize " + strconv.Itoa(p.CanastaSize) + " is below MinSize " + strconv.Itoa(p.MinSize))
	case p.Ratio > AtLeastAsMany:
		return bad("unknown Ratio " + p.Ratio.String())
	}
	return nil
}

// Class classifies a meld under a policy.
type Class uint8

const (
	// Short is a meld smaller than a canasta.
	Short Class = iota + 1
	// Clean is a canasta with no wild card, called clean in Hand and Foot
	// and natural in Canasta.
	Clean
	// Dirty is a canasta with one or more wild cards, called dirty in Hand
	// and Foot and mixed in Canasta.
	Dirty
)

// String returns "meld", "clean canasta" or "dirty canasta".
func (k Class) String() string {
	switch k {
	case Short:
		return "meld"
	case Clean:
		return "clean canasta"
	case Dirty:
		return "dirty canasta"
	}
	return "Class(" + strconv.Itoa(int(k)) + ")"
}

// Class classifies m: [Short] below the canasta size, else [Clean] or
// [Dirty]. The zero Class is returned for an invalid meld.
func (p RankPolicy) Class(m RankMeld) Class {
	switch {
	case !m.IsValid():
		return 0
	case m.Len() < p.CanastaSize:
		return Short
	case m.Wilds() == 0:
		return Clean
	}
	return Dirty
}

// IsCanasta reports whether m has at least CanastaSize cards.
func (p RankPolicy) IsCanasta(m RankMeld) bool {
	// m.IsValid() && m.Len() >= p.CanastaSize, counting the natural cards
	// once: small enough for the compiler to inline, as Legal asks it of
	// every meld of a side.
	n := m.Naturals()
	return n > 0 && m.rank-card.Ace <= card.King-card.Ace && n+m.Twos()+int(m.jokers) >= p.CanastaSize
}

// New collects cs into a meld ([Collect]) and validates it under p
// ([RankPolicy.Validate]): the way a new meld is laid on the table.
func (p RankPolicy) New(cs ...card.Card) (RankMeld, error) {
	m, err := Collect(cs)
	if err != nil {
		return RankMeld{}, err
	}
	if err := p.Validate(m); err != nil {
		return RankMeld{}, err
	}
	return m, nil
}

// Validate reports whether m may lie on the table under p, naming the first
// rule it breaks: its rank, its size, its natural and wild counts, a clean
// canasta above its closed size, and the red threes laid on it.
func (p RankPolicy) Validate(m RankMeld) error {
	if !m.IsValid() {
		return ruleErr(ErrTooFewNaturals, "a meld needs natural cards")
	}
	n, w := m.Naturals(), m.Wilds()
	if m.rank == card.Three {
		return p.validateThrees(m)
	}
	if !p.Ranks.Has(m.rank) {
		return ruleErr(ErrRank, m.rank.Plural()+" cannot be melded under these rules (meldable: "+p.Ranks.String()+")")
	}
	switch p.countRule(n, w) {
	case nil:
	case ErrTooSmall:
		return ruleErr(ErrTooSmall, m.String()+": "+plural(m.Len(), "card")+", at least "+strconv.Itoa(p.MinSize)+" needed")
	case ErrTooFewNaturals:
		return ruleErr(ErrTooFewNaturals, m.String()+": "+plural(n, "natural card")+", at least "+strconv.Itoa(p.MinNaturals)+" needed")
	case ErrTooManyWilds:
		return ruleErr(ErrTooManyWilds, m.String()+": "+plural(w, "wild card")+", at most "+strconv.Itoa(p.MaxWilds))
	case ErrWildRatio:
		return ruleErr(ErrWildRatio, m.String()+": "+plural(n, "natural card")+" and "+plural(w, "wild card")+" ("+p.Ratio.String()+" required)")
	case ErrClosed:
		return ruleErr(ErrClosed, m.String()+": a clean canasta holds at most "+strconv.Itoa(p.CanastaSize)+" cards")
	}
	if r := m.RedThrees(); r > 0 {
		switch {
		case !p.RedThreeOnClean:
			return ruleErr(ErrRedThree, "red threes cannot be laid on a meld under these rules")
		case w > 0 || m.Len() < p.CanastaSize:
			return ruleErr(ErrRedThree, m.String()+" is not a completed clean canasta")
		}
	}
	return nil
}

// countRule returns the sentinel of the first rule on counts that a meld
// of n natural and w wild cards breaks, or nil. It is the one home of the
// size, natural, wild-limit, ratio and closed-canasta rules: Validate, Add,
// Fits and CanAdd all apply them through it.
func (p *RankPolicy) countRule(n, w int) error {
	switch {
	case n+w < p.MinSize:
		return ErrTooSmall
	case n < p.MinNaturals:
		return ErrTooFewNaturals
	case p.MaxWilds > 0 && w > p.MaxWilds:
		return ErrTooManyWilds
	case (p.Ratio == MoreNatural && n <= w) || (p.Ratio == AtLeastAsMany && n < w):
		return ErrWildRatio
	case p.CleanClosed && w == 0 && n > p.CanastaSize:
		return ErrClosed
	}
	return nil
}

// Fits reports whether a new meld of a meldable rank with naturals natural
// and wilds wild cards keeps every rule on counts: size, natural cards, the
// wild limit, the ratio, and a closed clean canasta. It is [RankPolicy.New]
// without the cards, for enumerating choices quickly.
func (p RankPolicy) Fits(naturals, wilds int) bool {
	return naturals >= 0 && wilds >= 0 && p.countRule(naturals, wilds) == nil
}

// CanAdd reports whether [RankPolicy.Add] would accept naturals natural cards of
// m's rank and wilds wild cards on m, without the cards: the counts after
// adding must fit, a closed clean canasta takes nothing, and a canasta
// locked by a red three takes no wild card.
func (p RankPolicy) CanAdd(m RankMeld, naturals, wilds int) bool {
	return m.IsValid() && naturals >= 0 && wilds >= 0 && p.addRule(m, naturals, wilds) == nil
}

// FitWilds returns the counts of wild cards a new meld of a meldable rank
// with naturals natural cards may hold: [RankPolicy.Fits] accepts
// (naturals, w) exactly for lo <= w <= hi, and none when lo > hi. hi is
// [math.MaxInt] when no rule limits the wild cards. It answers for every
// count at once, for listing meld steps.
func (p RankPolicy) FitWilds(naturals int) (lo, hi int) {
	if naturals < 0 {
		return 1, 0
	}
	return p.countRange(naturals, 0)
}

// FitNaturals returns the counts of natural cards a new meld of a meldable
// rank with wilds wild cards may hold: [RankPolicy.Fits] accepts (n,
// wilds) exactly for lo <= n <= hi, and none when lo > hi. hi is
// [math.MaxInt] when no rule limits the natural cards (only a closed clean
// canasta does).
func (p RankPolicy) FitNaturals(wilds int) (lo, hi int) {
	if wilds < 0 || p.MaxWilds > 0 && wilds > p.MaxWilds {
		return 1, 0
	}
	lo, hi = max(p.MinNaturals, p.MinSize-wilds, 0), math.MaxInt
	switch p.Ratio {
	case MoreNatural:
		lo = max(lo, wilds+1)
	case AtLeastAsMany:
		lo = max(lo, wilds)
	}
	if p.CleanClosed && wilds == 0 {
		hi = p.CanastaSize
	}
	return lo, hi
}

// AddWilds returns the counts of wild cards that may be added to m with
// naturals natural cards of its rank: [RankPolicy.CanAdd] accepts (m,
// naturals, w) exactly for lo <= w <= hi, and none when lo > hi. hi is
// [math.MaxInt] when no rule limits the wild cards.
func (p RankPolicy) AddWilds(m RankMeld, naturals int) (lo, hi int) {
	nat, wilds := m.Naturals(), m.Wilds()
	closed := p.CleanClosed && wilds == 0 && nat >= p.CanastaSize
	switch {
	case nat == 0 || !m.rank.IsValid() || naturals < 0 || closed && naturals > 0:
		return 1, 0 // a closed clean canasta takes nothing
	case m.rank == card.Three:
		if p.threesRule(nat+wilds+naturals, wilds) != nil {
			return 1, 0
		}
		return 0, 0
	}
	lo, hi = p.countRange(nat+naturals, wilds)
	return lo, min(hi, m.wildRoom(closed))
}

// wildRoom returns the most wild cards the order of play lets m take: none
// when closed or locked by a red three, else no limit.
func (m *RankMeld) wildRoom(closed bool) int {
	if closed || m.redThrees != [2]uint8{} {
		return 0
	}
	return math.MaxInt
}

// AddWildsEach sets into[n] to what [RankPolicy.AddWilds] returns for m
// and n natural cards, lo then hi, for each n from 0 to len(into)-1. It
// answers for every count of natural cards at once, for listing every
// add to one meld.
func (p RankPolicy) AddWildsEach(m RankMeld, into [][2]int) {
	nat, wilds := m.Naturals(), m.Wilds()
	if nat == 0 || !m.rank.IsValid() || m.rank == card.Three || p.CleanClosed && wilds == 0 && nat >= p.CanastaSize {
		for n := range into {
			into[n][0], into[n][1] = p.AddWilds(m, n)
		}
		return
	}
	// AddWilds' last case for every n: the meld is not closed.
	room := m.wildRoom(false)
	for n := range into {
		lo, hi := p.countRange(nat+n, wilds)
		into[n] = [2]int{lo, min(hi, room)}
	}
}

// countRange is the range of w for which countRule(n, had+w) holds.
func (p *RankPolicy) countRange(n, had int) (lo, hi int) {
	if n < p.MinNaturals {
		return 1, 0
	}
	lo, hi = max(0, p.MinSize-n-had), math.MaxInt
	if p.MaxWilds > 0 {
		hi = p.MaxWilds - had
	}
	switch p.Ratio {
	case MoreNatural:
		hi = min(hi, n-1-had)
	case AtLeastAsMany:
		hi = min(hi, n-had)
	}
	if p.CleanClosed && had == 0 && n > p.CanastaSize {
		lo = max(lo, 1)
	}
	return lo, hi
}

// addRule returns the sentinel of the rule adding n natural and w wild cards
// to m breaks, or nil.
func (p *RankPolicy) addRule(m RankMeld, n, w int) error {
	if m.rank == card.Three {
		switch {
		case n+w > 0 && p.CleanClosed && m.Wilds() == 0 && m.Len() >= p.CanastaSize:
			return ErrClosed
		case w > 0 && m.RedThrees() > 0:
			return ErrLocked
		}
		return p.threesRule(m.Len()+n, w+m.Wilds())
	}
	return p.countsRule(m.Naturals(), m.Wilds(), m.RedThrees(), n, w)
}

// countsRule is addRule for a meld of a rank other than three holding had
// natural cards, wild wild cards and reds red threes.
func (p *RankPolicy) countsRule(had, wild, reds, n, w int) error {
	switch {
	case n+w > 0 && p.CleanClosed && wild == 0 && had >= p.CanastaSize:
		return ErrClosed
	case w > 0 && reds > 0:
		return ErrLocked
	}
	return p.countRule(had+n, wild+w)
}

func (p RankPolicy) validateThrees(m RankMeld) error {
	switch {
	case !p.BlackThreesOut:
		return ruleErr(ErrRank, "threes cannot be melded under these rules")
	case m.naturals[card.Diamonds-1] > 0 || m.naturals[card.Hearts-1] > 0 || m.RedThrees() > 0:
		return ruleErr(ErrRank, m.String()+": red threes are never melded")
	}
	switch p.threesRule(m.Len(), m.Wilds()) {
	case ErrTooManyWilds:
		return ruleErr(ErrTooManyWilds, m.String()+": a meld of black threes takes no wild card")
	case ErrTooSmall:
		return ruleErr(ErrTooSmall, m.String()+": black threes are melded as a set of 3 or 4")
	case ErrTooLarge:
		return ruleErr(ErrTooLarge, m.String()+": black threes are melded as a set of 3 or 4")
	}
	return nil
}

// threesRule is the count rule of a meld of black threes of size cards with
// wilds wild cards: a set of three or four, with no wild card.
func (p *RankPolicy) threesRule(size, wilds int) error {
	switch {
	case !p.BlackThreesOut:
		return ErrRank
	case wilds > 0:
		return ErrTooManyWilds
	case size < 3:
		return ErrTooSmall
	case size > 4:
		return ErrTooLarge
	}
	return nil
}

// Add returns m with cs added, validated under p; m itself is never changed.
// The cards are one play: the rules apply to the meld after all of them
// (adding 7S and 2C to six clean sevens under rule set B makes a dirty
// canasta of 8, though 7S alone would close it).
// Besides every rule of [RankPolicy.Validate], Add enforces what only the order of
// play shows: a clean canasta that CleanClosed has closed takes no card
// (ErrClosed), and a canasta locked by a red three takes no wild card
// (ErrLocked). Red threes in cs are laid on top as by [RankPolicy.LayRedThree].
func (p RankPolicy) Add(m RankMeld, cs ...card.Card) (RankMeld, error) {
	if !m.IsValid() {
		return m, ruleErr(ErrTooFewNaturals, "cannot add to an empty meld")
	}
	next := m
	for _, c := range cs {
		if !c.IsValid() {
			return m, ruleErr(ErrInvalidCard, "card value "+strconv.Itoa(int(c)))
		}
		var slot *uint8
		switch {
		case IsRedThree(c) && m.rank != card.Three:
			if err := p.canTakeRedThree(next); err != nil {
				return m, err
			}
			slot = &next.redThrees[c.Suit()-card.Diamonds]
		case c == card.Joker:
			slot = &next.jokers
		case c.Rank() == card.Two:
			slot = &next.twos[c.Suit()-1]
		case c.Rank() == m.rank:
			slot = &next.naturals[c.Suit()-1]
		default:
			return m, ruleErr(ErrRank, c.String()+" does not belong on a meld of "+m.rank.Plural())
		}
		if *slot == maxPerKind {
			return m, ruleErr(ErrInvalidCard, "more than 255 copies of "+c.String())
		}
		*slot++
	}
	if next.RedThrees() > 0 && next.Wilds() > m.Wilds() {
		// Red threes go on top first: a wild in the same play meets the lock.
		return m, ruleErr(ErrLocked, "cannot add "+cardList(cs)+" to "+m.String())
	}
	switch p.addRule(m, next.Naturals()-m.Naturals(), next.Wilds()-m.Wilds()) {
	case ErrClosed:
		return m, ruleErr(ErrClosed, "the clean canasta "+m.String()+" takes no more cards")
	case ErrLocked:
		return m, ruleErr(ErrLocked, "cannot add "+cardList(cs)+" to "+m.String())
	case nil:
		if m.rank != card.Three && p.Ranks.Has(m.rank) && next.RedThrees() == 0 {
			// addRule has checked the counts after the play: nothing
			// else Validate checks can fail.
			return next, nil
		}
	}
	if err := p.Validate(next); err != nil {
		return m, err
	}
	return next, nil
}

// LayRedThree returns m with the red three c laid on it: under a policy
// with RedThreeOnClean, a red three may be laid on a completed clean
// canasta, which can then never take a wild card. Under a policy without
// RedThreeOnClean it always fails with ErrRedThree.
func (p RankPolicy) LayRedThree(m RankMeld, c card.Card) (RankMeld, error) {
	if !IsRedThree(c) {
		return m, ruleErr(ErrRedThree, c.String()+" is not a red three")
	}
	return p.Add(m, c)
}

func (p RankPolicy) canTakeRedThree(m RankMeld) error {
	switch {
	case !p.RedThreeOnClean:
		return ruleErr(ErrRedThree, "red threes cannot be laid on a meld under these rules")
	case m.Wilds() > 0 || m.Len() < p.CanastaSize:
		return ruleErr(ErrRedThree, m.String()+" is not a completed clean canasta")
	}
	return nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// NewCounts is [RankPolicy.New] of cards given by their counts: naturals[s-1]
// cards of rank in suit s, twos[s-1] twos of suit s, and jokers jokers. It
// returns New's meld and error for those cards listed in that order, by
// suit, but builds the meld from the counts without listing them.
func (p RankPolicy) NewCounts(rank card.Rank, naturals, twos [4]uint8, jokers uint8) (RankMeld, error) {
	n, w := byteSum(naturals), byteSum(twos)+int(jokers)
	// Collect puts every card in its slot, and Validate checks only the
	// counts, for a meldable rank other than three with no red three.
	if rank.IsValid() && rank != card.Two && rank != card.Three && n > 0 &&
		p.Ranks.Has(rank) && p.countRule(n, w) == nil {
		return RankMeld{rank: rank, naturals: naturals, twos: twos, jokers: jokers}, nil
	}
	var buf [32]card.Card
	return p.New(appendCounted(buf[:0], rank, naturals, twos, jokers)...)
}

// AddCounts is [RankPolicy.Add] of cards given by their counts: naturals[s-1]
// cards of m's rank in suit s, twos[s-1] twos of suit s, and jokers jokers.
// It returns Add's meld and error for those cards listed in that order, by
// suit, but adds the counts without listing the cards.
func (p RankPolicy) AddCounts(m RankMeld, naturals, twos [4]uint8, jokers uint8) (RankMeld, error) {
	nat, natOK := addBytes(m.naturals, naturals)
	two, twoOK := addBytes(m.twos, twos)
	had, wild := byteSum(m.naturals), byteSum(m.twos)+int(m.jokers)
	// Add's own fast case, where the counts after the play decide, with no
	// count past 255.
	if natOK && twoOK && int(m.jokers)+int(jokers) <= maxPerKind && had > 0 &&
		m.rank.IsValid() && m.rank != card.Two && m.rank != card.Three && p.Ranks.Has(m.rank) &&
		m.redThrees == [2]uint8{} &&
		p.countsRule(had, wild, 0, byteSum(naturals), byteSum(twos)+int(jokers)) == nil {
		m.naturals, m.twos, m.jokers = nat, two, m.jokers+jokers
		return m, nil
	}
	var buf [32]card.Card
	return p.Add(m, appendCounted(buf[:0], m.rank, naturals, twos, jokers)...)
}

// byteSum returns the sum of the four counts of a.
func byteSum(a [4]uint8) int {
	x := binary.LittleEndian.Uint32(a[:])
	x = x&0x00ff00ff + x>>8&0x00ff00ff
	return int(x&0xffff + x>>16)
}

// addBytes returns a and b added count by count, and whether no count
// passed 255.
func addBytes(a, b [4]uint8) ([4]uint8, bool) {
	x, y := binary.LittleEndian.Uint32(a[:]), binary.LittleEndian.Uint32(b[:])
	sum := (x&0x7f7f7f7f + y&0x7f7f7f7f) ^ (x^y)&0x80808080
	carry := (x&y | (x|y)&^sum) & 0x80808080
	var out [4]uint8
	binary.LittleEndian.PutUint32(out[:], sum)
	return out, carry == 0
}

// appendCounted appends the cards NewCounts and AddCounts are given by
// their counts: the natural cards of rank by suit, the twos by suit, then
// the jokers.
func appendCounted(dst []card.Card, rank card.Rank, naturals, twos [4]uint8, jokers uint8) []card.Card {
	for s := card.Clubs; s <= card.Spades; s++ {
		for range naturals[s-1] {
			dst = append(dst, card.New(rank, s))
		}
	}
	for s := card.Clubs; s <= card.Spades; s++ {
		for range twos[s-1] {
			dst = append(dst, card.New(card.Two, s))
		}
	}
	for range jokers {
		dst = append(dst, card.Joker)
	}
	return dst
}
