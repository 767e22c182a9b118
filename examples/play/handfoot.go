package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/meld"
)

// handfootTable is a Hand and Foot table.
type handfootTable = table[handfoot.State, handfoot.Action, handfoot.View]

// Every game has a screen.
var _ screen[handfoot.State, handfoot.Action, handfoot.View] = (*handfootScreen)(nil)

// handfootScreen draws a Hand and Foot table and reads its commands:
// letters name the groups of the human's hand.
type handfootScreen struct {
	out     io.Writer
	opts    options
	human   int // the human's seat, -1 when every seat is a computer player
	viewer  int // the seat whose knowledge is told: the human's, or seat 0's for a spectator
	names   [handfoot.MaxPlayers]string
	seen    int         // the Seq of the last action told
	log     turnLog     // the computer players' turn in progress
	asker   int         // the seat that last asked its partner whether it may go out
	results int         // round results printed so far
	letters handLetters // the letters of the groups of the human's hand
}

// newHandfoot deals the Hand and Foot game of opts: the rule set -rules
// names (A by default) with the layout of -players and -teams.
func newHandfoot(out io.Writer, opts options) (*handfootTable, error) {
	s, played, err := dealHandfoot(&opts)
	if err != nil {
		return nil, err
	}
	h := &handfootScreen{out: out, opts: opts, human: human(opts), log: turnLog{seat: -1}}
	h.viewer = max(h.human, 0) // a spectator learns what seat 0 may know but for its drawn cards
	h.names = s.Rules().Names
	t, err := newTable(out, opts, h, s, h.human, bot.New)
	if t != nil {
		t.played = played
	}
	return t, err
}

// dealHandfoot deals the game of opts, or the start of the record -replay
// names, with its actions and, in opts, its seed.
func dealHandfoot(opts *options) (handfoot.State, []handfoot.Action, error) {
	if opts.recordText != nil {
		var rec handfoot.Record
		if err := rec.UnmarshalText(opts.recordText); err != nil {
			return handfoot.State{}, nil, errors.New(plain(err))
		}
		if err := recordNames(rec.Rules.Names[:], rec.Rules.Players, *opts); err != nil {
			return handfoot.State{}, nil, err
		}
		opts.seed = rec.Seed
		return recordStart(rec, rec.Actions, len(rec.Shoes), handfoot.Replay, func(r *handfoot.Record, as []handfoot.Action) { r.Actions = as })
	}
	r, err := handfoot.Preset(cmpOr(opts.rules, "A"))
	if err != nil {
		return handfoot.State{}, nil, errors.New(plain(err))
	}
	r = r.WithLayout(opts.players, opts.teams)
	if err := r.Validate(); err != nil {
		return handfoot.State{}, nil, errors.New(plain(err))
	}
	names, err := seatNames(*opts, r.Players, human(*opts))
	if err != nil {
		return handfoot.State{}, nil, err
	}
	copy(r.Names[:], names)
	s, err := handfoot.New(r, opts.seed)
	return s, nil, err
}

// human is the human's seat: 0, or -1 when computer players take every
// seat.
func human(opts options) int {
	if opts.auto {
		return -1
	}
	return 0
}

// cmpOr is name, or def when name is "" or the flag's default A, which
// names a Hand and Foot rule set.
func cmpOr(name, def string) string {
	if name == "" || strings.EqualFold(name, "a") {
		return def
	}
	return name
}

// title prints what is played: the rule set and the teams.
func (h *handfootScreen) title(s handfoot.State) {
	r := s.Rules()
	fmt.Fprintf(h.out, "Hand and Foot, rule set %s: %d players in %d teams, %d decks with jokers\n", r.Name, r.Players, r.Teams, r.Decks)
	for t := range r.Teams {
		fmt.Fprintf(h.out, "  Team %d: %s\n", t+1, teamMembers(s.View(0), t))
	}
}

// start prints how to read the table, to a human, the draw for the first
// player and the first round.
func (h *handfootScreen) start(s handfoot.State) {
	fmt.Fprintln(h.out)
	if h.human >= 0 {
		fmt.Fprint(h.out, legend)
	}
	fmt.Fprint(h.out, logLegend)
	v := s.View(0)
	first, draws := s.FirstPlayer()
	fmt.Fprintf(h.out, "\nCards drawn for the first player: %s; %s first.\n", cardList(draws), plays(h.names[first]))
	h.roundHeader(v)
}

