package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// rummyTable is a Rummy table.
type rummyTable = table[rummy.State, rummy.Action, rummy.View]

// Every game has a screen.
var _ screen[rummy.State, rummy.Action, rummy.View] = (*rummyScreen)(nil)

// rummyScreen draws a Rummy table: you at seat 0, computer players at the
// others, as the rules have it.
type rummyScreen struct {
	out   io.Writer
	human int // -1 when every seat is a computer player
	names [rummy.MaxPlayers]string
	turn  turnLog // the computer player's turn being told
}

// rummyRules returns the rules opts ask for: basic rummy (a preset named
// by -rules, basic or basic-N), for -players players when given, with the
// players' names.
func rummyRules(opts options) (rummy.Rules, error) {
	r := rummy.Basic()
	if name := strings.ToLower(opts.rules); name != "" && name != "a" {
		var err error
		if r, err = rummy.Preset(name); err != nil {
			return r, errors.New(plain(err))
		}
	}
	if opts.players != 0 {
		r.Players = opts.players
	}
	if err := r.Validate(); err != nil {
		return r, errors.New(plain(err))
	}
	names, err := seatNames(opts, r.Players, human(opts))
	if err != nil {
		return r, err
	}
	copy(r.Names[:], names)
	return r, nil
}

// newRummy deals the Rummy game of opts.
func newRummy(out io.Writer, opts options) (*rummyTable, error) {
	s, played, err := dealRummy(&opts)
	if err != nil {
		return nil, err
	}
	g := &rummyScreen{out: out, human: human(opts), names: s.Rules().Names, turn: turnLog{seat: -1}}
	t, err := newTable(out, opts, g, s, g.human, rbot.New)
	if t != nil {
		t.played = played
	}
	return t, err
}

// dealRummy deals the game of opts, or the start of the record -replay
// names, with its actions and, in opts, its seed.
func dealRummy(opts *options) (rummy.State, []rummy.Action, error) {
	if opts.recordText != nil {
		var rec rummy.Record
		if err := rec.UnmarshalText(opts.recordText); err != nil {
			return rummy.State{}, nil, errors.New(plain(err))
		}
		if err := recordNames(rec.Rules.Names[:], rec.Rules.Players, *opts); err != nil {
			return rummy.State{}, nil, err
		}
		opts.seed = rec.Seed
		return recordStart(rec, rec.Actions, len(rec.Shoes), rummy.Replay, func(r *rummy.Record, as []rummy.Action) { r.Actions = as })
	}
	r, err := rummyRules(*opts)
	if err != nil {
		return rummy.State{}, nil, err
	}
	s, err := rummy.New(r, opts.seed)
	return s, nil, err
}

// title prints what is played.
func (g *rummyScreen) title(s rummy.State) {
	r := s.Rules()
	fmt.Fprintf(g.out, "Rummy (%s): %d players, %d cards each; %s first.\n", r.Name, r.Players, r.Dealt(), plays(r.Names[0]))
}

// start has nothing to tell before the first action.
func (g *rummyScreen) start(rummy.State) {}

// follow has nothing to do: tell reads each action from the states.
func (g *rummyScreen) follow(rummy.State) {}

// pause prints the computer player's turn told so far.
func (g *rummyScreen) pause() { g.turn.flush(g.out) }

