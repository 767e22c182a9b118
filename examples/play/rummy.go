package main

import (
	"bufio"
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

// rummyGame is a Rummy table being played: you at seat 0, computer players
// at the others, as the rules have it.
type rummyGame struct {
	out     io.Writer
	opts    options
	s       rummy.State
	players []rbot.Player // nil at the human's seat
	human   int           // -1 when every seat is a computer player
	turn    turnLog       // the computer player's turn being told
	in      *bufio.Scanner
}

// rummyRules returns the rules opts ask for: basic rummy (a preset named
// by -rules, basic or basic-N), for -players players when given, with the
// players' names.
func rummyRules(opts options) (rummy.Rules, error) {
	r := rummy.Basic()
	if name := strings.ToLower(opts.rules); name != "" && name != "a" {
		var err error
		if r, err = rummy.Preset(name); err != nil {
			return r, errors.New(strings.TrimPrefix(err.Error(), "rummy: "))
		}
	}
	if opts.players != 0 {
		r.Players = opts.players
	}
	if err := r.Validate(); err != nil {
		return r, errors.New(strings.TrimPrefix(err.Error(), "rummy: "))
	}
	if len(opts.names) > r.Players {
		return r, fmt.Errorf("%d names for %d players", len(opts.names), r.Players)
	}
	for seat := range r.Players {
		r.Names[seat] = defaultNames[seat]
		if seat == 0 && !opts.auto {
			r.Names[seat] = "You"
		}
		if seat < len(opts.names) && strings.TrimSpace(opts.names[seat]) != "" {
			r.Names[seat] = strings.TrimSpace(opts.names[seat])
		}
	}
	return r, nil
}

// runRummy plays a Rummy game with opts.
func runRummy(in io.Reader, out io.Writer, opts options) error {
	g, err := newRummy(out, opts)
	if err != nil {
		return err
	}
	return g.start(in)
}

// newRummy checks opts and deals the game.
func newRummy(out io.Writer, opts options) (*rummyGame, error) {
	r, err := rummyRules(opts)
	if err != nil {
		return nil, err
	}
	if opts.record != "" {
		if err := checkRecord(opts.record); err != nil {
			return nil, err
		}
	}
	s, err := rummy.New(r, opts.seed)
	if err != nil {
		return nil, err
	}
	g := &rummyGame{out: out, opts: opts, s: s, human: 0, turn: turnLog{seat: -1}}
	if opts.auto {
		g.human = -1
	}
	for seat := range r.Players {
		var p rbot.Player
		if seat != g.human {
			if p, err = rbot.New(opts.bots, botSeed(opts.seed, seat)); err != nil {
				return nil, err
			}
		}
		g.players = append(g.players, p)
	}
	return g, nil
}

// start tells what is played and plays it: every seat by computer
// players, or the human's from the commands read from in.
func (g *rummyGame) start(in io.Reader) error {
	r, out, opts := g.s.Rules(), g.out, g.opts
	fmt.Fprintf(out, "Rummy (%s): %d players, %d cards each; %s first.\n", r.Name, r.Players, r.Dealt(), plays(r.Names[0]))
	fmt.Fprintf(out, "Computer players: %s.\n", opts.bots)
	if opts.noTerminal {
		fmt.Fprintln(out, "Standard input is not a terminal, so computer players take every seat. Run it in a terminal to play.")
	}
	if g.human < 0 {
		return g.auto()
	}
	fmt.Fprintln(out, `Type "help" for the commands, "quit" to leave.`)
	g.in = bufio.NewScanner(in)
	return g.interactive()
}

// auto plays every seat with computer players, a line a turn.
func (g *rummyGame) auto() error {
	s, err := rbot.Play(g.s, g.players, rbot.Options{Limit: maxActions, Observe: g.tell})
	g.s = s
	g.turn.flush(g.out)
	if err != nil {
		return err
	}
	g.final()
	return g.save()
}

// save writes the game record to the file -record names, if any.
func (g *rummyGame) save() error {
	return saveRecordText(g.out, g.opts.record, g.s.Seq(), g.s.Record().MarshalText)
}

// tell reports the action a of seat, which led from g.s to next, as the
// human may know it (the card drawn from the stock is told to the human
// only), and moves g.s on. A computer
// player's turn is told on one line when it ends; the human's actions one
// by one.
func (g *rummyGame) tell(seat int, a rummy.Action, next rummy.State) {
	prev := g.s
	g.s = next
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
		fmt.Fprintf(g.out, "\n== Round %d: %s ==\n", next.Round(), plays(g.name(next.Turn())))
		return
	}
	if next.Rebuilds() > prev.Rebuilds() {
		part += "; the stock is rebuilt from the pile (" + rebuilds(next.Rebuilds(), next.Rules().Rebuilds) + ")"
	}
	if seat == g.human {
		g.turn.flush(g.out)
		if g.name(seat) == "You" {
			verb, rest, _ := strings.Cut(part, " ")
			part = strings.TrimSuffix(verb, "s") + " " + rest
		}
		fmt.Fprintf(g.out, "%s %s\n", g.name(seat), part)
	} else {
		if g.turn.seat != seat {
			g.turn.flush(g.out)
			g.turn.seat, g.turn.name = seat, g.name(seat)
		}
		g.turn.parts = append(g.turn.parts, part)
		if a.Kind() == rummy.KindDiscard {
			g.turn.flush(g.out)
		}
	}
	if next.Phase() == rummy.RoundOver || next.Phase() == rummy.GameOver {
		g.turn.flush(g.out)
		g.roundEnd()
	}
}

