package handfoot

import (
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
)

// verbHint lists the verbs for an error about an unknown or missing verb.
const verbHint = " (try draw, take, meld, add, lay, discard, back, ask, yes, no, packet, next)"

// String returns the ref's text form: the rank, followed by "#N" when N is
// not 1: "9", "9#2", "10#3". (A ref numbered below 1 is written with its
// number, "9#0", so that it does not read as the first meld; [ParseRef]
// rejects it.)
func (r Ref) String() string { return string(r.appendText(make([]byte, 0, 8))) }

func (r Ref) appendText(b []byte) []byte {
	b = append(b, r.Rank.String()...)
	if r.N != 1 {
		b = append(b, '#')
		b = strconv.AppendInt(b, int64(r.N), 10)
	}
	return b
}

// ParseRef reads a meld reference: a rank (A, 2-9, 10 or T, J, Q, K, in
// either case), optionally followed by "#" and the meld's number among the
// team's melds of that rank, 1 to 255: "9", "9#2", "t#3". "9#1" is the same
// as "9". Surrounding space is ignored. The error is a [*RuleError] wrapping
// [ErrMalformed].
func ParseRef(s string) (Ref, error) {
	r, reason := parseRef(strings.TrimSpace(s))
	if reason != "" {
		return Ref{}, ruleError(ErrMalformed, strconv.Quote(s)+": "+reason)
	}
	return r, nil
}

// parseRef reads a ref, or says what is wrong with it.
func parseRef(s string) (Ref, string) {
	rankText, num, hasNum := strings.Cut(s, "#")
	bad := "not a meld: " + strconv.Quote(s) + " (name a meld by its rank, as in 9, or 9#2 for the second meld of nines)"
	r := parseRank(rankText)
	if r == 0 {
		return Ref{}, bad
	}
	if !hasNum {
		return Ref{r, 1}, ""
	}
	if num == "" {
		return Ref{}, bad
	}
	n := 0
	for i := 0; i < len(num); i++ {
		d := num[i]
		if d < '0' || d > '9' {
			return Ref{}, bad
		}
		if n = n*10 + int(d-'0'); n > 255 {
			break
		}
	}
	if n < 1 || n > 255 {
		return Ref{}, "no meld " + strconv.Quote(s) + ": the melds of a rank are numbered 1 to 255"
	}
	return Ref{r, n}, ""
}

// parseRank reads a rank in card notation: A, 2-9, 10 or T, J, Q, K, in
// either case. It returns the zero Rank for anything else.
func parseRank(s string) card.Rank {
	switch len(s) {
	case 1:
		switch c := s[0]; c {
		case 'A', 'a':
			return card.Ace
		case 'T', 't':
			return card.Ten
		case 'J', 'j':
			return card.Jack
		case 'Q', 'q':
			return card.Queen
		case 'K', 'k':
			return card.King
		default:
			if c >= '2' && c <= '9' {
				return card.Rank(c - '0')
			}
		}
	case 2:
		if s == "10" {
			return card.Ten
		}
	}
	return 0
}

// String returns the action's canonical text form ("draw", "take 7 to 7#2",
// "meld 7C 7H 2S JK", ...; the grammar is at [ParseAction]), which
// ParseAction reads back to the same action. An action that is not
// well-formed, such as the zero Action, is "invalid", which ParseAction
// rejects.
func (a Action) String() string {
	if !a.wellFormed() {
		return "invalid"
	}
	return string(a.appendText(make([]byte, 0, 24)))
}

// AppendText appends the action's text form, as [Action.String] writes it,
// to b. It implements [encoding.TextAppender]. An action that is not
// well-formed, the zero Action included, is an error wrapping [ErrMalformed]
// and leaves b as it was.
func (a Action) AppendText(b []byte) ([]byte, error) {
	if !a.wellFormed() {
		what := "the zero Action"
		switch {
		case a.kind == 0 || a.kind > NextRound:
			if a != (Action{}) {
				what = "an action of unknown kind " + itoa(int(a.kind))
			}
		default:
			what = "a forged " + a.kind.String() + " action"
		}
		return b, ruleError(ErrMalformed, what+" has no text form")
	}
	return a.appendText(b), nil
}

