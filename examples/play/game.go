package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
)

// options are the command's flags.
type options struct {
	rules          string   // "A" or "B"
	players, teams int      // the layout
	bots           string   // the computer players' strength
	seed           uint64   // the game's seed
	auto           bool     // computer players at every seat
	noTerminal     bool     // auto because standard input is not a terminal
	names          []string // players' names, seat by seat (optional)
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
	log     turnLog      // the computer players' turn in progress
	results int          // round results printed so far

	// The human's own turn.
	undo  []handfoot.State // states to step back to, since the turn's last draw, pile take or foot
	dirty bool             // the table changed since it was last drawn
	in    *bufio.Scanner
}

// run plays a game with opts, reading the human's commands from in and
// writing the table to out. It returns nil when the game ends, and also
// when the input ends or the human quits.
func run(in io.Reader, out io.Writer, opts options) error {
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
	if len(opts.names) > r.Players {
		return nil, fmt.Errorf("%d names for %d players", len(opts.names), r.Players)
	}
	g := &game{out: out, opts: opts, human: 0, log: turnLog{seat: -1}}
	if opts.auto {
		g.human = -1
	}
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
	prev := g.s
	end, err := bot.Play(g.s, g.players, bot.Options{Limit: maxActions, Observe: func(seat int, a handfoot.Action, next handfoot.State) {
		g.s = next
		g.record(prev, a, next)
		prev = next
	}})
	g.log.flush(g.out)
	if err != nil {
		return err
	}
	g.s = end
	return nil
}

// record notes an action of a computer player: its turn's line grows, and
// is printed when the turn ends; a finished round prints its results.
func (g *game) record(prev handfoot.State, a handfoot.Action, next handfoot.State) {
	actor, turn := prev.ToAct(), prev.Turn()
	switch a.Kind() {
	case handfoot.KindNext:
		g.log.flush(g.out)
		g.roundHeader()
		return
	case handfoot.KindAnswer:
		switch {
		case turn == g.human:
			g.log.flush(g.out)
			if a.Yes() {
				fmt.Fprintf(g.out, "%s answers: yes, you may go out this turn.\n", g.name(actor))
			} else {
				fmt.Fprintf(g.out, "%s answers: no, you may not go out this turn.\n", g.name(actor))
			}
		case g.log.seat == turn && len(g.log.parts) > 0:
			g.log.parts[len(g.log.parts)-1] += fmt.Sprintf(" (%s: %s)", g.name(actor), a)
		default:
			g.log.flush(g.out)
			fmt.Fprintf(g.out, "%s: %s\n", g.name(actor), a)
		}
	default:
		if g.log.seat != actor {
			g.log.flush(g.out)
			g.log.seat, g.log.name = actor, g.name(actor)
		}
		g.log.parts = append(g.log.parts, a.String()+footNote(prev, next, actor, false))
	}
	if a.Kind() == handfoot.KindDiscard || next.Turn() != turn || next.Phase() == handfoot.RoundOver || next.Phase() == handfoot.GameOver {
		g.log.flush(g.out)
	}
	g.roundEnd(next)
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

// footNote tells that seat picked up the foot with the action.
func footNote(prev, next handfoot.State, seat int, you bool) string {
	if prev.InFoot(seat) || !next.InFoot(seat) {
		return ""
	}
	if you {
		return " (you pick up your foot)"
	}
	return " (picks up the foot)"
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
