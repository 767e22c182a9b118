package rummy

import (
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/score"
)

// Bounds on a table's rules, so that every table Validate accepts deals,
// plays and ends.
const (
	// MinPlayers and MaxPlayers bound the players at a table: basic rummy
	// is best with two to four, and takes up to six.
	MinPlayers, MaxPlayers = 2, 6
	// MaxRebuilds is the largest limit [Rules].Rebuilds may set on the
	// stock's rebuilds in one round (0 sets none).
	MaxRebuilds = 20
	// MaxRounds is the most rounds (hands) in a game: a game to a Target
	// also ends after MaxRounds rounds, so that every game ends however the
	// players play.
	MaxRounds = 100
	// MaxValue bounds a card's value; Target is at most MaxValue × 52 ×
	// MaxRounds.
	MaxValue = 1000
	// MaxName is the most bytes in the rule set's name or a player's.
	MaxName = 64
	// MaxTurns is the most turns in a round: a round still going after
	// that many (each turn ended by a discard) ends with no one out and is
	// scored as it stands. A real hand takes a few dozen turns; only play
	// that never goes out comes near the bound, and without it such play
	// could go on for ever, since the stock is rebuilt from the pile as
	// often as it runs out.
	MaxTurns = 2000
)

// Rules is a rummy table's rules as data: a comparable value. [Basic] is
// the game of one deck for two to four players (up to six); a table's house
// rules are a changed field, checked by [Rules.Validate].
type Rules struct {
	// Name names the rule set for display, such as "basic".
	Name string `json:"name"`
	// Names are the players' names for display, seat by seat (optional).
	Names [MaxPlayers]string `json:"names"`

	// Players is the number of players, 2 to 6. Seat 0 is dealt to first
	// and plays first in every round; the other seats follow in order.
	Players int `json:"players"`
	// HandSize is the number of cards dealt to each player; 0 deals the
	// standard count for the number of players ([Rules.Dealt]).
	HandSize int `json:"handSize"`
	// KeepTaken forbids discarding the card drawn from the pile in the
	// same turn: a player who takes the pile's top card must keep it (or
	// meld it, or lay it off) until a later turn. It is a common house
	// rule (Pagat's), off in [Basic], whose rule text lets a player
	// discard any card, the one just drawn from the pile included.
	KeepTaken bool `json:"keepTaken"`
	// Rebuilds limits how many times in a round the stock may be rebuilt
	// from the pile when it runs out. 0, as in [Basic], sets no limit, as
	// basic rummy's rule text has it: the pile below its top card is
	// shuffled into a new stock every time the stock runs out, and a
	// round no one goes out of ends only after [MaxTurns] turns. 1 to
	// [MaxRebuilds] is a house rule: the round ends, scored as it stands
	// with no one out, when the stock would be rebuilt once more. (A
	// round would end so too if the pile held nothing below its top card
	// to rebuild the stock with, which play never leads to.)
	Rebuilds int `json:"rebuilds"`

	// Values are the card values. They score for the cards a player melds
	// or lays off (Values.Melded: aces 20, kings, queens, jacks and tens
	// 10, two to nine 5). They score against the cards left in hand
	// (Values.Held: the same, negative). Values is a score.Scheme, as in
	// every game that scores cards melded and held (score.Uniform of
	// [BasicValues]).
	Values score.Scheme `json:"values"`

	// Rounds ends the game after that many rounds (1: a single hand); with
	// Rounds 0 it ends after the first round at which a player's total
	// reaches Target, or after [MaxRounds].
	Rounds int `json:"rounds"`
	Target int `json:"target"`
}

// Basic is basic rummy for two players, dealt ten cards each from one deck
// of 52 (call [Rules.Dealt] for other counts). Runs are of three or more in
// a suit, with the ace low. Groups are of three or four of a rank. A
// player may lay off on any meld, and discard any card (the card just
// drawn from the pile included). The stock is rebuilt from the pile every
// time it runs out; a round no one goes out of ends after [MaxTurns]
// turns. The game is one hand, scored with aces 20, tens and pictures 10,
// the rest 5. Set Players for three to six
// players: the hands are then seven cards each (six with five or six
// players).
func Basic() Rules {
	return Rules{
		Name:    "basic",
		Players: 2,
		Values:  score.Uniform(BasicValues()),
		Rounds:  1,
	}
}

// BasicValues are basic rummy's card values: aces 20; kings, queens, jacks
// and tens 10; two to nine 5.
func BasicValues() score.Table {
	return score.NewTable(func(c card.Card) int {
		switch r := c.Rank(); {
		case r == card.Ace:
			return 20
		case r >= card.Ten:
			return 10
		case r >= card.Two:
			return 5
		}
		return 0
	})
}

