package family

import (
	"github.com/cardrules/cardrules"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// refText returns a ref's text form: the rank, followed by "#N" for the
// N-th meld of the rank after the first: "9", "9#2".
func refText(r Ref) string { return string(AppendRef(make([]byte, 0, 8), r)) }

// AppendRef appends a ref's text form.
func AppendRef(b []byte, r Ref) []byte {
	b = append(b, r.Rank.String()...)
	if r.Index != 0 {
		b = append(b, '#')
		b = strconv.AppendInt(b, int64(r.Index)+1, 10)
	}
	return b
}

// ParseRef reads a meld reference: a rank (A, 2-9, 10 or T, J, Q, K, in
// either case), optionally followed by "#" and the meld's number among the
// side's melds of that rank, 1 to 255. It returns the reason when s is none.
func ParseRef(s string) (Ref, string) {
	rankText, num, hasNum := strings.Cut(s, "#")
	bad := "not a meld: " + errs.Quote(s) + " (name a meld by its rank, as in 9, or 9#2 for the second meld of nines)"
	r := parseRank(rankText)
	if r == 0 {
		return Ref{}, bad
	}
	if !hasNum {
		return Ref{Rank: r}, ""
	}
	n, ok := parseNumber(num)
	if !ok {
		return Ref{}, bad
	}
	if n < 1 || n > 255 {
		return Ref{}, "no meld " + errs.Quote(s) + ": the melds of a rank are numbered 1 to 255"
	}
	return Ref{Rank: r, Index: n - 1}, ""
}

// parseNumber reads a decimal number, capped above 255 so that long input
// cannot overflow.
func parseNumber(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		d := s[i]
		if d < '0' || d > '9' {
			return 0, false
		}
		if n = n*10 + int(d-'0'); n > 255 {
			n = 256
		}
	}
	return n, true
}

// parseRank reads a rank in card notation: A, 2-9, 10 or T, J, Q, K, in
// either case. It returns the zero Rank for anything else.
func parseRank(s string) card.Rank {
	c, err := card.Parse(s + "C")
	if err != nil || c == card.Joker {
		return 0
	}
	return c.Rank()
}

// AppendText appends the text form of a well-formed action.
func (a Action) AppendText(b []byte) []byte {
	switch a.Kind {
	case Draw, Ask, TakeBack, Next:
		return append(b, a.Kind.String()...)
	case Answer:
		if a.Target == 1 {
			return append(b, "yes"...)
		}
		return append(b, "no"...)
	case Choose:
		return append(b, "packet "+string('0'+rune(a.Target))...)
	case Discard:
		b = append(b, "discard "...)
		return append(b, a.Card.String()...)
	case Take:
		b = append(b, "take"...)
		if a.Card != 0 {
			b = append(b, " with "...)
			return append(b, a.Card.String()...)
		}
		if a.Target == 0 {
			return b
		}
		b = append(b, " to "...)
		if a.Rank != 0 {
			// A wild upcard's meld, by rank and number: "9#1" (a bare
			// "9" would read as the meld number 9).
			b = append(b, a.Rank.String()...)
		}
		b = append(b, '#')
		return strconv.AppendInt(b, int64(a.Target), 10)
	case Meld:
		return a.appendCards(append(b, "meld"...))
	case Add:
		b = a.appendCards(append(b, "add"...))
		b = append(b, " to "...)
		return AppendRef(b, a.ref(a.Rank))
	case LayRed:
		b = append(b, "lay "...)
		b = append(b, a.Card.String()...)
		b = append(b, " on "...)
		return AppendRef(b, a.ref(a.Rank))
	}
	return append(b, "invalid"...)
}

// AppendTextErr appends a's text form to b, as a game's Action.AppendText
// does: an action no constructor of the game builds (not well formed, or
// valid false: well formed, but of a kind or with a payload the game does
// not play) is an error of package pkg wrapping cardrules.ErrMalformed, and b comes
// back as it was.
func (a Action) AppendTextErr(pkg string, valid bool, b []byte) ([]byte, error) {
	if !a.WellFormed() || !valid {
		what := "the zero Action"
		switch {
		case a.Kind == 0 || a.Kind.String() == "invalid":
			if a != (Action{}) {
				what = "an action of unknown kind " + strconv.Itoa(int(a.Kind))
			}
		default:
			what = "a forged " + a.Kind.String() + " action"
		}
		return b, errs.New(pkg, cardrules.ErrMalformed, what+" has no text form")
	}
	return a.AppendText(b), nil
}

// appendCards appends the laid cards, each after a space.
func (a Action) appendCards(b []byte) []byte {
	var buf [32]card.Card
	for _, c := range a.AppendCards(buf[:0]) {
		b = append(b, ' ')
		b = append(b, c.String()...)
	}
	return b
}

