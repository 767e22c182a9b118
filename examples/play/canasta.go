package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// canastaGame is a Canasta table being played: you at seat 0 (a
// partnership with seat 2 at four), computer players at the others.
type canastaGame struct {
	out     io.Writer
	opts    options
	s       canasta.State
	players []cbot.Player // nil at the human's seat
	human   int           // -1 when every seat is a computer player
	seen    int           // the Seq of the last action told
	in      *bufio.Scanner
}

// runCanasta plays a Canasta game with opts.
func runCanasta(in io.Reader, out io.Writer, opts options) error {
	name := strings.ToLower(opts.rules)
	if name == "" || name == "a" {
		name = map[int]string{2: "two", 3: "three"}[opts.players]
	}
	if name == "" {
		name = "classic"
	}
	r, err := canasta.Preset(name)
	if err != nil {
		return err
	}
	for seat := range r.Players {
		r.Names[seat] = defaultNames[seat]
		if seat < len(opts.names) && strings.TrimSpace(opts.names[seat]) != "" {
			r.Names[seat] = strings.TrimSpace(opts.names[seat])
		}
	}
	if opts.record != "" {
		if err := checkRecord(opts.record); err != nil {
			return err
		}
	}
	s, err := canasta.New(r, opts.seed)
	if err != nil {
		return err
	}
	g := &canastaGame{out: out, opts: opts, s: s, human: 0}
	if opts.auto {
		g.human = -1
	}
	for seat := range r.Players {
		var p cbot.Player
		if seat != g.human {
			if p, err = cbot.New(opts.bots, botSeed(opts.seed, seat)); err != nil {
				return err
			}
		}
		g.players = append(g.players, p)
	}
	fmt.Fprintf(out, "Canasta (%s): %d players", r.Name, r.Players)
	if r.Players == 4 {
		fmt.Fprintf(out, ", %s and %s against %s and %s", r.Names[0], r.Names[2], r.Names[1], r.Names[3])
	}
	if r.Cutthroat {
		fmt.Fprint(out, ", each alone until the first to take the pile plays alone against the other two")
	}
	fmt.Fprintf(out, "; game to %d.\n", r.Target)
	if g.human < 0 {
		return g.auto()
	}
	g.in = bufio.NewScanner(in)
	return g.interactive()
}

// auto plays every seat with computer players, telling each action.
func (g *canastaGame) auto() error {
	s, err := cbot.Play(g.s, g.players, cbot.Options{Limit: maxActions, Observe: func(_ int, _ canasta.Action, next canasta.State) {
		g.s = next
		g.tell()
	}})
	g.s = s
	if err != nil {
		return err
	}
	g.final()
	return g.save()
}

// save writes the game record to the file -record names, if any: the
// rules, the seed and every action, for canasta.Replay.
func (g *canastaGame) save() error {
	return saveRecordText(g.out, g.opts.record, g.s.Seq(), g.s.Record().MarshalText)
}

// tell prints the actions played since the last told, as seat 0 (or the
// human) may know them, and the end of each round.
func (g *canastaGame) tell() {
	viewer := max(g.human, 0)
	for _, ev := range g.s.Happened(viewer, g.seen) {
		g.seen = ev.Seq
		who := g.s.Rules().Names[ev.Seat]
		line := who + ": " + ev.Action.String()
		switch {
		case ev.Action.Kind() == canasta.KindDraw && ev.Draws == 0:
			line = who + ": declines the pile (the stock is empty)"
		case ev.Action.Kind() == canasta.KindDraw && ev.Seat != viewer:
			line = fmt.Sprintf("%s: draws %d", who, ev.Draws)
		}
		if len(ev.RedThrees) > 0 {
			line += fmt.Sprintf(" (lays out %s)", cardList(ev.RedThrees))
		}
		if ev.Took > 0 {
			line += fmt.Sprintf(" (takes %d cards of the pile)", ev.Took)
		}
		fmt.Fprintln(g.out, line)
		if ev.RoundOver {
			g.roundEnd()
		}
	}
}