// roundHeader announces the round that is starting.
func (h *handfootScreen) roundHeader(v handfoot.View) {
	var mins []string
	for _, t := range v.Teams {
		mins = append(mins, fmt.Sprintf("Team %d %d", t.Team+1, t.Minimum))
	}
	fmt.Fprintf(h.out, "\n== Round %d == %s first. Play down points: %s.\n", v.Round, plays(h.names[v.Turn]), strings.Join(mins, ", "))
}

// follow starts telling the game's history from s on.
func (h *handfootScreen) follow(s handfoot.State) {
	h.seen = s.Seq()
	h.asker = s.Turn() // the seat asking, when s waits for an answer
}

// lastShown is how many of the last actions the table shows.
const lastShown = 8

// show draws the table as seat sees it, with the last actions of the
// round as the seat knows them: none once the human has played since
// others did, unless again.
func (h *handfootScreen) show(s handfoot.State, seat int, again bool) string {
	evs := s.Happened(seat, s.Seq()-lastShown)
	for len(evs) > 0 && evs[0].Round != s.Round() {
		evs = evs[1:]
	}
	if len(evs) > 0 && evs[len(evs)-1].Seat == seat && !again {
		evs = nil
	}
	return renderTable(s.View(seat), evs, &h.letters)
}

// tell prints what was played since it last told, as the viewer's seat
// may know it from the game's history (handfoot.State.Happened): each of
// the human's actions on a line, each computer player's turn on a line,
// and the results of a round that has ended.
func (h *handfootScreen) tell(_ handfoot.State, _ int, _ handfoot.Action, next handfoot.State) {
	for _, ev := range next.Happened(h.viewer, h.seen) {
		h.event(ev, next)
	}
	h.seen = next.Seq()
	v := next.View(0)
	for ; h.results < len(v.Results); h.results++ {
		fmt.Fprintln(h.out)
		fmt.Fprint(h.out, renderResult(v, v.Results[h.results]))
	}
}

// event prints one event, or adds it to the line of the computer player's
// turn, which is printed when the turn ends.
func (h *handfootScreen) event(ev handfoot.Event, s handfoot.State) {
	a := ev.Action
	switch a.Kind() {
	case handfoot.KindNext:
		h.log.flush(h.out)
		h.roundHeader(s.View(0))
		return
	case handfoot.KindAsk:
		h.asker = ev.Seat
	case handfoot.KindAnswer:
		switch {
		case ev.Seat == h.human: // told below, as every action of yours
		case h.asker == h.human:
			h.log.flush(h.out)
			if a.Yes() {
				fmt.Fprintf(h.out, "%s answers: yes, you may go out this turn.\n", h.names[ev.Seat])
			} else {
				fmt.Fprintf(h.out, "%s answers: no, you may not go out this turn.\n", h.names[ev.Seat])
			}
			return
		case h.log.seat == h.asker && len(h.log.parts) > 0:
			h.log.parts[len(h.log.parts)-1] += fmt.Sprintf(" (%s: %s)", h.names[ev.Seat], a)
			return
		default:
			h.log.flush(h.out)
			fmt.Fprintf(h.out, "%s: %s\n", h.names[ev.Seat], a)
			return
		}
	}
	if ev.Seat == h.human {
		h.log.flush(h.out)
		fmt.Fprintf(h.out, "You: %s%s\n", a, note(ev, true))
		return
	}
	h.log.add(ev.Seat, h.names[ev.Seat], a.String()+note(ev, false), h.out)
	if a.Kind() == handfoot.KindDiscard || ev.RoundOver {
		h.log.flush(h.out)
	}
}

// pause prints the computer player's turn told so far (a computer player
// asking its partner, mid-turn).
func (h *handfootScreen) pause() { h.log.flush(h.out) }

// end prints the final totals and the winner.
func (h *handfootScreen) end(s handfoot.State) {
	fmt.Fprintln(h.out)
	fmt.Fprint(h.out, renderFinal(s.View(0)))
}

