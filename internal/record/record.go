// Package record is the text form of a game record that the games share,
// and not public API: one item per line,
//
//	<game> record
//	rules <the game's rules text>
//	seed N
//	shoe N <cards, top first>
//	start <a position as JSON>
//	<seat>: <action text>
//
// with blank lines and lines beginning with "#" ignored. What the rules,
// the start position and the actions mean is each game's own: this package
// writes and splits the lines, and words the errors.
package record

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// Text is a record as its lines carry it.
type Text struct {
	Rules   string        // after "rules "
	Seed    uint64        // after "seed "
	Shoes   [][]card.Card // "shoe N ...", index N-1; nil for a round with none
	Start   string        // after "start ": JSON, or "" for none
	Seats   []int         // each action's seat; -1 written as "?"
	Actions []string      // each action's text
	Lines   []int         // Parse: the line each action was read from
}

// Marshal writes t's lines under the header "<game> record".
func (t Text) Marshal(game string) []byte {
	var b bytes.Buffer
	b.WriteString(game + " record\n")
	b.WriteString("rules " + t.Rules + "\n")
	b.WriteString("seed " + strconv.FormatUint(t.Seed, 10) + "\n")
	for i, shoe := range t.Shoes {
		if shoe != nil {
			b.WriteString("shoe " + strconv.Itoa(i+1))
			for _, c := range shoe {
				b.WriteByte(' ')
				b.WriteString(c.String())
			}
			b.WriteByte('\n')
		}
	}
	if t.Start != "" {
		b.WriteString("start " + t.Start + "\n")
	}
	for i, a := range t.Actions {
		if i < len(t.Seats) && t.Seats[i] >= 0 {
			b.WriteString(strconv.Itoa(t.Seats[i]) + ": ")
		} else {
			b.WriteString("?: ")
		}
		b.WriteString(a)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TextLimits bound a record's text: [Parse] refuses what no game of the
// rules can hold before it reads it.
type TextLimits struct {
	Rounds  int // the most rounds: a shoe's round is 1 to Rounds
	Shoe    int // the most cards of a shoe, the largest the rules deal
	Actions int // the most actions, those of the longest game any rules allow
	// MaxActions, when not nil, returns the most actions of a game of the
	// rules a record's rules line gives (as [Text.Rules]), or 0 when it
	// cannot tell.
	MaxActions func(rules string) int
}

// Parse splits the text of a record of game into its lines. Errors are of
// package pkg, wrap rule and name the line. A shoe's round, a shoe's cards
// and the number of actions are held to lim, and a round has one shoe:
// Parse counts the actions before it allocates for them. It allocates a
// copy of text, 32 bytes for each action line and 1 byte for each card of
// a shoe.
func Parse(text []byte, game, pkg string, rule error, lim TextLimits) (Text, error) {
	var t Text
	header := game + " record"
	bad := func(line int, what string) error {
		return errs.New(pkg, rule, "line "+strconv.Itoa(line)+": "+what)
	}
	all := string(text) // one copy: the lines and the actions' texts are its parts
	n, rules := countActions(all)
	most := lim.Actions
	if lim.MaxActions != nil {
		if m := lim.MaxActions(rules); m > 0 {
			most = min(most, m)
		}
	}
	if n > most {
		return Text{}, errs.New(pkg, rule, strconv.Itoa(n)+" action lines: a game of the record's rules lasts at most "+strconv.Itoa(most)+" actions")
	} else if n > 0 {
		t.Seats, t.Actions, t.Lines = make([]int, 0, n), make([]string, 0, n), make([]int, 0, n)
	}
	n, seen := 0, false // n: the line
	for rest := all; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		n++
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !seen {
			if line != header {
				return Text{}, bad(n, "a record begins with "+strconv.Quote(header))
			}
			seen = true
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "rules":
			t.Rules = rest
		case "seed":
			seed, err := strconv.ParseUint(rest, 10, 64)
			if err != nil {
				return Text{}, bad(n, "the seed "+errs.Quote(rest))
			}
			t.Seed = seed
		case "shoe":
			num, cards, _ := strings.Cut(rest, " ")
			round, err := strconv.Atoi(num)
			if err != nil || round < 1 || round > lim.Rounds {
				return Text{}, bad(n, "the shoe's round "+errs.Quote(num))
			}
			if round <= len(t.Shoes) && t.Shoes[round-1] != nil {
				return Text{}, bad(n, "a second shoe for round "+num)
			}
			if k := countCards(cards); k > lim.Shoe {
				return Text{}, bad(n, "the shoe of round "+num+" lists "+strconv.Itoa(k)+" cards, and a shoe holds at most "+strconv.Itoa(lim.Shoe))
			}
			cs, err := card.ParseCards(cards)
			if err != nil {
				return Text{}, errs.Wrap(pkg, rule, "line "+strconv.Itoa(n)+": the shoe of round "+num, err)
			}
			for len(t.Shoes) < round {
				t.Shoes = append(t.Shoes, nil)
			}
			t.Shoes[round-1] = cs
		case "start":
			t.Start = rest
		default:
			seat, action, ok := strings.Cut(line, ":")
			who, err := strconv.Atoi(seat)
			if seat == "?" { // written past an action the replay refused
				who, err = -1, nil
			}
			if !ok || err != nil {
				return Text{}, bad(n, errs.Quote(line)+" is not an action line (seat: action)")
			}
			t.Seats = append(t.Seats, who)
			t.Actions = append(t.Actions, strings.TrimSpace(action))
			t.Lines = append(t.Lines, n)
		}
	}
	if !seen {
		return Text{}, errs.New(pkg, rule, "empty text")
	}
	return t, nil
}

// ActionLength refuses s, an action's text of package pkg, when it is
// longer than most bytes, before it is read: an action names at most a
// shoe's cards. The error wraps rule and quotes s.
func ActionLength(s string, most int, pkg string, rule error) error {
	if len(s) > most {
		return errs.New(pkg, rule, errs.Quote(s)+": "+strconv.Itoa(len(s))+" bytes, longer than any action ("+strconv.Itoa(most)+")")
	}
	return nil
}

// countCards counts the cards of a list [card.ParseCards] reads, the words
// between its separators, without reading them.
func countCards(s string) int {
	n, in := 0, false
	for i := range len(s) {
		switch s[i] {
		case ',', ' ', '\t', '\n', '\r':
			in = false
		default:
			if !in {
				n++
			}
			in = true
		}
	}
	return n
}

// countActions counts the lines of a record's text that [Parse] reads as
// actions, before it reads them, and returns its rules line's rules.
func countActions(text string) (n int, rules string) {
	header := true
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if header { // the first line is the header, or Parse refuses it
			header = false
			continue
		}
		switch word, rest, _ := strings.Cut(line, " "); word {
		case "rules":
			rules = rest
		case "seed", "shoe", "start":
		default:
			n++
		}
	}
	return n, rules
}

