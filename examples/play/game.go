package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
)

// options are the command's flags.
type options struct {
	game           string   // "handfoot" (or ""), "canasta", "rummy" or "doublets"
	rules          string   // "A" or "B"; for Canasta a preset, classic, two, three or cutthroat; for Rummy basic or basic-N; for Doublets aisleriot or pysol
	players, teams int      // the layout (Rummy: 0 for the preset's players)
	bots           string   // the computer players' strength
	seed           uint64   // the game's seed
	auto           bool     // computer players at every seat
	noTerminal     bool     // auto because standard input is not a terminal
	names          []string // players' names, seat by seat (optional)
	record         string   // the file the game record is written to at the end (optional)
}

// defaultNames are the players' names when -names leaves them out; the
// first four are those of rule set A's description of the table.
var defaultNames = [handfoot.MaxPlayers]string{"Ken", "Pete", "Jenn", "Steph", "Jason", "Joan", "Mary", "Bob"}

// maxActions stops a game whose computer players never finish it.
const maxActions = 500_000

// game is one table being played.
type game struct {
	out     io.Writer
	opts    options
	s       handfoot.State
	players []bot.Player // nil at the human's seat
	human   int          // the human's seat, -1 when every seat is a computer player
	results int          // round results printed so far

	// What has been told of the game's history.
	viewer int     // the seat whose knowledge is told: the human's, or seat 0's for a spectator
	seen   int     // the Seq of the last action told
	log    turnLog // the computer players' turn in progress
	asker  int     // the seat that last asked its partner whether it may go out

	// The human's own turn.
	undo  []handfoot.State // states to step back to, since the turn's last draw, pile take or foot
	dirty bool             // the table changed since it was last drawn
	again bool             // the human asked for the table: show the last actions
	in    *bufio.Scanner
}

// run plays a game with opts, reading the human's commands from in and
// writing the table to out. It returns nil when the game ends, and also
// when the input ends or the human quits.
func run(in io.Reader, out io.Writer, opts options) error {
	switch opts.game {
	case "canasta":
		return runCanasta(in, out, opts)
	case "rummy":
		return runRummy(in, out, opts)
	case "doublets":
		return runDoublets(in, out, opts)
	}
	g, err := newGame(out, opts)
	if err != nil {
		return err
	}
	g.intro()
	if opts.auto {
		return g.auto()
	}
	g.in = bufio.NewScanner(in)
	return g.interactive()
}

// newGame checks opts and deals the game.
func newGame(out io.Writer, opts options) (*game, error) {
	r, err := handfoot.Preset(opts.rules)
	if err != nil {
		return nil, err
	}
	r = r.WithLayout(opts.players, opts.teams)
	if err := r.Validate(); err != nil {
		return nil, errors.New(oneLine(err))
	}
	if opts.record != "" {
		if err := checkRecord(opts.record); err != nil {
			return nil, err
		}
	}
	if len(opts.names) > r.Players {
		return nil, fmt.Errorf("%d names for %d players", len(opts.names), r.Players)
	}
	g := &game{out: out, opts: opts, human: 0, log: turnLog{seat: -1}}
	if opts.auto {
		g.human = -1
	}
	// Watching computer players, a spectator learns what seat 0 may know
	// but for its drawn cards: only "You" are told the cards drawn.
	g.viewer = max(g.human, 0)
	for seat := range r.Players {
		name := defaultNames[seat]
		if seat == g.human {
			name = "You"
		}
		if seat < len(opts.names) {
			name = strings.TrimSpace(opts.names[seat])
			if name == "" {
				return nil, fmt.Errorf("name %d is empty", seat+1)
			}
		}
		r.Names[seat] = name
	}
	for seat := range r.Players {
		if seat == g.human {
			g.players = append(g.players, nil)
			continue
		}
		p, err := bot.New(opts.bots, botSeed(opts.seed, seat))
		if err != nil {
			return nil, err
		}
		g.players = append(g.players, p)
	}
	s, err := handfoot.New(r, opts.seed)
	if err != nil {
		return nil, err
	}
	g.s = s
	return g, nil
}

// lastShown is how many of the last actions the table shows.
const lastShown = 8

