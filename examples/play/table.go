package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardrules/cardrules"
)

// screen is what the table needs of one game beyond the common API
// (cardrules.State): how to show it and how to read its own commands.
// Each game has one, in its own file; everything else, the loop, the
// command language, the prompt, quitting and the record, is the table's.
type screen[S cardrules.State[S, A, V], A cardrules.Action, V any] interface {
	// title prints what is played, first.
	title(s S)
	// start prints what the game tells before the first action, after
	// the table has said who plays.
	start(s S)
	// follow starts telling the game's history from s on: at the start,
	// and after an undo, whose actions are no longer in the history.
	follow(s S)
	// show returns the table as seat sees it, drawn when the seat's turn
	// begins and on "table" (again: show the last actions anyway).
	show(s S, seat int, again bool) string
	// tell prints what seat's action a, which led from prev to next, let
	// the viewer know.
	tell(prev S, seat int, a A, next S)
	// pause prints what is still held back of a computer player's turn,
	// before the human is asked.
	pause()
	// end prints the end of the game: the results and the winners.
	end(s S)
	// parse turns a command into an action: verb is the command's first
	// word, lower case, its short form made long (commands), args the
	// words after it. ask asks the human a further question.
	parse(s S, seat int, verb string, args []string, ask func(prompt string) (string, error)) (A, error)
	// command is the short command the prompt offers for a: "d draw".
	command(a A) string
	// question is what the seat to act is asked, if it is a question
	// ("Jenn asks: may I go out?"), or "".
	question(s S) string
	// undoable reports whether undo may step back over seat's action a,
	// from prev to next: one that showed no new card.
	undoable(prev S, seat int, a A, next S) bool
	// verdict is what the game adds to a hint at s, "" for nothing.
	verdict(s S) string
	// help is what the game adds to the table's list of commands.
	help() string
	// record is the game record: the rules, the seed and every action.
	record(s S) ([]byte, error)
	// flags are the flags that deal the same game: "-rules A -players 4".
	flags(s S) string
}

// table is a game at the terminal: the human at seat 0 (human -1 when
// every seat is a computer player) and computer players at the others.
// Its loop, its commands, its prompt, its quit and record behaviour are
// the same in every game.
type table[S cardrules.State[S, A, V], A cardrules.Action, V any] struct {
	out     io.Writer
	opts    options
	ui      screen[S, A, V]
	s       S
	players []cardrules.Player[V, A] // nil at the human's seat
	// adviser gives the hints: a computer player of the table's strength,
	// made by newAdviser when the first hint is asked for.
	adviser    cardrules.Player[V, A]
	newAdviser func() (cardrules.Player[V, A], error)
	human      int
	undo       []S // states to step back to (undo)
	shown      int // the Seq of the table last drawn, -1 to draw it again
	again      bool
	in         *input
	played     []A // the actions of the record -replay plays back, from s on
}

// newTable seats players at s, a game dealt for opts, with the human at
// seat 0 unless opts.auto.
func newTable[S cardrules.State[S, A, V], A cardrules.Action, V any](out io.Writer, opts options, ui screen[S, A, V], s S, human int, newPlayer func(string, uint64) (cardrules.Player[V, A], error)) (*table[S, A, V], error) {
	t := &table[S, A, V]{out: out, opts: opts, ui: ui, s: s, human: human, shown: -1}
	t.newAdviser = func() (cardrules.Player[V, A], error) { return newPlayer(opts.bots, opts.seed) }
	for seat := range s.Seats() {
		var p cardrules.Player[V, A]
		if seat != human {
			var err error
			if p, err = newPlayer(opts.bots, botSeed(opts.seed, seat)); err != nil {
				return nil, errors.New(plain(err))
			}
		}
		t.players = append(t.players, p)
	}
	return t, nil
}

// play plays the game, reading the human's commands from in.
func (t *table[S, A, V]) play(in io.Reader) error {
	t.ui.title(t.s)
	t.intro()
	t.ui.start(t.s)
	t.ui.follow(t.s)
	t.in = newInput(in, t.opts.interrupt)
	if err := t.playBack(); err != nil {
		return err
	}
	if t.human < 0 {
		return t.auto()
	}
	return t.interactive()
}

