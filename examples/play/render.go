package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/meld"
)

// legend explains the marks of the table; it is printed once, at the start.
const legend = `How to read the table:
  Stock and Discard give the number of cards in each.
  Team 1 [2595]: Ken 3/11 & Jenn 22/X   the team's score before this round; each
      player's cards in hand / in the foot, X once the foot is picked up.
  [7] clean meld (no wild cards)   {7} dirty meld (with wild cards)
  *[7] a canasta (7 cards or more)  +[7] a clean canasta with red threes on it
  7#2 the team's second meld of sevens
  Rows under the melds: C natural cards, D wild cards (twos and jokers), R red threes.
  Play Down Points: the points a team's first melds of the round must reach.
  Turn: Ken [Pete] Jenn Steph   the player in brackets is to play.
  Hand*: the asterisk stays until you have drawn. Each group of your hand has a
      letter over it, which it keeps while it stays in your hand: "m a" melds
      group a, "dis c" discards a card of group c.
`

// logLegend explains the actions of the log, a line for each turn of a
// computer player; it is printed once, at the start, auto-play included.
const logLegend = `How to read the log (one line a turn: the player, then its actions in order):
  draw             draws from the stock; the cards stay hidden
  take             takes the discard pile, the upcard going on a new meld with
                   a pair from the hand
  take to #1       takes the pile, the upcard going on the team's first meld of
                   its rank (#2: the second)
  take to 9#1      takes the pile, the wild upcard going on the team's first
                   meld of nines
  meld 7H 7D 2C    lays a new meld
  add 9S 2C to 9   adds cards to the team's meld of nines
  add 9S to 9#2    adds to the team's second meld of nines
  lay 3H on 9      lays a red three on the team's clean canasta of nines
  back             takes back every card laid since the draw
  ask              asks the partner "May I go out?"; yes or no is the answer
  discard KH       discards a card, ending the turn
  packet 1         keeps packet 1 as the hand, packet 2 as the foot
`

// renderTable draws the table as seat v.Seat sees it, in the layout rule
// set A describes: the stock and the discard pile, a box for each
// team, whose turn it is, the last actions (as the seat knows them), and
// the seat's hand with a letter over each group (as letters keeps them;
// nil: a, b, c ...). It is a function of the View, the events and the
// letters alone.
func renderTable(v handfoot.View, last []handfoot.Event, letters *handLetters) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d, rule set %s. To go out: %s.\n\n", v.Round, cmp.Or(v.Rules.Name, "custom"), goOutText(v.Rules))
	// Rule set A gives the sizes of the stock and the pile in words (large,
	// medium); the numbers tell a player more.
	fmt.Fprintf(&b, "Stock:    %d cards\n", v.StockSize)
	switch {
	case v.Upcard != 0:
		fmt.Fprintf(&b, "Discard:  %s (%s)\n", v.Upcard, plural(v.PileSize, "card"))
	case v.PileSize > 0:
		fmt.Fprintf(&b, "Discard:  being taken (%s)\n", plural(v.PileSize, "card"))
	default:
		b.WriteString("Discard:  empty\n")
	}
	for _, t := range v.Teams {
		b.WriteByte('\n')
		b.WriteString(renderTeam(v, t))
	}
	b.WriteString("\nTurn:")
	for _, p := range v.Players {
		if p.Seat == v.Turn {
			fmt.Fprintf(&b, " [%s]", p.Name)
		} else {
			fmt.Fprintf(&b, " %s", p.Name)
		}
	}
	b.WriteString("\n\n")
	if len(last) > 0 {
		b.WriteString("Last actions:\n")
		for _, ev := range last {
			b.WriteString("  " + eventLine(v, ev) + "\n")
		}
		b.WriteByte('\n')
	}
	b.WriteString(renderHand(v, letters))
	return b.String()
}

// eventLine writes one action of the game's history on a line, with what
// the event tells of it: "Jenn: draw (2 cards)", "You: draw 4C 9H", "Pete:
// take (6 from the pile)".
func eventLine(v handfoot.View, ev handfoot.Event) string {
	s := v.Players[ev.Seat].Name + ": " + ev.Action.String()
	switch {
	case len(ev.Drawn) > 0:
		s += " " + sortedCards(ev.Drawn)
	case ev.Draws > 0:
		s += " (" + plural(ev.Draws, "card") + ")"
	}
	if ev.Took > 0 {
		s += fmt.Sprintf(" (%d from the pile)", ev.Took)
	}
	if ev.Foot {
		s += " (picks up the foot)"
	}
	return s
}