// record is the game record, for handfoot.Replay. The program's own names
// for the players are left out, so that the rules read "rules A 4x2";
// names given with -names are kept.
func (h *handfootScreen) record(s handfoot.State) ([]byte, error) {
	rec := s.Record()
	if len(h.opts.names) == 0 {
		rec.Rules.Names = [handfoot.MaxPlayers]string{}
	}
	return rec.MarshalText()
}

// flags are the flags that deal the same game.
func (h *handfootScreen) flags(s handfoot.State) string {
	r := s.Rules()
	return fmt.Sprintf("-rules %s -players %d -teams %d", r.Name, r.Players, r.Teams)
}

// verdict adds nothing to a hint.
func (h *handfootScreen) verdict(handfoot.State) string { return "" }

// question is the partner's "May I go out?", when the human answers it.
func (h *handfootScreen) question(s handfoot.State) string {
	if s.Phase() == handfoot.Answering {
		return h.names[s.Turn()] + " asks: may I go out?"
	}
	return ""
}

// command is the short command of a in the prompt.
func (h *handfootScreen) command(a handfoot.Action) string {
	return familyCommand(a.Kind(), a.String())
}

// familyCommand is the short command the prompt offers for an action of
// the kind k of Hand and Foot or Canasta, which number their shared kinds
// alike, and of the text text: "d draw".
func familyCommand(k handfoot.Kind, text string) string {
	switch k {
	case handfoot.KindDraw:
		return "d draw"
	case handfoot.KindTake:
		return "t take"
	case handfoot.KindMeld:
		return "m meld"
	case handfoot.KindAdd, handfoot.KindLayRed:
		return "a add"
	case handfoot.KindTakeBack:
		return "back"
	case handfoot.KindDiscard:
		return "x discard"
	case handfoot.KindAnswer:
		return "y yes, n no"
	}
	return text // ask, packet 1, packet 2, next
}

// undoable reports whether undo may step back over a: a meld, an add or a
// take-back that showed no new card (the foot picked up, the pile joining
// the hand), within the human's turn.
func (h *handfootScreen) undoable(prev handfoot.State, seat int, a handfoot.Action, next handfoot.State) bool {
	if next.Turn() != seat {
		return false
	}
	switch a.Kind() {
	case handfoot.KindMeld, handfoot.KindAdd, handfoot.KindLayRed:
		laid := max(len(a.Cards()), 1) // a red three is one card
		return next.Hand(seat).Len() == prev.Hand(seat).Len()-laid && next.InFoot(seat) == prev.InFoot(seat)
	case handfoot.KindTakeBack:
		return next.Phase() != handfoot.Drawing // the upcard went back to the pile
	}
	return false
}

// help is what Hand and Foot adds to the commands.
func (h *handfootScreen) help() string {
	return `In Hand and Foot letters name the groups of your hand, as shown over it:
  m a b1          meld all of group a and one card of group b (a count after a
                  letter takes that many cards of the group: "m a2 f1")
  a a [to 7#2]    add group a to your team's meld of its rank; wild cards alone
                  need the meld: "a f1 to 9"; a red three goes on a clean
                  canasta (rule set A): "a c [to 9]"
  x c             discard one card of group c
  t [new|7|7#2]   take the pile; you are asked where the upcard goes when it
                  fits more than one place (a wild upcard goes on a meld of any
                  rank, rule set A)
  back            take back every card laid since your draw (the rule's take-back)
  ask             ask your partner whether you may go out (rule set B)
  packet 1|2      keep packet 1 or 2 as your hand, the other as your foot (rule
                  set B: you see both before choosing)
Text forms: draw, take, take to #2, take to 9#1, meld 7H 7D 2C, add 9S 2C to 9,
lay 3H on 9, discard KH, back, ask, yes, no, packet 1, packet 2, next.
`
}

