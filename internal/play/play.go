// Package play drives any game of the library with computer players, the
// same way for every game: a Game says how to read and advance its state,
// and a Player chooses an action from a seat's view alone. The example
// programs (terminal table, simulator) are written against it, so each new
// game brings only its Game value and its players.
package play

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/internal/errs"
)

// Sentinels of the driver; each game's bot package exports them.
var (
	ErrNoPlayer = errors.New("no player for the seat to act")
	ErrIllegal  = errors.New("a player chose an illegal action")
	ErrEndless  = errors.New("the game did not end")
	ErrStrength = errors.New("no such strength") // wrapped by [NewPlayer]'s error
)

// Player chooses an action for the seat a view belongs to. It sees that
// view and nothing else, so it cannot use cards the seat may not see.
type Player[V, A any] interface {
	Choose(view V) A
}

// Game adapts one game package: how to tell who acts, what they see, how an
// action applies, and when the game is over.
type Game[S, V, A any] struct {
	Pkg   string // the public package whose errors these are
	ToAct func(S) int
	View  func(S, int) V
	Apply func(S, A) (S, error)
	Over  func(S) bool
}

// Step asks the player of the seat to act for an action and applies it. It
// returns the new state and the action, or the error of a player that chose
// an illegal action.
func Step[S, V, A any](g Game[S, V, A], s S, players []Player[V, A]) (S, A, error) {
	seat := g.ToAct(s)
	var zero A
	if seat < 0 || seat >= len(players) || players[seat] == nil {
		return s, zero, errs.New(g.Pkg, ErrNoPlayer, "seat "+strconv.Itoa(seat)+" of "+strconv.Itoa(len(players)))
	}
	a := players[seat].Choose(g.View(s, seat))
	next, err := g.Apply(s, a)
	if err != nil {
		return s, a, errs.Wrap(g.Pkg, ErrIllegal, "seat "+strconv.Itoa(seat), err)
	}
	return next, a, nil
}

// Run plays s to the end with players, one per seat, calling observe (if
// not nil) after every action. It stops after limit actions (0: no limit)
// with an error, so a faulty player cannot loop forever.
func Run[S, V, A any](g Game[S, V, A], s S, players []Player[V, A], limit int, observe func(seat int, a A, next S)) (S, error) {
	for n := 0; !g.Over(s); n++ {
		if limit > 0 && n >= limit {
			return s, errs.New(g.Pkg, ErrEndless, "no end after "+strconv.Itoa(limit)+" actions")
		}
		seat := g.ToAct(s)
		next, a, err := Step(g, s, players)
		if err != nil {
			return s, err
		}
		if observe != nil {
			observe(seat, a, next)
		}
		s = next
	}
	return s, nil
}

// Random is a player that picks one of the legal actions a view lists,
// uniformly at random.
type Random[V, A any] struct {
	rng   *rand.Rand
	legal func(V) []A
}

// NewRandom returns a Random player drawing from a generator seeded with
// seed, reading a view's legal actions with legal.
func NewRandom[V, A any](seed uint64, legal func(V) []A) *Random[V, A] {
	return &Random[V, A]{rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d)), legal: legal}
}

// Choose returns a uniformly random legal action of v, or the zero action
// when there is none.
func (p *Random[V, A]) Choose(v V) A {
	var zero A
	legal := p.legal(v)
	if len(legal) == 0 {
		return zero
	}
	return legal[p.rng.IntN(len(legal))]
}

// Adapt converts a game's players to the driver's type. A game's Player
// type is an interface: a nil entry (a seat with no computer player) stays
// nil, which the driver reports as ErrNoPlayer.
func Adapt[P Player[V, A], V, A any](players []P) []Player[V, A] {
	out := make([]Player[V, A], len(players))
	for i, p := range players {
		out[i] = p
	}
	return out
}

// RunPlayers is [Run] with a game's own players: it adapts them with
// [Adapt] first.
func RunPlayers[P Player[V, A], S, V, A any](g Game[S, V, A], s S, players []P, limit int, observe func(seat int, a A, next S)) (S, error) {
	return Run(g, s, Adapt[P, V, A](players), limit, observe)
}

// Strengths are the strengths every game's players come in, weakest
// first: the names [NewPlayer] knows.
var Strengths = []string{"random", "heuristic"}

// NewPlayer returns the player of the named strength, random(seed) or
// heuristic(seed), or an error of package pkg wrapping [ErrStrength] that
// lists the strengths.
func NewPlayer[P any](pkg, strength string, seed uint64, random, heuristic func(seed uint64) P) (P, error) {
	switch strength {
	case "random":
		return random(seed), nil
	case "heuristic":
		return heuristic(seed), nil
	}
	var zero P
	return zero, errs.New(pkg, ErrStrength, errs.Quote(strength)+": the strengths are "+strings.Join(Strengths, ", "))
}
