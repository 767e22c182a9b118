package main

import (
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/doublets"
)

// argued are the prompt's entries for commands that take words after
// them (the cards to meld, add or discard): typed alone they are not yet
// an action.
var argued = map[string]bool{"m meld": true, "a add": true, "x discard": true}

// promptShortcuts are the commands an entry of the prompt offers, as
// typed: "d" and "draw" of "d draw", "y", "yes", "n", "no" of "y yes, n
// no", "3" of "3", "packet 1" of "packet 1" (a command with its number).
func promptShortcuts(entry string) [][]string {
	var ws [][]string
	for _, part := range strings.Split(entry, ", ") {
		f := strings.Fields(part)
		if len(f) == 2 && strings.Trim(f[1], "0123456789") != "" {
			ws = append(ws, f[:1], f[1:]) // a short form and its long one
			continue
		}
		ws = append(ws, f)
	}
	return ws
}

// checkPrompt checks that every number, letter and word the prompt of tb
// offers, typed alone, plays an action of the entry it stands for: a legal
// action whose own entry it is. It returns how many shortcuts it typed.
func checkPrompt[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, tb *table[S, A, V]) int {
	t.Helper()
	seat := tb.s.ToAct()
	prompt := tb.prompt()
	legal := tb.s.AppendLegal(nil)
	entries := map[string][]A{}
	for _, a := range legal {
		h := tb.ui.command(a)
		entries[h] = append(entries[h], a)
		if h != "" && !strings.Contains(prompt, h) {
			t.Errorf("prompt %q leaves out %q, the entry of %v", prompt, h, a)
		}
	}
	// A shortcut for several actions may ask which one is meant (Hand
	// and Foot's take, where the upcard goes): that is understood.
	errAsked := errors.New("asked")
	ask := func(string) (string, error) { return "", errAsked }
	typed := 0
	for entry := range entries {
		if entry == "" || argued[entry] {
			continue
		}
		for _, w := range promptShortcuts(entry) {
			typed++
			verb, args := command(w)
			a, err := tb.ui.parse(tb.s, seat, verb, args, ask)
			if errors.Is(err, errAsked) && len(entries[entry]) > 1 {
				continue
			}
			if err != nil && len(entries[entry]) > 1 {
				// An entry for several actions: typed alone, it must
				// name them all, for the player to choose.
				for _, b := range entries[entry] {
					if !strings.Contains(err.Error(), b.String()) {
						t.Errorf("prompt %q offers %q for %v: refused without naming %v: %v", prompt, w, entries[entry], b, err)
					}
				}
				continue
			}
			if err != nil {
				t.Errorf("prompt %q offers %q (%q), which is refused: %v\nlegal: %v", prompt, w, entry, err, legal)
				continue
			}
			if tb.ui.command(a) != entry {
				t.Errorf("prompt %q offers %q for %v, but it plays %v (%q)", prompt, w, entries[entry], a, tb.ui.command(a))
				continue
			}
			if _, err := tb.s.Apply(a); err != nil {
				t.Errorf("prompt %q offers %q, which plays %v, refused: %v\nlegal: %v", prompt, w, a, err, legal)
			}
		}
	}
	return typed
}