// tell reports the action a of seat, which led from prev to next, as the
// human may know it (the card drawn from the stock is told to the human
// only). A computer player's turn is told on one line when it ends; the
// human's actions one by one.
func (g *rummyScreen) tell(prev rummy.State, seat int, a rummy.Action, next rummy.State) {
	var part string
	switch a.Kind() {
	case rummy.KindDrawStock:
		part = "draws from the stock"
		if seat == g.human {
			if evs := next.Happened(seat, next.Seq()-1); len(evs) == 1 && len(evs[0].Drawn) == 1 {
				part += " (" + evs[0].Drawn[0].String() + ")"
			}
		}
	case rummy.KindDrawPile:
		part = "draws " + prev.Upcard().String() + " from the pile"
	case rummy.KindMeld:
		part = "melds " + cardList(a.Cards())
	case rummy.KindLayOff:
		m := prev.Melds()[a.Target()]
		part = fmt.Sprintf("lays %v on meld %d (%s)", a.Card(), a.Target()+1, cardList(m.Meld.Cards()))
	case rummy.KindDiscard:
		part = "discards " + a.Card().String()
	case rummy.KindNext:
		g.turn.flush(g.out)
		fmt.Fprintf(g.out, "\n== Round %d: %s ==\n", next.Round(), plays(g.names[next.Turn()]))
		return
	}
	if next.Rebuilds() > prev.Rebuilds() {
		part += "; the stock is rebuilt from the pile (" + rebuilds(next.Rebuilds(), next.Rules().Rebuilds) + ")"
	}
	if seat == g.human {
		g.turn.flush(g.out)
		if g.names[seat] == "You" {
			verb, rest, _ := strings.Cut(part, " ")
			part = strings.TrimSuffix(verb, "s") + " " + rest
		}
		fmt.Fprintf(g.out, "%s %s\n", g.names[seat], part)
	} else {
		g.turn.add(seat, g.names[seat], part, g.out)
		if a.Kind() == rummy.KindDiscard {
			g.turn.flush(g.out)
		}
	}
	if next.Phase() == rummy.RoundOver || next.Phase() == rummy.GameOver {
		g.turn.flush(g.out)
		g.roundEnd(next)
	}
}

// roundEnd prints the last round's result: how it ended and each seat's
// score with its breakdown.
func (g *rummyScreen) roundEnd(s rummy.State) {
	res := s.Results()[len(s.Results())-1]
	how := "the stock ran out, no one went out"
	if res.WentOut >= 0 {
		how = g.names[res.WentOut] + " went out"
	}
	fmt.Fprintf(g.out, "\n== Round %d over: %s ==\n", res.Number, how)
	for _, ps := range res.Players {
		fmt.Fprintf(g.out, "%-8s %+5d, total %d\n", g.names[ps.Seat]+":", ps.Points, ps.Total)
		for _, l := range ps.Breakdown {
			fmt.Fprintf(g.out, "    %-26s %+5d\n", l.Item, l.Points)
		}
	}
}

// end prints the totals and the winners.
func (g *rummyScreen) end(s rummy.State) {
	var totals, winners []string
	for seat, t := range s.Totals() {
		totals = append(totals, fmt.Sprintf("%s %d", g.names[seat], t))
	}
	for _, seat := range s.Winners() {
		winners = append(winners, g.names[seat])
	}
	fmt.Fprintf(g.out, "\nGame over after %s. Totals: %s. Winner: %s.\n", plural(s.Round(), "round"), strings.Join(totals, ", "), strings.Join(winners, " and "))
}

// record is the game record, for rummy.Replay.
func (g *rummyScreen) record(s rummy.State) ([]byte, error) { return s.Record().MarshalText() }

// flags are the flags that deal the same game.
func (g *rummyScreen) flags(s rummy.State) string {
	return fmt.Sprintf("-rules %s -players %d", s.Rules().Name, s.Rules().Players)
}

// verdict adds nothing to a hint.
func (g *rummyScreen) verdict(rummy.State) string { return "" }

// question: no one asks anything in Rummy.
func (g *rummyScreen) question(rummy.State) string { return "" }

// undoable: every Rummy action stands.
func (g *rummyScreen) undoable(rummy.State, int, rummy.Action, rummy.State) bool { return false }

// command is the short command of a in the prompt.
func (g *rummyScreen) command(a rummy.Action) string {
	switch a.Kind() {
	case rummy.KindDrawStock:
		return "d draw"
	case rummy.KindDrawPile:
		return "t take"
	case rummy.KindMeld:
		return "m meld"
	case rummy.KindLayOff:
		return "a add"
	case rummy.KindDiscard:
		return "x discard"
	}
	return a.String() // next
}