// roundEnd prints the last round's result.
func (g *canastaGame) roundEnd() {
	res := g.s.Results()[len(g.s.Results())-1]
	r := g.s.Rules()
	how := "the stock ran out"
	if res.WentOut >= 0 {
		how = r.Names[res.WentOut] + " went out"
		if res.Concealed {
			how += " concealed"
		}
	}
	fmt.Fprintf(g.out, "\n== Round %d over: %s ==\n", res.Number, how)
	for _, ts := range res.Teams {
		fmt.Fprintf(g.out, "%s: %+d, total %d\n", g.teamName(ts.Team), ts.Points, ts.Total)
		for _, l := range ts.Breakdown {
			if l.Points != 0 {
				fmt.Fprintf(g.out, "    %-16s %+6d\n", l.Item, l.Points)
			}
		}
	}
	fmt.Fprintln(g.out)
}

// final prints the winners and the seed.
func (g *canastaGame) final() {
	var names []string
	for _, t := range g.s.Winners() {
		names = append(names, g.teamName(t))
	}
	fmt.Fprintf(g.out, "Game over after %d rounds. Totals %v. Winner: %s.\n", g.s.Round(), g.s.Totals(), strings.Join(names, " and "))
	fmt.Fprintf(g.out, "Replay this game with -game canasta -rules %s -seed %d\n", g.s.Rules().Name, g.opts.seed)
}

// teamName names a team by its players.
func (g *canastaGame) teamName(team int) string {
	r := g.s.Rules()
	var ns []string
	for seat := team; seat < r.Players; seat += r.Teams {
		ns = append(ns, r.Names[seat])
	}
	return strings.Join(ns, " & ")
}

// interactive plays the human's seat from the commands read.
func (g *canastaGame) interactive() error {
	shown := -1 // the Seq of the table last drawn
	for !g.s.Over() {
		seat := g.s.ToAct()
		if seat != g.human {
			next, _, err := cbot.Step(g.s, g.players)
			if err != nil {
				return err
			}
			g.s = next
			g.tell()
			continue
		}
		if shown != g.s.Seq() {
			g.draw()
			shown = g.s.Seq()
		}
		line, ok := readCommand(g.out, g.in, g.opts.seed)
		if !ok {
			return g.save()
		}
		switch strings.ToLower(line) {
		case "", "help", "?":
			g.help(false)
			continue
		case "legal":
			g.help(true)
			continue
		}
		a, err := canasta.ParseAction(line)
		if err == nil {
			var next canasta.State
			if next, err = canasta.Apply(g.s, a); err == nil {
				g.s = next
				g.tell()
				continue
			}
		}
		fmt.Fprintln(g.out, "  ", oneLine(err))
	}
	g.final()
	return g.save()
}

// readCommand prompts for and reads one command of the human. At the end
// of the input or on quit it says goodbye with the game's seed and returns
// false: the human leaves the game.
func readCommand(out io.Writer, in *bufio.Scanner, seed uint64) (string, bool) {
	fmt.Fprint(out, "> ")
	if !in.Scan() {
		fmt.Fprintf(out, "\nEnd of input: leaving the game. The game's seed was %d.\n", seed)
		return "", false
	}
	line := strings.TrimSpace(in.Text())
	switch strings.ToLower(line) {
	case "quit", "q", "exit":
		fmt.Fprintf(out, "Bye. The game's seed was %d.\n", seed)
		return "", false
	}
	return line, true
}

