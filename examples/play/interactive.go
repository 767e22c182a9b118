package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/meld"
)

// commandHelp documents the commands; "help" prints it after the legal
// actions.
const commandHelp = `Commands (letters name the groups of your hand, as shown over it):
  d               draw two cards from the stock
  p               take the discard pile; if the upcard could go to more than
                  one place you are asked where ("new", or a meld: "7", "7#2";
                  a wild upcard goes on a meld of any rank, rule set A)
  m a b1          meld: all of group a, and one card of group b (a count after
                  a letter takes that many cards of the group: "m a2 f1")
  x a [to 7#2]    add group a to your team's meld of its rank; wild cards alone
                  need the meld: "x f1 to 9"
  r a [on 9]      lay a red three of group a on a clean canasta (rule set A)
  dis a           discard one card of group a (ends your turn)
  back            take back every card laid since your draw (the rule's take-back)
  undo            step back one meld or add (never past a draw or a pile take)
  ask             ask your partner whether you may go out (rule set B): after
                  drawing, before laying any card, when you can go out
  packet 1|2      keep packet 1 or 2 as your hand, the other as your foot
                  (rule set B: you see both before choosing)
  t               draw the table again, with the last actions
  record [FILE]   save the game record (the rules, the seed, every action) to
                  FILE, handfoot-record.txt if none, when the game ends or you
                  leave: not before, since it tells every hidden card
  help            this list
  quit            leave the game
Every action's text form works too: draw, take, take to #2, take to 9#1
(a wild upcard onto your nines), meld 7H 7D 2C, add 9S 2C to 9, lay 3H on 9,
discard KH, back, ask, yes, no, packet 1, packet 2, next.
`

// errQuit ends the game at the human's wish.
var errQuit = errors.New("quit")

// interactive plays the game with the human at seat 0.
func (g *game) interactive() error {
	g.dirty = true
	g.follow()
	for !g.s.Over() {
		if g.s.Phase() == handfoot.RoundOver {
			g.roundEnd(g.s) // the results, if not yet shown
			if err := g.roundOver(); err != nil {
				return g.leave(err)
			}
			continue
		}
		if g.s.ToAct() != g.human {
			if err := g.botStep(); err != nil {
				return err
			}
			continue
		}
		g.log.flush(g.out) // a computer player asking its partner, mid-turn
		if err := g.humanStep(); err != nil {
			return g.leave(err)
		}
	}
	if err := g.saveRecord(); err != nil {
		return err
	}
	g.printReplay()
	return nil
}

// botStep lets the computer player to act play one action.
func (g *game) botStep() error {
	next, _, err := bot.Step(g.s, g.players)
	if err != nil {
		return err
	}
	g.s = next
	g.dirty = true
	g.report()
	return nil
}

// leave ends the game early: at the end of the input or on quit. The
// player then learns the seed.
func (g *game) leave(err error) error {
	switch {
	case errors.Is(err, errQuit):
		fmt.Fprintln(g.out, "Bye.")
	case errors.Is(err, errEOF):
		fmt.Fprintln(g.out, "\nEnd of input: leaving the game.")
	default:
		return err
	}
	if err := g.saveRecord(); err != nil {
		return err
	}
	g.printReplay()
	return nil
}

// errEOF is the end of the input.
var errEOF = errors.New("end of input")

// readLine prints the prompt and reads one line.
func (g *game) readLine(prompt string) (string, error) {
	fmt.Fprint(g.out, prompt)
	if !g.in.Scan() {
		if err := g.in.Err(); err != nil {
			return "", err
		}
		return "", errEOF
	}
	return strings.TrimSpace(g.in.Text()), nil
}

// roundOver waits for the human before the next round is dealt.
func (g *game) roundOver() error {
	for {
		line, err := g.readLine(fmt.Sprintf("\nRound %d is over. Enter (or next) deals round %d, quit leaves > ", g.s.Round(), g.s.Round()+1))
		if err != nil {
			return err
		}
		switch strings.ToLower(line) {
		case "", "next", "n":
			g.play(handfoot.Next())
			return nil
		case "quit", "q", "exit":
			return errQuit
		case "help", "h", "?":
			fmt.Fprintln(g.out, "Enter or next deals the next round; quit leaves the game.")
		default:
			fmt.Fprintf(g.out, "The round is over: Enter or next deals round %d, quit leaves.\n", g.s.Round()+1)
		}
	}
}