// parse turns a command into an action: a letter command ("m a b1", "a a
// to 9", "x c"), the pile taken ("t", "t 7#2"), or an action's text form.
func (h *handfootScreen) parse(s handfoot.State, seat int, verb string, args []string, ask func(string) (string, error)) (handfoot.Action, error) {
	v := s.View(seat)
	if verb == "take" && (len(args) == 0 || !slices.Contains([]string{"to", "with"}, strings.ToLower(args[0]))) {
		return h.takePile(s, v, args, ask)
	}
	// The words naming cards, and after them "to REF" / "on REF".
	sel, rest := args, []string(nil)
	for i, w := range args {
		if w = strings.ToLower(w); w == "to" || w == "on" || w == "onto" {
			sel, rest = args[:i], args[i:]
			break
		}
	}
	letters := len(sel) > 0 && slices.Contains([]string{"meld", "add", "lay", "discard"}, verb)
	for _, w := range sel {
		letters = letters && isSelection(w)
	}
	if !letters {
		return handfoot.ParseAction(strings.Join(append([]string{verb}, args...), " "))
	}
	cards, err := selectCards(h.letters.groups(v.Hand, v.Round), sel)
	if err != nil {
		return handfoot.Action{}, err
	}
	var ref *handfoot.Ref
	if len(rest) > 0 {
		if len(rest) != 2 {
			return handfoot.Action{}, fmt.Errorf("name one meld after %q, as in \"a a to 9\"", rest[0])
		}
		r, err := handfoot.ParseRef(rest[1])
		if err != nil {
			return handfoot.Action{}, err
		}
		ref = &r
	}
	switch {
	case verb == "meld":
		if ref != nil {
			return handfoot.Action{}, errors.New(`a new meld goes on no meld: use "a" to add to one`)
		}
		return handfoot.Meld(cards...)
	case verb == "discard":
		if len(sel) != 1 || ref != nil || (len(sel[0]) > 1 && len(cards) != 1) {
			return handfoot.Action{}, errors.New(`discard one card: "x a"`)
		}
		return handfoot.Discard(cards[0])
	case verb == "lay" || len(cards) == 1 && meld.IsRedThree(cards[0]):
		return h.layRed(s, v, cards, sel, ref)
	}
	return h.add(s, v, cards, ref)
}

// layRed lays a red three on a clean canasta: the one ref names, or the
// first the rules accept; for "add", adding it to the threes is tried too.
func (h *handfootScreen) layRed(s handfoot.State, v handfoot.View, cards []card.Card, sel []string, ref *handfoot.Ref) (handfoot.Action, error) {
	c := cards[0]
	if len(sel) > 1 || len(cards) > 1 || !meld.IsRedThree(c) {
		return handfoot.Action{}, fmt.Errorf("only a red three is laid on a meld, not %s: \"a c to 9\"", cardList(cards))
	}
	if ref != nil && ref.Rank != card.Three {
		return handfoot.LayRed(c, *ref)
	}
	var tries []handfoot.Action
	for _, r := range teamRefs(v, func(m meld.RankMeld) bool { return m.IsNatural() && v.Rules.Meld.IsCanasta(m) }) {
		a, err := handfoot.LayRed(c, r)
		if err != nil {
			return handfoot.Action{}, err
		}
		tries = append(tries, a)
	}
	if a, err := handfoot.ParseAction("add " + c.String() + " to 3"); err == nil {
		tries = append(tries, a) // the rule's words, where threes are melded
	}
	return firstLegal(s, tries)
}

// add adds cards to the team's meld ref names, or to its meld of their
// rank, one not yet a canasta first.
func (h *handfootScreen) add(s handfoot.State, v handfoot.View, cards []card.Card, ref *handfoot.Ref) (handfoot.Action, error) {
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
		return handfoot.Action{}, errors.New(`wild cards alone: say which meld they go on, as in "a f1 to 9"`)
	case card.Three:
		return handfoot.ParseAction("add " + cardList(cards) + " to 3") // the rule's words
	}
	refs := teamRefs(v, func(m meld.RankMeld) bool { return m.Rank() == rank && !v.Rules.Meld.IsCanasta(m) })
	refs = append(refs, teamRefs(v, func(m meld.RankMeld) bool { return m.Rank() == rank && v.Rules.Meld.IsCanasta(m) })...)
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
	return firstLegal(s, tries)
}

// teamRefs lists the refs of the seat's team's melds that keep says, in
// the order laid.
func teamRefs(v handfoot.View, keep func(meld.RankMeld) bool) []handfoot.Ref {
	team := v.Teams[v.Team]
	var refs []handfoot.Ref
	for i, ref := range team.Refs() {
		if keep(team.Melds[i]) {
			refs = append(refs, ref)
		}
	}
	return refs
}