// MarshalText implements [encoding.TextMarshaler]: JSON carries the text
// form, json.Marshal(DrawStock()) is `"draw"`. See [Action.AppendText].
func (a Action) MarshalText() ([]byte, error) {
	b, err := a.AppendText(make([]byte, 0, 24))
	if err != nil {
		return nil, err
	}
	return b, nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseAction].
// On error a is unchanged.
func (a *Action) UnmarshalText(text []byte) error {
	v, err := ParseAction(string(text))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// appendText appends the text form of a well-formed action.
func (a Action) appendText(b []byte) []byte {
	switch a.kind {
	case Draw, Ask, TakeBack, NextRound:
		return append(b, a.kind.String()...)
	case Answer:
		if a.target == 1 {
			return append(b, "yes"...)
		}
		return append(b, "no"...)
	case ChoosePacket:
		return append(b, "packet "+string('0'+rune(a.target))...)
	case Discard:
		b = append(b, "discard "...)
		return append(b, a.card.String()...)
	case TakePile:
		b = append(b, "take "...)
		b = append(b, a.rank.String()...)
		if a.target == 0 {
			return append(b, " new"...)
		}
		b = append(b, " to "...)
		return Ref{a.rank, int(a.target)}.appendText(b)
	case MeldNew:
		return a.appendCards(append(b, "meld"...))
	case AddTo:
		b = a.appendCards(append(b, "add"...))
		b = append(b, " to "...)
		return Ref{a.rank, int(a.target)}.appendText(b)
	case LayRedThree:
		b = append(b, "lay "...)
		b = append(b, a.card.String()...)
		b = append(b, " on "...)
		return Ref{a.rank, int(a.target)}.appendText(b)
	}
	return append(b, "invalid"...)
}

// appendCards appends the laid cards, each after a space, in the order
// [Action.Cards] gives them.
func (a Action) appendCards(b []byte) []byte {
	for _, c := range a.Cards() {
		b = append(b, ' ')
		b = append(b, c.String()...)
	}
	return b
}

// ParseAction reads an action in its text form. [Action.String] writes the
// canonical form: lower-case verbs, cards in card notation, single spaces.
//
//	draw
//	take RANK new              take 7 new
//	take RANK to REF           take 7 to 7, take 7 to 7#2
//	meld CARD CARD ...         meld 7C 7H 2S JK
//	add CARD ... to REF        add 9S 2C to 9, add 9S to 9#2
//	lay CARD on REF            lay 3H on 9, lay 3D on 9#2
//	discard CARD               discard KH
//	back
//	ask
//	yes | no
//	packet 1 | packet 2
//	next
//
// RANK is A, 2 ... 10, J, Q or K; a take's RANK is the upcard's and must be
// the rank of REF. REF is a [Ref]: "9", "9#2". The cards of meld and add
// come in the order [Action.Cards] gives: natural cards by suit, then twos
// by suit, then jokers.
//
// ParseAction is lenient like a person typing: any case ("DRAW", "Meld 7h
// 7d 2c"), any runs of space, commas between cards ("meld 7H, 7D, 2C"), the
// card notation [card.Parse] accepts ("th", "Q♦"), ranks as "10" or "T", a
// ref written "9#1" for "9", "take back", "takeback" and "undo" for "back",
// "y" and "n" for "yes" and "no", and "to", "on" or "onto" before a meld. The cards of
// meld and add go through [Meld] and [Add], so the same rules apply: one
// rank, no threes, a natural card in a new meld.
//
// Every action ParseAction returns is one a constructor builds, and its
// String reads back to it. The error is a [*RuleError] quoting s: it wraps
// [ErrMalformed], or [ErrMeld] for cards that break a meld rule ("meld 7H
// 8H 9H"), and for a bad card also the [card.ParseError].
func ParseAction(s string) (Action, error) {
	p := actionParser{in: s}
	a, err := p.parse()
	if err != nil {
		return Action{}, err
	}
	if !a.wellFormed() { // not reached: every branch builds a well-formed action
		return Action{}, p.fail("not an action")
	}
	return a, nil
}

// actionParser parses one action's text and words its errors.
type actionParser struct {
	in string
}

// fail returns an error wrapping ErrMalformed that quotes the input and
// gives the reason.
func (p actionParser) fail(reason string) error {
	return ruleError(ErrMalformed, strconv.Quote(p.in)+": "+reason)
}

// wrap returns err, the error of a constructor or of card notation, with
// the input quoted in front of its detail.
func (p actionParser) wrap(err error) error {
	if re, ok := err.(*RuleError); ok {
		return &RuleError{Rule: re.Rule, Detail: strconv.Quote(p.in) + ": " + re.Detail, Err: re.Err}
	}
	return &RuleError{Rule: ErrMalformed, Detail: strconv.Quote(p.in), Err: err}
}

// extra is the error for words after a complete action.
func (p actionParser) extra(after string, word string) error {
	return p.fail("unexpected " + strconv.Quote(word) + " after " + strconv.Quote(after))
}

// isTo reports whether w is the word before a meld: to, on or onto.
func isTo(w string) bool {
	return strings.EqualFold(w, "to") || strings.EqualFold(w, "on") || strings.EqualFold(w, "onto")
}

func (p actionParser) parse() (Action, error) {
	words := strings.Fields(p.in)
	if len(words) == 0 {
		return Action{}, p.fail("no action" + verbHint)
	}
	verb, args := strings.ToLower(words[0]), words[1:]
	var a Action
	switch verb {
	case "draw":
		a = DrawStock()
	case "ask":
		a = AskPartner()
	case "back", "takeback", "undo":
		a = TakeBackCards()
	case "next":
		a = Next()
	case "yes", "y":
		a = Reply(true)
	case "no", "n":
		a = Reply(false)
	case "take":
		if len(args) > 0 && strings.EqualFold(args[0], "back") {
			a, args = TakeBackCards(), args[1:]
			break
		}
		return p.take(args)
	case "packet":
		if len(args) == 0 {
			return Action{}, p.fail(`packet needs a number: "packet 1" or "packet 2"`)
		}
		switch args[0] {
		case "1", "2":
			a, args = Choose(int(args[0][0]-'0')), args[1:]
		default:
			return Action{}, p.fail("no packet " + strconv.Quote(args[0]) + `: "packet 1" or "packet 2"`)
		}
	case "discard":
		if len(args) == 0 {
			return Action{}, p.fail(`discard needs a card, as in "discard KH"`)
		}
		c, err := card.Parse(args[0])
		if err != nil {
			return Action{}, p.wrap(err)
		}
		a, args = DiscardCard(c), args[1:]
	case "meld":
		return p.meld(args)
	case "add":
		return p.add(args)
	case "lay":
		return p.lay(args)
	default:
		return Action{}, p.fail("unknown action " + strconv.Quote(words[0]) + verbHint)
	}
	if len(args) > 0 {
		return Action{}, p.extra(strings.Join(words[:len(words)-len(args)], " "), args[0])
	}
	return a, nil
}

// take reads the words after "take": RANK new, or RANK to REF.
func (p actionParser) take(args []string) (Action, error) {
	const forms = `"take 7 new" or "take 7 to 7"`
	if len(args) == 0 {
		return Action{}, p.fail("take needs the upcard's rank: " + forms)
	}
	rank := parseRank(args[0])
	if rank == 0 {
		return Action{}, p.fail("not a rank: " + strconv.Quote(args[0]) + " (the upcard's rank, as in " + forms + ")")
	}
	switch {
	case len(args) == 1:
		return Action{}, p.fail("take needs new or to after the rank: " + forms)
	case strings.EqualFold(args[1], "new"):
		if len(args) > 2 {
			return Action{}, p.extra("take "+args[0]+" "+args[1], args[2])
		}
		return TakePileNew(rank), nil
	case isTo(args[1]):
		if len(args) == 2 {
			return Action{}, p.fail("take needs a meld after " + strconv.Quote(args[1]) + ": " + forms)
		}
		ref, reason := parseRef(args[2])
		if reason != "" {
			return Action{}, p.fail(reason)
		}
		if ref.Rank != rank {
			return Action{}, p.fail("the upcard's rank " + rank.String() + " is not the rank of meld " + ref.String())
		}
		if len(args) > 3 {
			return Action{}, p.extra("take "+strings.Join(args[:3], " "), args[3])
		}
		return TakePileTo(ref), nil
	}
	return Action{}, p.fail("take needs new or to after the rank, not " + strconv.Quote(args[1]) + ": " + forms)
}

// cards reads a list of cards separated by spaces and commas.
// none is the error reason for an empty list.
func (p actionParser) cards(none string, words []string) ([]card.Card, error) {
	cs, err := card.ParseCards(strings.Join(words, " "))
	if err != nil {
		return nil, p.wrap(err)
	}
	if len(cs) == 0 {
		return nil, p.fail(none)
	}
	return cs, nil
}

// meld reads the words after "meld": the cards.
func (p actionParser) meld(args []string) (Action, error) {
	cs, err := p.cards(`meld needs cards, as in "meld 7H 7D 2C"`, args)
	if err != nil {
		return Action{}, err
	}
	a, err := Meld(cs...)
	if err != nil {
		return Action{}, p.wrap(err)
	}
	return a, nil
}

// add reads the words after "add": the cards, to, and a ref.
func (p actionParser) add(args []string) (Action, error) {
	const form = `"add 9S 2C to 9"`
	i := 0
	for i < len(args) && !isTo(args[i]) {
		i++
	}
	if i == len(args) {
		return Action{}, p.fail("add needs to and a meld after the cards: " + form)
	}
	cs, err := p.cards("add needs cards before "+strconv.Quote(args[i])+": "+form, args[:i])
	if err != nil {
		return Action{}, err
	}
	rest := args[i+1:]
	if len(rest) == 0 {
		return Action{}, p.fail("add needs a meld after " + strconv.Quote(args[i]) + ": " + form)
	}
	ref, reason := parseRef(rest[0])
	if reason != "" {
		return Action{}, p.fail(reason)
	}
	if len(rest) > 1 {
		return Action{}, p.extra(rest[0], rest[1])
	}
	switch ref.Rank {
	case card.Three:
		return Action{}, ruleError(ErrMeld, strconv.Quote(p.in)+": threes are never melded")
	case card.Two:
		return Action{}, ruleError(ErrMeld, strconv.Quote(p.in)+": twos are wild and never a meld's rank")
	}
	a, err := Add(ref, cs...)
	if err != nil {
		return Action{}, p.wrap(err)
	}
	return a, nil
}

// lay reads the words after "lay": a red three, on, and a ref.
func (p actionParser) lay(args []string) (Action, error) {
	const form = `"lay 3H on 9"`
	if len(args) == 0 {
		return Action{}, p.fail("lay needs a red three and a meld: " + form)
	}
	c, err := card.Parse(args[0])
	if err != nil {
		return Action{}, p.wrap(err)
	}
	if c.Rank() != card.Three || !c.IsRed() {
		return Action{}, p.fail("only a red three is laid on a meld, not " + c.String() + ": " + form)
	}
	if len(args) == 1 || !isTo(args[1]) {
		return Action{}, p.fail("lay needs on and a meld after the three: " + form)
	}
	if len(args) == 2 {
		return Action{}, p.fail("lay needs a meld after " + strconv.Quote(args[1]) + ": " + form)
	}
	ref, reason := parseRef(args[2])
	if reason != "" {
		return Action{}, p.fail(reason)
	}
	if len(args) > 3 {
		return Action{}, p.extra(args[2], args[3])
	}
	return LayRed(c, ref), nil
}
