// Command export plays seeded games between computer players and writes
// every decision as learning data: NumPy .npy files, one a column, which
// a Python trainer reads with numpy.load alone.
//
//	go run ./examples/export -game rummy -strengths heuristic,random -seeds 1:1001
//	go run ./examples/export -game canasta -preset two -seeds 0:500 -dir /data/canasta
//	go run ./examples/export -game handfoot -preset B -strengths heuristic,random -seeds 0:100
//	go run ./examples/export -merge -dir /data all/rummy-seeds-1-500 all/rummy-seeds-501-1000
//
// # What it plays
//
// -game names a registered game (handfoot, canasta, rummy or doublets),
// -preset one of its presets (its default when left out) and -seats the
// number of players (the preset's own when left out), as
// cardrules.Open takes them. -rules gives house rules instead, as JSON in
// the form a View's rules take (cardrules.OpenRules). -strengths gives
// the computer players, a comma list of strengths whose number divides
// the seats: seat s plays the strength s % their number. So it lists one
// strength a seat, one a team of partners (Hand and Foot's seats 0 and
// 2), or one for every seat (heuristic by default). Game i of the run is
// dealt from its seed; the player at seat s of a game of seed x has the
// seed x ^ (s+1)·0x9e3779b97f4a7c15, as in examples/play and
// examples/server. So the same flags write the same files on every
// machine, whatever -workers is. A game of more than -limit actions, or a
// player's error, fails the run: nothing is left under the set's name.
//
// # The files
//
// A run writes one set: a directory named <game>-seeds-<first>-<last>
// (the seeds of its first and last game) inside -dir. Each decision of
// each game, in the order of the games' seeds and then of play, is one
// row of every file:
//
//	observation.npy  float32 (rows, the observation's dimensions...)
//	                 what the seat to act sees: the game's Encoder's tensor
//	mask.npy         bool (rows, actions): the legal actions' ids
//	action.npy       int32 (rows,): the id of the action the player chose
//	seat.npy         int32 (rows,): the seat to act
//	step.npy         int32 (rows,): the actions played in the game before this one
//	seed.npy         uint64 (rows,): the game's seed
//	points.npy       float32 (rows,): the seat's final points in the game
//	won.npy          int32 (rows,): 1 if the seat won the game, else 0
//	meta.json        the game, preset, seats, rules, strengths, seeds,
//	                 games, rows and the Shape of the encodings
//
// Each game's package documents its action ids and the planes of its
// observation. Learning to play as a strength means reading the rows of
// its seats: seat.npy says whose decision a row is, meta.json's
// strengths which player sat there.
//
// # Shards
//
// Many machines can each write a part: give each its own seed range with
// -seeds first:end (end excluded, as a Python slice: 0:1000, 1000:2000)
// or -seed first -games n. The sets' names differ by their seeds, so the
// machines may write into one shared directory. A set is written under a
// temporary name and renamed when complete: a set under its name is
// whole. Export refuses to write over a set.
//
// -merge concatenates sets into one, in the order of their seeds: the
// sets named as arguments, of the same game, rules and players, whose
// seed ranges must follow one another with no gap or overlap. The
// merged set is named for the whole range, inside -dir. It is the set
// one run over the whole range writes, byte for byte.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules"
	// The games export plays, with their computer players: each bot
	// package registers its game's players, after the game itself.
	_ "github.com/cardrules/cardrules/canasta/bot"
	_ "github.com/cardrules/cardrules/doublets/bot"
	_ "github.com/cardrules/cardrules/handfoot/bot"
	_ "github.com/cardrules/cardrules/rummy/bot"
)

// defaultLimit is the most actions a game may take before it fails the
// run: far more than any real game.
const defaultLimit = 100000

// options is what one run plays and where it writes.
type options struct {
	Game      string
	Preset    string   // "" for the game's default
	Seats     int      // 0 for the preset's own
	Rules     string   // house rules as JSON, instead of Preset and Seats
	Strengths []string // one a seat, or one for every seat
	First     uint64   // the first game's seed
	Games     int
	Dir       string // the directory the set is written in
	Limit     int    // most actions a game
	Workers   int    // games played at once
}