// SeatsFrom is Seats from the State begin returns, or nil when it fails.
func SeatsFrom[S, A any](begin func() (S, error), actions []A, toAct func(S) int, step func(S, A) (S, error)) []int {
	s, err := begin()
	if err != nil {
		return nil
	}
	return Seats(s, actions, toAct, step)
}

// Seats returns the seat that plays each of actions when they are replayed
// from s with step, as far as the replay goes: what a record's text writes
// before each action, and checks when it is read.
func Seats[S, A any](s S, actions []A, toAct func(S) int, step func(S, A) (S, error)) []int {
	out := make([]int, 0, len(actions))
	for _, a := range actions {
		out = append(out, toAct(s))
		next, err := step(s, a)
		if err != nil {
			break
		}
		s = next
	}
	return out
}

// JSON returns v as JSON on one line, for a record's rules or start: the
// error is of package pkg, wraps rule and names what.
func JSON(v any, pkg string, rule error, what string) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", errs.Wrap(pkg, rule, what, err)
	}
	return string(b), nil
}

// Body reads t's start position (nil for none) and parses its actions.
func Body[P, A any](t Text, parse func(string) (A, error), pkg string, rule error) (*P, []A, error) {
	start, err := Start[P](t, pkg, rule)
	if err != nil {
		return nil, nil, err
	}
	actions, err := Actions(t, parse, pkg, rule)
	return start, actions, err
}

// Start reads the start position of t, or nil when it has none.
func Start[P any](t Text, pkg string, rule error) (*P, error) {
	if t.Start == "" {
		return nil, nil
	}
	p := new(P)
	if err := Unmarshal([]byte(t.Start), p, PositionLimits); err != nil {
		return nil, errs.Wrap(pkg, rule, "the start position", err)
	}
	return p, nil
}

// Actions parses t's actions with parse; an error names the line.
func Actions[A any](t Text, parse func(string) (A, error), pkg string, rule error) ([]A, error) {
	var out []A // nil for none, as a record built in code has
	if len(t.Actions) > 0 {
		out = make([]A, 0, len(t.Actions))
	}
	for i, text := range t.Actions {
		a, err := parse(text)
		if err != nil {
			return nil, errs.Wrap(pkg, rule, "line "+strconv.Itoa(t.Lines[i])+": the action", err)
		}
		out = append(out, a)
	}
	return out, nil
}