// humanStep reads and plays one command of the human, who is to act.
func (g *game) humanStep() error {
	v := g.s.View(g.human)
	if g.dirty {
		fmt.Fprintln(g.out)
		fmt.Fprint(g.out, renderTable(v, g.lastActions()))
		g.dirty, g.again = false, false
	}
	if v.Phase == handfoot.Answering {
		line, err := g.readLine(fmt.Sprintf("%s asks: may I go out? (yes/no) > ", g.name(v.Turn)))
		if err != nil {
			return err
		}
		switch strings.ToLower(line) {
		case "yes", "y":
			g.play(handfoot.Answer(true))
		case "no", "n":
			g.play(handfoot.Answer(false))
		case "quit", "q", "exit":
			return errQuit
		case "t", "table":
			g.dirty, g.again = true, true
		default:
			fmt.Fprintln(g.out, "Answer yes or no.")
		}
		return nil
	}
	line, err := g.readLine(hints(v, len(g.undo) > 0) + " > ")
	if err != nil {
		return err
	}
	return g.command(v, line)
}

// command carries out one line typed by the human.
func (g *game) command(v handfoot.View, line string) error {
	words := strings.Fields(line)
	if len(words) == 0 {
		return nil
	}
	verb, args := strings.ToLower(words[0]), words[1:]
	switch verb {
	case "quit", "q", "exit":
		return errQuit
	case "help", "h", "?":
		fmt.Fprint(g.out, helpText(v))
		return nil
	case "t", "table":
		g.dirty, g.again = true, true
		return nil
	case "record":
		g.recordTo(args)
		return nil
	case "undo", "u":
		if len(g.undo) == 0 {
			fmt.Fprintln(g.out, "Nothing to undo: undo steps back over your melds and adds since your draw, pile take or foot.")
			return nil
		}
		g.s = g.undo[len(g.undo)-1]
		g.undo = g.undo[:len(g.undo)-1]
		g.dirty, g.seen = true, g.s.Seq() // the actions undone are no longer in the history
		fmt.Fprintln(g.out, "Undone.")
		return nil
	case "d":
		if len(args) == 0 {
			g.play(handfoot.Draw())
			return nil
		}
	case "p", "pile":
		return g.takePile(v, args)
	}
	a, err := g.parse(v, verb, args, line)
	if err != nil {
		g.explain(err)
		return nil
	}
	g.play(a)
	return nil
}

// parse turns a command into an action: a letter command ("m a b1", "x a
// to 9", "r a", "dis a"), or an action's text form.
func (g *game) parse(v handfoot.View, verb string, args []string, line string) (handfoot.Action, error) {
	long := map[string]string{"m": "meld", "x": "add", "r": "lay", "dis": "discard", "di": "discard"}
	full := verb
	if l, ok := long[verb]; ok {
		full = l
	}
	// The words naming cards, and after them "to REF" / "on REF".
	sel, rest := args, []string(nil)
	for i, w := range args {
		if w = strings.ToLower(w); w == "to" || w == "on" || w == "onto" {
			sel, rest = args[:i], args[i:]
			break
		}
	}
	letters := len(sel) > 0
	for _, w := range sel {
		letters = letters && isSelection(w)
	}
	switch full {
	case "meld", "add", "lay", "discard":
	default:
		letters = false
	}
	if !letters {
		if full != verb {
			line = full + " " + strings.Join(args, " ")
		}
		return handfoot.ParseAction(line)
	}
	cards, err := selectCards(handGroups(v.Hand), sel)
	if err != nil {
		return handfoot.Action{}, err
	}
	var ref *handfoot.Ref
	if len(rest) > 0 {
		if len(rest) != 2 {
			return handfoot.Action{}, fmt.Errorf("name one meld after %q, as in \"x a to 9\"", rest[0])
		}
		r, err := handfoot.ParseRef(rest[1])
		if err != nil {
			return handfoot.Action{}, err
		}
		ref = &r
	}
	switch full {
	case "meld":
		if ref != nil {
			return handfoot.Action{}, fmt.Errorf("a new meld goes on no meld: use \"x\" to add to one")
		}
		return handfoot.Meld(cards...)
	case "discard":
		if len(sel) != 1 || ref != nil || (len(sel[0]) > 1 && len(cards) != 1) {
			return handfoot.Action{}, errors.New("discard one card: \"dis a\"")
		}
		return handfoot.Discard(cards[0])
	case "lay":
		c := cards[0]
		if len(sel) > 1 || !meld.IsRedThree(c) {
			return handfoot.Action{}, fmt.Errorf("only a red three is laid on a meld, not %s: \"r a on 9\"", cardList(cards))
		}
		if ref != nil {
			return handfoot.LayRed(c, *ref)
		}
		var tries []handfoot.Action
		for _, r := range g.teamRefs(v, func(m meld.RankMeld) bool { return m.IsNatural() && v.Rules.Meld.IsCanasta(m) }) {
			a, err := handfoot.LayRed(c, r)
			if err != nil {
				return handfoot.Action{}, err
			}
			tries = append(tries, a)
		}
		if len(tries) == 0 {
			return handfoot.Action{}, errors.New("your team has no clean canasta to lay a red three on")
		}
		return g.firstLegal(tries)
	}
	// add
	if ref != nil {
		return handfoot.Add(*ref, cards...)
	}
	rank := card.Rank(0)
	for _, c := range cards {
		if !meld.IsWild(c) {
			rank = c.Rank()
			break
		}
	}
	switch rank {
	case 0:
		return handfoot.Action{}, errors.New("wild cards alone: say which meld they go on, as in \"x f1 to 9\"")
	case card.Three:
		return handfoot.ParseAction("add " + cardList(cards) + " to 3") // the rule's words
	}
	refs := g.teamRefs(v, func(m meld.RankMeld) bool { return m.Rank() == rank && !v.Rules.Meld.IsCanasta(m) })
	refs = append(refs, g.teamRefs(v, func(m meld.RankMeld) bool { return m.Rank() == rank && v.Rules.Meld.IsCanasta(m) })...)
	if len(refs) == 0 {
		refs = []handfoot.Ref{{Rank: rank}} // the rule says what is wrong
	}
	var tries []handfoot.Action
	for _, r := range refs {
		a, err := handfoot.Add(r, cards...)
		if err != nil {
			return handfoot.Action{}, err
		}
		tries = append(tries, a)
	}
	return g.firstLegal(tries)
}