// lastActions returns the last actions of the round, as the human's seat
// knows them, for the table to show at the start of the human's turn (or
// when asked for): none once the human has played since others did.
func (g *game) lastActions() []handfoot.Event {
	evs := g.s.Happened(g.viewer, g.s.Seq()-lastShown)
	for len(evs) > 0 && evs[0].Round != g.s.Round() {
		evs = evs[1:]
	}
	if len(evs) == 0 || (evs[len(evs)-1].Seat == g.human && !g.again) {
		return nil
	}
	return evs
}

// defaultRecord is the file the record command writes when it names none.
const defaultRecord = "handfoot-record.txt"

// recordTo sets the file the game record is written to when the game ends
// or the human leaves. The record holds the seed, which tells every hidden
// card: it is not written before.
func (g *game) recordTo(args []string) {
	file := defaultRecord
	if len(args) > 0 {
		file = strings.Join(args, " ")
	}
	if err := checkRecord(file); err != nil {
		fmt.Fprintln(g.out, err)
		return
	}
	g.opts.record = file
	fmt.Fprintf(g.out, "The game record will be saved to %s when the game ends or you leave: it tells every hidden card, so not before.\n", file)
}

// checkRecord tells, before the game, that the record could not be saved
// to file at its end.
func checkRecord(file string) error {
	dir := filepath.Dir(file)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("no directory %s to save the game record in", dir)
	}
	return nil
}