// intro prints who plays and how to leave.
func (t *table[S, A, V]) intro() {
	bots := len(t.players)
	if t.human >= 0 {
		bots--
	}
	switch {
	case bots == 1:
		fmt.Fprintf(t.out, "Computer player: %s.\n", t.opts.bots)
	case bots > 1:
		fmt.Fprintf(t.out, "Computer players: %s.\n", t.opts.bots)
	}
	switch {
	case t.opts.piped:
		fmt.Fprintln(t.out, "Standard input is not a terminal, so computer players take every seat, and "+pipedNote)
	case t.opts.noTerminal:
		fmt.Fprintln(t.out, "Standard input is not a terminal, so computer players take every seat. Run it in a terminal to play, or add -interactive to read commands from standard input.")
	}
	if t.human >= 0 {
		// A seed tells every hidden card: the player learns it at the end.
		fmt.Fprintln(t.out, "The deal's seed is shown when you leave the game: it tells every hidden card.")
		fmt.Fprintln(t.out, `Type "help" for the commands and the moves you may make, "quit" to leave.`)
	}
}

// playBack plays the actions of the record -replay names, telling each
// as the game's log does, and says where the record ends.
func (t *table[S, A, V]) playBack() error {
	if t.opts.replay == "" {
		return nil
	}
	fmt.Fprintf(t.out, "Playing back the game record %s (%s).\n", t.opts.replay, plural(len(t.played), "action"))
	for i, a := range t.played {
		prev, seat := t.s, t.s.ToAct()
		next, err := prev.Apply(a)
		if err != nil {
			return fmt.Errorf("the record's action %d, %v, does not play: %s", i+1, a, plain(err))
		}
		t.s = next
		t.ui.tell(prev, seat, a, next)
	}
	t.ui.pause()
	if t.s.Over() {
		fmt.Fprintln(t.out, "The record ends with the game.")
	} else {
		fmt.Fprintln(t.out, "The record ends here: the game goes on.")
	}
	return nil
}

// recordStart reads a game record, of a game played from a seed: it
// returns the State before the record's first action (replay with no
// actions), and the actions, once replay has played them all.
func recordStart[R any, S any, A any](rec R, actions []A, shoes int, replay func(R) (S, error), setActions func(*R, []A)) (S, []A, error) {
	var start S
	if shoes > 1 {
		return start, nil, errors.New("the record deals rounds from explicit orders: the table plays back only games dealt from a seed")
	}
	if _, err := replay(rec); err != nil {
		return start, nil, fmt.Errorf("the record does not play: %s", plain(err))
	}
	setActions(&rec, nil)
	start, err := replay(rec)
	if err != nil {
		return start, nil, fmt.Errorf("the record does not play: %s", plain(err))
	}
	return start, actions, nil
}

// recordNames names the players seats of a record's rules when it names
// none (the table leaves its own names out of a Hand and Foot record).
func recordNames(names []string, players int, opts options) error {
	names = names[:min(max(players, 0), len(names))]
	if slices.ContainsFunc(names, func(n string) bool { return n != "" }) {
		return nil
	}
	given, err := seatNames(opts, len(names), human(opts))
	if err == nil {
		copy(names, given)
	}
	return err
}

// maxActions stops a game whose computer players never finish it.
const maxActions = 500_000

// auto lets the computer players play the whole game, telling each
// action, until it ends or an interrupt stops it.
func (t *table[S, A, V]) auto() error {
	interrupted := false
	end, err := cardrules.Run(t.s, t.players, cardrules.Options[S, A]{Limit: maxActions, Until: func(S) bool {
		interrupted = t.in.interrupted()
		return interrupted
	}, Observe: func(seat int, a A, next S) {
		prev := t.s
		t.s = next
		t.ui.tell(prev, seat, a, next)
	}})
	t.s = end
	t.ui.pause()
	if err != nil {
		return err
	}
	if interrupted {
		return t.leave(errInterrupt)
	}
	return t.finish()
}