// name returns the name of seat.
func (g *rummyGame) name(seat int) string { return g.s.Rules().Names[seat] }

// roundEnd prints the last round's result: how it ended and each seat's
// score with its breakdown.
func (g *rummyGame) roundEnd() {
	res := g.s.Results()[len(g.s.Results())-1]
	how := "the stock ran out, no one went out"
	if res.WentOut >= 0 {
		how = g.name(res.WentOut) + " went out"
	}
	fmt.Fprintf(g.out, "\n== Round %d over: %s ==\n", res.Number, how)
	for _, ps := range res.Players {
		fmt.Fprintf(g.out, "%-8s %+5d, total %d\n", g.name(ps.Seat)+":", ps.Points, ps.Total)
		for _, l := range ps.Breakdown {
			fmt.Fprintf(g.out, "    %-26s %+5d\n", l.Item, l.Points)
		}
	}
}

// final prints the totals, the winners and how to replay the game.
func (g *rummyGame) final() {
	var totals, winners []string
	for seat, t := range g.s.Totals() {
		totals = append(totals, fmt.Sprintf("%s %d", g.name(seat), t))
	}
	for _, seat := range g.s.Winners() {
		winners = append(winners, g.name(seat))
	}
	fmt.Fprintf(g.out, "\nGame over after %s. Totals: %s. Winner: %s.\n", plural(g.s.Round(), "round"), strings.Join(totals, ", "), strings.Join(winners, " and "))
	g.replay()
}

// replay prints the command that plays the same game again.
func (g *rummyGame) replay() {
	r := g.s.Rules()
	auto := ""
	if g.opts.auto && !g.opts.noTerminal {
		auto = " -auto"
	}
	fmt.Fprintf(g.out, "Replay this game with: go run ./examples/play -game rummy -rules %s -players %d -bots %s -seed %d%s\n", r.Name, r.Players, g.opts.bots, g.opts.seed, auto)
}

