package rummy

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/meld"
)

// Kind is what an action does.
type Kind uint8

// The kinds of action, in the order [Legal] lists them.
const (
	KindDrawStock Kind = 1 + iota // draw the stock's top card
	KindDrawPile                  // draw the discard pile's top card
	KindMeld                      // lay a run or a group from the hand
	KindLayOff                    // add one card from the hand to a meld on the table
	KindDiscard                   // discard one card, ending the turn
	KindNext                      // deal the next round, after one ends
)

var kindNames = [...]string{"", "draw stock", "draw pile", "meld", "lay", "discard", "next"}

// String returns the kind's first word(s) in an action's text, such as
// "draw stock" or "lay", or "Kind(N)" for a value that is no kind.
func (k Kind) String() string {
	if k >= 1 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

// Action is one move of the player to act: a small comparable value, built
// by [DrawStock], [DrawPile], [Meld], [LayOff], [Discard] or [Next], or read
// from text by [ParseAction]. Its text form is also its JSON form:
//
//	draw stock
//	draw pile
//	meld 4C 5C 6C
//	lay 7C on 2
//	discard KH
//	next
//
// The zero Action is no action: [Apply] refuses it with [ErrMalformed].
type Action struct {
	kind   Kind
	card   card.Card // lay and discard: the card
	target uint8     // lay: the meld's number on the table, from 1 (its index + 1)
	cards  set       // meld: the cards
}

// DrawStock draws the top card of the stock, unseen by the other players.
func DrawStock() Action { return Action{kind: KindDrawStock} }

// DrawPile draws the top card of the discard pile, in view of everyone.
// Under [Basic] it may be discarded the same turn, like any other card;
// with [Rules].KeepTaken it may not.
func DrawPile() Action { return Action{kind: KindDrawPile} }

// Next deals the next round, once a round of a game of several has ended.
func Next() Action { return Action{kind: KindNext} }

// Meld lays cs from the hand as a new meld in front of the player: a run
// (three or more cards of one suit in sequence, the ace low only: A-2-3 is
// a run, Q-K-A and K-A-2 are not) or a group (three or four cards of one
// rank). The cards may come in any order. An error wraps [ErrMeld] (and the
// [meld] package's error saying what is wrong).
func Meld(cs ...card.Card) (Action, error) {
	m, err := meld.NewCombination(cs)
	if err != nil {
		return Action{}, errs.Wrap(pkg, ErrMeld, "", err)
	}
	s, _ := setOf(m.AppendCards(make([]card.Card, 0, 13)))
	return Action{kind: KindMeld, cards: s}, nil
}

// LayOff adds c from the hand to the meld on the table at index target in
// [State.Melds]. The melds are in the order they were laid, whoever laid
// them. Indices count from 0 in Go, as everywhere in the library, and from
// 1 in text: "lay 7C on 1" is LayOff(7C, 0). The meld must stay a run or a
// group. So a run takes the card just below or just above it in its suit,
// and a group of three the fourth card of its rank. Melds are never
// rearranged. Naming the meld settles which one a card goes on when it
// fits two, such as 7C on 4C 5C 6C or on 8C 9C 10C. An error wraps
// [ErrMalformed] for a value that is no card or a target out of 0 to 16
// (17 melds, the most one deck makes).
func LayOff(c card.Card, target int) (Action, error) {
	if bit(c) == 0 {
		return Action{}, fail(ErrMalformed, "lay off: "+cardText(c)+" is not a card of the deck")
	}
	if target < 0 || target >= maxMelds {
		return Action{}, fail(ErrMalformed, "lay off "+c.String()+": meld index "+itoa(target)+" (the melds are 0 to "+itoa(maxMelds-1)+", 1 to "+itoa(maxMelds)+" in text)")
	}
	return Action{kind: KindLayOff, card: c, target: uint8(target + 1)}, nil
}

// Discard discards c from the hand onto the pile, ending the turn. An error
// wraps [ErrMalformed] for a value that is no card of the deck.
func Discard(c card.Card) (Action, error) {
	if bit(c) == 0 {
		return Action{}, fail(ErrMalformed, "discard: "+cardText(c)+" is not a card of the deck")
	}
	return Action{kind: KindDiscard, card: c}, nil
}

// Kind returns what the action does (0 for the zero Action).
func (a Action) Kind() Kind { return a.kind }

// Card returns the card laid off or discarded, or 0 for other kinds.
func (a Action) Card() card.Card { return a.card }

// Target returns the index in [State.Melds] of the meld a lay-off goes on
// (0 for the first meld, "on 1" in text), or -1 for other kinds.
func (a Action) Target() int {
	if a.kind != KindLayOff {
		return -1
	}
	return int(a.target) - 1
}

// Cards returns the cards of a meld (a run from its low card up, a group by
// suit), the one card of a lay-off or discard, or nil.
func (a Action) Cards() []card.Card {
	switch a.kind {
	case KindMeld:
		return a.cards.cards()
	case KindLayOff, KindDiscard:
		return []card.Card{a.card}
	}
	return nil
}

// valid reports whether a is an action a constructor builds.
func (a Action) valid() bool {
	switch a.kind {
	case KindDrawStock, KindDrawPile, KindNext:
		return a.card == 0 && a.target == 0 && a.cards == 0
	case KindMeld:
		return a.card == 0 && a.target == 0 && (a.cards.isRun() || a.cards.isGroup())
	case KindLayOff:
		return bit(a.card) != 0 && a.target >= 1 && a.target <= maxMelds && a.cards == 0
	case KindDiscard:
		return bit(a.card) != 0 && a.target == 0 && a.cards == 0
	}
	return false
}

// String returns the action's text, such as "meld 4C 5C 6C" or "lay 7C on
// 2"; the zero Action gives "none".
func (a Action) String() string {
	b, _ := a.AppendText(make([]byte, 0, 16))
	return string(b)
}

// AppendText appends the action's text to b. It implements
// [encoding.TextAppender] and never fails.
func (a Action) AppendText(b []byte) ([]byte, error) {
	if !a.valid() {
		if a == (Action{}) {
			return append(b, "none"...), nil
		}
		return append(b, "malformed"...), nil
	}
	b = append(b, a.kind.String()...)
	switch a.kind {
	case KindMeld:
		for x := a.cards; x != 0; x &= x - 1 {
			b = append(b, ' ')
			b, _ = x.first().AppendText(b)
		}
	case KindLayOff:
		b = append(b, ' ')
		b, _ = a.card.AppendText(b)
		b = append(b, " on "...)
		b = strconv.AppendInt(b, int64(a.target), 10)
	case KindDiscard:
		b = append(b, ' ')
		b, _ = a.card.AppendText(b)
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: the action's text, also
// its JSON form. The zero Action has none: it is an error wrapping
// [ErrMalformed].
func (a Action) MarshalText() ([]byte, error) {
	if !a.valid() {
		return nil, fail(ErrMalformed, "the zero Action has no text")
	}
	return a.AppendText(nil)
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseAction];
// on error a is unchanged.
func (a *Action) UnmarshalText(text []byte) error { return record.Set(a, ParseAction, text) }

// maxActionText is the most bytes of an action's text: the deck's cards,
// each in at most 8 bytes with its separator ("10♣, "), and the words.
const maxActionText = 8*52 + 64

// ParseAction reads an action's text: "draw stock", "draw pile", "meld"
// and its cards, "lay" a card "on" a meld number, "discard" a card, or
// "next". Words are separated by spaces and may be of any case; cards are
// in the card package's notation ("7C", "10h"). An error wraps
// [ErrMalformed], or [ErrMeld] for meld cards that are no run or group, and
// quotes the text. Text longer than a deck's cards could fill is refused
// before it is read, so ParseAction allocates at most a few kilobytes.
func ParseAction(s string) (Action, error) {
	if err := record.ActionLength(s, maxActionText, pkg, ErrMalformed); err != nil {
		return Action{}, err
	}
	f := strings.Fields(s)
	bad := func(why string) (Action, error) {
		return Action{}, fail(ErrMalformed, errs.Quote(s)+": "+why)
	}
	if len(f) == 0 {
		return bad("no action: the actions are draw stock, draw pile, meld, lay, discard and next")
	}
	word := strings.ToLower(f[0])
	switch {
	case word == "draw" && len(f) == 2 && strings.EqualFold(f[1], "stock"):
		return DrawStock(), nil
	case word == "draw" && len(f) == 2 && strings.EqualFold(f[1], "pile"):
		return DrawPile(), nil
	case word == "draw":
		return bad("draw stock or draw pile")
	case word == "next" && len(f) == 1:
		return Next(), nil
	case word == "meld" && len(f) > 1:
		cs, err := card.ParseCards(strings.Join(f[1:], " "))
		if err != nil {
			return Action{}, errs.Wrap(pkg, ErrMalformed, errs.Quote(s), err)
		}
		a, err := Meld(cs...)
		return a, requote(s, err)
	case word == "discard" && len(f) == 2:
		c, err := card.Parse(f[1])
		if err != nil {
			return Action{}, errs.Wrap(pkg, ErrMalformed, errs.Quote(s), err)
		}
		a, err := Discard(c)
		return a, requote(s, err)
	case word == "lay" && len(f) == 4 && strings.EqualFold(f[2], "on"):
		c, err := card.Parse(f[1])
		if err != nil {
			return Action{}, errs.Wrap(pkg, ErrMalformed, errs.Quote(s), err)
		}
		n, err := strconv.Atoi(f[3])
		if err != nil {
			return bad("the meld number " + errs.Quote(f[3]) + " is not a number")
		}
		if n < 1 || n > maxMelds {
			return bad("meld number " + itoa(n) + " (melds are numbered 1 to " + itoa(maxMelds) + ")")
		}
		a, err := LayOff(c, n-1)
		return a, requote(s, err)
	}
	switch word {
	case "next":
		return bad("next takes nothing after it")
	case "meld":
		return bad("meld names its cards, such as meld 4C 5C 6C")
	case "discard":
		return bad("discard names one card, such as discard KH")
	case "lay":
		return bad("lay names a card and a meld, such as lay 7C on 2")
	}
	return bad("the actions are draw stock, draw pile, meld, lay, discard and next")
}

// requote restates err, an error of a constructor called by ParseAction,
// with the text s it read, quoted; nil stays nil.
func requote(s string, err error) error {
	var e *errs.Error
	if !errors.As(err, &e) {
		return err
	}
	detail := errs.Quote(s)
	if e.Detail() != "" {
		detail += ": " + e.Detail()
	}
	return errs.Wrap(pkg, e.Rule(), detail, e.Cause())
}

// cardText is c's notation, or its number when it is no card.
func cardText(c card.Card) string {
	if c.IsValid() {
		return c.String()
	}
	return "card value " + itoa(int(c))
}

// cardList writes cs as card texts separated by spaces.
func cardList(cs []card.Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(cardText(c))
		if i == 20 && len(cs) > 22 {
			b.WriteString(" ...")
			break
		}
	}
	return b.String()
}