// teamRefs lists the refs of the human's team's melds that keep says, in
// the order laid.
func (g *game) teamRefs(v handfoot.View, keep func(meld.RankMeld) bool) []handfoot.Ref {
	team := v.Teams[v.Team]
	var refs []handfoot.Ref
	for i, ref := range team.Refs() {
		if keep(team.Melds[i]) {
			refs = append(refs, ref)
		}
	}
	return refs
}

// firstLegal returns the first of tries that the rules accept now, or the
// rule's objection to the first.
func (g *game) firstLegal(tries []handfoot.Action) (handfoot.Action, error) {
	var first error
	for _, a := range tries {
		_, err := handfoot.Apply(g.s, a)
		if err == nil {
			return a, nil
		}
		if first == nil {
			first = err
		}
	}
	return handfoot.Action{}, first
}

// isSelection reports whether w names a group of the hand: a letter,
// optionally followed by a count ("a", "b2").
func isSelection(w string) bool {
	w = strings.ToLower(w)
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// selectCards returns the cards that words name: "a" is every card of
// group a, "b2" two cards of group b.
func selectCards(gs []group, words []string) ([]card.Card, error) {
	var cards []card.Card
	used := map[int]bool{}
	for _, w := range words {
		w = strings.ToLower(w)
		i := int(w[0] - 'a')
		if i >= len(gs) {
			if len(gs) == 0 {
				return nil, errors.New("your hand is empty")
			}
			return nil, fmt.Errorf("no group %s: your hand has groups a to %s", w[:1], letter(len(gs)-1))
		}
		if used[i] {
			return nil, fmt.Errorf("group %s is named twice", w[:1])
		}
		used[i] = true
		n := len(gs[i].cards)
		if len(w) > 1 {
			k, err := strconv.Atoi(w[1:])
			if err != nil || k < 1 || k > n {
				return nil, fmt.Errorf("group %s (%s) has %s", w[:1], gs[i].token(), plural(n, "card"))
			}
			n = k
		}
		cards = append(cards, gs[i].cards[:n]...)
	}
	return cards, nil
}

// takePile takes the discard pile: the one way it can be taken, or the
// way the human names, asking where the upcard goes when more than one
// place fits.
func (g *game) takePile(v handfoot.View, args []string) error {
	var takes []handfoot.Action
	for _, a := range v.Legal {
		if a.Kind() == handfoot.KindTake {
			takes = append(takes, a)
		}
	}
	if len(takes) == 0 {
		g.explain(g.whyNoTake())
		return nil
	}
	answer := strings.Join(args, " ")
	if len(takes) == 1 && answer == "" {
		g.play(takes[0])
		return nil
	}
	if answer == "" {
		var places []string
		for _, a := range takes {
			places = append(places, place(a, v.Upcard.Rank()))
		}
		line, err := g.readLine(fmt.Sprintf("Place upcard on meld rank (%s) > ", strings.Join(places, ", ")))
		if err != nil {
			return err
		}
		if answer = line; answer == "" {
			fmt.Fprintln(g.out, "The pile is not taken.")
			return nil
		}
	}
	for _, a := range takes {
		if strings.EqualFold(answer, place(a, v.Upcard.Rank())) {
			g.play(a)
			return nil
		}
	}
	if !strings.EqualFold(answer, "new") {
		if ref, err := handfoot.ParseRef(answer); err == nil {
			wild := meld.IsWild(v.Upcard)
			if !wild && ref.Rank != v.Upcard.Rank() {
				g.explain(fmt.Errorf("the upcard is %s: it goes only on a meld of %s", v.Upcard, v.Upcard.Rank().Plural()))
				return nil
			}
			a, err := handfoot.TakeTo(ref.Index)
			if wild {
				a, err = handfoot.TakeToMeld(ref) // a wild upcard goes on a meld of any rank
			}
			if err != nil {
				g.explain(err)
				return nil
			}
			g.explain(g.applyErr(a))
			return nil
		}
	}
	g.explain(fmt.Errorf("the upcard can go to: %s", placesText(takes, v.Upcard.Rank())))
	return nil
}

// place is where a take puts the upcard of rank: "new", "7", "7#2".
func place(a handfoot.Action, rank card.Rank) string {
	if ref, ok := a.Target(); ok {
		if ref.Rank == 0 {
			ref.Rank = rank // a take names no rank: it is the upcard's (a wild upcard's take names it)
		}
		return ref.String()
	}
	return "new"
}

func placesText(takes []handfoot.Action, rank card.Rank) string {
	var ps []string
	for _, a := range takes {
		ps = append(ps, place(a, rank))
	}
	return strings.Join(ps, ", ")
}

// whyNoTake explains why the pile cannot be taken now: the rules' own
// objection to taking it with a pair.
func (g *game) whyNoTake() error { return g.applyErr(handfoot.Take()) }

// applyErr returns the rule's objection to a, or nil.
func (g *game) applyErr(a handfoot.Action) error {
	_, err := handfoot.Apply(g.s, a)
	return err
}

// explain prints why a command was refused, on one line.
func (g *game) explain(err error) {
	if err != nil {
		fmt.Fprintln(g.out, oneLine(err))
	}
}

// play applies the human's action, or explains why it was refused.
func (g *game) play(a handfoot.Action) {
	prev := g.s
	next, err := handfoot.Apply(prev, a)
	if err != nil {
		g.explain(err)
		return
	}
	g.s = next
	g.dirty = true
	g.report()

	// Undo steps back over melds, adds and take-backs. A draw, a pile take,
	// a question, new cards in the hand (the foot picked up, the pile
	// joining the hand) and the end of the turn are fixed points.
	var fixed bool
	switch a.Kind() {
	case handfoot.KindMeld, handfoot.KindAdd, handfoot.KindLayRed:
		laid := max(len(a.Cards()), 1) // a red three is one card
		fixed = next.Hand(g.human).Len() != prev.Hand(g.human).Len()-laid || next.InFoot(g.human) != prev.InFoot(g.human)
	case handfoot.KindTakeBack:
		fixed = next.Phase() == handfoot.Drawing // the upcard went back to the pile
	default:
		fixed = true
	}
	if fixed || next.ToAct() != g.human || next.Turn() != g.human {
		g.undo = g.undo[:0]
	} else {
		g.undo = append(g.undo, prev)
	}
}

// hints are the short commands the human may use now: "(d draw, p pile,
// help)".
func hints(v handfoot.View, canUndo bool) string {
	var has [handfoot.KindNext + 1]bool
	for _, a := range v.Legal {
		has[a.Kind()] = true
	}
	var hs []string
	add := func(k handfoot.Kind, h string) {
		if has[k] {
			hs = append(hs, h)
		}
	}
	add(handfoot.KindDraw, "d draw")
	add(handfoot.KindTake, "p pile")
	add(handfoot.KindMeld, "m a meld")
	add(handfoot.KindAdd, "x a add")
	add(handfoot.KindLayRed, "r a red three")
	add(handfoot.KindAsk, "ask")
	add(handfoot.KindTakeBack, "back")
	if canUndo {
		hs = append(hs, "undo")
	}
	add(handfoot.KindDiscard, "dis a discard")
	add(handfoot.KindAnswer, "yes, no")
	add(handfoot.KindChoose, "packet 1, packet 2")
	add(handfoot.KindNext, "next")
	hs = append(hs, "help")
	return "(" + strings.Join(hs, ", ") + ")"
}

// helpText lists the legal actions, a line (wrapped) per kind, and the
// commands.
func helpText(v handfoot.View) string {
	var b strings.Builder
	b.WriteString("Legal actions now:\n")
	for i := 0; i < len(v.Legal); {
		k := v.Legal[i].Kind()
		line := ""
		for ; i < len(v.Legal) && v.Legal[i].Kind() == k; i++ {
			text := v.Legal[i].String()
			switch {
			case line == "":
				line = "  " + text
			case len(line)+2+len(text) > 78:
				b.WriteString(line + ",\n")
				line = "  " + text
			default:
				line += ", " + text
			}
		}
		b.WriteString(line + "\n")
	}
	if len(v.Legal) == 0 {
		b.WriteString("  none: it is not your move\n")
	}
	b.WriteString(commandHelp)
	return b.String()
}