// help is what Rummy adds to the commands.
func (g *rummyScreen) help() string {
	return `In Rummy (cards as 7C, 10H, QS):
  d, draw stock    draw the stock's top card
  t, draw pile     draw the discard pile's top card
  m 4C 5C 6C       lay a run (3+ of a suit in sequence, ace low) or a group (3
                   or 4 of a rank)
  a 7C 2           lay 7C off on meld 2 ("lay 7C on 2"); "a 7C" when it fits
                   only one meld
  x KH             discard KH, ending your turn
`
}

// parse reads a command of the human.
func (g *rummyScreen) parse(s rummy.State, seat int, verb string, args []string, _ func(string) (string, error)) (rummy.Action, error) {
	return parseRummy(s.View(seat), verb, args)
}

// parseRummy reads a command of v's seat: an action's text form
// (rummy.ParseAction) or the command language's.
func parseRummy(v rummy.View, verb string, args []string) (rummy.Action, error) {
	f := make([]string, len(args))
	for i, w := range args {
		f[i] = strings.ToLower(w)
	}
	switch {
	case len(f) == 0 && (verb == "draw" || verb == "stock"):
		return rummy.DrawStock(), nil
	case len(f) == 0 && verb == "take":
		return rummy.DrawPile(), nil
	case verb == "add" || verb == "lay":
		if len(f) == 3 && f[1] == "on" {
			f = []string{f[0], f[2]}
		}
		switch len(f) {
		case 2:
			return rummy.ParseAction("lay " + f[0] + " on " + f[1])
		case 1:
			return layAnywhere(v, f[0])
		}
	}
	return rummy.ParseAction(strings.Join(append([]string{verb}, args...), " "))
}

// layAnywhere returns the lay-off of the card named by word on the one meld
// it fits, or an error saying which melds it fits, or that it fits none.
func layAnywhere(v rummy.View, word string) (rummy.Action, error) {
	c, err := card.Parse(word)
	if err != nil {
		return rummy.Action{}, fmt.Errorf("%q is not a card: lay names a card, such as lay 7C", word)
	}
	var fits []rummy.Action
	var nums []string
	for n, m := range v.Melds {
		if fitsMeld(m.Meld.Cards(), c) {
			a, _ := rummy.LayOff(c, n)
			fits = append(fits, a)
			nums = append(nums, fmt.Sprint(n+1))
		}
	}
	switch len(fits) {
	case 1:
		return fits[0], nil
	case 0:
		return rummy.Action{}, fmt.Errorf("%v fits no meld on the table", c)
	}
	return rummy.Action{}, fmt.Errorf("%v fits melds %s: say which, such as lay %v on %s", c, strings.Join(nums, " and "), c, nums[0])
}

// fitsMeld reports whether c added to the meld's cards makes a run or a
// group.
func fitsMeld(cs []card.Card, c card.Card) bool {
	for _, x := range cs {
		if x == c {
			return false
		}
	}
	_, err := rummy.Meld(append(cs[:len(cs):len(cs)], c)...)
	return err == nil
}

