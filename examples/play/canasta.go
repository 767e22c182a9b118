package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/meld"
)

// canastaTable is a Canasta table.
type canastaTable = table[canasta.State, canasta.Action, canasta.View]

// Every game has a screen.
var _ screen[canasta.State, canasta.Action, canasta.View] = (*canastaScreen)(nil)

// canastaScreen draws a Canasta table: you at seat 0 (a partnership with
// seat 2 at four), computer players at the others.
type canastaScreen struct {
	out   io.Writer
	human int // -1 when every seat is a computer player
	seen  int // the Seq of the last action told
}

// canastaPreset is the preset -rules names: classic (the default), two or
// three; with no -rules, the one for -players when it is 2 or 3.
func canastaPreset(opts options) string {
	name := strings.ToLower(opts.rules)
	if name == "" || name == "a" {
		name = map[int]string{2: "two", 3: "three"}[opts.players]
	}
	if name == "" {
		name = "classic"
	}
	return name
}

// newCanasta deals the Canasta game of opts.
func newCanasta(out io.Writer, opts options) (*canastaTable, error) {
	s, played, err := dealCanasta(&opts)
	if err != nil {
		return nil, err
	}
	c := &canastaScreen{out: out, human: human(opts)}
	t, err := newTable(out, opts, c, s, c.human, cbot.New)
	if t != nil {
		t.played = played
	}
	return t, err
}

// dealCanasta deals the game of opts, or the start of the record -replay
// names, with its actions and, in opts, its seed.
func dealCanasta(opts *options) (canasta.State, []canasta.Action, error) {
	if opts.recordText != nil {
		var rec canasta.Record
		if err := rec.UnmarshalText(opts.recordText); err != nil {
			return canasta.State{}, nil, errors.New(plain(err))
		}
		if err := recordNames(rec.Rules.Names[:], rec.Rules.Players, *opts); err != nil {
			return canasta.State{}, nil, err
		}
		opts.seed = rec.Seed
		return recordStart(rec, rec.Actions, len(rec.Shoes), canasta.Replay, func(r *canasta.Record, as []canasta.Action) { r.Actions = as })
	}
	r, err := canasta.Preset(canastaPreset(*opts))
	if err != nil {
		return canasta.State{}, nil, errors.New(plain(err))
	}
	names, err := seatNames(*opts, r.Players, human(*opts))
	if err != nil {
		return canasta.State{}, nil, err
	}
	copy(r.Names[:], names)
	s, err := canasta.New(r, opts.seed)
	return s, nil, err
}

// title prints what is played.
func (c *canastaScreen) title(s canasta.State) {
	r := s.Rules()
	fmt.Fprintf(c.out, "Canasta (%s): %d players", r.Name, r.Players)
	if r.Players == 4 {
		fmt.Fprintf(c.out, ", %s and %s against %s and %s", r.Names[0], r.Names[2], r.Names[1], r.Names[3])
	}
	if r.Cutthroat {
		fmt.Fprint(c.out, ", each alone until the first to take the pile plays alone against the other two")
	}
	fmt.Fprintf(c.out, "; game to %d.\n", r.Target)
}

// start has nothing to tell before the first action.
func (c *canastaScreen) start(canasta.State) {}

// follow starts telling the game's history from s on.
func (c *canastaScreen) follow(s canasta.State) { c.seen = s.Seq() }

// tell prints the actions played since the last told, as seat 0 (or the
// human) may know them, and the end of each round.
func (c *canastaScreen) tell(_ canasta.State, _ int, _ canasta.Action, next canasta.State) {
	viewer := max(c.human, 0)
	for _, ev := range next.Happened(viewer, c.seen) {
		c.seen = ev.Seq
		who := next.Rules().Names[ev.Seat]
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
		fmt.Fprintln(c.out, line)
		if ev.RoundOver {
			c.roundEnd(next)
		}
	}
}

// pause has nothing to print: every action is told on its own line.
func (c *canastaScreen) pause() {}

// roundEnd prints the last round's result.
func (c *canastaScreen) roundEnd(s canasta.State) {
	res := s.Results()[len(s.Results())-1]
	r := s.Rules()
	how := "the stock ran out"
	if res.WentOut >= 0 {
		how = r.Names[res.WentOut] + " went out"
		if res.Concealed {
			how += " concealed"
		}
	}
	fmt.Fprintf(c.out, "\n== Round %d over: %s ==\n", res.Number, how)
	for _, ts := range res.Teams {
		fmt.Fprintf(c.out, "%s: %+d, total %d\n", teamName(r, ts.Team), ts.Points, ts.Total)
		for _, l := range ts.Breakdown {
			if l.Points != 0 {
				fmt.Fprintf(c.out, "    %-16s %+6d\n", l.Item, l.Points)
			}
		}
	}
	fmt.Fprintln(c.out)
}

// end prints the totals and the winners.
func (c *canastaScreen) end(s canasta.State) {
	var names []string
	for _, t := range s.Winners() {
		names = append(names, teamName(s.Rules(), t))
	}
	fmt.Fprintf(c.out, "Game over after %s. Totals %v. Winner: %s.\n", plural(s.Round(), "round"), s.Totals(), strings.Join(names, " and "))
}

// record is the game record, for canasta.Replay.
func (c *canastaScreen) record(s canasta.State) ([]byte, error) { return s.Record().MarshalText() }