// firstLegal returns the first of tries that the rules accept at s, or
// the rule's objection to the first.
func firstLegal(s handfoot.State, tries []handfoot.Action) (handfoot.Action, error) {
	var first error
	for _, a := range tries {
		_, err := handfoot.Apply(s, a)
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
		i := slices.IndexFunc(gs, func(g group) bool { return g.letter == w[0] })
		if i < 0 {
			if len(gs) == 0 {
				return nil, errors.New("your hand is empty")
			}
			return nil, fmt.Errorf("no group %s: your hand has groups %s", w[:1], lettersOf(gs))
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
func (h *handfootScreen) takePile(s handfoot.State, v handfoot.View, args []string, ask func(string) (string, error)) (handfoot.Action, error) {
	var takes []handfoot.Action
	for _, a := range v.Legal {
		if a.Kind() == handfoot.KindTake {
			takes = append(takes, a)
		}
	}
	if len(takes) == 0 {
		return handfoot.Take(), nil // the table gives the rules' own objection to taking it with a pair
	}
	answer := strings.Join(args, " ")
	if len(takes) == 1 && answer == "" {
		return takes[0], nil
	}
	if answer == "" {
		var err error
		if answer, err = ask(fmt.Sprintf("Place upcard on meld rank (%s) > ", placesText(takes, v.Upcard.Rank()))); err != nil {
			return handfoot.Action{}, err
		}
		if answer == "" {
			fmt.Fprintln(h.out, "  The pile is not taken.")
			return handfoot.Action{}, errNone
		}
	}
	for _, a := range takes {
		if strings.EqualFold(answer, place(a, v.Upcard.Rank())) {
			return a, nil
		}
	}
	if !strings.EqualFold(answer, "new") {
		if ref, err := handfoot.ParseRef(answer); err == nil {
			if !meld.IsWild(v.Upcard) && ref.Rank != v.Upcard.Rank() {
				return handfoot.Action{}, fmt.Errorf("the upcard is %s: it goes only on a meld of %s", v.Upcard, v.Upcard.Rank().Plural())
			}
			if meld.IsWild(v.Upcard) {
				return handfoot.TakeToMeld(ref) // a wild upcard goes on a meld of any rank
			}
			return handfoot.TakeTo(ref.Index)
		}
	}
	return handfoot.Action{}, fmt.Errorf("the upcard can go to: %s", placesText(takes, v.Upcard.Rank()))
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

// placesText lists where takes put the upcard of rank: "new, 7".
func placesText(takes []handfoot.Action, rank card.Rank) string {
	var ps []string
	for _, a := range takes {
		ps = append(ps, place(a, rank))
	}
	return strings.Join(ps, ", ")
}

// note is what an event tells beyond its action, in the line that reports
// it: for you, the cards you drew and the pile's cards that joined your
// hand; for anyone, that the foot was picked up.
func note(ev handfoot.Event, you bool) string {
	var b strings.Builder
	if you && len(ev.Drawn) > 0 {
		b.WriteString(" - you drew " + sortedCards(ev.Drawn))
	}
	if you && ev.Took > 0 {
		verb := " join"
		if ev.Took == 1 {
			verb = " joins"
		}
		b.WriteString(" - " + plural(ev.Took, "card") + verb + " your hand")
	}
	if ev.Foot && you {
		b.WriteString(" (you pick up your foot)")
	} else if ev.Foot {
		b.WriteString(" (picks up the foot)")
	}
	return b.String()
}

// sortedCards writes cards in the order a hand shows them.
func sortedCards(cs []card.Card) string {
	m, err := card.MultisetOf(cs...)
	if err != nil {
		return cardList(cs)
	}
	return m.String()
}

// turnLog gathers the actions of one computer player's turn into a line.
type turnLog struct {
	seat  int
	name  string
	parts []string
}

// add adds part to the line of seat's turn, printing the line of
// another seat's turn first.
func (l *turnLog) add(seat int, name, part string, w io.Writer) {
	if l.seat != seat {
		l.flush(w)
		l.seat, l.name = seat, name
	}
	l.parts = append(l.parts, part)
}

// flush prints the turn's line, if it has one.
func (l *turnLog) flush(w io.Writer) {
	if len(l.parts) > 0 {
		fmt.Fprintf(w, "%s: %s\n", l.name, strings.Join(l.parts, ", "))
	}
	l.parts = l.parts[:0]
}

// cardList writes cards separated by spaces.
func cardList(cs []card.Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