func main() {
	err := command(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errUsage):
		fmt.Fprintln(os.Stderr, "export:", err)
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "export:", err)
		os.Exit(1)
	}
}

// errUsage is the error of a command line export does not understand.
var errUsage = errors.New("usage")

// usagef returns an error of the command line.
func usagef(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, args...)...)
}

// command runs the command line args: an export, or a merge.
func command(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: export [flags]\n       export -merge [-dir DIR] SET...\n\nPlays seeded games between computer players and writes each decision as NumPy .npy files.\nGames: %s.\n\n", strings.Join(cardrules.Games(), ", "))
		fs.PrintDefaults()
	}
	var o options
	fs.StringVar(&o.Game, "game", "rummy", "the game: "+strings.Join(cardrules.Games(), ", "))
	fs.StringVar(&o.Preset, "preset", "", "the game's preset (default: the game's default)")
	fs.IntVar(&o.Seats, "seats", 0, "the number of players (default: the preset's)")
	fs.StringVar(&o.Rules, "rules", "", "house rules as JSON, in the form a View's rules take (instead of -preset and -seats)")
	strengths := fs.String("strengths", "heuristic", "the computer players, comma separated: seat s plays the strength s % their number (one a seat, one a team or one for all)")
	seeds := fs.String("seeds", "", "the games' seeds first:end, end excluded (instead of -seed and -games)")
	fs.Uint64Var(&o.First, "seed", 1, "the first game's seed")
	fs.IntVar(&o.Games, "games", 100, "the number of games")
	fs.StringVar(&o.Dir, "dir", "export", "the directory the set is written in")
	fs.IntVar(&o.Limit, "limit", defaultLimit, "most actions a game; a game that reaches it fails the run")
	fs.IntVar(&o.Workers, "workers", runtime.GOMAXPROCS(0), "the number of games played at once")
	merge := fs.Bool("merge", false, "merge the sets named as arguments into one, in -dir")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usagef("%v", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *merge {
		for _, name := range []string{"game", "preset", "seats", "rules", "strengths", "seeds", "seed", "games", "limit", "workers"} {
			if set[name] {
				return usagef("-merge takes -dir and sets, not -%s", name)
			}
		}
		if fs.NArg() == 0 {
			return usagef("-merge names no set to merge")
		}
		m, err := mergeSets(o.Dir, fs.Args())
		if err != nil {
			return err
		}
		return m.print(stdout, o.Dir, nil)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %q", fs.Args())
	}
	if *seeds != "" {
		if set["seed"] || set["games"] {
			return usagef("give the seeds with -seeds or with -seed and -games, not both")
		}
		first, games, err := parseSeeds(*seeds)
		if err != nil {
			return err
		}
		o.First, o.Games = first, games
	}
	if o.Rules != "" && (set["preset"] || set["seats"]) {
		return usagef("give house rules with -rules or a preset with -preset and -seats, not both")
	}
	for s := range strings.SplitSeq(*strengths, ",") {
		o.Strengths = append(o.Strengths, strings.TrimSpace(s))
	}
	m, stats, err := export(o)
	if err != nil {
		return err
	}
	return m.print(stdout, o.Dir, &stats)
}

// parseSeeds reads a seed range first:end, end excluded.
func parseSeeds(s string) (first uint64, games int, err error) {
	a, b, ok := strings.Cut(s, ":")
	first, err1 := strconv.ParseUint(a, 10, 64)
	end, err2 := strconv.ParseUint(b, 10, 64)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, 0, usagef("-seeds %q is not first:end, two seeds", s)
	case end <= first:
		return 0, 0, usagef("-seeds %q: the end (excluded) must be after the first", s)
	case end-first > math.MaxInt32:
		return 0, 0, usagef("-seeds %q: at most 2^31-1 games a run", s)
	}
	return first, int(end - first), nil
}