// rummyHint tells the human what it may do now, briefly: the draws, or
// the melds and lay-offs it may make and how to discard.
func rummyHint(v rummy.View) string {
	var melds, lays []rummy.Action
	discards := 0
	for _, a := range v.Legal {
		switch a.Kind() {
		case rummy.KindNext:
			return `Your move: next (or Enter) deals the next round.`
		case rummy.KindDrawStock, rummy.KindDrawPile:
			moves := actionList(v.Legal)
			if n := len(v.Pile); n > 0 {
				moves = strings.Replace(moves, "draw pile", fmt.Sprintf("draw pile (takes %v)", v.Pile[n-1]), 1)
			}
			return wrap(`Your move: `+moves+` (short: d, t; "help" for all commands).`, 78)
		case rummy.KindMeld:
			melds = append(melds, a)
		case rummy.KindLayOff:
			lays = append(lays, a)
		case rummy.KindDiscard:
			discards++
		}
	}
	var b strings.Builder
	if len(melds) > 0 {
		b.WriteString(wrap("You may meld: "+actionList(melds)+".", 78) + "\n")
	}
	if len(lays) > 0 {
		b.WriteString(wrap("You may lay off: "+actionList(lays)+".", 78) + "\n")
	}
	if discards > 0 {
		c := v.Legal[len(v.Legal)-1].Card()
		b.WriteString("Then discard a card to end your turn")
		if v.Taken != 0 && discards < v.Hand.Len() {
			fmt.Fprintf(&b, ", not %v, which you drew from the pile", v.Taken)
		}
		fmt.Fprintf(&b, ": discard %v (or x %v).", c, c)
	}
	return b.String()
}

// rebuilds writes how many times the stock was rebuilt this round: "2",
// or "2 of 3" under a limit.
func rebuilds(n, limit int) string {
	if limit == 0 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%d of %d", n, limit)
}

// show draws the table as seat sees it.
func (g *rummyScreen) show(s rummy.State, seat int, _ bool) string { return renderRummy(s.View(seat)) }

// renderRummy draws the table as v's seat sees it.
func renderRummy(v rummy.View) string {
	var b strings.Builder
	r := v.Rules
	fmt.Fprintf(&b, "--- Round %d, %s turn (%s) ---\n", v.Round, possessive(r.Names[v.Turn]), v.Phase)
	for _, p := range v.Players {
		fmt.Fprintf(&b, "  %-8s %-9s melded %3d, total %4d", p.Name, plural(p.Hand, "card"), p.Melded, p.Total)
		if len(p.Known) > 0 {
			who := "known to hold"
			if p.Seat == v.Seat {
				who = "others know you hold"
			}
			fmt.Fprintf(&b, "  (%s %s, from the pile)", who, cardList(p.Known))
		}
		b.WriteByte('\n')
	}
	if len(v.Melds) == 0 {
		b.WriteString("Melds: none yet.\n")
	} else {
		b.WriteString("Melds:\n")
		for n, m := range v.Melds {
			fmt.Fprintf(&b, "  %2d. %-34s (%s)\n", n+1, cardList(m.Meld.Cards()), r.Names[m.Seat])
		}
	}
	pile := "empty"
	if n := len(v.Pile); n > 0 {
		pile = fmt.Sprintf("%v on top, %s", v.Pile[n-1], plural(n, "card"))
	}
	fmt.Fprintf(&b, "Discard pile: %s. Stock: %s, rebuilt %s times.\n", pile, plural(v.StockSize, "card"), rebuilds(v.Rebuilds, r.Rebuilds))
	fmt.Fprintf(&b, "Your hand: %s\n", bySuit(v.Hand))
	if v.Taken != 0 && v.Turn == v.Seat && r.KeepTaken {
		fmt.Fprintf(&b, "You drew %v from the pile: it stays in your hand this turn.\n", v.Taken)
	}
	if len(v.Legal) > 0 {
		b.WriteString(rummyHint(v) + "\n")
	}
	return b.String()
}

// possessive is "your" for "You", else the name with 's.
func possessive(name string) string {
	if name == "You" {
		return "your"
	}
	return name + "'s"
}

// bySuit writes a hand sorted by suit and rank with the suits apart:
// "4C 5C | 7D | ...".
func bySuit(m card.Multiset) string {
	hand := m.Cards()
	slices.SortFunc(hand, func(a, b card.Card) int {
		return cmp.Or(cmp.Compare(a.Suit(), b.Suit()), cmp.Compare(a.Rank(), b.Rank()))
	})
	var b strings.Builder
	for i, c := range hand {
		switch {
		case i == 0:
		case c.Suit() != hand[i-1].Suit():
			b.WriteString(" | ")
		default:
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
