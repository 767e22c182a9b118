package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/handfoot"
)

// tables are one interactive table of each game, a computer player at
// every seat but the human's.
var tables = []options{
	{game: "handfoot", rules: "A", players: 2, teams: 2, bots: "random", seed: 4},
	{game: "canasta", bots: "random", seed: 4},
	{game: "rummy", bots: "random", seed: 4},
	{game: "doublets", bots: "random", seed: 4},
}

// Every game speaks the one command language: the same prompt, help,
// quit (q), end of input, record and replay line.
func TestOneCommandLanguage(t *testing.T) {
	for _, o := range tables {
		t.Run(o.game, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "record.txt")
			out := runOut(t, "h\nrecord "+file+"\nd\nq\n", o)
			replay := regexp.MustCompile(`> Bye\.\nGame record \(\d+ actions?\) saved to ` + regexp.QuoteMeta(file) + `; play it back with: go run \./examples/play -replay ` + regexp.QuoteMeta(file) + `\nSeed 4; deal the same cards again with: go run \./examples/play -game ` + o.game + ` -rules \S+ .*-bots random -seed 4\n$`)
			for _, want := range []string{commandHelp, "\nLegal now: ", "The game record will be saved to " + file, `Type "help" for the commands`} {
				if !strings.Contains(out, want) {
					t.Errorf("the output lacks %q:\n%s", want, out)
				}
			}
			if !replay.MatchString(out) || !seedShownLast(out) {
				t.Errorf("q does not leave saving the record, then show the seed:\n%s", tail(out, 4))
			}
			// d draws from the stock in every game (Doublets: turns its card).
			if !regexp.MustCompile(`You:? (draw|turn)`).MatchString(out) {
				t.Errorf("d did not draw:\n%s", out)
			}
			if !regexp.MustCompile(`[(, ]d (draw|turn), .*help\) > `).MatchString(out) {
				t.Errorf("the prompt does not offer d:\n%s", out)
			}
			if _, err := os.Stat(file); err != nil {
				t.Error(err)
			}
			out = runOut(t, "", o)
			if !strings.Contains(out, "\nEnd of input: leaving the game.\nSeed 4; deal the same cards again with: ") || !seedShownLast(out) {
				t.Errorf("the end of the input does not leave the game:\n%s", tail(out, 3))
			}
		})
	}
	// A letter means the same in every game.
	for short, long := range map[string]string{"d": "draw", "t": "take", "p": "take", "m": "meld", "a": "add", "x": "discard", "y": "yes", "n": "no", "q": "quit", "h": "help"} {
		if verb, _ := command([]string{strings.ToUpper(short)}); verb != long {
			t.Errorf("%s means %s, want %s", short, verb, long)
		}
	}
}

// blocked is an input no line ever comes from, as a terminal where no
// one types.
type blocked struct{ ch chan struct{} }

func (b blocked) Read([]byte) (int, error) { <-b.ch; return 0, io.EOF }

// Ctrl-C leaves the game as the end of the input does: the record saved,
// the seed shown last, no error; at the prompt, and while computer
// players play a whole game.
func TestInterruptLeavesLikeEndOfInput(t *testing.T) {
	for _, o := range tables {
		for _, auto := range []bool{false, true} {
			o := o
			o.auto = auto
			o.record = filepath.Join(t.TempDir(), "record.txt")
			intr := make(chan os.Signal, 1)
			o.interrupt = intr
			in := blocked{make(chan struct{})}
			var out syncBuffer
			done := make(chan error)
			if auto {
				intr <- os.Interrupt // before the first action
			}
			go func() { done <- run(in, &out, o) }()
			if !auto {
				for !strings.HasSuffix(out.String(), "help) > ") {
					time.Sleep(time.Millisecond)
				}
				intr <- os.Interrupt // at the prompt
			}
			if err := <-done; err != nil {
				t.Fatalf("%s: %v", o.game, err)
			}
			close(in.ch)
			text := out.String()
			if !strings.Contains(text, "\nInterrupted: leaving the game.\nGame record (") || !seedShownLast(text) {
				t.Errorf("%s, auto %v: Ctrl-C does not leave saving the record:\n%s", o.game, auto, tail(text, 4))
			}
			if _, err := os.Stat(o.record); err != nil {
				t.Errorf("%s: %v", o.game, err)
			}
		}
	}
}

// interrupts catches the process's SIGINT, which no longer kills it.
func TestInterruptsCatchesSIGINT(t *testing.T) {
	c := interrupts()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c:
	case <-time.After(5 * time.Second):
		t.Fatal("no interrupt arrived")
	}
}

// syncBuffer is a strings.Builder safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// The human deals each next round, whichever seat the game has to act
// once a round is over: the results stay on the screen until Enter.
func TestHumanDealsTheNextRound(t *testing.T) {
	o := options{game: "handfoot", rules: "B", players: 4, teams: 2, bots: "random", seed: 1, auto: true}
	g, err := newHandfoot(io.Discard, o)
	if err != nil {
		t.Fatal(err)
	}
	for g.s.Phase() != handfoot.RoundOver {
		if g.s, _, err = cardrules.Step(g.s, g.players); err != nil {
			t.Fatal(err)
		}
	}
	if g.s.ToAct() == 0 {
		t.Fatal("seed 1: seat 0 is to act once round 1 is over; pick a deal where another seat is")
	}
	o.auto = false
	out := playFrom(t, g.s, o, "quit\n")
	if !strings.HasPrefix(out, "\nThe round is over: Enter or next deals the next round. (next, help) > Bye.\n") {
		t.Errorf("the human is not asked to deal round 2:\n%s", out)
	}
}

// Without a terminal the computer players take every seat; commands piped
// in are not read, and the table says so, naming -interactive.
func TestPipedInputNamesInteractive(t *testing.T) {
	for _, piped := range []bool{true, false} {
		for _, game := range []string{"handfoot", "doublets"} {
			o := options{game: game, rules: "A", players: 2, teams: 2, bots: "random", seed: 4, auto: true, noTerminal: true, piped: piped}
			out := runOut(t, "d\nquit\n", o)
			head, _, _ := strings.Cut(out, "\n\n")
			want := "add -interactive to read commands from standard input."
			if piped {
				want = "the commands piped in are not read: add -interactive to play them."
			}
			if !strings.Contains(head, "Standard input is not a terminal, so computer players take every seat") || !strings.Contains(head, want) {
				t.Errorf("%s: the start lacks %q:\n%s", game, want, head)
			}
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "script"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if !isPiped(r) || !isPiped(file) || isPiped(null) {
		t.Errorf("isPiped: a pipe %v, a file %v, %s %v", isPiped(r), isPiped(file), os.DevNull, isPiped(null))
	}
}
