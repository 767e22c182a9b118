package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
)

// doubletsGame is a game of Doublets being played: by you, or by a
// computer player.
type doubletsGame struct {
	out    io.Writer
	opts   options
	s      doublets.State
	player dbot.Player // nil when you play
	seen   int         // the Seq of the last action told
	in     *bufio.Scanner
}

// doubletsRules returns the preset -rules names: aisleriot (also the
// flag's default, A) or pysol.
func doubletsRules(name string) (doublets.Rules, error) {
	name = strings.ToLower(name)
	if name == "" || name == "a" {
		name = "aisleriot"
	}
	r, err := doublets.Preset(name)
	if err != nil {
		return r, errors.New(strings.TrimPrefix(err.Error(), "doublets: "))
	}
	return r, nil
}

// runDoublets plays a game of Doublets with opts.
func runDoublets(in io.Reader, out io.Writer, opts options) error {
	g, err := newDoublets(out, opts)
	if err != nil {
		return err
	}
	return g.start(in)
}

// newDoublets checks opts and deals the game.
func newDoublets(out io.Writer, opts options) (*doubletsGame, error) {
	r, err := doubletsRules(opts.rules)
	if err != nil {
		return nil, err
	}
	if err := checkRecord(opts.record); err != nil { // "" is the current directory: no record
		return nil, err
	}
	s, err := doublets.New(r, opts.seed)
	if err != nil {
		return nil, err
	}
	g := &doubletsGame{out: out, opts: opts, s: s, seen: s.Seq()}
	if opts.auto {
		if g.player, err = dbot.New(opts.bots, botSeed(opts.seed, 0)); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// start tells what is played and plays it: by the computer player, or by
// the commands read from in.
func (g *doubletsGame) start(in io.Reader) error {
	r := g.s.Rules()
	fmt.Fprintln(g.out, wrap(fmt.Sprintf("Doublets (%s): %d passes through the stock; the foundation builds by doubling, suits ignored: A 2 4 8 3 6 Q J 9 5 10 7 and round again. Kings never go up: %d cards win.", r.Name, r.Passes, doublets.MaxScore), 78))
	if g.opts.noTerminal {
		fmt.Fprintln(g.out, "Standard input is not a terminal, so the computer plays. Run it in a terminal to play.")
	}
	if g.player != nil {
		fmt.Fprintf(g.out, "Computer player: %s.\n", g.opts.bots)
		return g.auto()
	}
	fmt.Fprintln(g.out, `Type "help" for the commands, "hint" for the solver's advice, "quit" to leave.`)
	g.in = bufio.NewScanner(in)
	return g.interactive()
}

// auto lets the computer player play the game, a line a move.
func (g *doubletsGame) auto() error {
	s, err := dbot.Play(g.s, []dbot.Player{g.player}, dbot.Options{Limit: maxActions, Observe: func(_ int, _ doublets.Action, next doublets.State) {
		g.s = next
		g.tell(false)
	}})
	g.s = s
	if err != nil {
		return err
	}
	g.final()
	return g.save()
}

// save writes the game record to the file -record names, if any.
func (g *doubletsGame) save() error {
	return saveRecordText(g.out, g.opts.record, g.s.Seq(), g.s.Record().MarshalText)
}

// tell prints the moves played since the last told, from the game's
// history (doublets.State.Happened), a line each: numbered when the
// computer plays, after "You:" when you do.
func (g *doubletsGame) tell(you bool) {
	for _, ev := range g.s.Happened(0, g.seen) {
		g.seen = ev.Seq
		prefix := fmt.Sprintf("%3d. ", ev.Seq)
		if you {
			prefix = "You: "
		}
		fmt.Fprintln(g.out, prefix+eventText(ev))
	}
}

// eventText says what a move did: the card turned, the card played and
// what filled its slot, or the pass a redeal began.
func eventText(ev doublets.Event) string {
	a := ev.Action
	var b strings.Builder
	fmt.Fprintf(&b, "%v: ", a)
	switch a.Kind() {
	case doublets.KindTurn:
		fmt.Fprintf(&b, "%v onto the waste", ev.Card)
	case doublets.KindRedeal:
		b.WriteString("the waste becomes the stock again")
	case doublets.KindPlayWaste, doublets.KindPlayReserve:
		fmt.Fprintf(&b, "%v to the foundation", ev.Card)
		switch {
		case a.Slot() < 0:
		case ev.Refill != 0:
			fmt.Fprintf(&b, "; %v fills slot %d", ev.Refill, a.Slot()+1)
			if ev.Refill.Rank() == card.King {
				b.WriteString(", frozen")
			}
		default:
			fmt.Fprintf(&b, "; slot %d stays empty", a.Slot()+1)
		}
	}
	if ev.GameOver {
		b.WriteString(" (game over)")
	}
	return b.String()
}

// final prints how the game ended and how to replay it.
func (g *doubletsGame) final() {
	how := fmt.Sprintf("score %d of %d", g.s.Totals()[0], doublets.MaxScore)
	if g.s.Totals()[0] == doublets.MaxScore {
		how = fmt.Sprintf("won, all %d cards but the kings on the foundation", doublets.MaxScore)
	}
	fmt.Fprintf(g.out, "\nGame over after %s, on pass %d of %d: %s.\n", plural(g.s.Seq(), "move"), g.s.Pass(), g.s.Rules().Passes, how)
	replay := fmt.Sprintf("go run ./examples/play -game doublets -rules %s -seed %d", g.s.Rules().Name, g.opts.seed)
	if g.player != nil {
		replay += " -bots " + g.opts.bots
		if !g.opts.noTerminal {
			replay += " -auto"
		}
	}
	fmt.Fprintf(g.out, "Replay this game with: %s\n", replay)
}

// interactive plays the game from the commands read.
func (g *doubletsGame) interactive() error {
	shown := -1 // the Seq of the table last drawn
	for !g.s.Over() {
		if shown != g.s.Seq() {
			fmt.Fprint(g.out, renderDoublets(g.s.View(0)))
			shown = g.s.Seq()
		}
		line, ok := readCommand(g.out, g.in, g.opts.seed)
		if !ok {
			return g.save()
		}
		switch strings.ToLower(line) {
		case "help", "?", "h":
			fmt.Fprint(g.out, doubletsHelp)
			continue
		case "":
			fmt.Fprintln(g.out, wrap("Your move: "+actionList(g.s.View(0).Legal)+` ("help" for the commands).`, 78))
			continue
		case "table":
			shown = -1
			continue
		case "legal":
			fmt.Fprintln(g.out, wrap("Legal now: "+actionList(g.s.View(0).Legal), 78))
			continue
		case "hint":
			fmt.Fprintln(g.out, hintText(g.s))
			continue
		}
		a, err := parseDoublets(line)
		if err == nil {
			var next doublets.State
			if next, err = doublets.Apply(g.s, a); err == nil {
				g.s = next
				g.tell(true)
				continue
			}
		}
		msg := strings.TrimPrefix(oneLine(err), "doublets: ")
		if errors.Is(err, doublets.ErrMalformed) {
			msg += " (type help for the commands)"
		}
		fmt.Fprintln(g.out, "  "+msg)
	}
	g.final()
	return g.save()
}

// hintBudget bounds the positions a hint searches, so that it answers
// within a second or two: a position that cannot be won any more can take
// the exact search much longer to prove so.
const hintBudget = 2_000_000

// hintText is the solver's advice at s: the first move of a best line
// (doublets.Hint's move: Solve's line begins with it) and the verdict,
// whether the game can still be won or the best score play can reach; or,
// when the search runs out of its budget, the best line it found.
func hintText(s doublets.State) string {
	sol, decided := doublets.SolveWithin(s, hintBudget)
	if sol.Err != nil {
		return wrap("No hint: "+sol.Err.Error(), 78)
	}
	if len(sol.Moves) == 0 {
		return "No move is left."
	}
	verdict := fmt.Sprintf("the game cannot be won any more; the best reachable score is %d of %d (you have %d)", sol.Score, doublets.MaxScore, s.Totals()[0])
	switch {
	case sol.Winnable:
		verdict = "the game can still be won"
	case !decided:
		verdict = fmt.Sprintf("no winning line found yet; the best line found reaches %d of %d (you have %d)", sol.Score, doublets.MaxScore, s.Totals()[0])
	}
	return wrap(fmt.Sprintf("Hint: %v. The solver says %s (%s searched).", sol.Moves[0], verdict, plural(sol.Positions, "position")), 78)
}

// doubletsHelp lists the commands of the Doublets table.
const doubletsHelp = `Commands (any case):
  play waste  or play w, w  the waste's top card to the foundation
  play 3      or 3          reserve slot 3's card to the foundation; the slot
                            takes the waste's top card (or the stock's)
  turn        or t          turn the stock's top card onto the waste
  redeal      or r          the waste becomes the stock again, once it is empty
  hint (the solver's best move, and whether the game can still be won),
  legal (every move you may make now), table (draw it again), help, quit
`

// parseDoublets reads a command: an action's text form
// (doublets.ParseAction: "play waste", "play w", "play 3", "turn",
// "redeal") or a short form (w, 3, t, r).
func parseDoublets(line string) (doublets.Action, error) {
	switch w := strings.ToLower(strings.TrimSpace(line)); {
	case w == "w":
		return doublets.PlayWaste(), nil
	case w == "t":
		return doublets.Turn(), nil
	case w == "r":
		return doublets.Redeal(), nil
	case len(w) == 1 && w[0] >= '0' && w[0] <= '9':
		return doublets.ParseAction("play " + w)
	}
	return doublets.ParseAction(line)
}

// renderDoublets draws the table as the player sees it: the foundation,
// the reserve slots (kings frozen), the waste, the stock, the pass, the
// score, and the moves legal now.
func renderDoublets(v doublets.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n--- Doublets (%s), pass %d of %d, score %d of %d ---\n", v.Rules.Name, v.Pass, v.Rules.Passes, v.Score, doublets.MaxScore)
	fmt.Fprintf(&b, "Foundation: %v on top, %s; needs %s next.\n", v.Foundation[len(v.Foundation)-1], plural(len(v.Foundation), "card"), aRank(v.Needed))
	var slots []string
	frozen := false
	for i, c := range v.Reserve {
		text := "--"
		if c != 0 {
			text = c.String()
		}
		if c.Rank() == card.King {
			text += "*"
			frozen = true
		}
		slots = append(slots, fmt.Sprintf("%d:%-4s", i+1, text))
	}
	b.WriteString(strings.TrimRight("Reserve:    "+strings.Join(slots, " "), " ") + "\n")
	if frozen {
		b.WriteString("           (* frozen: a king never moves)\n")
	}
	waste := "empty"
	if n := len(v.Waste); n > 0 {
		waste = fmt.Sprintf("%v on top, %s", v.Waste[n-1], plural(n, "card"))
	}
	fmt.Fprintf(&b, "Waste: %s. Stock: %s.\n", waste, plural(v.StockSize, "card"))
	b.WriteString(wrap("Your move: "+actionList(v.Legal)+".", 78) + "\n")
	return b.String()
}

// aRank names a rank with its article: "an ace", "a queen" (and "no
// rank" for none, once the game is won).
func aRank(r card.Rank) string {
	switch {
	case !r.IsValid():
		return "no rank"
	case r == card.Ace || r == card.Eight:
		return "an " + r.Name()
	}
	return "a " + r.Name()
}