// Parse reads an action's text form for package pkg, accepting only the
// kinds in kinds. With canasta, it reads Canasta's forms too: black threes
// melded and the pile taken with a wild card ("take with 2C"). The grammar is in the game packages' ParseAction. Every
// error wraps cardrules.ErrMalformed (or cardrules.ErrMeld for cards that break a meld rule,
// cardrules.ErrNoMeld for a rank no meld has) and quotes the input.
func Parse(pkg string, kinds Kinds, canasta bool, s string) (Action, error) {
	p := parser{pkg: pkg, in: s, canasta: canasta, kinds: kinds}
	a, err := p.parse()
	if err != nil {
		return Action{}, err
	}
	if !kinds.Has(a.Kind) {
		return Action{}, p.fail("this game has no action " + errs.Quote(a.Kind.String()))
	}
	return a, nil
}

// parser parses one action's text and words its errors.
type parser struct {
	pkg, in string
	canasta bool // Canasta's forms: black threes melded, the pile taken with a wild card
	kinds   Kinds
}

// fail returns an error wrapping cardrules.ErrMalformed that quotes the input and
// gives the reason.
func (p parser) fail(reason string) error {
	return errs.New(p.pkg, cardrules.ErrMalformed, errs.Quote(p.in)+": "+reason)
}

// fault returns a constructor's fault with the input quoted in front.
func (p parser) fault(f Fault) error {
	return errs.New(p.pkg, f.Sentinel(), errs.Quote(p.in)+": "+f.detail(nil))
}

// extra is the error for words after a complete action.
func (p parser) extra(after string, word string) error {
	return p.fail("unexpected " + errs.Quote(word) + " after " + errs.Quote(after))
}

// isTo reports whether w is the word before a meld: to, on or onto.
func isTo(w string) bool {
	return strings.EqualFold(w, "to") || strings.EqualFold(w, "on") || strings.EqualFold(w, "onto")
}

// hint lists the verbs of the kinds the game knows, for an error.
func (p parser) hint() string {
	var vs []string
	for _, k := range [...]Kind{Draw, Take, Meld, Add, LayRed, Discard, TakeBack, Ask, Answer, Choose, Next} {
		switch {
		case !p.kinds.Has(k):
		case k == Answer:
			vs = append(vs, "yes", "no")
		default:
			vs = append(vs, k.String())
		}
	}
	return " (try " + strings.Join(vs, ", ") + ")"
}

func (p parser) parse() (Action, error) {
	words := strings.Fields(p.in)
	if len(words) == 0 {
		return Action{}, p.fail("no action" + p.hint())
	}
	verb, args := strings.ToLower(words[0]), words[1:]
	var a Action
	switch verb {
	case "draw":
		a = Action{Kind: Draw}
	case "ask":
		a = Action{Kind: Ask}
	case "back", "takeback", "undo":
		a = Action{Kind: TakeBack}
	case "next":
		a = Action{Kind: Next}
	case "yes", "y":
		a = NewAnswer(true)
	case "no", "n":
		a = NewAnswer(false)
	case "take":
		if len(args) > 0 && strings.EqualFold(args[0], "back") {
			a, args = Action{Kind: TakeBack}, args[1:]
			break
		}
		return p.take(args)
	case "packet":
		if len(args) == 0 {
			return Action{}, p.fail(`packet needs a number: "packet 1" or "packet 2"`)
		}
		switch args[0] {
		case "1", "2":
			a, _ = NewChoose(int(args[0][0] - '0'))
		default:
			return Action{}, p.fail("no packet " + errs.Quote(args[0]) + `: "packet 1" or "packet 2"`)
		}
		args = args[1:]
	case "discard":
		if len(args) == 0 {
			return Action{}, p.fail(`discard needs a card, as in "discard KH"`)
		}
		c, err := card.Parse(args[0])
		if err != nil {
			return Action{}, p.wrap(err)
		}
		a, _ = NewDiscard(c)
		args = args[1:]
	case "meld":
		return p.meld(args)
	case "add":
		return p.add(args)
	case "lay":
		return p.lay(args)
	default:
		return Action{}, p.fail("unknown action " + errs.Quote(words[0]) + p.hint())
	}
	if len(args) > 0 {
		return Action{}, p.extra(strings.Join(words[:len(words)-len(args)], " "), args[0])
	}
	return a, nil
}

// wrap returns a card notation error with the input quoted.
func (p parser) wrap(err error) error {
	return errs.Wrap(p.pkg, cardrules.ErrMalformed, errs.Quote(p.in), err)
}