// renderTeam draws one team's box:
//
//	+---
//	| Team 1 [2595]: Ken 3/11 & Jenn 22/X
//	|   *[4]  {5}  [7]
//	| C   7    4    8
//	| D        3
//	+---
func renderTeam(v handfoot.View, t handfoot.TeamView) string {
	var b strings.Builder
	b.WriteString("+---\n")
	fmt.Fprintf(&b, "| Team %d [%d]: ", t.Team+1, t.Total)
	first := true
	for _, p := range v.Players {
		if p.Team != t.Team {
			continue
		}
		if !first {
			b.WriteString(" & ")
		}
		first = false
		foot := "X"
		if !p.InFoot {
			foot = strconv.Itoa(p.Foot)
		}
		fmt.Fprintf(&b, "%s %d/%s", p.Name, p.Hand, foot)
	}
	b.WriteByte('\n')
	b.WriteString(renderMelds(v.Rules.Meld, t.Melds))
	if !t.Down {
		b.WriteString("|\n")
		fmt.Fprintf(&b, "| Play Down Points: %d", t.Minimum)
		if v.LaidThisTurn > 0 && v.Team == t.Team && v.Turn%v.Rules.Teams == t.Team {
			fmt.Fprintf(&b, " (laid this turn: %d)", v.LaidThisTurn)
		}
		b.WriteString("\n|\n")
	}
	b.WriteString("+---\n")
	return b.String()
}

// meldColumn is one meld in a team's box.
type meldColumn struct {
	label             string // "*[7]", "{9#2}"
	clean, dirty, red int
}

// renderMelds draws a team's melds by rank, a column each: the label row,
// then the C (natural), D (wild) and R (red threes) rows, leaving out the
// D and R rows when they would be empty. Long rows wrap.
func renderMelds(p meld.RankPolicy, melds []meld.RankMeld) string {
	if len(melds) == 0 {
		return ""
	}
	type ordered struct {
		m meld.RankMeld
		n int // ordinal among the melds of its rank
	}
	var seen [card.King + 1]int
	var ms []ordered
	for _, m := range melds {
		seen[m.Rank()]++
		ms = append(ms, ordered{m, seen[m.Rank()]})
	}
	slices.SortStableFunc(ms, func(a, b ordered) int { return cmp.Compare(a.m.Rank(), b.m.Rank()) })
	var cols []meldColumn
	for _, o := range ms {
		open, closing := "[", "]"
		if !o.m.IsNatural() {
			open, closing = "{", "}"
		}
		mark := ""
		switch {
		case o.m.RedThrees() > 0:
			mark = "+"
		case p.IsCanasta(o.m):
			mark = "*"
		}
		ref := handfoot.Ref{Rank: o.m.Rank(), Index: o.n - 1}
		cols = append(cols, meldColumn{mark + open + ref.String() + closing, o.m.Naturals(), o.m.Wilds(), o.m.RedThrees()})
	}
	var b strings.Builder
	const width = 70
	for len(cols) > 0 {
		n, w := 0, 0
		for n < len(cols) && (n == 0 || w+colWidth(cols[n]) <= width) {
			w += colWidth(cols[n])
			n++
		}
		b.WriteString(meldRows(cols[:n]))
		cols = cols[n:]
	}
	return b.String()
}

// colWidth is the width of a meld's column: its label and a space before.
func colWidth(c meldColumn) int { return max(len(c.label), 4) + 1 }