// flags are the flags that deal the same game.
func (c *canastaScreen) flags(s canasta.State) string { return "-rules " + s.Rules().Name }

// verdict adds nothing to a hint.
func (c *canastaScreen) verdict(canasta.State) string { return "" }

// question is the partner's "May I go out?", when the human answers it.
func (c *canastaScreen) question(s canasta.State) string {
	if s.Phase() == canasta.Answering {
		return s.Rules().Names[s.Turn()] + " asks: may I go out?"
	}
	return ""
}

// command is the short command of a in the prompt: the same as Hand and
// Foot's.
func (c *canastaScreen) command(a canasta.Action) string {
	return familyCommand(handfoot.Kind(a.Kind()), a.String())
}

// undoable: Canasta's own take-back (back) steps back over melds.
func (c *canastaScreen) undoable(canasta.State, int, canasta.Action, canasta.State) bool {
	return false
}

// help is what Canasta adds to the commands.
func (c *canastaScreen) help() string {
	return `In Canasta type the cards (any case): m 7H 7D 7S, a 9S to 9, x KH;
t takes the pile (t with 2C, t to #1), back takes back the cards laid since
the draw, ask asks your partner whether you may go out.
`
}

// parse reads an action's text form, the command's short form made long.
// A bare "take" (t, the prompt's shortcut) takes the pile the one way the
// rules allow, when there is one: "take to #1" when the upcard can only
// go onto that meld; when there are several it lists them.
func (c *canastaScreen) parse(s canasta.State, _ int, verb string, args []string, _ func(string) (string, error)) (canasta.Action, error) {
	if verb == "take" && len(args) == 0 {
		var takes []canasta.Action
		for _, a := range s.AppendLegal(nil) {
			if a.Kind() == canasta.KindTake {
				takes = append(takes, a)
			}
		}
		switch {
		case len(takes) == 1:
			return takes[0], nil
		case len(takes) > 1:
			var ways []string
			for _, a := range takes {
				ways = append(ways, fmt.Sprintf("%q", a.String()))
			}
			return canasta.Action{}, errors.New("the pile can be taken several ways: " + strings.Join(ways, ", "))
		}
	}
	return canasta.ParseAction(strings.Join(append([]string{verb}, args...), " "))
}

// teamName names a team by its players.
func teamName(r canasta.Rules, team int) string {
	var ns []string
	for seat := team; seat < r.Players; seat += r.Teams {
		ns = append(ns, r.Names[seat])
	}
	return strings.Join(ns, " & ")
}

// show draws the table as seat sees it.
func (c *canastaScreen) show(s canasta.State, seat int, _ bool) string {
	var b strings.Builder
	c.draw(&b, s.View(seat))
	return b.String()
}

// draw writes the table as v's seat sees it to w.
func (c *canastaScreen) draw(w io.Writer, v canasta.View) {
	r := v.Rules
	fmt.Fprintf(w, "--- Round %d, %s turn (%s) ---\n", v.Round, possessive(r.Names[v.Turn]), v.Phase)
	partner := -1 // under Cutthroat, the lower partner, whose melds the partnership's are
	if r.Cutthroat && v.LoneHand >= 0 {
		partner = (v.LoneHand + 1) % r.Players
		other := (v.LoneHand + 2) % r.Players
		fmt.Fprintf(w, "%s plays alone against %s and %s.\n", r.Names[v.LoneHand], r.Names[partner], r.Names[other])
		partner = min(partner, other)
	}
	for _, t := range v.Teams {
		fmt.Fprintf(w, "%s: total %d", teamName(r, t.Team), t.Total)
		switch {
		case t.Down:
			fmt.Fprint(w, ", down")
		default:
			fmt.Fprintf(w, ", needs %d to meld first", t.Minimum)
		}
		if len(t.RedThrees) > 0 {
			fmt.Fprintf(w, ", red threes %s", cardList(t.RedThrees))
		}
		fmt.Fprintln(w)
		if partner >= 0 && t.Team != v.LoneHand && t.Team != partner {
			fmt.Fprintf(w, "    melds with %s\n", r.Names[partner])
			continue
		}
		for _, m := range t.Melds {
			fmt.Fprintf(w, "    %-28s %s\n", cardList(m.Cards()), meldMark(r.Meld, m))
		}
	}
	var hands []string
	for _, p := range v.Players {
		hands = append(hands, fmt.Sprintf("%s %d", p.Name, p.Hand))
	}
	fmt.Fprintf(w, "Cards in hand: %s. Stock: %d.\n", strings.Join(hands, ", "), v.StockSize)
	pile := "empty"
	if v.Upcard != 0 {
		pile = fmt.Sprintf("%v on top, %d in all", v.Upcard, v.PileSize)
	}
	var frozen []string
	for _, t := range v.Teams {
		if t.Frozen {
			frozen = append(frozen, teamName(r, t.Team))
		}
	}
	if len(frozen) > 0 {
		pile += "; frozen for " + strings.Join(frozen, ", ")
	}
	fmt.Fprintf(w, "Discard pile: %s.\n", pile)
	if v.Asked {
		fmt.Fprintf(w, "%s asked to go out.\n", r.Names[v.Turn])
	}
	fmt.Fprintf(w, "Your hand: %s\n", sortedHand(v.Hand))
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