// take reads the words after "take": nothing, "with CARD" (Canasta), "to
// #N", or "to REF" for a wild upcard, where a REF that is only a number is
// read as "#N".
func (p parser) take(args []string) (Action, error) {
	forms := `"take" for a new meld with your pair, "take to #1" onto your side's first meld of the upcard's rank, or "take to 9#1" to put a wild upcard on your side's first meld of nines`
	if p.canasta {
		forms = `"take" for a new meld with your pair, "take with 2C" with a natural card and that wild card, or "take to #1" onto your side's meld of the upcard's rank`
	}
	switch {
	case len(args) == 0:
		return Action{Kind: Take}, nil
	case p.canasta && strings.EqualFold(args[0], "with"):
		if len(args) == 1 {
			return Action{}, p.fail("take with needs a wild card: " + forms)
		}
		if len(args) > 2 {
			return Action{}, p.extra("take with "+args[1], args[2])
		}
		c, err := card.Parse(args[1])
		if err != nil {
			return Action{}, p.wrap(err)
		}
		a, f := NewTakeWith(c)
		if f.Code != 0 {
			return Action{}, p.fault(f)
		}
		return a, nil
	case !isTo(args[0]):
		return Action{}, p.fail("unexpected " + errs.Quote(args[0]) + " after take: " + forms)
	case len(args) == 1:
		return Action{}, p.fail("take needs a meld number after " + errs.Quote(args[0]) + ": " + forms)
	case len(args) > 2:
		return Action{}, p.extra("take "+args[0]+" "+args[1], args[2])
	}
	n, ok := parseNumber(strings.TrimPrefix(args[1], "#"))
	if !ok && !strings.HasPrefix(args[1], "#") {
		ref, bad := ParseRef(args[1])
		if bad != "" {
			return Action{}, p.fail(bad + ": " + forms)
		}
		a, f := NewTakeToMeld(ref)
		if f.Code != 0 {
			return Action{}, p.fault(f)
		}
		return a, nil
	}
	if !ok {
		return Action{}, p.fail("not a meld number: " + errs.Quote(args[1]) + ": " + forms)
	}
	a, f := NewTakeTo(n - 1)
	if f.Code != 0 {
		return Action{}, p.fail("no meld number " + errs.Quote(args[1]) + ": the melds of a rank are numbered 1 to 255")
	}
	return a, nil
}

// cards reads a list of cards separated by spaces and commas.
// none is the error reason for an empty list.
func (p parser) cards(none string, words []string) ([]card.Card, error) {
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
func (p parser) meld(args []string) (Action, error) {
	cs, err := p.cards(`meld needs cards, as in "meld 7H 7D 2C"`, args)
	if err != nil {
		return Action{}, err
	}
	a, f := NewMeld(cs, p.canasta)
	if f.Code != 0 {
		return Action{}, p.fault(f)
	}
	return a, nil
}

// add reads the words after "add": the cards, to, and a ref.
func (p parser) add(args []string) (Action, error) {
	const form = `"add 9S 2C to 9"`
	i := 0
	for i < len(args) && !isTo(args[i]) {
		i++
	}
	if i == len(args) {
		return Action{}, p.fail("add needs to and a meld after the cards: " + form)
	}
	cs, err := p.cards("add needs cards before "+errs.Quote(args[i])+": "+form, args[:i])
	if err != nil {
		return Action{}, err
	}
	rest := args[i+1:]
	if len(rest) == 0 {
		return Action{}, p.fail("add needs a meld after " + errs.Quote(args[i]) + ": " + form)
	}
	ref, reason := ParseRef(rest[0])
	if reason != "" {
		return Action{}, p.fail(reason)
	}
	if len(rest) > 1 {
		return Action{}, p.extra(rest[0], rest[1])
	}
	a, f := NewAdd(ref, cs, p.canasta)
	if f.Code != 0 {
		return Action{}, p.fault(f)
	}
	return a, nil
}

// lay reads the words after "lay": a red three, on, and a ref.
func (p parser) lay(args []string) (Action, error) {
	const form = `"lay 3H on 9"`
	if len(args) == 0 {
		return Action{}, p.fail("lay needs a red three and a meld: " + form)
	}
	c, err := card.Parse(args[0])
	if err != nil {
		return Action{}, p.wrap(err)
	}
	if len(args) == 1 || !isTo(args[1]) {
		return Action{}, p.fail("lay needs on and a meld after the three: " + form)
	}
	if len(args) == 2 {
		return Action{}, p.fail("lay needs a meld after " + errs.Quote(args[1]) + ": " + form)
	}
	ref, reason := ParseRef(args[2])
	if reason != "" {
		return Action{}, p.fail(reason)
	}
	if len(args) > 3 {
		return Action{}, p.extra(args[2], args[3])
	}
	a, f := NewLayRed(c, ref)
	if f.Code != 0 {
		return Action{}, p.fault(f)
	}
	return a, nil
}