// interactive plays the human's seat from the commands read, and the
// others' with the computer players.
func (t *table[S, A, V]) interactive() error {
	for !t.s.Over() {
		if t.s.ToAct() != t.human && !t.roundOver() {
			if t.in.interrupted() {
				return t.leave(errInterrupt)
			}
			prev, seat := t.s, t.s.ToAct()
			next, a, err := cardrules.Step(t.s, t.players)
			if err != nil {
				return err
			}
			t.s = next
			t.ui.tell(prev, seat, a, next)
			continue
		}
		t.ui.pause()
		if err := t.humanStep(); err != nil {
			return t.leave(err)
		}
	}
	return t.finish()
}

// roundOver reports whether the round is over, the next one to deal: the
// human deals it, whichever seat the game has to act, so that the results
// stay on the screen until the human has read them.
func (t *table[S, A, V]) roundOver() bool {
	legal := t.s.AppendLegal(nil)
	return len(legal) == 1 && legal[0].String() == "next"
}

// errQuit, errEOF and errInterrupt end the game early: the human quits,
// the input ends (Ctrl-D), or the program is interrupted (Ctrl-C).
var (
	errQuit      = errors.New("quit")
	errEOF       = errors.New("end of input")
	errInterrupt = errors.New("interrupted")
)

// leave ends the game early, for why: quit, the end of the input or an
// interrupt, all alike. The record is saved and the player learns the
// seed. Any other error is returned as it is.
func (t *table[S, A, V]) leave(why error) error {
	switch {
	case errors.Is(why, errQuit):
		fmt.Fprintln(t.out, "Bye.")
	case errors.Is(why, errEOF):
		fmt.Fprintln(t.out, "\nEnd of input: leaving the game.")
	case errors.Is(why, errInterrupt):
		fmt.Fprintln(t.out, "\nInterrupted: leaving the game.")
	default:
		return why
	}
	return t.finish()
}

// finish prints the end of a game that is over, saves the record if one
// was asked for, and prints the seed and the command that replays the
// game, last.
func (t *table[S, A, V]) finish() error {
	if t.s.Over() {
		t.ui.end(t.s)
	}
	if err := t.saveRecord(); err != nil {
		return err
	}
	again := fmt.Sprintf("go run ./examples/play -game %s %s -bots %s -seed %d", t.opts.game, t.ui.flags(t.s), t.opts.bots, t.opts.seed)
	if t.opts.auto && !t.opts.noTerminal {
		again += " -auto"
	}
	fmt.Fprintf(t.out, "Seed %d; deal the same cards again with: %s\n", t.opts.seed, again)
	return nil
}