// CheckSeats reports the first action of t whose seat is not played, the
// seat each action is played by in a replay (as far as it goes).
func CheckSeats(t Text, played []int, pkg string, rule error) error {
	for i, seat := range t.Seats {
		if i < len(played) && seat >= 0 && played[i] != seat {
			return errs.New(pkg, rule, "line "+strconv.Itoa(t.Lines[i])+": action "+strconv.Itoa(i+1)+
				" ("+errs.Quote(t.Actions[i])+") is played by seat "+strconv.Itoa(played[i])+", not "+strconv.Itoa(seat))
		}
	}
	return nil
}

// Strict decodes data, one JSON value in which every field is known, as a
// P: a position or a record a game reads. An array longer than the
// fixed-size Go array it fills (the seats' names, say) is refused too,
// where encoding/json would drop the values past its end, and so is JSON
// beyond [PositionLimits], before it is decoded. The error is of package
// pkg and wraps rule.
func Strict[P any](data []byte, pkg string, rule error) (P, error) {
	var p P
	if err := Check[P](data, PositionLimits, pkg, rule); err != nil {
		return p, err
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&p); err != nil {
		return p, errs.Wrap(pkg, rule, "JSON", err)
	}
	if d.More() {
		return p, errs.New(pkg, rule, "JSON: more after the value")
	}
	return p, nil
}

// Shoes returns the explicit orders a game's rounds were dealt from, kept
// by round number, as a record lists them: index 0 for round 1, nil for a
// round shuffled from the seed, each order a copy.
func Shoes(byRound map[int][]card.Card) [][]card.Card {
	var out [][]card.Card
	for n, shoe := range byRound {
		for len(out) < n {
			out = append(out, nil)
		}
		out[n-1] = slices.Clone(shoe)
	}
	return out
}

// StartOf returns position(start), the Position of the fixed point a game
// restored from a Position began at, for its record; nil for a game dealt
// from the start (start nil).
func StartOf[S, P any](start *S, position func(*S) P) *P {
	if start == nil {
		return nil
	}
	p := position(start)
	return &p
}

// Set stores in *dst the value parse reads from text, and leaves *dst as it
// was when parse fails: a game's UnmarshalText of an action or a record.
func Set[A any](dst *A, parse func(string) (A, error), text []byte) error {
	v, err := parse(string(text))
	if err == nil {
		*dst = v
	}
	return err
}

// Beginning is what a game's record begins from, and how the game builds
// it, for [Beginning.State]: the record's rules, its shoes (the explicit
// orders rounds were dealt from, index 0 for round 1, nil for a round
// shuffled from the seed) and its start position, if the game was restored
// from one.
type Beginning[S, P any, R comparable] struct {
	Pkg   string // the game's package, its errors' prefix
	Err   error  // the game's sentinel for a record that does not replay
	Rules R
	Seed  uint64
	Shoes [][]card.Card
	Start *P
	// StartOf returns a start position's rules and round.
	StartOf func(P) (R, int)
	// FromPosition builds the State of a start position; Deal deals round
	// 1 from an explicit order; New shuffles it from the seed.
	FromPosition func(P) (S, error)
	Deal         func(r R, order []card.Card, seed uint64) (S, error)
	New          func(r R, seed uint64) (S, error)
}

// State returns the State a record's actions start from: its start
// position, else round 1 dealt from its shoe, else round 1 shuffled from
// the seed. A later round's shoe is the one DealNext dealt it from, and a
// replay deals that round so when it comes. A record restored from a
// position may give shoes only for the rounds after the position's (the
// ones DealNext dealt since); a shoe for that round or one before is
// refused, and so are start rules that are not the record's.
func (b Beginning[S, P, R]) State() (S, error) {
	var s S
	var err error
	switch {
	case b.Start != nil:
		rules, round := b.StartOf(*b.Start)
		for n := 1; n <= min(round, len(b.Shoes)); n++ {
			if b.Shoes[n-1] != nil {
				return s, errs.New(b.Pkg, b.Err, "a record that starts from a position in round "+strconv.Itoa(round)+
					" gives no shoe for that round or those before (only for the rounds DealNext dealt after it)")
			}
		}
		if rules != b.Rules {
			return s, errs.New(b.Pkg, b.Err, "the start position's rules are not the record's")
		}
		s, err = b.FromPosition(*b.Start)
	case len(b.Shoes) > 0 && b.Shoes[0] != nil:
		s, err = b.Deal(b.Rules, b.Shoes[0], b.Seed)
	default:
		s, err = b.New(b.Rules, b.Seed)
	}
	if err != nil {
		var zero S
		return zero, errs.Wrap(b.Pkg, b.Err, "the deal", err)
	}
	return s, nil
}