// saveRecord writes the game record to the file -record or the record
// command named, if any: the rules, the seed and every action, in the
// text form handfoot.Replay plays again. The program's own names for the
// players are left out, so that the rules read "rules A 4x2"; names given
// with -names are kept.
func (g *game) saveRecord() error {
	if g.opts.record == "" {
		return nil
	}
	rec := g.s.Record()
	if len(g.opts.names) == 0 {
		rec.Rules.Names = [handfoot.MaxPlayers]string{}
	}
	text, err := rec.MarshalText()
	if err != nil {
		return err
	}
	if err := os.WriteFile(g.opts.record, text, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(g.out, "Game record (%s) saved to %s.\n", plural(g.s.Seq(), "action"), g.opts.record)
	return nil
}

// saveRecordText writes a game record, the text record returns, to file,
// if one is named, and says so; actions is the number of actions it holds.
func saveRecordText(out io.Writer, file string, actions int, record func() ([]byte, error)) error {
	if file == "" {
		return nil
	}
	text, err := record()
	if err == nil {
		err = os.WriteFile(file, text, 0o644)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Game record (%s) saved to %s.\n", plural(actions, "action"), file)
	return nil
}

// botSeed gives each computer player its own seed, fixed by the game's.
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}

// oneLine writes an error on one line, without the package prefix: joined
// errors become "a: b".
func oneLine(err error) string {
	return strings.ReplaceAll(strings.ReplaceAll(err.Error(), "\n", ": "), "handfoot: ", "")
}

// name returns the name of seat.
func (g *game) name(seat int) string { return g.s.Rules().Names[seat] }

// printReplay prints the game's seed and the command that replays it.
func (g *game) printReplay() {
	r := g.s.Rules()
	replay := fmt.Sprintf("go run ./examples/play -rules %s -players %d -teams %d -bots %s -seed %d", r.Name, r.Players, r.Teams, g.opts.bots, g.opts.seed)
	if g.opts.auto && !g.opts.noTerminal {
		replay += " -auto"
	}
	fmt.Fprintf(g.out, "Seed %d; replay with: %s\n", g.opts.seed, replay)
}

// intro prints what is being played and, when no person plays, how to
// replay it.
func (g *game) intro() {
	r := g.s.Rules()
	v := g.s.View(0)
	fmt.Fprintf(g.out, "Hand and Foot, rule set %s: %d players in %d teams, %d decks with jokers\n", r.Name, r.Players, r.Teams, r.Decks)
	for t := range r.Teams {
		fmt.Fprintf(g.out, "  Team %d: %s\n", t+1, teamMembers(v, t))
	}
	if g.human < 0 {
		g.printReplay()
	} else {
		// A seed tells every hidden card: the player learns it at the end.
		fmt.Fprintln(g.out, "The deal's seed is shown when you leave the game: it tells every hidden card.")
	}
	fmt.Fprintf(g.out, "Computer players: %s.\n", g.opts.bots)
	if g.opts.noTerminal {
		fmt.Fprintln(g.out, "Standard input is not a terminal, so computer players take every seat. Run it in a terminal to play.")
	}
	if g.human >= 0 {
		fmt.Fprintln(g.out)
		fmt.Fprint(g.out, legend)
		fmt.Fprintln(g.out, `Type "help" for the commands and the moves you may make, "quit" to leave.`)
	}
	first, draws := g.s.FirstPlayer()
	fmt.Fprintf(g.out, "\nCards drawn for the first player: %s; %s first.\n", cardList(draws), plays(g.name(first)))
	g.roundHeader()
}

// roundHeader announces the round that is starting.
func (g *game) roundHeader() {
	v := g.s.View(0)
	var mins []string
	for _, t := range v.Teams {
		mins = append(mins, fmt.Sprintf("Team %d %d", t.Team+1, t.Minimum))
	}
	fmt.Fprintf(g.out, "\n== Round %d == %s first. Play down points: %s.\n", v.Round, plays(g.name(v.Turn)), strings.Join(mins, ", "))
}

// auto plays the game with computer players at every seat, one line per
// turn.
func (g *game) auto() error {
	g.follow()
	end, err := bot.Play(g.s, g.players, bot.Options{Limit: maxActions, Observe: func(_ int, _ handfoot.Action, next handfoot.State) {
		g.s = next
		g.report()
	}})
	g.log.flush(g.out)
	if err != nil {
		return err
	}
	g.s = end
	return g.saveRecord()
}

// follow starts telling the game's history from g.s on: what happened
// before is not told again.
func (g *game) follow() {
	g.seen = g.s.Seq()
	g.asker = g.s.Turn() // the seat asking, when g.s waits for an answer
}

// report prints what was played since it last reported, as the viewer's
// seat may know it from the game's history ([handfoot.State.Happened]):
// each of the human's actions on a line, each computer player's turn on a
// line, and the results of a round that has ended.
func (g *game) report() {
	for _, ev := range g.s.Happened(g.viewer, g.seen) {
		g.tell(ev)
	}
	g.seen = g.s.Seq()
	g.roundEnd(g.s)
}

// tell prints one event, or adds it to the line of the computer player's
// turn, which is printed when the turn ends.
func (g *game) tell(ev handfoot.Event) {
	a := ev.Action
	switch a.Kind() {
	case handfoot.KindNext:
		g.log.flush(g.out)
		g.roundHeader()
		return
	case handfoot.KindAsk:
		g.asker = ev.Seat
	case handfoot.KindAnswer:
		switch {
		case ev.Seat == g.human: // told below, as every action of yours
		case g.asker == g.human:
			g.log.flush(g.out)
			if a.Yes() {
				fmt.Fprintf(g.out, "%s answers: yes, you may go out this turn.\n", g.name(ev.Seat))
			} else {
				fmt.Fprintf(g.out, "%s answers: no, you may not go out this turn.\n", g.name(ev.Seat))
			}
			return
		case g.log.seat == g.asker && len(g.log.parts) > 0:
			g.log.parts[len(g.log.parts)-1] += fmt.Sprintf(" (%s: %s)", g.name(ev.Seat), a)
			return
		default:
			g.log.flush(g.out)
			fmt.Fprintf(g.out, "%s: %s\n", g.name(ev.Seat), a)
			return
		}
	}
	if ev.Seat == g.human {
		g.log.flush(g.out)
		fmt.Fprintf(g.out, "You: %s%s\n", a, note(ev, true))
		return
	}
	if g.log.seat != ev.Seat {
		g.log.flush(g.out)
		g.log.seat, g.log.name = ev.Seat, g.name(ev.Seat)
	}
	g.log.parts = append(g.log.parts, a.String()+note(ev, false))
	if a.Kind() == handfoot.KindDiscard || ev.RoundOver {
		g.log.flush(g.out)
	}
}

// roundEnd prints the results of a round that has just ended, and the
// final totals of a game that has.
func (g *game) roundEnd(s handfoot.State) {
	v := s.View(0)
	for ; g.results < len(v.Results); g.results++ {
		fmt.Fprintln(g.out)
		fmt.Fprint(g.out, renderResult(v, v.Results[g.results]))
	}
	if s.Over() {
		fmt.Fprintln(g.out)
		fmt.Fprint(g.out, renderFinal(v))
	}
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
