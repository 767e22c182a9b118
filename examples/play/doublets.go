package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
)

// doubletsTable is a game of Doublets.
type doubletsTable = table[doublets.State, doublets.Action, doublets.View]

// Every game has a screen.
var _ screen[doublets.State, doublets.Action, doublets.View] = (*doubletsScreen)(nil)

// doubletsScreen draws a game of Doublets, played by you or by a computer
// player.
type doubletsScreen struct {
	out   io.Writer
	human int // -1 when the computer plays
	seen  int // the Seq of the last action told
}

// doubletsPreset is the preset -rules names: aisleriot (also the flag's
// default, A) or pysol.
func doubletsPreset(name string) string {
	if name = strings.ToLower(name); name == "" || name == "a" {
		return "aisleriot"
	}
	return name
}

// newDoublets deals the game of Doublets of opts.
func newDoublets(out io.Writer, opts options) (*doubletsTable, error) {
	s, played, err := dealDoublets(&opts)
	if err != nil {
		return nil, err
	}
	g := &doubletsScreen{out: out, human: human(opts)}
	t, err := newTable(out, opts, g, s, g.human, dbot.New)
	if t != nil {
		t.played = played
	}
	return t, err
}

// dealDoublets deals the game of opts, or the start of the record -replay
// names, with its actions and, in opts, its seed.
func dealDoublets(opts *options) (doublets.State, []doublets.Action, error) {
	if opts.recordText != nil {
		var rec doublets.Record
		if err := rec.UnmarshalText(opts.recordText); err != nil {
			return doublets.State{}, nil, errors.New(plain(err))
		}
		opts.seed = rec.Seed
		return recordStart(rec, rec.Actions, 0, doublets.Replay, func(r *doublets.Record, as []doublets.Action) { r.Actions = as })
	}
	r, err := doublets.Preset(doubletsPreset(opts.rules))
	if err != nil {
		return doublets.State{}, nil, errors.New(plain(err))
	}
	s, err := doublets.New(r, opts.seed)
	return s, nil, err
}

// title prints what is played.
func (g *doubletsScreen) title(s doublets.State) {
	r := s.Rules()
	fmt.Fprintln(g.out, wrap(fmt.Sprintf("Doublets (%s): %d passes through the stock; the foundation builds by doubling, suits ignored: A 2 4 8 3 6 Q J 9 5 10 7 and round again. Kings never go up: %d cards win.", r.Name, r.Passes, doublets.MaxScore), 78))
}

// start has nothing to tell before the first action.
func (g *doubletsScreen) start(doublets.State) {}

// follow starts telling the game's history from s on.
func (g *doubletsScreen) follow(s doublets.State) { g.seen = s.Seq() }

// pause has nothing to print: every move is told on its own line.
func (g *doubletsScreen) pause() {}