// draw prints the table as the human's seat sees it.
func (g *canastaGame) draw() {
	v := g.s.View(g.human)
	r := v.Rules
	fmt.Fprintf(g.out, "\n--- Round %d, %s's turn (%s) ---\n", v.Round, r.Names[v.Turn], v.Phase)
	partner := -1 // under Cutthroat, the lower partner, whose melds the partnership's are
	if r.Cutthroat && v.LoneHand >= 0 {
		partner = (v.LoneHand + 1) % r.Players
		other := (v.LoneHand + 2) % r.Players
		fmt.Fprintf(g.out, "%s plays alone against %s and %s.\n", r.Names[v.LoneHand], r.Names[partner], r.Names[other])
		partner = min(partner, other)
	}
	for _, t := range v.Teams {
		fmt.Fprintf(g.out, "%s: total %d", g.teamName(t.Team), t.Total)
		switch {
		case t.Down:
			fmt.Fprint(g.out, ", down")
		default:
			fmt.Fprintf(g.out, ", needs %d to meld first", t.Minimum)
		}
		if len(t.RedThrees) > 0 {
			fmt.Fprintf(g.out, ", red threes %s", cardList(t.RedThrees))
		}
		fmt.Fprintln(g.out)
		if partner >= 0 && t.Team != v.LoneHand && t.Team != partner {
			fmt.Fprintf(g.out, "    melds with %s\n", r.Names[partner])
			continue
		}
		for _, m := range t.Melds {
			fmt.Fprintf(g.out, "    %-28s %s\n", cardList(m.Cards()), meldMark(r.Meld, m))
		}
	}
	var hands []string
	for _, p := range v.Players {
		hands = append(hands, fmt.Sprintf("%s %d", p.Name, p.Hand))
	}
	fmt.Fprintf(g.out, "Cards in hand: %s. Stock: %d.\n", strings.Join(hands, ", "), v.StockSize)
	pile := "empty"
	if v.Upcard != 0 {
		pile = fmt.Sprintf("%v on top, %d in all", v.Upcard, v.PileSize)
	}
	var frozen []string
	for _, t := range v.Teams {
		if t.Frozen {
			frozen = append(frozen, g.teamName(t.Team))
		}
	}
	if len(frozen) > 0 {
		pile += "; frozen for " + strings.Join(frozen, ", ")
	}
	fmt.Fprintf(g.out, "Discard pile: %s.\n", pile)
	if v.Asked {
		fmt.Fprintf(g.out, "%s asked to go out.\n", r.Names[v.Turn])
	}
	fmt.Fprintf(g.out, "Your hand: %s\n", sortedHand(v.Hand))
}

// meldMark says what a meld is: a natural or mixed canasta, or how many
// cards it still needs.
func meldMark(p meld.RankPolicy, m meld.RankMeld) string {
	switch p.Class(m) {
	case meld.Clean:
		return "[natural canasta]"
	case meld.Dirty:
		return "[mixed canasta]"
	}
	return fmt.Sprintf("(%d to a canasta)", p.CanastaSize-m.Len())
}

// sortedHand lists a hand by rank, wild cards last.
func sortedHand(h card.Multiset) string {
	cs := h.Cards()
	slices.SortStableFunc(cs, func(a, b card.Card) int {
		return key(a) - key(b)
	})
	return cardList(cs)
}

func key(c card.Card) int {
	if meld.IsWild(c) {
		return 100 + int(c)
	}
	return int(c.Rank())*10 + int(c.Suit())
}

// help lists what the human may type; with all, every legal action.
func (g *canastaGame) help(all bool) {
	legal := canasta.Legal(g.s)
	fmt.Fprintln(g.out, "Type an action: draw, take, take with 2C, take to #1, meld 7H 7D 7S, add 9S to 9, back, ask, yes, no, discard KH, next; or legal, quit.")
	n := len(legal)
	if !all {
		n = min(n, 12)
	}
	var texts []string
	for _, a := range legal[:n] {
		texts = append(texts, a.String())
	}
	more := ""
	if n < len(legal) {
		more = fmt.Sprintf(" ... (%d in all: type legal)", len(legal))
	}
	fmt.Fprintf(g.out, "Legal now: %s%s\n", strings.Join(texts, "; "), more)
}