// interactive plays the human's seat from the commands read.
func (g *rummyGame) interactive() error {
	shown := -1 // the Seq of the table last drawn
	for !g.s.Over() {
		seat := g.s.ToAct()
		if seat != g.human {
			next, a, err := rbot.Step(g.s, g.players)
			if err != nil {
				return fmt.Errorf("%s: %w", g.name(seat), err)
			}
			g.tell(seat, a, next)
			continue
		}
		g.turn.flush(g.out)
		if shown != g.s.Seq() {
			fmt.Fprint(g.out, renderRummy(g.s.View(g.human)))
			shown = g.s.Seq()
		}
		line, ok := readCommand(g.out, g.in, g.opts.seed)
		if !ok {
			return g.save()
		}
		switch strings.ToLower(line) {
		case "help", "?", "h":
			fmt.Fprint(g.out, rummyHelp)
			continue
		case "":
			fmt.Fprintln(g.out, rummyHint(g.s.View(g.human)))
			continue
		case "t", "table":
			shown = -1
			continue
		case "legal":
			fmt.Fprintln(g.out, wrap("Legal now: "+actionList(g.s.View(g.human).Legal), 78))
			continue
		}
		a, err := parseRummy(g.s.View(g.human), line)
		if err == nil {
			var next rummy.State
			if next, err = rummy.Apply(g.s, a); err == nil {
				g.tell(g.human, a, next)
				continue
			}
		}
		msg := strings.TrimPrefix(oneLine(err), "rummy: ")
		if errors.Is(err, rummy.ErrMalformed) {
			msg += ` (type help for the commands)`
		}
		fmt.Fprintln(g.out, "  "+msg)
	}
	g.final()
	return g.save()
}

// rummyHelp lists the commands of the Rummy table.
const rummyHelp = `Commands (any case; cards as 7C, 10H, QS):
  draw stock   or d, stock      draw the stock's top card
  draw pile    or p, pile       draw the discard pile's top card
  meld 4C 5C 6C  or m 4C 5C 6C  lay a run (3+ of a suit in sequence, ace low) or a group (3 or 4 of a rank)
  lay 7C on 2  or l 7C 2        add 7C to meld 2; "lay 7C" when it fits only one meld
  discard KH   or x KH          discard KH, ending your turn
  next         or n             deal the next round, once a round is over
  legal (every action you may play now), table (draw the table again), help, quit
`

// parseRummy reads a command of the human: an action's text form
// (rummy.ParseAction) or its short forms.
func parseRummy(v rummy.View, line string) (rummy.Action, error) {
	f := strings.Fields(strings.ToLower(line))
	switch {
	case len(f) == 1 && (f[0] == "d" || f[0] == "draw" || f[0] == "stock"):
		return rummy.DrawStock(), nil
	case len(f) == 1 && (f[0] == "p" || f[0] == "pile" || f[0] == "take"):
		return rummy.DrawPile(), nil
	case len(f) == 1 && f[0] == "n":
		return rummy.Next(), nil
	case len(f) > 1 && f[0] == "m":
		return rummy.ParseAction("meld " + strings.Join(f[1:], " "))
	case len(f) == 2 && (f[0] == "x" || f[0] == "dis"):
		return rummy.ParseAction("discard " + f[1])
	case len(f) == 3 && (f[0] == "l" || f[0] == "lay"):
		return rummy.ParseAction("lay " + f[1] + " on " + f[2])
	case len(f) == 2 && (f[0] == "l" || f[0] == "lay"):
		return layAnywhere(v, f[1])
	}
	return rummy.ParseAction(line)
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

// actionList writes actions' texts separated by semicolons.
func actionList[A fmt.Stringer](as []A) string {
	var texts []string
	for _, a := range as {
		texts = append(texts, a.String())
	}
	return strings.Join(texts, "; ")
}

// rummyHint tells the human what it may do now, briefly: the draws, or
// the melds and lay-offs it may make and how to discard.
func rummyHint(v rummy.View) string {
	var melds, lays []rummy.Action
	discards := 0
	for _, a := range v.Legal {
		switch a.Kind() {
		case rummy.KindNext:
			return `Your move: next (or n) deals the next round.`
		case rummy.KindDrawStock, rummy.KindDrawPile:
			moves := actionList(v.Legal)
			if n := len(v.Pile); n > 0 {
				moves = strings.Replace(moves, "draw pile", fmt.Sprintf("draw pile (takes %v)", v.Pile[n-1]), 1)
			}
			return wrap(`Your move: `+moves+` (short: d, p; "help" for all commands).`, 78)
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

// renderRummy draws the table as v's seat sees it.
func renderRummy(v rummy.View) string {
	var b strings.Builder
	r := v.Rules
	fmt.Fprintf(&b, "\n--- Round %d, %s turn (%s) ---\n", v.Round, possessive(r.Names[v.Turn]), v.Phase)
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