// meldRows draws one row of meld columns. Each count stands under the last
// character of its meld's rank.
func meldRows(cols []meldColumn) string {
	label, clean, dirty, red := "|  ", "| C", "| D", "| R"
	var anyDirty, anyRed bool
	count := func(n, w int) string {
		if n == 0 {
			return strings.Repeat(" ", w)
		}
		return fmt.Sprintf("%*d ", w-1, n)
	}
	for _, c := range cols {
		w := colWidth(c)
		label += fmt.Sprintf("%*s", w, c.label)
		clean += count(c.clean, w)
		dirty += count(c.dirty, w)
		red += count(c.red, w)
		anyDirty = anyDirty || c.dirty > 0
		anyRed = anyRed || c.red > 0
	}
	rows := []string{label, clean}
	if anyDirty {
		rows = append(rows, dirty)
	}
	if anyRed {
		rows = append(rows, red)
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.TrimRight(r, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// group is the cards of one rank in a hand, the threes split by colour.
type group struct {
	label  string      // "A", "3R", "3B", "10", "JK"
	cards  []card.Card // ascending
	letter byte        // the letter that names it: 'a', 'b' ...
}

// token is the group as the hand shows it: "7(4)", "3R".
func (g group) token() string {
	if len(g.cards) == 1 {
		return g.label
	}
	return fmt.Sprintf("%s(%d)", g.label, len(g.cards))
}

// handGroups splits a hand into groups in rank order, ace first, the
// threes as 3R (red) and 3B (black), the jokers last.
func handGroups(h card.Multiset) []group {
	var buckets [card.King + 3][]card.Card // index: rank; King+1: black threes; King+2: jokers
	for _, c := range h.Cards() {
		i := int(c.Rank())
		switch {
		case c == card.Joker:
			i = int(card.King) + 2
		case c.Rank() == card.Three && c.IsBlack():
			i = int(card.King) + 1
		}
		buckets[i] = append(buckets[i], c)
	}
	order := []int{int(card.Ace), int(card.Two), int(card.Three), int(card.King) + 1}
	for r := card.Four; r <= card.King; r++ {
		order = append(order, int(r))
	}
	order = append(order, int(card.King)+2)
	var gs []group
	for _, i := range order {
		cs := buckets[i]
		if len(cs) == 0 {
			continue
		}
		label := cs[0].Rank().String()
		switch {
		case cs[0] == card.Joker:
			label = "JK"
		case cs[0].Rank() == card.Three && cs[0].IsRed():
			label = "3R"
		case cs[0].Rank() == card.Three:
			label = "3B"
		}
		gs = append(gs, group{label, cs, 'a' + byte(len(gs))})
	}
	return gs
}

// handLetters keeps the letter of each group of the human's hand while
// the group stays in the hand, so that a draw does not rename the groups
// already there: a new group takes the first letter no group holds, and a
// group that comes back (undo) takes its old letter again if it is free.
// A new round deals a new hand, lettered afresh.
type handLetters struct {
	round int
	held  map[string]byte // the groups of the hand last lettered: label, letter
	last  map[string]byte // every group lettered this round: its last letter
}

// groups splits h into groups in rank order, as handGroups does, each
// named by the letter it had, or by the first free letter. A nil
// handLetters letters the groups a, b, c ... in order.
func (l *handLetters) groups(h card.Multiset, round int) []group {
	gs := handGroups(h)
	if l == nil {
		return gs
	}
	if l.last == nil || l.round != round {
		*l = handLetters{round: round, held: map[string]byte{}, last: map[string]byte{}}
	}
	used := map[byte]bool{}
	set := make([]bool, len(gs))
	assign := func(i int, c byte) {
		gs[i].letter, set[i], used[c] = c, true, true
	}
	for i, g := range gs { // the groups still in the hand
		if c, ok := l.held[g.label]; ok {
			assign(i, c)
		}
	}
	for i, g := range gs { // the groups back in the hand
		if c, ok := l.last[g.label]; ok && !set[i] && !used[c] {
			assign(i, c)
		}
	}
	next := byte('a')
	for i := range gs { // the groups new to the hand
		if !set[i] {
			for used[next] {
				next++
			}
			assign(i, next)
		}
	}
	l.held = map[string]byte{}
	for _, g := range gs {
		l.held[g.label], l.last[g.label] = g.letter, g.letter
	}
	return gs
}

// lettersOf lists the letters of gs in alphabetical order: "a, b, d".
func lettersOf(gs []group) string {
	var ls []string
	for _, g := range gs {
		ls = append(ls, string(g.letter))
	}
	slices.Sort(ls)
	return strings.Join(ls, ", ")
}

// renderHand draws the seat's hand grouped by rank, a letter over each
// group (as letters keeps them; nil: a, b, c ...), and the cards
// themselves below for typing actions in full.
func renderHand(v handfoot.View, letters *handLetters) string {
	var b strings.Builder
	me := v.Players[v.Seat]
	if v.Phase == handfoot.Choosing && v.Hand.IsEmpty() {
		// Rule set B: the player keeps one packet as the hand, the other
		// as the foot, face down unless the house rule lets it look at
		// both first (the packets are then in the View).
		b.WriteString("Choose your hand: \"packet 1\" or \"packet 2\"; the other is your foot.\n")
		for i, size := range [2]int{me.Hand, me.Foot} {
			if p := v.Packets[i]; !p.IsEmpty() {
				fmt.Fprintf(&b, "Packet %d (%s): %s\n", i+1, plural(p.Len(), "card"), wrap(p.String(), 60))
			} else {
				fmt.Fprintf(&b, "Packet %d: %s, face down\n", i+1, plural(size, "card"))
			}
		}
		return b.String()
	}
	title := "Hand"
	if v.Phase == handfoot.Drawing && v.Turn == v.Seat && v.ToAct == v.Seat {
		title += "*" // an asterisk until the foot is picked up
	}
	title += " (" + plural(v.Hand.Len(), "card")
	switch {
	case me.InFoot:
		title += ", playing from your foot"
	case !v.FootSeen.IsEmpty():
		title += fmt.Sprintf(", foot: %d face down, you chose it: %s", me.Foot, v.FootSeen)
	default:
		title += fmt.Sprintf(", foot: %d face down", me.Foot)
	}
	title += ")"
	b.WriteString(title + "\n")
	gs := letters.groups(v.Hand, v.Round)
	var names, tokens strings.Builder
	for i, g := range gs {
		t := g.token()
		if i > 0 {
			names.WriteString("  ")
			tokens.WriteString("  ")
		}
		fmt.Fprintf(&names, "%-*s", len(t), string(g.letter))
		tokens.WriteString(t)
	}
	if len(gs) > 0 {
		b.WriteString(strings.TrimRight(names.String(), " ") + "\n")
		b.WriteString(tokens.String() + "\n")
		b.WriteString(wrap(v.Hand.String(), 78) + "\n")
	}
	if (v.Phase == handfoot.Opening || v.Phase == handfoot.Melding) && v.Turn == v.Seat && !v.Teams[v.Team].Down {
		fmt.Fprintf(&b, "Play down: %d of %d points laid this turn.\n", v.LaidThisTurn, v.Teams[v.Team].Minimum)
	}
	return b.String()
}

// goOutText says which canastas a team needs to go out.
func goOutText(r handfoot.Rules) string {
	need := r.GoOutCanastas()
	s := fmt.Sprintf("%d clean + %d dirty %s", need.Clean, need.Dirty, pluralWord(need.Clean+need.Dirty, "canasta"))
	if r.AskPartner && r.Players > r.Teams {
		s += ", and your partner's yes"
	}
	return s
}

// teamMembers names a team's players: "Ken & Jenn".
func teamMembers(v handfoot.View, team int) string {
	var names []string
	for _, p := range v.Players {
		if p.Team == team {
			names = append(names, p.Name)
		}
	}
	return strings.Join(names, " & ")
}

// renderResult writes a finished round: who went out, and each team's
// breakdown side by side.
func renderResult(v handfoot.View, res handfoot.RoundResult) string {
	var b strings.Builder
	if res.WentOut >= 0 {
		fmt.Fprintf(&b, "Round %d is over: %s went out.\n", res.Number, v.Players[res.WentOut].Name)
	} else {
		fmt.Fprintf(&b, "Round %d is over: the stock ran out and no one went out.\n", res.Number)
	}
	if len(res.Teams) == 0 {
		return b.String()
	}
	const item = 30
	colw := 9
	for _, t := range res.Teams {
		colw = max(colw, len(teamMembers(v, t.Team))+2)
	}
	fmt.Fprintf(&b, "  %-*s", item, "")
	for _, t := range res.Teams {
		fmt.Fprintf(&b, "%*s", colw, fmt.Sprintf("Team %d", t.Team+1))
	}
	fmt.Fprintf(&b, "\n  %-*s", item, "")
	for _, t := range res.Teams {
		fmt.Fprintf(&b, "%*s", colw, teamMembers(v, t.Team))
	}
	b.WriteByte('\n')
	row := func(label string, points func(handfoot.TeamScore) int) {
		fmt.Fprintf(&b, "  %-*s", item, label)
		for _, t := range res.Teams {
			fmt.Fprintf(&b, "%*d", colw, points(t))
		}
		b.WriteByte('\n')
	}
	for i, l := range res.Teams[0].Breakdown {
		row(l.Item, func(t handfoot.TeamScore) int {
			if i < len(t.Breakdown) {
				return t.Breakdown[i].Points
			}
			return 0
		})
	}
	row("this round", func(t handfoot.TeamScore) int { return t.Points })
	row("game total", func(t handfoot.TeamScore) int { return t.Total })
	return b.String()
}

// renderFinal writes the final totals and the winner of a finished game.
func renderFinal(v handfoot.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Game over after %s. Final totals:\n", plural(len(v.Results), "round"))
	best := v.Teams[0].Total
	for _, t := range v.Teams {
		best = max(best, t.Total)
	}
	var winners []string
	for _, t := range v.Teams {
		name := fmt.Sprintf("Team %d (%s)", t.Team+1, teamMembers(v, t.Team))
		fmt.Fprintf(&b, "  %-40s %6d\n", name, t.Total)
		if t.Total == best {
			winners = append(winners, name)
		}
	}
	if len(winners) == 1 {
		fmt.Fprintf(&b, "Winner: %s with %d points.\n", winners[0], best)
	} else {
		fmt.Fprintf(&b, "Winners, tied at %d points: %s.\n", best, strings.Join(winners, " and "))
	}
	return b.String()
}

func plural(n int, word string) string { return strconv.Itoa(n) + " " + pluralWord(n, word) }

func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// wrap breaks a line of words into lines of at most width characters.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		switch {
		case i == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// plays is "plays", or "play" after "You".
func plays(name string) string {
	if name == "You" {
		return name + " play"
	}
	return name + " plays"
}