// saveRecord writes the game record to the file -record or the record
// command named, if any.
func (t *table[S, A, V]) saveRecord() error {
	if t.opts.record == "" {
		return nil
	}
	text, err := t.ui.record(t.s)
	if err == nil {
		err = os.WriteFile(t.opts.record, text, 0o644)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(t.out, "Game record (%s) saved to %s; play it back with: go run ./examples/play -replay %s\n", plural(t.s.Seq(), "action"), t.opts.record, t.opts.record)
	return nil
}

// defaultRecord is the file the record command writes when it names none.
const defaultRecord = "record.txt"

// recordTo sets the file the game record is written to when the game ends
// or the human leaves. The record holds the seed, which tells every hidden
// card: it is not written before.
func (t *table[S, A, V]) recordTo(args []string) {
	file := t.opts.game + "-" + defaultRecord
	if len(args) > 0 {
		file = strings.Join(args, " ")
	}
	if err := checkRecord(file); err != nil {
		fmt.Fprintln(t.out, "  "+err.Error())
		return
	}
	t.opts.record = file
	fmt.Fprintf(t.out, "The game record will be saved to %s when the game ends or you leave: it tells every hidden card, so not before.\n", file)
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

// commands is the command language shared by every game: each short form
// and the word it stands for. A letter means the same in every game; a
// game without such an action says so.
var commands = map[string]string{
	"d": "draw", "t": "take", "p": "take", "pile": "take", "m": "meld", "a": "add",
	"x": "discard", "dis": "discard", "y": "yes", "n": "no",
	"h": "help", "?": "help", "q": "quit", "exit": "quit", "u": "undo",
}

// command reads a command's words: its verb, lower case, the short form
// made long, and the words after it.
func command(words []string) (verb string, args []string) {
	verb = strings.ToLower(words[0])
	if long, ok := commands[verb]; ok {
		verb = long
	}
	return verb, words[1:]
}

// commandHelp lists the command language, the same in every game.
const commandHelp = `Commands, the same in every game (any case; a game uses those its rules have):
  d, draw          draw from the stock (Doublets: turn its card onto the waste)
  t, p, take       take the discard pile
  m, meld ...      lay a new meld
  a, add ...       add cards to a meld on the table
  x, discard ...   discard a card, ending your turn
  y, yes / n, no   answer your partner's "May I go out?"
  next or Enter    deal the next round, once a round is over
  undo, u          step back over your last melds and adds, where the game
                   allows (never past a card you were shown)
  hint             a move a computer player of the table's strength
                   (-bots) suggests, from what your seat sees
  legal            every action you may play now
  table            draw the table again, with the last actions
  record [FILE]    save the game record (the rules, the seed, every action) to
                   FILE when the game ends or you leave: not before, since it
                   tells every hidden card
  help, h, ?       this list
  quit, q          leave the game; the end of the input (Ctrl-D) and Ctrl-C
                   leave it too, saving the record
Every action's text form works too, as "legal" writes it.
`

// humanStep draws the table if it changed, reads one command of the
// human, who is to act, and carries it out.
func (t *table[S, A, V]) humanStep() error {
	if t.shown != t.s.Seq() && !t.roundOver() { // the round's results are on the screen
		fmt.Fprintln(t.out)
		fmt.Fprint(t.out, t.ui.show(t.s, t.human, t.again))
		t.shown, t.again = t.s.Seq(), false
	}
	line, err := t.readLine(t.prompt())
	if err != nil {
		return err
	}
	words := strings.Fields(line)
	if len(words) == 0 {
		if t.roundOver() {
			t.apply(t.s.AppendLegal(nil)[0])
			return nil
		}
		fmt.Fprintln(t.out, wrap("Your move: "+actionList(t.s.AppendLegal(nil))+` ("help" for the commands).`, 78))
		return nil
	}
	verb, args := command(words)
	switch verb {
	case "quit":
		return errQuit
	case "help":
		fmt.Fprint(t.out, commandHelp+t.ui.help())
		fmt.Fprintln(t.out, wrap("Legal now: "+actionList(t.s.AppendLegal(nil)), 78))
		return nil
	case "legal":
		fmt.Fprintln(t.out, wrap("Legal now: "+actionList(t.s.AppendLegal(nil)), 78))
		return nil
	case "table":
		t.shown, t.again = -1, true
		return nil
	case "hint":
		fmt.Fprintln(t.out, t.hint())
		return nil
	case "record":
		t.recordTo(args)
		return nil
	case "undo":
		if len(t.undo) == 0 {
			fmt.Fprintln(t.out, "Nothing to undo: undo steps back over your melds and adds since the last card you were shown.")
			return nil
		}
		t.s = t.undo[len(t.undo)-1]
		t.undo = t.undo[:len(t.undo)-1]
		t.ui.follow(t.s) // the actions undone are no longer in the history
		fmt.Fprintln(t.out, "Undone.")
		return nil
	}
	a, err := t.ui.parse(t.s, t.human, verb, args, t.readLine)
	switch {
	case errors.Is(err, errNone):
		return nil
	case errors.Is(err, errQuit), errors.Is(err, errEOF), errors.Is(err, errInterrupt):
		return err
	case err != nil:
		t.explain(err)
		return nil
	}
	t.apply(a)
	return nil
}

// errNone is the error of a command that needs no action (a question
// answered with nothing).
var errNone = errors.New("no action")

// prompt is the question asked, if any, and the commands the human may
// use now: "(d draw, t take, help) > ".
func (t *table[S, A, V]) prompt() string {
	var hs []string
	for _, a := range t.s.AppendLegal(nil) {
		if h := t.ui.command(a); h != "" && (len(hs) == 0 || hs[len(hs)-1] != h) {
			hs = append(hs, h)
		}
	}
	if len(t.undo) > 0 {
		hs = append(hs, "undo")
	}
	hs = append(hs, "help")
	q := t.ui.question(t.s)
	if t.roundOver() {
		q = "\nThe round is over: Enter or next deals the next round."
	}
	if q != "" {
		q += " "
	}
	return q + "(" + strings.Join(hs, ", ") + ") > "
}

// apply plays the human's action, or explains why the rules refuse it.
func (t *table[S, A, V]) apply(a A) {
	prev := t.s
	next, err := prev.Apply(a)
	if err != nil {
		t.explain(err)
		return
	}
	t.s = next
	t.ui.tell(prev, t.human, a, next)
	if next.ToAct() == t.human && t.ui.undoable(prev, t.human, a, next) {
		t.undo = append(t.undo, prev)
	} else {
		t.undo = t.undo[:0]
	}
}

// explain prints why a command was refused, indented on a line, without
// the package's name.
func (t *table[S, A, V]) explain(err error) {
	msg := plain(err)
	if errors.Is(err, cardrules.ErrMalformed) {
		msg += ` (type help for the commands)`
	}
	fmt.Fprintln(t.out, "  "+msg)
}

// readLine prints the prompt and reads one line.
func (t *table[S, A, V]) readLine(prompt string) (string, error) {
	fmt.Fprint(t.out, prompt)
	line, err := t.in.line()
	return strings.TrimSpace(line), err
}

// plain writes an error on one line without the package's prefix: the
// error of a rule as its message, joined errors as "a: b".
func plain(err error) string {
	var lines []string
	for _, l := range strings.Split(err.Error(), "\n") {
		for _, pkg := range []string{"handfoot: ", "canasta: ", "rummy: ", "doublets: ", "bot: "} {
			l = strings.TrimPrefix(l, pkg)
		}
		lines = append(lines, l)
	}
	if len(lines) == 1 {
		if m, ok := err.(interface{ Message() string }); ok { // the library's errors: the message without "pkg: "
			return m.Message()
		}
		return lines[0]
	}
	return strings.Join(lines, ": ")
}

// botSeed gives each computer player its own seed, fixed by the game's.
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}

// hint is the move the table's adviser, a computer player of the table's
// strength, chooses for the human from the human's View alone, and what
// the game adds to it.
func (t *table[S, A, V]) hint() string {
	if t.adviser == nil {
		a, err := t.newAdviser()
		if err != nil {
			return "No hint: " + plain(err)
		}
		t.adviser = a
	}
	h := fmt.Sprintf("Hint: %v (the %s computer player's choice, from what your seat sees).", t.adviser.Choose(t.s.View(t.human)), t.opts.bots)
	if v := t.ui.verdict(t.s); v != "" {
		h += " " + v
	}
	return wrap(h, 78)
}

// defaultNames are the players' names when -names leaves them out; the
// first four are those of Hand and Foot rule set A's description of the
// table.
var defaultNames = [8]string{"Ken", "Pete", "Jenn", "Steph", "Jason", "Joan", "Mary", "Bob"}

// seatNames are the names of n seats: those -names gives, then the
// default ones; "You" at the human's seat, unless -names names it.
func seatNames(opts options, n, human int) ([]string, error) {
	if len(opts.names) > n {
		return nil, fmt.Errorf("%d names for %d players", len(opts.names), n)
	}
	names := make([]string, n)
	for seat := range n {
		names[seat] = defaultNames[seat]
		if seat == human {
			names[seat] = "You"
		}
		if seat < len(opts.names) {
			if names[seat] = strings.TrimSpace(opts.names[seat]); names[seat] == "" {
				return nil, fmt.Errorf("name %d is empty", seat+1)
			}
		}
	}
	return names, nil
}

// actionList writes actions' texts separated by semicolons.
func actionList[A fmt.Stringer](as []A) string {
	var texts []string
	for _, a := range as {
		texts = append(texts, a.String())
	}
	return strings.Join(texts, "; ")
}