// walkPrompts plays random legal actions from tb's deal for up to steps
// actions, checking the prompt whenever the human is to act.
func walkPrompts[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, tb *table[S, A, V], seed uint64, steps int) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	typed := 0
	for range steps {
		if tb.s.Over() {
			break
		}
		if tb.s.ToAct() == tb.human {
			typed += checkPrompt(t, tb)
			if t.Failed() {
				return typed
			}
		}
		legal := tb.s.AppendLegal(nil)
		next, err := tb.s.Apply(legal[rng.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		tb.s = next
	}
	return typed
}

// TestDoubletsPromptNumbersTheSlots: the prompt numbers the reserve slots
// from 1, as the game's text and the table do, and each number typed
// plays that slot's card, for every preset and many deals.
func TestDoubletsPromptNumbersTheSlots(t *testing.T) {
	slots := map[string]bool{}
	for _, rules := range []string{"aisleriot", "pysol"} {
		for seed := range uint64(30) {
			tb, err := newDoublets(io.Discard, options{game: "doublets", rules: rules, seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for !tb.s.Over() {
				checkPrompt(t, tb)
				if t.Failed() {
					t.Fatalf("%s, seed %d, move %d", rules, seed, tb.s.Seq())
				}
				legal := tb.s.AppendLegal(nil)
				for _, a := range legal {
					if a.Kind() == doublets.KindPlayReserve {
						slots[tb.ui.command(a)] = true
						// The table's "Your move" and the action's text
						// name the slot as the prompt does.
						if want := "play " + tb.ui.command(a); a.String() != want {
							t.Fatalf("prompt offers %q for %v", tb.ui.command(a), a)
						}
					}
				}
				next, err := tb.s.Apply(legal[int(seed+uint64(tb.s.Seq()))%len(legal)])
				if err != nil {
					t.Fatal(err)
				}
				tb.s = next
			}
		}
	}
	if !slots["1"] || slots["0"] {
		t.Errorf("slots offered: %v", slots)
	}
}

// TestDoubletsPromptPlaysTheSlotTyped is the report's game: the game
// says "play 2; play 6" and the prompt must offer 2 and 6, which play
// those slots, not the slots below them.
func TestDoubletsPromptPlaysTheSlotTyped(t *testing.T) {
	for seed := range uint64(200) {
		tb, err := newDoublets(io.Discard, options{game: "doublets", seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var plays []doublets.Action
		for _, a := range tb.s.AppendLegal(nil) {
			if a.Kind() == doublets.KindPlayReserve {
				plays = append(plays, a)
			}
		}
		if len(plays) == 0 {
			continue
		}
		var in strings.Builder
		for _, a := range plays {
			in.WriteString(strings.TrimPrefix(a.String(), "play ") + "\n")
		}
		var out strings.Builder
		tb, _ = newDoublets(&out, options{game: "doublets", seed: seed})
		if err := tb.play(strings.NewReader(strings.Fields(in.String())[0] + "\nquit\n")); err != nil && !errors.Is(err, errQuit) {
			t.Fatal(err)
		}
		if want := "You: " + plays[0].String() + ":"; !strings.Contains(out.String(), want) {
			t.Fatalf("seed %d: typing %q did not play %v:\n%s", seed, strings.Fields(in.String())[0], plays[0], out.String())
		}
		for _, a := range plays {
			if want := strings.TrimPrefix(a.String(), "play ") + ", "; !strings.Contains(out.String(), "("+want) && !strings.Contains(out.String(), ", "+want) {
				t.Fatalf("seed %d: the prompt does not offer %q for %v:\n%s", seed, want, a, out.String())
			}
		}
		return
	}
	t.Fatal("no deal opens with a reserve card to play")
}

// TestPromptShortcutsPlayTheirActions: in every game, each letter or word
// the prompt offers, typed alone, plays an action of its entry.
func TestPromptShortcutsPlayTheirActions(t *testing.T) {
	for seed := range uint64(4) {
		hf, err := newHandfoot(io.Discard, options{rules: "B", players: 4, teams: 2, bots: "random", seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if n := walkPrompts(t, hf, seed, 600); n == 0 {
			t.Errorf("hand and foot, seed %d: no shortcut typed", seed)
		}
		cn, err := newCanasta(io.Discard, options{game: "canasta", bots: "random", seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if n := walkPrompts(t, cn, seed, 600); n == 0 {
			t.Errorf("canasta, seed %d: no shortcut typed", seed)
		}
		rm, err := newRummy(io.Discard, options{game: "rummy", bots: "random", seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if n := walkPrompts(t, rm, seed, 600); n == 0 {
			t.Errorf("rummy, seed %d: no shortcut typed", seed)
		}
	}
}