// Presets returns the named rule sets, the default first: [Basic] (for
// two players), then basic rummy for two to six players, named "basic-2"
// to "basic-6" ("basic-2" is Basic under the name that says how many
// play). [Preset] returns each under its Name.
func Presets() []Rules {
	rs := []Rules{Basic()}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := Basic()
		r.Players, r.Name = n, "basic-"+strconv.Itoa(n)
		rs = append(rs, r)
	}
	return rs
}

// Preset returns the rule set of that name, in any case, as every game's
// Preset: "basic", or "basic-N" for basic rummy with N players (2 to 6).
func Preset(name string) (Rules, error) {
	lower := strings.ToLower(name)
	r := Basic()
	if lower == "basic" {
		return r, nil
	}
	if len(lower) == len("basic-2") && lower[:6] == "basic-" && lower[6] >= '0'+MinPlayers && lower[6] <= '0'+MaxPlayers {
		r.Players = int(lower[6] - '0')
		r.Name = lower
		return r, nil
	}
	return Rules{}, fail(ErrPreset, errs.Quote(name)+": the presets are basic and basic-2 to basic-6")
}

// Dealt returns the number of cards dealt to each player: HandSize, or
// when it is 0 the standard count, ten each with two players, seven with
// three or four, six with five or six.
func (r Rules) Dealt() int {
	switch {
	case r.HandSize != 0:
		return r.HandSize
	case r.Players <= 2:
		return 10
	case r.Players <= 4:
		return 7
	}
	return 6
}

// MaxActions is the most actions a game of r can last. A round lasts at
// most [MaxTurns] turns, each a draw and a discard, and lays at most the
// deck's 52 cards; one Next follows it. The bound is loose: real games
// take a small part of it. It makes a sound [cardrules.Options] Limit. It
// is 0 for rules [Rules.Validate] refuses.
func (r Rules) MaxActions() int {
	if r.Validate() != nil {
		return 0
	}
	return play.Rounds(r.Rounds, MaxRounds) * (2*MaxTurns + 52 + 1)
}

// Validate reports whether a table can be played by r: nil, or an error
// wrapping [ErrRules] that names the first thing to change (and counts the
// others).
func (r Rules) Validate() error {
	p := r.problems()
	if len(p) == 0 {
		return nil
	}
	return fail(ErrRules, errs.First(p))
}

// problems lists what makes r unplayable, the most basic first.
func (r Rules) problems() (p []string) {
	bad := func(cond bool, what string) {
		if cond {
			p = append(p, what)
		}
	}
	bad(r.Players < MinPlayers || r.Players > MaxPlayers, itoa(r.Players)+" players: rummy seats "+itoa(MinPlayers)+" to "+itoa(MaxPlayers)+" (set Players)")
	n := r.Dealt()
	// The deal leaves an upcard and at least one card of stock: Players ×
	// n is at most 50 (divided, so that a huge HandSize cannot overflow).
	bad(r.HandSize < 0 || n < 1 || r.Players >= MinPlayers && r.Players <= MaxPlayers && n > (52-2)/r.Players,
		"a hand of "+itoa(n)+" cards: each player needs at least one, and the deal must leave an upcard and a stock (set HandSize)")
	bad(r.Rebuilds < 0 || r.Rebuilds > MaxRebuilds, "a limit of "+itoa(r.Rebuilds)+" rebuilds: the limit is 1 to "+itoa(MaxRebuilds)+", or 0 for none (set Rebuilds)")
	bad(r.Rounds < 0 || (r.Rounds == 0 && r.Target <= 0), "the game needs an end: set Rounds, or Target above 0")
	bad(r.Rounds > MaxRounds, "at most "+itoa(MaxRounds)+" rounds")
	bad(r.Target < 0 || r.Target > MaxValue*52*MaxRounds, "Target 0 to "+itoa(MaxValue*52*MaxRounds))
	for c := card.Card(1); c < card.Joker; c++ {
		if v := r.Values.Melded.Points(c); v < 0 || v > MaxValue {
			p = append(p, c.String()+" is worth "+itoa(v)+": card values are 0 to "+itoa(MaxValue)+" (set Values.Melded)")
			break
		}
	}
	for c := card.Card(1); c < card.Joker; c++ {
		if v := r.Values.Held.Points(c); v > 0 || v < -MaxValue {
			p = append(p, c.String()+" left in hand counts "+itoa(v)+": a card in hand counts 0 to "+itoa(-MaxValue)+", never for its player (set Values.Held)")
			break
		}
	}
	if msg := errs.NamesProblem(MaxName, append([]string{r.Name}, r.Names[:]...)...); msg != "" {
		p = append(p, msg)
	}
	return p
}
