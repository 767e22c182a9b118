// Command play is a card table in the terminal for the four games of
// cardrules (Hand and Foot by default): you at seat 0, computer players at
// the other seats (the searching players of each game's bot package;
// -bots heuristic or random seats weaker ones).
//
//	go run ./examples/play                      # rule set A, four players in two teams
//	go run ./examples/play -rules B -seed 7     # rule set B, the deal of seed 7
//	go run ./examples/play -players 2 -teams 2  # you against one computer player
//	go run ./examples/play -auto                # watch four computer players
//	go run ./examples/play -record game.txt     # save the game record when you leave
//	go run ./examples/play -replay game.txt     # play it back, then play on where it ends
//	go run ./examples/play -game canasta        # Classic Canasta, you and seat 2 against two computer players
//	go run ./examples/play -game rummy -players 3  # basic Rummy, you against two computer players
//	go run ./examples/play -game doublets -seed 7  # the Doublets patience
//
// The four games share one table: the same loop, the same prompt, which
// lists the commands you may use now ("(d draw, t take, help) > "), and
// one command language, in which a word and its short form mean the same
// in every game:
//
//	d, draw         draw from the stock (Doublets: turn its card onto the waste)
//	t, p, take      take the discard pile
//	m, meld         lay a new meld
//	a, add          add cards to a meld on the table (Rummy: lay off)
//	x, discard      discard a card, ending your turn
//	y, yes / n, no  answer your partner's "May I go out?"
//	next, Enter     deal the next round, once a round is over
//	undo, u         step back over melds and adds that showed no new card (Hand and Foot)
//	hint            a suggested move: a computer player's of the -bots strength, from
//	                what your seat sees (Doublets adds the solver's verdict, stock known)
//	legal           every action you may play now
//	table           draw the table again, with the last actions
//	record [FILE]   save the game record to FILE when the game ends or you leave
//	help, h, ?      the commands, and the actions legal now
//	quit, q         leave the game
//
// Every action's text form works too ("meld 7H 7D 2C", "discard KH",
// "lay 7C on 2", "play waste"). Leaving (quit, the end of the input with
// Ctrl-D, or Ctrl-C) is the same in every game: the record is saved if
// one was asked for, with the command that plays it back, and the last
// line gives the seed and the command that deals the same cards again
// (the computer players may then play otherwise, and so may you).
//
// What differs is what the games differ in. The Hand and Foot table is
// drawn the way rule set A describes it: the stock and the discard pile,
// each team in a box with its score, its players' hand/foot counts and
// its melds, whose turn it is, and your hand grouped by rank with a letter
// over each group, which commands name ("m a b1" melds group a and a card
// of group b, "x c" discards a card of group c); a group keeps its letter
// while it stays in the hand, and a new group takes a free letter. Before
// the first round a legend says how to read the table and the log of the
// computer players' turns ("take to #1": the pile taken, the upcard on the
// team's first meld of its rank). At the start of your
// turn it shows the last actions as your seat knows them: how many cards
// another player drew, never which. The Canasta table shows the teams'
// melds, red threes and totals, the pile and whom it is frozen for. The
// Rummy table lists each player's hand count, the cards it was seen
// taking from the pile, its melded points and total, the numbered melds,
// the pile, the stock and your hand by suit ("a 7C 2" lays 7C off on meld
// 2, "a 7C" when it fits one meld). With -game doublets (-rules aisleriot,
// the default, or pysol) you play the patience alone: the foundation, the
// seven reserve slots numbered 1 to 7 (a frozen king marked), the waste,
// the stock, the pass and the score; "w" plays the waste's card, "3" slot
// 3's, "d" turns the stock's card, "r" redeals.
//
// The game record (the rules, the seed and every action, in the text form
// the game's Replay plays again) is written when the game ends or you
// leave it: not before, since it tells every hidden card. -replay FILE
// plays a record back: the game it names is dealt from its rules and
// seed, each action is told as the game told it, and from where the
// record ends the game goes on, you at seat 0 again (with -auto, or
// without a terminal, the computer players finish it).
//
// Without a terminal on standard input (a pipe, /dev/null, a CI machine),
// or with -auto, every seat is a computer player and the whole game is
// printed turn by turn, one line per turn, with each round's score
// breakdown and the final totals. Commands piped in are then not read, as
// the first lines and standard error say. -interactive draws the table and
// reads commands from a pipe all the same, for scripts:
//
//	printf 'help\nd\nquit\n' | go run ./examples/play -interactive -seed 4
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/handfoot/bot"
)

// options are the command's flags.
type options struct {
	game           string           // "handfoot", "canasta", "rummy" or "doublets"
	rules          string           // the preset; "A" (the flag's default) names each game's default
	players, teams int              // the layout (Rummy: 0 for the preset's players)
	bots           string           // the computer players' strength
	seed           uint64           // the game's seed
	auto           bool             // computer players at every seat
	noTerminal     bool             // auto because standard input is not a terminal
	piped          bool             // and it is a pipe or a file, whose commands are not read
	names          []string         // players' names, seat by seat (optional)
	record         string           // the file the game record is written to at the end (optional)
	replay         string           // the file of a game record to play back, then play on (optional)
	recordText     []byte           // the text of the record replay names, read by run
	interrupt      <-chan os.Signal // Ctrl-C: leave the game as at the end of the input (nil: none)
}

// session is a game dealt at the table, ready to play.
type session interface{ play(in io.Reader) error }