// tell prints the moves played since the last told, from the game's
// history (doublets.State.Happened), a line each: numbered when the
// computer plays, after "You:" when you do.
func (g *doubletsScreen) tell(_ doublets.State, _ int, _ doublets.Action, next doublets.State) {
	for _, ev := range next.Happened(0, g.seen) {
		g.seen = ev.Seq
		prefix := fmt.Sprintf("%3d. ", ev.Seq)
		if g.human == 0 {
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

// end prints how the game ended.
func (g *doubletsScreen) end(s doublets.State) {
	how := fmt.Sprintf("score %d of %d", s.Totals()[0], doublets.MaxScore)
	if s.Totals()[0] == doublets.MaxScore {
		how = fmt.Sprintf("won, all %d cards but the kings on the foundation", doublets.MaxScore)
	}
	fmt.Fprintf(g.out, "\nGame over after %s, on pass %d of %d: %s.\n", plural(s.Seq(), "move"), s.Pass(), s.Rules().Passes, how)
}

// record is the game record, for doublets.Replay.
func (g *doubletsScreen) record(s doublets.State) ([]byte, error) { return s.Record().MarshalText() }

// flags are the flags that deal the same game.
func (g *doubletsScreen) flags(s doublets.State) string { return "-rules " + s.Rules().Name }

// verdict is the exact solver's verdict, labelled as one that knows the
// stock's order, which the player does not.
func (g *doubletsScreen) verdict(s doublets.State) string { return verdictText(s) }

// question: a patience asks nothing.
func (g *doubletsScreen) question(doublets.State) string { return "" }

// undoable: every move of a patience stands, as in Aisleriot.
func (g *doubletsScreen) undoable(doublets.State, int, doublets.Action, doublets.State) bool {
	return false
}

// show draws the table.
func (g *doubletsScreen) show(s doublets.State, seat int, _ bool) string {
	return renderDoublets(s.View(seat))
}

// command is the short command of a in the prompt: "w", "3", "d turn",
// "r redeal". A reserve slot is numbered from 1, as in the action's text
// ("play 3") and on the table, which is what parse reads.
func (g *doubletsScreen) command(a doublets.Action) string {
	switch {
	case a.Kind() == doublets.KindTurn:
		return "d turn"
	case a.Kind() == doublets.KindRedeal:
		return "r redeal"
	case a.Slot() < 0:
		return "w"
	}
	return fmt.Sprint(a.Slot() + 1)
}

// help is what Doublets adds to the commands.
func (g *doubletsScreen) help() string {
	return `In Doublets:
  play waste  or play w, w  the waste's top card to the foundation
  play 3      or 3          reserve slot 3's card to the foundation; the slot
                            takes the waste's top card (or the stock's)
  turn        or d, draw    turn the stock's top card onto the waste
  redeal      or r          the waste becomes the stock again, once it is empty
  hint suggests a move from what you see, as the computer player chooses;
  it adds the exact solver's verdict, which knows the stock's order.
`
}

// parse reads a command: an action's text form (doublets.ParseAction:
// "play waste", "play w", "play 3", "turn", "redeal") or a short form (w,
// 3, d, r).
func (g *doubletsScreen) parse(_ doublets.State, _ int, verb string, args []string, _ func(string) (string, error)) (doublets.Action, error) {
	if len(args) == 0 {
		switch {
		case verb == "w":
			return doublets.PlayWaste(), nil
		case verb == "draw":
			return doublets.Turn(), nil
		case verb == "r":
			return doublets.Redeal(), nil
		case verb == "take":
			return doublets.Action{}, errors.New("there is no discard pile to take in Doublets: d turns the stock's top card onto the waste")
		case len(verb) == 1 && verb[0] >= '0' && verb[0] <= '9':
			return doublets.ParseAction("play " + verb)
		}
	}
	return doublets.ParseAction(strings.Join(append([]string{verb}, args...), " "))
}

// verdictBudget bounds the positions the solver searches for a hint's
// verdict, so that it answers within a second or two: a position that
// cannot be won any more can take the exact search much longer to prove
// so.
const verdictBudget = 2_000_000

// verdictText is the exact solver's verdict at s: whether the game can
// still be won, or the best score play can reach, and the move its best
// line begins with. The solver knows the stock's order, which the player
// does not, so the text says so.
func verdictText(s doublets.State) string {
	sol, decided := doublets.SolveWithin(s, verdictBudget)
	if sol.Err != nil || len(sol.Moves) == 0 {
		return ""
	}
	verdict := fmt.Sprintf("the game cannot be won any more; the best reachable score is %d of %d (you have %d)", sol.Score, doublets.MaxScore, s.Totals()[0])
	switch {
	case sol.Winnable:
		verdict = "the game can still be won"
	case !decided:
		verdict = fmt.Sprintf("no winning line found yet; the best line found reaches %d of %d (you have %d)", sol.Score, doublets.MaxScore, s.Totals()[0])
	}
	return fmt.Sprintf("Knowing the stock's order, which you do not, the solver says %s, playing %v first (%s searched).", verdict, sol.Moves[0], plural(sol.Positions, "position"))
}

// renderDoublets draws the table as the player sees it: the foundation,
// the reserve slots (kings frozen), the waste, the stock, the pass, the
// score, and the moves legal now.
func renderDoublets(v doublets.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- Doublets (%s), pass %d of %d, score %d of %d ---\n", v.Rules.Name, v.Pass, v.Rules.Passes, v.Score, doublets.MaxScore)
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