// dealer makes a game's deal function return a session.
func dealer[T session](deal func(io.Writer, options) (T, error)) func(io.Writer, options) (session, error) {
	return func(out io.Writer, o options) (session, error) { return deal(out, o) }
}

// games are the games the table plays, each dealt for the options by its
// own file, where what is per game is: its presets, its screen.
var games = map[string]func(io.Writer, options) (session, error){
	"handfoot": dealer(newHandfoot),
	"canasta":  dealer(newCanasta),
	"rummy":    dealer(newRummy),
	"doublets": dealer(newDoublets),
}

// run plays a game with opts, reading the human's commands from in and
// writing the table to out. It returns nil when the game ends, and also
// when the human leaves it: on quit, at the end of the input or on an
// interrupt.
func run(in io.Reader, out io.Writer, opts options) error {
	if opts.replay != "" {
		text, err := os.ReadFile(opts.replay)
		if err != nil {
			return fmt.Errorf("no game record to play back: %w", err)
		}
		game, _, _ := strings.Cut(string(text), " record\n")
		if _, ok := games[game]; !ok || strings.ContainsAny(game, " \n") {
			return fmt.Errorf("%s is not a game record: its first line is not \"handfoot record\", \"canasta record\", \"rummy record\" or \"doublets record\"", opts.replay)
		}
		if opts.game != "" && opts.game != game {
			return fmt.Errorf("%s is a record of %s, not of %s", opts.replay, game, opts.game)
		}
		opts.game, opts.recordText = game, text
	}
	if opts.game == "" {
		opts.game = "handfoot"
	}
	deal, ok := games[opts.game]
	if !ok {
		return fmt.Errorf("unknown game %q (handfoot, canasta, rummy or doublets)", opts.game)
	}
	if opts.record != "" {
		if err := checkRecord(opts.record); err != nil {
			return err
		}
	}
	g, err := deal(out, opts)
	if err != nil {
		return err
	}
	return g.play(in)
}

func main() {
	game := flag.String("game", "handfoot", "the game: handfoot, canasta (Classic Canasta; -rules two, three or cutthroat for its variants), rummy (basic Rummy; -players 2 to 6, 2 by default) or doublets (the patience; -rules aisleriot or pysol)")
	rules := flag.String("rules", "A", "rule set: A (game to 10000) or B (four rounds, ask your partner to go out); for -game canasta classic, two, three or cutthroat; for rummy basic or basic-N; for doublets aisleriot (the default) or pysol")
	players := flag.Int("players", 4, "number of players, 2 to 8")
	teams := flag.Int("teams", 2, "number of teams; players sit in equal teams, seats alternating")
	bots := flag.String("bots", "search", "strength of the computer players: "+strings.Join(bot.Strengths(), " or ")+" (search, the strongest, decides in tens of milliseconds)")
	seed := flag.Uint64("seed", 0, "the game's seed (default: an unpredictable one; it is printed when the game ends, so the game can be replayed)")
	auto := flag.Bool("auto", false, "computer players at every seat: watch a whole game")
	names := flag.String("names", "", "comma-separated player names, seat by seat, starting with yours (optional)")
	interactive := flag.Bool("interactive", false, "draw the table and read commands even when standard input is not a terminal (for scripts)")
	record := flag.String("record", "", "write the game record (the rules, the seed, every action) to `FILE` when the game ends or you leave it; it tells every hidden card, so it is not written before")
	replay := flag.String("replay", "", "play back the game record in `FILE` (written by -record), action by action, then play on from where it ends; the record gives the game, the rules and the seed")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "play: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}

	o := options{
		game: *game, rules: *rules, players: *players, teams: *teams, bots: *bots,
		seed: *seed, auto: *auto, record: *record, replay: *replay, interrupt: interrupts(),
	}
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.replay != "" {
		for _, name := range []string{"rules", "players", "teams", "seed"} {
			if set[name] {
				fmt.Fprintf(os.Stderr, "play: -replay takes the rules, the players and the seed from the record: drop -%s\n", name)
				os.Exit(2)
			}
		}
		if !set["game"] {
			o.game = "" // the record's
		}
	}
	if !set["seed"] && o.replay == "" {
		o.seed = deck.RandomSeed() // a seed tells every hidden card: one no one can guess
	}
	if *names != "" {
		o.names = strings.Split(*names, ",")
	}
	// Without a terminal no one can answer the prompts: let the computer
	// play every seat and print the game.
	if !o.auto && !*interactive && !isTerminal(os.Stdin) {
		o.auto, o.noTerminal, o.piped = true, true, isPiped(os.Stdin)
	}
	if o.game == "rummy" && !set["players"] {
		o.players = 0 // Rummy's players are the preset's (two) unless -players says
	}
	if err := run(os.Stdin, os.Stdout, o); err != nil {
		fmt.Fprintln(os.Stderr, "play:", err)
		os.Exit(1)
	}
	if o.piped {
		fmt.Fprintln(os.Stderr, "play: "+pipedNote)
	}
}

// pipedNote says that commands piped in are not read without -interactive.
const pipedNote = "the commands piped in are not read: add -interactive to play them."

// isPiped reports whether f is a pipe or a file, whose commands play
// reads only with -interactive.
func isPiped(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && (fi.Mode()&os.ModeNamedPipe != 0 || fi.Mode().IsRegular())
}

// isTerminal reports whether f is a terminal: a character device other than
// the null device (go run ./examples/play < /dev/null has no one to answer).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
